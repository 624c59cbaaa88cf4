/**
 * HTML syntax trees (hast) → mdast, with `hast-util-to-mdast`: for the
 * sanitised descriptions of the page models (`RichText`) and for whole built
 * pages (src/plugins/llms-txt/html-to-markdown.ts). Our handlers say only
 * what a docs page needs beyond its defaults: controls and media are no
 * prose, a code block's language may sit on `<pre>` (Prism), a card (a link
 * around a heading and a summary) is one line, a definition term is bold.
 */
import type {Element, ElementContent, Nodes as HastNodes, Root as HastRoot} from 'hast';
import {defaultHandlers, toMdast, type Handle, type State} from 'hast-util-to-mdast';
import type {ListItem, Nodes, Paragraph, Parents, PhrasingContent, Root, RootContent} from 'mdast';

import type {RichText} from '../models/model-types';
import {codeBlock, link, linkBareUrls, paragraph, strong, text} from './mdast';
import {serialize} from './serialize';
import {FrozenCache} from '../models/frozen-cache';

export interface LinkOptions {
  /** Origin (and base path) that root-relative links such as `/docs/intro` are resolved against. */
  siteUrl?: string;
}

/** Elements whose content is never prose: dropped wherever they appear. */
const SKIPPED_TAGS = ['audio', 'button', 'canvas', 'head', 'iframe', 'noscript', 'object', 'select', 'textarea', 'video'];

const BLOCK_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header',
  'hgroup', 'hr', 'html', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table',
  'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);

function elementChildren(node: Element): Element[] {
  return node.children.filter((child): child is Element => child.type === 'element');
}

function hasBlockDescendant(node: Element): boolean {
  return elementChildren(node).some((child) => BLOCK_TAGS.has(child.tagName) || hasBlockDescendant(child));
}

function findDescendant(node: Element, tagName: string): Element | undefined {
  for (const child of elementChildren(node)) {
    if (child.tagName === tagName) return child;
    const found = findDescendant(child, tagName);
    if (found) return found;
  }
  return undefined;
}

/** Text of code as written: `<br>` is a line break, block structure is not (Prism puts each line in a `<div>`). */
function rawText(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' || SKIPPED_TAGS.includes(node.tagName)) return '';
  if (node.tagName === 'br') return '\n';
  return node.children.map(rawText).join('');
}

function languageOf(...nodes: (Element | undefined)[]): string {
  for (const node of nodes) {
    const classes = node?.properties.className;
    const name = Array.isArray(classes) ? classes.map(String).find((item) => /^(language|lang)-/.test(item)) : undefined;
    if (name) return name.replace(/^(language|lang)-/, '');
  }
  return '';
}

function asArray(result: ReturnType<Handle>): Nodes[] {
  if (!result) return [];
  return Array.isArray(result) ? result : [result];
}

const FLOW_TYPES = new Set(['blockquote', 'code', 'heading', 'list', 'listItem', 'paragraph', 'root', 'table', 'tableRow', 'tableCell']);

function inlinePart(node: Nodes): PhrasingContent[] {
  switch (node.type) {
    case 'break':
      return [text(' ')];
    case 'code': {
      const value = node.value.replace(/\s*\n\s*/g, ' ').trim();
      return value ? [{type: 'inlineCode', value}] : [];
    }
    case 'thematicBreak':
      return [];
    case 'emphasis':
    case 'strong':
    case 'delete':
    case 'link':
      return [{...node, children: inlineContent(node.children)} as PhrasingContent];
    case 'list': {
      // Items keep their markers, as text: `- one - two`, `1. one 2. two`.
      const items: PhrasingContent[] = [];
      node.children.forEach((item, index) => {
        const content = inlineContent(item.children);
        if (content.length === 0) return;
        if (items.length > 0) items.push(text(' '));
        items.push(text(node.ordered ? `${(node.start ?? 1) + index}. ` : '- '), ...content);
      });
      return items;
    }
    default:
      return 'children' in node ? inlineContent(node.children) : [node as PhrasingContent];
  }
}

/**
 * Flow content as phrasing on one line, for a table cell, a heading or a
 * one-line list item: blocks joined by a space, list items after their
 * marker, a code block as a code span, a line break as a space.
 */
export function inlineContent(nodes: readonly Nodes[]): PhrasingContent[] {
  const result: PhrasingContent[] = [];
  let afterBlock = false;
  for (const node of nodes) {
    const part = inlinePart(node);
    if (part.length === 0) continue;
    const block = FLOW_TYPES.has(node.type);
    if (result.length > 0 && (block || afterBlock)) result.push(text(' '));
    result.push(...part);
    afterBlock = block;
  }
  return result;
}

/** A link around blocks (a card: a heading and a summary) as one line: `[Title](url): summary`. */
function blockLink(state: State, node: Element): Paragraph | undefined {
  const href = typeof node.properties.href === 'string' ? node.properties.href : '';
  const parts = node.children
    .map((child) => inlineContent(asArray(state.one(child, node))))
    .filter((part) => part.some((item) => item.type !== 'text' || item.value.trim() !== ''));
  if (parts.length === 0) return href ? paragraph(link(href)) : undefined;
  const [title, ...rest] = parts;
  const summary = rest.flatMap((part, index) => (index === 0 ? [text(': '), ...part] : [text(' '), ...part]));
  return paragraph(...(href ? [link(href, ...title)] : title), ...summary);
}

const skip: Handle = () => undefined;

const HANDLERS: Record<string, Handle> = {
  ...Object.fromEntries(SKIPPED_TAGS.map((tagName) => [tagName, skip])),
  pre: (state, node) => {
    const code = findDescendant(node, 'code');
    const result = codeBlock(rawText(code ?? node), languageOf(code, node));
    state.patch(node, result);
    return result;
  },
  a: (state, node) => (hasBlockDescendant(node) ? blockLink(state, node) : defaultHandlers.a(state, node)),
  // A loose item holds paragraphs; a nested list alone does not make it loose (as the default's guess would).
  li: (state, node) => {
    const item = defaultHandlers.li(state, node) as ListItem;
    item.spread = node.children.some((child) => child.type === 'element' && child.tagName === 'p');
    return item;
  },
  dl: (state, node) => state.toFlow(state.all(node)),
  dd: (state, node) => state.toFlow(state.all(node)),
  dt: (state, node) => paragraph(strong(...inlineContent(state.all(node)))),
  summary: (state, node) => paragraph(strong(...inlineContent(state.all(node)))),
};

/** An absolute URL for a root-relative link; spaces and parentheses percent-encoded. */
export function resolveHref(href: string, {siteUrl}: LinkOptions): string {
  const absolute = href.startsWith('/') && !href.startsWith('//') && siteUrl ? siteUrl.replace(/\/+$/, '') + href : href;
  return absolute.replace(/ /g, '%20').replace(/\(/g, '%28').replace(/\)/g, '%29');
}

/** Links made absolute, an empty link written as its URL, headings and table cells on one line. */
function tidy(node: Nodes, options: LinkOptions): void {
  if (node.type === 'link' || node.type === 'image') node.url = resolveHref(node.url, options);
  if (node.type === 'link' && node.children.length === 0) node.children = [text(node.url)];
  if (node.type === 'heading' || node.type === 'tableCell') node.children = inlineContent(node.children);
  if ('children' in node) for (const child of (node as Parents).children) tidy(child, options);
}

/** mdast of any hast tree (a built page, a sanitised description). */
export function hastToMdast(tree: HastNodes, options: LinkOptions = {}): Root {
  const result = toMdast(tree, {handlers: HANDLERS});
  const root: Root = result.type === 'root' ? result : {type: 'root', children: [result as RootContent]};
  tidy(root, options);
  return linkBareUrls(root);
}

/** Markdown of any hast tree, without a trailing line break. */
export function hastToMarkdown(tree: HastNodes, options: LinkOptions = {}): string {
  return serialize(hastToMdast(tree, options)).trimEnd();
}

/**
 * Descriptions converted in this process, by site URL and tree. Specs repeat
 * descriptions (a shared schema's fields appear on every operation that
 * uses it), and converting each again was a large share of the twins' time.
 * Frozen, because every twin that uses one shares it.
 */
const convertedDescriptions = new FrozenCache<readonly RootContent[]>(20_000);

/** The blocks of a sanitised description; none for `null`. */
export function richTextBlocks(richText: RichText | undefined, options: LinkOptions = {}): readonly RootContent[] {
  if (!richText) return [];
  const key = `${options.siteUrl ?? ''}\u0000${JSON.stringify(richText)}`;
  return convertedDescriptions.get(key, () => hastToMdast(richText as HastRoot, options).children);
}
