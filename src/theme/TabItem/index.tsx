import type {ReactNode} from 'react';
import type {Props} from '@theme/TabItem';
import {useTabs} from '@docusaurus/theme-common/internal';
import ClassicTabItem from '@theme-init/TabItem';
import OpenApiTabItem from '@theme-original/TabItem';

/**
 * Our `@theme/Tabs` is the classic one (see ../Tabs), whose items must be the
 * classic TabItem. docusaurus-theme-openapi-docs ships its own Tabs family
 * with a private context, still used by the plugin's schema pages
 * (`/docs/api/schemas/*` of specs that ask for them): inside those, an item
 * is the openapi theme's.
 */
export default function TabItem(props: Props): ReactNode {
  let insideClassicTabs = true;
  try {
    // Reads the classic tabs context (a plain useContext, called on every
    // render) and throws when there is none.
    useTabs();
  } catch {
    insideClassicTabs = false;
  }
  return insideClassicTabs ? <ClassicTabItem {...props} /> : <OpenApiTabItem {...props} />;
}
