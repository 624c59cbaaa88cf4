/**
 * Markdown of a built page, from its server-rendered HTML: used for the docs
 * pages that have no page model (the landing page, the changelog, any hand-
 * written page), so that every page gets a twin whatever component renders it.
 */
import type {Element, ElementContent, Nodes, Root} from 'hast';
import {fromParse5} from 'hast-util-from-parse5';
import {parse} from 'parse5';

import {hastToMarkdown} from '../../openapi/markdown-twin';

type Parent = Root | Element;

function hasClass(node: Nodes, name: string): boolean {
  const className = node.type === 'element' ? node.properties.className : undefined;
  return Array.isArray(className) && className.includes(name);
}

function findFirst(node: Parent, test: (candidate: Element) => boolean): Element | undefined {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) return child;
    const found = findFirst(child, test);
    if (found) return found;
  }
  return undefined;
}

function textOf(node: Nodes): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

const element = (tagName: string, children: ElementContent[]): Element => ({type: 'element', tagName, properties: {}, children});

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

const space: ElementContent = {type: 'text', value: ' '};

/**
 * Removes chrome and turns Docusaurus tabs into labelled sections: each tab
 * panel is kept (a twin has no tabs to click) and starts with its tab's label.
 * Infima badges ("Breaking", "Deprecated") become bold words: on the page CSS
 * sets them apart from the text that follows, in Markdown a space must.
 */
function cleanContent<T extends Parent>(node: T): T {
  const children: ElementContent[] = [];
  for (const child of node.children) {
    if (child.type === 'element') {
      if (CHROME_CLASSES.some((name) => hasClass(child, name))) continue;
      if (child.properties.ariaHidden === 'true') continue;
      if (child.properties.role === 'tablist') continue;
      if (hasClass(child, 'badge')) {
        children.push(space, element('strong', cleanContent(child).children), space);
        continue;
      }
      children.push(cleanContent(child));
    } else if (child.type === 'text') {
      children.push(child);
    }
  }
  const siblings: Nodes[] = node.children;
  const tablist = siblings.find((child): child is Element => child.type === 'element' && child.properties.role === 'tablist');
  if (tablist) {
    const labels = tablist.children.flatMap((tab) => (tab.type === 'element' && tab.properties.role === 'tab' ? [textOf(tab).trim()] : []));
    let index = 0;
    const label = (panel: Element): Element => {
      const text = labels[index++];
      const heading = element('p', [element('strong', [{type: 'text', value: text ?? ''}])]);
      return {...panel, children: text ? [heading, ...panel.children] : panel.children};
    };
    const labelPanels = (candidate: ElementContent): ElementContent => {
      if (candidate.type !== 'element') return candidate;
      return candidate.properties.role === 'tabpanel' ? label(candidate) : {...candidate, children: candidate.children.map(labelPanels)};
    };
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
  // A parsed document is a root.
  const document = fromParse5(parse(html)) as Root;
  const titleElement = findFirst(document, (node) => node.tagName === 'title');
  const metaDescription = findFirst(document, (node) => node.tagName === 'meta' && node.properties.name === 'description');
  const content =
    findFirst(document, (node) => hasClass(node, 'theme-doc-markdown')) ??
    findFirst(document, (node) => node.tagName === 'article') ??
    findFirst(document, (node) => node.tagName === 'main');
  const cleaned = content ? cleanContent(content) : undefined;
  const h1 = cleaned ? findFirst(cleaned, (node) => node.tagName === 'h1') : undefined;

  const siteSuffix = options.siteTitle ? ` | ${options.siteTitle}` : '';
  let title = (h1 ? textOf(h1) : titleElement ? textOf(titleElement) : '').replace(/\s+/g, ' ').trim();
  if (!h1 && siteSuffix && title.endsWith(siteSuffix)) title = title.slice(0, -siteSuffix.length);
  const description = typeof metaDescription?.properties.content === 'string'
    ? metaDescription.properties.content.replace(/\s+/g, ' ').trim()
    : '';

  const page: Root = {type: 'root', children: [
    ...(!h1 && title ? [element('h1', [{type: 'text', value: title}])] : []),
    ...(cleaned ? [cleaned] : []),
  ]};
  const markdown = hastToMarkdown(page, {siteUrl: options.siteUrl});
  return {title, description, markdown: `${markdown.trim()}\n`};
}
