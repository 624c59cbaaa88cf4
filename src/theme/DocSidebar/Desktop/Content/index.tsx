// Copy of @docusaurus/theme-classic 3.10.2 DocSidebar/Desktop/Content, one
// change: the menu's list is server HTML until the reader points at, touches
// or focuses it (HydrateOnDemand). The sidebar was a third of the fibers that
// hydrate on every docs page, and on a phone React hydrated it only to remove
// it for the mobile menu. The stylesheet is upstream's own.
import {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useAnnouncementBar, useScrollPosition} from '@docusaurus/theme-common/internal';
import {translate} from '@docusaurus/Translate';
import DocSidebarItems from '@theme/DocSidebarItems';
import type {Props} from '@theme/DocSidebar/Desktop/Content';
import HydrateOnDemand from '@site/src/components/HydrateOnDemand';

import styles from '@docusaurus/theme-classic/lib/theme/DocSidebar/Desktop/Content/styles.module.css';

function useShowAnnouncementBar() {
  const {isActive} = useAnnouncementBar();
  const [showAnnouncementBar, setShowAnnouncementBar] = useState(isActive);

  useScrollPosition(
    ({scrollY}) => {
      if (isActive) {
        setShowAnnouncementBar(scrollY === 0);
      }
    },
    [isActive],
  );
  return isActive && showAnnouncementBar;
}

export default function DocSidebarDesktopContent({path, sidebar, className}: Props): ReactNode {
  const showAnnouncementBar = useShowAnnouncementBar();

  return (
    <nav
      aria-label={translate({
        id: 'theme.docs.sidebar.navAriaLabel',
        message: 'Docs sidebar',
        description: 'The ARIA label for the sidebar navigation',
      })}
      className={clsx('menu thin-scrollbar', styles.menu, showAnnouncementBar && styles.menuWithAnnouncementBar, className)}>
      {/* The sidebar outlives a navigation between docs pages: the new page's path renders it. */}
      <HydrateOnDemand as="ul" className={clsx(ThemeClassNames.docs.docSidebarMenu, 'menu__list')} renderedFor={path}>
        <DocSidebarItems items={sidebar} activePath={path} level={1} />
      </HydrateOnDemand>
    </nav>
  );
}
