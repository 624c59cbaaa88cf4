import path from 'node:path';
import type {Link, Nodes, Paragraph, Parents, PhrasingContent, Root} from 'mdast';
import type {MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx';

import type {ApiLinks} from '../openapi/links/api-links';
import type {ApiReference} from '../openapi/links/site-references';

/**
 * Remark plugin: turns links to API pages written by operationId or tag name
 * into ordinary Markdown links to their generated pages, at compile time.
 *
 * - MDX: `<ApiLink operation="getAccessToken">POST /v1/oauth/token</ApiLink>`,
 *   `<ApiLink tag="Contacts">…</ApiLink>`, `<ApiLink overview>…</ApiLink>`.
 * - Markdown and MDX: `[text](api:operation/getAccessToken)`,
 *   `[text](api:tag/Contacts)`, `[text](api:overview)` (and the same as a
 *   link reference definition). `.md` files are CommonMark, where JSX is not
 *   parsed, so this is their syntax.
 *
 * Link text left empty is filled with the target's summary, tag name or API
 * title. Because the result is a plain link, no component ships to the
 * browser and Docusaurus checks it like any other link. Register it in
 * `beforeDefaultRemarkPlugins` so the default plugins see the final URL.
 */

export interface RemarkApiLinksOptions {
  links: ApiLinks;
  /** Files are named relative to it in messages. */
  siteDir: string;
}

const COMPONENT = 'ApiLink';
const URL_PREFIX = 'api:';
const URL_SYNTAX = 'write api:overview, api:operation/<operationId> or api:tag/<tag name>';
const COMPONENT_SYNTAX = `<${COMPONENT}> takes exactly one of operation="<operationId>", tag="<tag name>" or overview`;

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** `api:operation/getAccessToken` and friends; undefined when `url` is not in that syntax. */
export function parseApiUrl(url: string): ApiReference | undefined {
  const rest = url.slice(URL_PREFIX.length);
  if (rest === 'overview') return {overview: true};
  const match = /^(operation|tag)\/(.+)$/.exec(rest);
  if (!match) return undefined;
  let name: string;
  try {
    // A tag name with a space is written `api:tag/Contact%20lists` (or in `<…>`).
    name = decodeURIComponent(match[2]);
  } catch {
    return undefined;
  }
  return match[1] === 'operation' ? {operation: name} : {tag: name};
}

function referenceFromAttributes(element: JsxElement): ApiReference | undefined {
  const given = element.attributes.map((attribute) =>
    attribute.type === 'mdxJsxAttribute' ? {name: attribute.name, value: attribute.value} : {name: '{…}', value: undefined},
  );
  if (given.length !== 1) return undefined;
  const [{name, value}] = given;
  if (name === 'overview' && value === null) return {overview: true};
  if ((name === 'operation' || name === 'tag') && typeof value === 'string' && value.trim() !== '') {
    return name === 'operation' ? {operation: value} : {tag: value};
  }
  return undefined;
}

function attributesText(element: JsxElement): string {
  const text = element.attributes
    .map((attribute) => {
      if (attribute.type !== 'mdxJsxAttribute') return `{${attribute.value}}`;
      if (attribute.value === null || attribute.value === undefined) return attribute.name;
      return typeof attribute.value === 'string' ? `${attribute.name}="${attribute.value}"` : `${attribute.name}={${attribute.value.value}}`;
    })
    .join(' ');
  return text === '' ? 'nothing' : text;
}

/** The link text of an element: its phrasing content, unwrapped from the one
 * paragraph a flow element (`<ApiLink …>` on a line of its own) holds. */
function linkText(element: JsxElement, where: string): PhrasingContent[] {
  if (element.type === 'mdxJsxTextElement') return element.children;
  const children = element.children;
  if (children.length === 0) return [];
  if (children.length === 1 && children[0].type === 'paragraph') return children[0].children;
  throw new Error(`[api-links] ${where}: <${COMPONENT}> holds link text only, not blocks (lists, several paragraphs)`);
}

export default function remarkApiLinks(options: RemarkApiLinksOptions) {
  return (tree: Root, file: {path?: string}): void => {
    const relativeFile = file.path ? path.relative(options.siteDir, file.path).split(path.sep).join('/') : '<unknown file>';
    const where = (node: Nodes) => {
      const start = node.position?.start;
      return start ? `${relativeFile}:${start.line}:${start.column}` : relativeFile;
    };
    const resolve = (reference: ApiReference, node: Nodes) => options.links.resolve(reference, {from: where(node)});
    const fallbackText = (reference: ApiReference) =>
      'operation' in reference ? reference.operation : 'tag' in reference ? reference.tag : 'API overview';

    const parseUrl = (url: string, node: Nodes): ApiReference => {
      const reference = parseApiUrl(url);
      if (!reference) throw new Error(`[api-links] ${where(node)}: "${url}" is not an API link; ${URL_SYNTAX}`);
      return reference;
    };

    const visit = (parent: Parents): void => {
      parent.children.forEach((child, index) => {
        if ((child.type === 'link' || child.type === 'definition') && child.url.startsWith(URL_PREFIX)) {
          const reference = parseUrl(child.url, child);
          const resolved = resolve(reference, child);
          child.url = resolved.permalink;
          if (child.type === 'link' && child.children.length === 0) {
            child.children = [{type: 'text', value: resolved.label ?? fallbackText(reference)}];
          }
        } else if ((child.type === 'mdxJsxTextElement' || child.type === 'mdxJsxFlowElement') && child.name === COMPONENT) {
          const reference = referenceFromAttributes(child);
          if (!reference) throw new Error(`[api-links] ${where(child)}: ${COMPONENT_SYNTAX} (got ${attributesText(child)})`);
          const resolved = resolve(reference, child);
          const text = linkText(child, where(child));
          const link: Link = {
            type: 'link',
            url: resolved.permalink,
            children: text.length > 0 ? text : [{type: 'text', value: resolved.label ?? fallbackText(reference)}],
            position: child.position,
          };
          const replacement: Link | Paragraph =
            child.type === 'mdxJsxFlowElement' ? {type: 'paragraph', children: [link], position: child.position} : link;
          // The parent accepts a link where it accepted the text element, and a
          // paragraph where it accepted the flow element.
          (parent.children as Nodes[])[index] = replacement;
          visit(link);
          return;
        } else if (child.type === 'html' && new RegExp(`<${COMPONENT}\\b`).test(child.value)) {
          // In a .md file JSX is raw HTML: the element would reach the page as an unknown tag.
          throw new Error(
            `[api-links] ${where(child)}: <${COMPONENT}> needs MDX (an .mdx file); in Markdown write [text](api:operation/<operationId>), [text](api:tag/<tag name>) or [text](api:overview)`,
          );
        }
        if ('children' in child) visit(child);
      });
    };
    visit(tree);
  };
}
