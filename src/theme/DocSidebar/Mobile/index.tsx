// Copy of @docusaurus/theme-classic 3.10.2 DocSidebar/Mobile, one change: the
// menu's items render when the reader first opens the mobile menu, not right
// after hydration on every docs page of a narrow window (about 300 elements
// rendered, hidden, on a phone's load).
import {memo, useRef, type ReactNode} from 'react';
import clsx from 'clsx';
import {NavbarSecondaryMenuFiller, type NavbarSecondaryMenuComponent, ThemeClassNames} from '@docusaurus/theme-common';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import DocSidebarItems from '@theme/DocSidebarItems';
import type {Props} from '@theme/DocSidebar/Mobile';

function DocSidebarMobileSecondaryMenu({sidebar, path}: Props): ReactNode {
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
  return <NavbarSecondaryMenuFiller component={DocSidebarMobileSecondaryMenu satisfies NavbarSecondaryMenuComponent<Props>} props={props} />;
}

export default memo(DocSidebarMobile);
