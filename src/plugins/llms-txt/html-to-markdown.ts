/**
 * Markdown of a built page, from its server-rendered HTML: used for the docs
 * pages that have no page model (the landing page, the changelog, any hand-
 * written page), so that every page gets a twin whatever component renders it.
 */
import {parse, type DefaultTreeAdapterMap} from 'parse5';

import {escapeMarkdownText, hastToMarkdown, type HastLikeNode} from '../../openapi/markdown-twin';

type Parse5Node = DefaultTreeAdapterMap['node'];

/** parse5's tree as the hast-like tree the Markdown converter reads. */
function toHast(node: Parse5Node): HastLikeNode | undefined {
  if (node.nodeName === '#text') return {type: 'text', value: (node as DefaultTreeAdapterMap['textNode']).value};
  if (!('tagName' in node)) {
    if ('childNodes' in node) return {type: 'root', children: childrenToHast(node.childNodes)};
    return undefined;
  }
  const properties: Record<string, unknown> = {};
  for (const {name, value} of node.attrs) {
    if (name === 'class') properties.className = value.split(/\s+/).filter(Boolean);
    else properties[name] = value;
  }
  return {type: 'element', tagName: node.tagName, properties, children: childrenToHast(node.childNodes)};
}

function childrenToHast(nodes: Parse5Node[]): HastLikeNode[] {
  return nodes.map(toHast).filter((node): node is HastLikeNode => node !== undefined);
}

function hasClass(node: HastLikeNode, name: string): boolean {
  const className = node.properties?.className;
  return Array.isArray(className) && className.includes(name);
}

function findFirst(node: HastLikeNode, test: (candidate: HastLikeNode) => boolean): HastLikeNode | undefined {
  if (test(node)) return node;
  for (const child of node.children ?? []) {
    const found = findFirst(child, test);
    if (found) return found;
  }
  return undefined;
}

function textOf(node: HastLikeNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/** Page chrome inside the article that is no part of the content. */
const CHROME_CLASSES = [
  'hash-link',
  'theme-doc-breadcrumbs',
  'theme-doc-toc-mobile',
  'theme-doc-footer',
  'theme-doc-version-badge',
  'theme-doc-card-icon',
  'theme-edit-this-page',
  'pagination-nav',
  'theme-last-updated',
];

const space: HastLikeNode = {type: 'text', value: ' '};

/**
 * Removes chrome and turns Docusaurus tabs into labelled sections: each tab
 * panel is kept (a twin has no tabs to click) and starts with its tab's label.
 * Infima badges ("Breaking", "Deprecated") become bold words: on the page CSS
 * sets them apart from the text that follows, in Markdown a space must.
 */
function cleanContent(node: HastLikeNode): HastLikeNode {
  const children: HastLikeNode[] = [];
  for (const child of node.children ?? []) {
    if (child.type === 'element') {
      if (CHROME_CLASSES.some((name) => hasClass(child, name))) continue;
      if (child.properties?.['aria-hidden'] === 'true') continue;
      if (child.properties?.role === 'tablist') continue;
      if (hasClass(child, 'badge')) {
        children.push(space, {...cleanContent(child), tagName: 'strong', properties: {}}, space);
        continue;
      }
    }
    children.push(cleanContent(child));
  }
  const tablist = (node.children ?? []).find((child) => child.properties?.role === 'tablist');
  if (tablist) {
    const labels = (tablist.children ?? []).filter((tab) => tab.properties?.role === 'tab').map((tab) => textOf(tab).trim());
    let index = 0;
    const label = (panel: HastLikeNode): HastLikeNode => {
      const text = labels[index++];
      const heading: HastLikeNode = {type: 'element', tagName: 'p', properties: {}, children: [
        {type: 'element', tagName: 'strong', properties: {}, children: [{type: 'text', value: text ?? ''}]},
      ]};
      return {...panel, children: text ? [heading, ...(panel.children ?? [])] : panel.children};
    };
    const labelPanels = (candidate: HastLikeNode): HastLikeNode =>
      candidate.properties?.role === 'tabpanel'
        ? label(candidate)
        : {...candidate, children: (candidate.children ?? []).map(labelPanels)};
    return {...node, children: children.map(labelPanels)};
  }
  return {...node, children};
}

export interface ConvertedPage {
  /** The page's H1, else its `<title>` without the site name. */
  title: string;
  /** The page's meta description, on one line. */
  description: string;
  markdown: string;
}

/**
 * Markdown of the main content of a built Docusaurus page (the
 * `.theme-doc-markdown` block, else `<article>`, else `<main>`), starting
 * with its title as H1. Root-relative links are made absolute with `siteUrl`.
 */
export function htmlPageToMarkdown(html: string, options: {siteUrl: string; siteTitle?: string}): ConvertedPage {
  const document = toHast(parse(html)) ?? {type: 'root', children: []};
  const titleElement = findFirst(document, (node) => node.tagName === 'title');
  const metaDescription = findFirst(
    document,
    (node) => node.tagName === 'meta' && node.properties?.name === 'description',
  );
  const content =
    findFirst(document, (node) => hasClass(node, 'theme-doc-markdown')) ??
    findFirst(document, (node) => node.tagName === 'article') ??
    findFirst(document, (node) => node.tagName === 'main');
  const cleaned = content ? cleanContent(content) : undefined;
  const h1 = cleaned ? findFirst(cleaned, (node) => node.tagName === 'h1') : undefined;

  const siteSuffix = options.siteTitle ? ` | ${options.siteTitle}` : '';
  let title = (h1 ? textOf(h1) : titleElement ? textOf(titleElement) : '').replace(/\s+/g, ' ').trim();
  if (!h1 && siteSuffix && title.endsWith(siteSuffix)) title = title.slice(0, -siteSuffix.length);
  const description = typeof metaDescription?.properties?.content === 'string'
    ? metaDescription.properties.content.replace(/\s+/g, ' ').trim()
    : '';

  let markdown = cleaned ? hastToMarkdown(cleaned, {siteUrl: options.siteUrl}) : '';
  if (!h1 && title) markdown = `# ${escapeMarkdownText(title)}\n\n${markdown}`;
  return {title, description, markdown: `${markdown.trim()}\n`};
}
