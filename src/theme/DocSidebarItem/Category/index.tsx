import type {ReactNode} from 'react';
import Category from '@theme-original/DocSidebarItem/Category';
import type {Props} from '@theme/DocSidebarItem/Category';
import {useSidebarCategoryLoads} from '@site/src/client/route-sections/sidebar-store';

/**
 * The classic category, rendered again when a sidebar category that loads on
 * demand arrives (src/plugins/route-sections/lazy-sidebar.ts): its items are
 * put back into the same object, so an open category shows them.
 */
export default function DocSidebarItemCategory(props: Props): ReactNode {
  useSidebarCategoryLoads();
  return <Category {...props} />;
}
