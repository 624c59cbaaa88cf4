import type {UserThemeConfig} from '@docusaurus/theme-common';
import {siteSettings} from './site';
import type {SiteApi} from '../src/apis/apis-config';

type Navbar = NonNullable<UserThemeConfig['navbar']>;

/** The API documentation sidebar and the API version dropdown. Search and the colour
 * toggle are added by the theme. */
export const navbar = {
  title: siteSettings.title,
  hideOnScroll: false,
  logo: {
    alt: siteSettings.logo.alt,
    src: siteSettings.logo.src,
    srcDark: siteSettings.logo.srcDark,
    width: 32,
    height: 32,
  },
  items: [
    {
      type: 'docSidebar',
      sidebarId: 'openApiSidebar',
      position: 'left',
      label: 'API Documentation',
    },
    // The API's versions (src/versions/), like the docs plugin's docsVersionDropdown; absent with one version.
    {type: 'custom-apiVersionDropdown', position: 'right'},
  ],
} satisfies Navbar;

/**
 * With more than one API (src/apis/), a menu that lists them, each opening its
 * own sidebar; a site with one API keeps the navbar above as it is.
 */
export function withApiMenu(base: Navbar, apis: readonly Pick<SiteApi, 'label' | 'sidebarId'>[]): Navbar {
  if (apis.length < 2) return base;
  const [first, ...rest] = base.items ?? [];
  const menu = {type: 'dropdown', label: 'APIs', position: 'left', items: apis.map((api) => ({type: 'docSidebar', sidebarId: api.sidebarId, label: api.label}))} as const;
  return {...base, items: first === undefined ? [menu] : [first, menu, ...rest]};
}
