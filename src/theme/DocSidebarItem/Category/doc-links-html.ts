/**
 * The server's HTML of an open category's doc links, as one string.
 *
 * The docs sidebar is most of an operation page's HTML: an open category
 * lists every operation of its tag, and each page of that tag renders the
 * whole list again. Each link went through
 * classic 3.10.2 `DocSidebarItem` and `DocSidebarItem/Link`, Docusaurus's
 * `Link` and React Router's, with their hooks, then React's writing of its
 * three elements and their attributes, for markup that depends only on the
 * item, the page and the level; written as text, it renders faster.
 *
 * Here a list of doc links is written as text, element for element and
 * class for class what those components render: the browser hydrates it with
 * the classic components, which find the same DOM. Only items whose markup
 * is certain are written so (see `docLinksHtml`); for any other list, the
 * category renders as before. `tests/e2e/sidebar-markup.spec.ts` compares
 * the server's sidebar with the one the browser renders itself; the unit test
 * checks the text against the classic markup written out by hand (the
 * classic components load only in a Docusaurus bundle).
 *
 * A doc link's target is the doc's own route, so Docusaurus's broken-link
 * check, which `Link` feeds, had nothing to find in these links.
 */
import clsx from 'clsx';
import type {PropSidebarItem, PropSidebarItemLink} from '@docusaurus/plugin-content-docs';
import {escapeHtml} from '@site/src/client/escape-html';

// The classic link's own stylesheet, for the same class names.
import linkStyles from '@docusaurus/theme-classic/lib/theme/DocSidebarItem/Link/styles.module.css';

/**
 * A target that every step between the item and the `href` attribute leaves
 * as it is: React Router decodes a path with `decodeURI` and writes it back
 * undecoded, so a `%` would change; a query or a fragment is parsed apart.
 */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~/]*$/;

/**
 * What the category knows. The theme's class names and the docs plugin's
 * item tests come from the caller: their modules load only in a Docusaurus
 * bundle (they import its aliases), so this one stays testable on its own.
 */
export interface DocLinksOptions {
  /** Every item's classes: the classic theme's link class, its level's (the category's plus one) and `menu__list-item`. */
  itemClass: string;
  /** An `html` item's own classes: the classic theme's link class and its level's. */
  linkClass: string;
  /** What the category gives its links: 0 when open. */
  tabIndex: number;
  /** The docs plugin's `isVisibleSidebarItem` and `isActiveSidebarItem`, for the current page. */
  isVisible: (item: PropSidebarItem) => boolean;
  isActive: (item: PropSidebarItem) => boolean;
  /** The `href` Docusaurus's `Link` makes of an internal target: base URL and trailing-slash setting applied. */
  targetOf: (href: string) => string;
}

function isDocLink(item: PropSidebarItem): item is PropSidebarItemLink {
  return item.type === 'link' && typeof item.docId === 'string' && typeof item.label === 'string';
}

/** Whether `docLinksHtml` writes `item`'s markup: a doc link whose target is a plain path. */
export function isPlainDocLink(item: PropSidebarItem, targetOf: (href: string) => string): boolean {
  return isDocLink(item) && item.autoAddBaseUrl !== false && PLAIN_PATH.test(targetOf(item.href));
}

/**
 * The `<li>` elements classic `DocSidebarItems` renders for `items` (the
 * visible ones, each a classic `DocSidebarItem/Link`, or `DocSidebarItem/Html`
 * for an `html` item without `defaultStyle`), or undefined when one of them
 * is not a doc link with a plain path, whose markup this does not write.
 */
export function docLinksHtml(items: PropSidebarItem[], {itemClass, linkClass, tabIndex, isVisible, isActive, targetOf}: DocLinksOptions): string | undefined {
  const label = escapeHtml(linkStyles.linkLabel);
  let html = '';
  for (const item of items) {
    if (!isVisible(item)) continue;
    if (item.type === 'html' && item.defaultStyle !== true) {
      html += `<li class="${escapeHtml(clsx(linkClass, item.className))}">${item.value}</li>`;
      continue;
    }
    if (!isDocLink(item) || !isPlainDocLink(item, targetOf)) return undefined;
    const target = targetOf(item.href);
    const active = isActive(item);
    html +=
      `<li class="${escapeHtml(clsx(itemClass, item.className))}">` +
      `<a class="menu__link${active ? ' menu__link--active' : ''}"${active ? ' aria-current="page"' : ''} tabindex="${tabIndex}" href="${target}">` +
      `<span class="${label}">${escapeHtml(item.label)}</span></a></li>`;
  }
  return html;
}
