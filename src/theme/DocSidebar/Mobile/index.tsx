// Copy of @docusaurus/theme-classic 3.10.2 DocSidebar/Mobile, two changes: the
// menu's items render when the reader first opens the mobile menu, not right
// after hydration on every docs page of a narrow window (about 300 elements
// rendered, hidden, on a phone's load); and its props reach the navbar under
// one key (below).
import {memo, useMemo, useRef, type ReactNode} from 'react';
import clsx from 'clsx';
import {NavbarSecondaryMenuFiller, type NavbarSecondaryMenuComponent, ThemeClassNames} from '@docusaurus/theme-common';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import DocSidebarItems from '@theme/DocSidebarItems';
import type {Props} from '@theme/DocSidebar/Mobile';

/** What the secondary menu shows: the sidebar's props under one key (see DocSidebarMobile). */
interface MenuProps {
  menu: Props;
}

function DocSidebarMobileSecondaryMenu({menu: {sidebar, path}}: MenuProps): ReactNode {
  const mobileSidebar = useNavbarMobileSidebar();
  // Once shown, kept: closing the menu does not throw its items away.
  const opened = useRef(false);
  if (mobileSidebar.shown) opened.current = true;
  return (
    <ul className={clsx(ThemeClassNames.docs.docSidebarMenu, 'menu__list')}>
      {opened.current ? (
        <DocSidebarItems
          items={sidebar}
          activePath={path}
          onItemClick={(item) => {
            // Mobile sidebar should only be closed if the category has a link
            if (item.type === 'category' && item.href) {
              mobileSidebar.toggle();
            }
            if (item.type === 'link') {
              mobileSidebar.toggle();
            }
          }}
          level={1}
        />
      ) : null}
    </ul>
  );
}

function DocSidebarMobile(props: Props): ReactNode {
  // The filler memoises its props by sorting their keys with localeCompare,
  // and the first localeCompare of a page sets up ICU's collator, a cost on a
  // phone's load. One key needs no sort.
  // The memoised component gets new props only when one of them changes, as
  // the filler's shallow comparison did.
  const menuProps = useMemo(() => ({menu: props}), [props]);
  return <NavbarSecondaryMenuFiller component={DocSidebarMobileSecondaryMenu satisfies NavbarSecondaryMenuComponent<MenuProps>} props={menuProps} />;
}

export default memo(DocSidebarMobile);
