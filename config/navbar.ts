import type {UserThemeConfig} from '@docusaurus/theme-common';
import {siteSettings} from './site';

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
