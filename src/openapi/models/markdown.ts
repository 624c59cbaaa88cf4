import {createHash} from 'node:crypto';

import {createSlugger} from '@docusaurus/utils';
import {defaultSchema, type Schema} from 'hast-util-sanitize';
import rehypeSanitize from 'rehype-sanitize';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import {unified} from 'unified';
import type {Nodes as HastNodes, Root as HastRoot} from 'hast';
import type {Nodes as MdastNodes, Parents as MdastParents, Root as MdastRoot} from 'mdast';

import {textOf} from './model-text';
import {rewriteMarkdownLinks, type LinkContext} from '../links/spec-links';
import type {RichText, RichTextNode, RichTextRoot} from './model-types';
import {FrozenCache, perProcess} from './frozen-cache';
import {wellFormed} from '../../spec-reader/well-formed';

/**
 * The one pipeline every piece of spec text goes through before it reaches a
 * page: CommonMark + GFM, parsed (never evaluated as MDX/JSX), raw HTML shown
 * as literal text, `:::note` admonitions kept, then sanitised against an
 * allow-list (no scripts, no event handlers, no `javascript:` URLs).
 */

export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger', 'caution'] as const;

const sanitizeSchema: Schema = {
  ...defaultSchema,
  // Headings get our own ids below; nothing from the spec may set ids or names.
  clobberPrefix: 'spec-',
  tagNames: [...(defaultSchema.tagNames ?? []).filter((tag) => tag !== 'input'), 'aside'],
  attributes: {
    ...defaultSchema.attributes,
    aside: [['className', 'admonition', ...ADMONITION_TYPES.map((type) => `admonition-${type}`)]],
    code: [['className', /^language-[\w+#-]+$/]],
    input: [],
    '*': (defaultSchema.attributes?.['*'] ?? []).filter((attribute) => attribute !== 'id' && attribute !== 'name'),
  },
  protocols: {href: ['http', 'https', 'mailto'], src: ['http', 'https'], cite: ['http', 'https']},
};

/** Parents whose children are blocks: literal HTML there becomes a paragraph. */
const BLOCK_PARENTS = new Set(['root', 'blockquote', 'listItem', 'containerDirective', 'footnoteDefinition']);

type MdastWithPosition = MdastNodes & {position?: {start: {offset?: number}; end: {offset?: number}}};

/** Turns what Markdown would pass through as HTML, and directives we do not
 * render, back into the literal text the author wrote. */
function remarkLiteralHtmlAndDirectives(source: string) {
  return (tree: MdastRoot) => {
    const visit = (parent: MdastParents) => {
      parent.children = parent.children.map((child) => {
        const node = child as MdastWithPosition;
        if (node.type === 'html') {
          const text = {type: 'text', value: node.value};
          return (BLOCK_PARENTS.has(parent.type) ? {type: 'paragraph', children: [text]} : text) as never;
        }
        if (
          node.type === 'containerDirective' &&
          (ADMONITION_TYPES as readonly string[]).includes(node.name)
        ) {
          const label = node.children[0];
          const hasLabel = label?.type === 'paragraph' && Boolean(label.data?.directiveLabel);
          node.data = {
            hName: 'aside',
            hProperties: {className: ['admonition', `admonition-${node.name}`]},
          };
          if (hasLabel) {
            node.children = [
              {type: 'paragraph', children: [{type: 'strong', children: label.children}]},
              ...node.children.slice(1),
            ] as never;
          }
          visit(node);
          return node as never;
        }
        if (
          node.type === 'containerDirective' ||
          node.type === 'leafDirective' ||
          node.type === 'textDirective'
        ) {
          const start = node.position?.start.offset;
          const end = node.position?.end.offset;
          const text = start !== undefined && end !== undefined ? source.slice(start, end) : `:${node.name}`;
          return (node.type === 'textDirective'
            ? {type: 'text', value: text}
            : {type: 'paragraph', children: [{type: 'text', value: text}]}) as never;
        }
        if ('children' in node) visit(node as MdastParents);
        return node as never;
      });
    };
    visit(tree);
  };
}

function toRichTextNodes(nodes: HastNodes[]): RichTextNode[] {
  const result: RichTextNode[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      result.push({type: 'text', value: node.value});
    } else if (node.type === 'element') {
      const properties: Record<string, string | number | boolean | (string | number)[]> = {};
      for (const [key, value] of Object.entries(node.properties ?? {})) {
        if (value === null || value === undefined) continue;
        properties[key] = value as string | number | boolean | (string | number)[];
      }
      result.push({type: 'element', tagName: node.tagName, properties, children: toRichTextNodes(node.children as HastNodes[])});
    }
    // Comments, doctypes and raw nodes cannot survive sanitising; drop anything else.
  }
  return result;
}

/** How one API's spec text is rendered: given to every page model builder by the page generators. */
export interface SpecTextOptions {
  /** The links of the API whose pages are built (spec-links.ts); without it, links are rendered as written. */
  links?: LinkContext;
}

export interface MarkdownOptions extends SpecTextOptions {
  /** Shift headings so that the text's highest one becomes this level, one
   * below the heading the text sits under: writers start at `#`, `##` or
   * `###` alike, and a skipped level breaks screen readers' heading lists. */
  topHeadingLevel?: number;
  /** Give h2/h3 headings slug ids (for a table of contents), as a page holding only this text numbers them. */
  headingIds?: boolean;
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkDirective)
  .freeze();

const toSanitisedHast = unified().use(remarkRehype).use(rehypeSanitize, sanitizeSchema).freeze();

/**
 * Rendered trees by heading level and source text. Specs repeat descriptions
 * (a shared schema's fields appear on every operation that uses it), and
 * without a cache most of the pipeline's time went on text it had seen
 * before. Trees are frozen because every caller shares them.
 */
const renderedTrees = perProcess('markdown.renderedTrees', () => new FrozenCache<RichText>(50_000));

/**
 * A number per links context for the cache's keys (0: links as written), so
 * two APIs built in one process never share a tree. Contexts with the same
 * content get the same number: `npm start` builds a new context on every
 * save, and the text of unchanged operations must stay cached across saves.
 */
const contextNumbers = new WeakMap<LinkContext, number>();
const numbersByContent = perProcess('markdown.contextNumbers', () => new Map<string, number>());

function contextNumber(links: LinkContext | undefined): number {
  if (links === undefined) return 0;
  let number = contextNumbers.get(links);
  if (number === undefined) {
    const content = linkContextDigest(links);
    number = numbersByContent.get(content) ?? numbersByContent.size + 1;
    numbersByContent.set(content, number);
    contextNumbers.set(links, number);
  }
  return number;
}

/** A digest of everything in a links context that `rewriteSpecLink` reads: page ids, the names and summaries they are found by, headings, bases. */
export function linkContextDigest(links: LinkContext): string {
  const {pageIds} = links;
  const hash = createHash('sha256');
  const add = (...parts: (string | undefined)[]) => hash.update(`${parts.map((part) => part ?? '\u0001').join('\u0000')}\u0002`);
  add('base', links.apiDocsBasePath, links.linkBase, links.linkBaseFrom, pageIds.overviewId);
  for (const id of [...links.overviewHeadingIds].sort()) add('heading', id);
  for (const tag of pageIds.tags) add('tag', tag.name, tag.pageId);
  for (const entry of pageIds.operations) {
    const {operationId, summary} = entry.operation;
    add('operation', entry.kind, entry.method, entry.path, entry.pageId, JSON.stringify(operationId ?? null), JSON.stringify(summary ?? null));
  }
  for (const schema of pageIds.schemas) add('schema', schema.name, schema.pageId);
  return hash.digest('hex');
}

/** Spec text as the renderer reads it: parsed, with raw HTML and directives we
 * do not render turned back into text. A link checker must read the same tree. */
export function parseSpecMarkdown(markdown: string): MdastRoot {
  const source = wellFormed(markdown);
  const mdast = processor.parse(source);
  remarkLiteralHtmlAndDirectives(source)(mdast);
  return mdast;
}

function renderUncached(source: string, options: MarkdownOptions): RichText {
  const slugger = options.headingIds ? createSlugger() : undefined;
  const mdast = parseSpecMarkdown(source);
  if (options.links) rewriteMarkdownLinks(mdast, options.links);
  const hast = toSanitisedHast.runSync(mdast as never) as HastRoot;
  const root: RichTextRoot = {type: 'root', children: toRichTextNodes(hast.children as HastNodes[])};
  // A loop, not Math.min(...nodes): a long description has more top-level nodes than a call takes arguments.
  const highest = (nodes: RichTextNode[]): number => {
    let level = 7;
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      level = Math.min(level, Number(/^h([1-6])$/.exec(node.tagName)?.[1] ?? 7), highest(node.children));
    }
    return level;
  };
  const top = highest(root.children);
  const shift = top === 7 ? 0 : (options.topHeadingLevel ?? 1) - top;
  const visit = (nodes: RichTextNode[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      const level = /^h([1-6])$/.exec(node.tagName);
      if (level) {
        const newLevel = Math.max(1, Math.min(6, Number(level[1]) + shift));
        node.tagName = `h${newLevel}`;
        if (slugger && newLevel <= 3) node.properties.id = slugger.slug(textOf(node));
      }
      visit(node.children);
    }
  };
  visit(root.children);
  return root.children.length > 0 ? root : null;
}

/**
 * Parses Markdown from the spec into a sanitised tree; `null` for empty text.
 * Its links go through `options.links` (one API's pages), or stay as written.
 * The result is shared between calls with the same text, level, heading ids
 * and links, and frozen: copy it before changing it.
 */
export function renderMarkdown(markdown: unknown, options: MarkdownOptions = {}): RichText {
  if (typeof markdown !== 'string' || markdown.trim() === '') return null;
  const source = wellFormed(markdown);
  const key = `${contextNumber(options.links)}\u0000${options.topHeadingLevel ?? 1}\u0000${options.headingIds ? 'ids' : ''}\u0000${source}`;
  return renderedTrees.get(key, () => renderUncached(source, options));
}

/** Plain text of a rich text tree, whitespace collapsed. */
export function richTextToPlainText(richText: RichText): string {
  if (!richText) return '';
  const blocks = richText.children.map(textOf);
  return blocks.join(' ').replace(/\s+/g, ' ').trim();
}

/** First paragraph of a description as plain text, for meta descriptions. */
export function summaryText(richText: RichText, maxLength = 200): string {
  if (!richText) return '';
  const paragraph = richText.children.find(
    (node) => node.type === 'element' && node.tagName === 'p',
  );
  const text = (paragraph ? textOf(paragraph) : richTextToPlainText(richText)).replace(/\s+/g, ' ').trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}

