import type {ReactNode} from 'react';
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
import {useSidebarCategoryLoads} from '@site/src/plugins/route-sections/client/sidebar-store';
import {docLinksHtml} from './doc-links-html';

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

/** The server's category: `ClosedCategory`, `OpenCategory` when its items allow, else the classic one. */
function ServerCategory(props: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {withBaseUrl} = useBaseUrlUtils();
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const {item, onItemClick, activePath, level, index, ...linkProps} = props;
  if (rendersClosedWithLink(item, activePath)) return <ClosedCategory item={item} level={level} linkProps={linkProps} />;
  if (rendersOpenWithLink(item, activePath)) {
    const {trailingSlash, baseUrl} = siteConfig;
    const html = docLinksHtml(item.items, {
      itemClass: clsx(ThemeClassNames.docs.docSidebarItemLink, ThemeClassNames.docs.docSidebarItemLinkLevel(level + 1), 'menu__list-item'),
      tabIndex: 0,
      isVisible: (child) => isVisibleSidebarItem(child, activePath),
      isActive: (child) => isActiveSidebarItem(child, activePath),
      // What Docusaurus's Link does to an internal target.
      targetOf: (href) => applyTrailingSlash(href.startsWith('/') ? withBaseUrl(href) : href, {trailingSlash, baseUrl}),
    });
    if (html !== undefined) return <OpenCategory item={item} level={level} activePath={activePath} html={html} linkProps={linkProps} />;
  }
  return <Category {...props} />;
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
  return <Category {...props} />;
}
