import {readdirSync} from 'node:fs';
import path from 'node:path';
import {parse, type DefaultTreeAdapterMap} from 'parse5';

/**
 * Small readers over built HTML (parse5, the parser the blog and search
 * plugins already bring), shared by the corpus runner and the e2e tests that
 * read `build/` from disk.
 */

export type HtmlNode = DefaultTreeAdapterMap['node'];
export type HtmlElement = DefaultTreeAdapterMap['element'];

export function parseHtml(html: string): DefaultTreeAdapterMap['document'] {
  return parse(html);
}

function childrenOf(node: HtmlNode): HtmlNode[] {
  if ('content' in node && node.nodeName === 'template') return node.content.childNodes;
  return 'childNodes' in node ? node.childNodes : [];
}

export function isElement(node: HtmlNode): node is HtmlElement {
  return 'tagName' in node;
}

/** Every element in document order. */
export function* elements(root: HtmlNode): Generator<HtmlElement> {
  const stack: HtmlNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isElement(node)) yield node;
    const children = childrenOf(node);
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]);
  }
}

export function attribute(element: HtmlElement, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

export function findElement(root: HtmlNode, predicate: (element: HtmlElement) => boolean): HtmlElement | undefined {
  for (const element of elements(root)) if (predicate(element)) return element;
  return undefined;
}

const NOT_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg']);

/**
 * Text of a subtree with a space at every element boundary (so `<span>GET</span><code>/pets</code>`
 * reads `GET /pets`), whitespace collapsed, zero-width spaces (Docusaurus's
 * heading anchors) removed.
 */
export function spacedText(root: HtmlNode): string {
  const parts: string[] = [];
  const visit = (node: HtmlNode) => {
    if (node.nodeName === '#text' && 'value' in node) {
      parts.push(node.value);
      return;
    }
    if (isElement(node) && NOT_TEXT.has(node.tagName)) return;
    parts.push(' ');
    for (const child of childrenOf(node)) visit(child);
    parts.push(' ');
  };
  visit(root);
  return normalizeText(parts.join(''));
}

/** Text as a reader compares it: lone surrogates as U+FFFD (as the build
 * writes them), whitespace collapsed, zero-width spaces dropped. */
export function normalizeText(text: string): string {
  return text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/\u200B/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every `.html` file under `dir`, as paths relative to it with `/` separators. */
export function htmlFiles(dir: string): string[] {
  const result: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative), {withFileTypes: true})) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.html')) result.push(child);
    }
  };
  walk('');
  return result.sort();
}

/** The route a built file answers (`docs/api/x.html` → `/docs/api/x`, `blog/index.html` → `/blog/`). */
export function routeOfFile(relativeFile: string): string {
  if (relativeFile === 'index.html') return '/';
  if (relativeFile.endsWith('/index.html')) return `/${relativeFile.slice(0, -'index.html'.length)}`;
  return `/${relativeFile.replace(/\.html$/, '')}`;
}
