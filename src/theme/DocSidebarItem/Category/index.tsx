import type {ReactNode} from 'react';
import clsx from 'clsx';
import Category from '@theme-original/DocSidebarItem/Category';
import type {Props} from '@theme/DocSidebarItem/Category';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {isActiveSidebarItem, isVisibleSidebarItem} from '@docusaurus/plugin-content-docs/client';
import {useSidebarCategoryLoads} from '@site/src/client/route-sections/sidebar-store';

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
        <button
          aria-label={translate(
            {
              id: 'theme.DocSidebarItem.expandCategoryAriaLabel',
              message: "Expand sidebar category '{label}'",
              description: 'The ARIA label to expand the sidebar category',
            },
            {label: item.label},
          )}
          aria-expanded={false}
          type="button"
          className="clean-btn menu__caret"
        />
      </div>
    </li>
  );
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
 * renders 417 categories on each of its 14,500 pages. The end-to-end suite
 * compares the server's sidebar with the one the browser renders itself.
 */
export default function DocSidebarItemCategory(props: Props): ReactNode {
  useSidebarCategoryLoads();
  if (typeof window === 'undefined' && rendersClosedWithLink(props.item, props.activePath)) {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const {item, onItemClick, activePath, level, index, ...linkProps} = props;
    return <ClosedCategory item={item} level={level} linkProps={linkProps} />;
  }
  return <Category {...props} />;
}
