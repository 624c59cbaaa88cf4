import {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Category from '@theme-original/DocSidebarItem/Category';
import type {Props} from '@theme/DocSidebarItem/Category';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useBaseUrlUtils} from '@docusaurus/useBaseUrl';
import {applyTrailingSlash} from '@docusaurus/utils-common';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {isSamePath} from '@docusaurus/theme-common/internal';
import {isActiveSidebarItem, isVisibleSidebarItem} from '@docusaurus/plugin-content-docs/client';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import {useSidebarCategoryLoads} from '@site/src/plugins/route-sections/client/sidebar-store';
import {isFirstPageHydrated} from '@site/src/client/hydration-state';
import {docLinksHtml, isPlainDocLink} from './doc-links-html';
import {WINDOWED_ABOVE, listWindow, moreItem} from './list-window';

// The classic category's own stylesheet, for the same class names.
import styles from '@docusaurus/theme-classic/lib/theme/DocSidebarItem/Category/styles.module.css';

type Item = Props['item'];

/**
 * Whether the classic category renders `item` closed, with its own link and
 * a caret button and nothing inside (its `Collapsible` is lazy): a category
 * with a page that is not the current one and holds no current page, closed
 * by default, with something to show.
 */
export function rendersClosedWithLink(item: Item, activePath: string): boolean {
  return (
    item.collapsible &&
    item.collapsed &&
    typeof item.href === 'string' &&
    !item.linkUnlisted &&
    !isActiveSidebarItem(item, activePath) &&
    item.items.some((child) => isVisibleSidebarItem(child, activePath))
  );
}

/** The category's caret button, as the classic one's `CollapseButton` renders it (its click handler is the browser's, after hydration). */
function CaretButton({label, expanded}: {label: string; expanded: boolean}): ReactNode {
  return (
    <button
      aria-label={
        expanded
          ? translate(
              {
                id: 'theme.DocSidebarItem.collapseCategoryAriaLabel',
                message: "Collapse sidebar category '{label}'",
                description: 'The ARIA label to collapse the sidebar category',
              },
              {label},
            )
          : translate(
              {
                id: 'theme.DocSidebarItem.expandCategoryAriaLabel',
                message: "Expand sidebar category '{label}'",
                description: 'The ARIA label to expand the sidebar category',
              },
              {label},
            )
      }
      aria-expanded={expanded}
      type="button"
      className="clean-btn menu__caret"
    />
  );
}

/**
 * The server's markup of a closed category, element for element and class
 * for class what classic 3.10.2 `DocSidebarItem/Category` renders for it
 * (`rendersClosedWithLink`), without its state, effects, collapsible and
 * expanded-state context. The link is Docusaurus's own `Link` (base URL,
 * trailing slash, broken-link check). The browser hydrates it with the
 * classic component, whose first render is the same markup.
 */
function ClosedCategory({item, level, linkProps}: {item: Item; level: number; linkProps: Record<string, unknown>}): ReactNode {
  return (
    <li className={clsx(ThemeClassNames.docs.docSidebarItemCategory, ThemeClassNames.docs.docSidebarItemCategoryLevel(level), 'menu__list-item', 'menu__list-item--collapsed', item.className)}>
      <div className="menu__list-item-collapsible">
        {/* The rest of the category's props go to its link, as in the classic one (a nested category's tabIndex). */}
        <Link className={clsx(styles.categoryLink, 'menu__link', 'menu__link--sublist')} href={item.href} {...linkProps}>
          <span className={styles.categoryLinkLabel}>{item.label}</span>
        </Link>
        <CaretButton label={item.label} expanded={false} />
      </div>
    </li>
  );
}

/**
 * Whether the classic category renders `item` open on the server, with its
 * own link, a caret button and its items: a collapsible category with a page,
 * open by default or holding the current page, with something to show.
 */
export function rendersOpenWithLink(item: Item, activePath: string): boolean {
  return (
    item.collapsible &&
    typeof item.href === 'string' &&
    !item.linkUnlisted &&
    (!item.collapsed || isActiveSidebarItem(item, activePath)) &&
    item.items.some((child) => isVisibleSidebarItem(child, activePath))
  );
}

/**
 * The server's markup of an open category whose items are all doc links
 * (`rendersOpenWithLink`), element for element and class for class what
 * classic 3.10.2 `DocSidebarItem/Category` renders, its list written as text
 * by `docLinksHtml` (./doc-links-html.ts says why). The category's own link
 * is Docusaurus's `Link`, as in `ClosedCategory`.
 */
function OpenCategory({item, level, activePath, html, linkProps}: {item: Item; level: number; activePath: string; html: string; linkProps: Record<string, unknown>}): ReactNode {
  const isCurrentPage = isSamePath(item.href, activePath);
  return (
    <li className={clsx(ThemeClassNames.docs.docSidebarItemCategory, ThemeClassNames.docs.docSidebarItemCategoryLevel(level), 'menu__list-item', item.className)}>
      <div className={clsx('menu__list-item-collapsible', {'menu__list-item-collapsible--active': isCurrentPage})}>
        <Link
          className={clsx(styles.categoryLink, 'menu__link', 'menu__link--sublist', {'menu__link--active': isActiveSidebarItem(item, activePath)})}
          aria-current={isCurrentPage ? 'page' : undefined}
          href={item.href}
          {...linkProps}>
          <span className={styles.categoryLinkLabel}>{item.label}</span>
        </Link>
        <CaretButton label={item.label} expanded />
      </div>
      <ul className="menu__list" dangerouslySetInnerHTML={{__html: html}} />
    </li>
  );
}

/** What Docusaurus's `Link` makes of an internal target: base URL and trailing-slash setting applied. */
function useLinkTarget(): (href: string) => string {
  const {siteConfig} = useDocusaurusContext();
  const {withBaseUrl} = useBaseUrlUtils();
  const {trailingSlash, baseUrl} = siteConfig;
  return (href) => applyTrailingSlash(href.startsWith('/') ? withBaseUrl(href) : href, {trailingSlash, baseUrl});
}

/** A long open category's window (./list-window.ts): its items in the window, and a link for those before and after it. */
interface CategoryWindow {
  before: PropSidebarItem | undefined;
  /** Every visible item from the window's start, the window first. */
  fromStart: PropSidebarItem[];
  size: number;
  after: PropSidebarItem | undefined;
}

/**
 * The window of a long open category that the server's HTML lists and the
 * browser hydrates, or undefined when it lists every item (a category whose
 * items the server writes with the classic components is never windowed, so
 * both sides agree).
 */
export function categoryWindow(item: Item, activePath: string, targetOf: (href: string) => string): CategoryWindow | undefined {
  if (!rendersOpenWithLink(item, activePath) || item.href === undefined) return undefined;
  const visible = item.items.filter((child) => isVisibleSidebarItem(child, activePath));
  if (visible.length <= WINDOWED_ABOVE || !visible.every((child) => isPlainDocLink(child, targetOf))) return undefined;
  const range = listWindow(visible.length, visible.findIndex((child) => isActiveSidebarItem(child, activePath)));
  if (range === undefined) return undefined;
  const target = targetOf(item.href);
  const more = (count: number, where: 'before' | 'after') =>
    moreItem(
      translate({id: 'theme.DocSidebarItem.windowMore', message: '{count} more in {label}', description: 'A link standing for the items of a long sidebar category that the sidebar does not list yet'}, {count, label: item.label}),
      target,
      where,
    ) as PropSidebarItem;
  return {
    before: range.start > 0 ? more(range.start, 'before') : undefined,
    fromStart: visible.slice(range.start),
    size: range.end - range.start,
    after: range.end < visible.length ? more(visible.length - range.end, 'after') : undefined,
  };
}

/** The window's items with their links: as the server lists them, or (`allAfter`) with every item after it. */
function windowList({before, fromStart, size, after}: CategoryWindow, allAfter: boolean): PropSidebarItem[] {
  const list = before ? [before] : [];
  if (allAfter) return [...list, ...fromStart];
  return [...list, ...fromStart.slice(0, size), ...(after ? [after] : [])];
}

/** The server's category: `ClosedCategory`, `OpenCategory` when its items allow, else the classic one. */
function ServerCategory(props: Props): ReactNode {
  const targetOf = useLinkTarget();
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const {item, onItemClick, activePath, level, index, ...linkProps} = props;
  if (rendersClosedWithLink(item, activePath)) return <ClosedCategory item={item} level={level} linkProps={linkProps} />;
  if (rendersOpenWithLink(item, activePath)) {
    const listed = categoryWindow(item, activePath, targetOf);
    const html = docLinksHtml(listed ? windowList(listed, false) : item.items, {
      itemClass: clsx(ThemeClassNames.docs.docSidebarItemLink, ThemeClassNames.docs.docSidebarItemLinkLevel(level + 1), 'menu__list-item'),
      linkClass: clsx(ThemeClassNames.docs.docSidebarItemLink, ThemeClassNames.docs.docSidebarItemLinkLevel(level + 1)),
      tabIndex: 0,
      isVisible: (child) => isVisibleSidebarItem(child, activePath),
      isActive: (child) => isActiveSidebarItem(child, activePath),
      targetOf,
    });
    if (html !== undefined) return <OpenCategory item={item} level={level} activePath={activePath} html={html} linkProps={linkProps} />;
  }
  return <Category {...props} />;
}

/**
 * The browser's category: the classic one, which hydrates a long category's
 * window as the server wrote it (`categoryWindow`), then, once the browser is
 * idle, lists every item after it too: below what the reader sees, so
 * nothing on screen moves. The items before it come when the reader asks
 * for them with the link that stands for them (it leads to the category's
 * page without JavaScript), or goes to another page: putting them in
 * unasked would move what is on screen, or scroll the sidebar under the
 * reader (Chromium counts either as a layout shift).
 */
function ClientCategory(props: Props): ReactNode {
  const targetOf = useLinkTarget();
  const [hydrated] = useState(() => ({path: props.activePath, window: isFirstPageHydrated() ? undefined : categoryWindow(props.item, props.activePath, targetOf)}));
  const [shown, setShown] = useState<'window' | 'after' | 'whole'>(hydrated.window === undefined ? 'whole' : 'window');
  const target = props.item.href === undefined ? undefined : targetOf(props.item.href);

  useEffect(() => {
    if (shown !== 'window') return undefined;
    const listAfter = () => setShown('after');
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(listAfter, {timeout: 2000});
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(listAfter, 200);
    return () => window.clearTimeout(timer);
  }, [shown]);

  useEffect(() => {
    if (shown !== 'whole' && props.activePath !== hydrated.path) setShown('whole');
  }, [shown, props.activePath, hydrated.path]);

  // The links for the items outside the window list them in their place (the focus goes to the first of them).
  const [focusIndex, setFocusIndex] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (shown === 'whole' || target === undefined) return undefined;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest(`a[data-window][href="${CSS.escape(target)}"]`) : null;
      if (link === null || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const item = link.parentElement;
      if (document.activeElement === link && item?.parentElement) setFocusIndex(Array.prototype.indexOf.call(item.parentElement.children, item));
      setShown(link.getAttribute('data-window') === 'before' ? 'whole' : 'after');
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [shown, target]);
  useEffect(() => {
    if (focusIndex === undefined || target === undefined) return;
    setFocusIndex(undefined);
    const header = document.querySelector(`.menu__list-item-collapsible > a[href="${CSS.escape(target)}"]`);
    header?.parentElement?.parentElement?.querySelector<HTMLElement>(`:scope > ul > li:nth-child(${focusIndex + 1}) > a`)?.focus();
  }, [focusIndex, target]);

  const items = hydrated.window === undefined || shown === 'whole' ? undefined : windowList(hydrated.window, shown === 'after');
  return <Category {...props} item={items === undefined ? props.item : {...props.item, items}} />;
}

/**
 * The classic category, rendered again when a sidebar category that loads on
 * demand arrives (src/plugins/route-sections/lazy-sidebar.ts): its items are
 * put back into the same object, so an open category shows them.
 *
 * On the server, a closed category (most of them: every page of an API with
 * hundreds of tags lists every tag) renders as `ClosedCategory`: the same
 * markup from five elements and a link, instead of the classic component's
 * dozen hooks, collapsible and context. Static rendering of Microsoft Graph
 * renders 417 categories on each of its 14,500 pages. The open category, the
 * current page's tag, renders as `OpenCategory`, its doc links written as
 * text (./doc-links-html.ts): a tag of Graph lists up to a thousand
 * operations on each of its pages. The end-to-end suite compares the
 * server's sidebar with the one the browser renders itself.
 */
export default function DocSidebarItemCategory(props: Props): ReactNode {
  useSidebarCategoryLoads();
  if (typeof window === 'undefined') return <ServerCategory {...props} />;
  return <ClientCategory {...props} />;
}
