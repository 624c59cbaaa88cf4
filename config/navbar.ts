import type {UserThemeConfig} from '@docusaurus/theme-common';
import {siteSettings} from './site';

type Navbar = NonNullable<UserThemeConfig['navbar']>;

/** One configured item: the API documentation sidebar. Search and the colour
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
  ],
} satisfies Navbar;
