import type {UserThemeConfig} from '@docusaurus/theme-common';
import type {ApiLinks} from '../src/openapi/links/api-links';
import type {ApiReference} from '../src/openapi/links/site-references';
import {siteSettings} from './site';

type Footer = NonNullable<UserThemeConfig['footer']>;

const from = 'config/footer.ts';

/** The footer, with its links into the API reference resolved against the
 * resolved description (see src/openapi/links/api-links.ts). */
export function createFooter(links: Pick<ApiLinks, 'apiLink' | 'optionalApiLink'>) {
  // A shortcut to one operation is left out when the description has no such
  // operation: "Campaign reports" leading to another API's overview would
  // mislead, and the overview has its own item.
  const shortcut = (label: string, reference: ApiReference) => {
    const to = links.optionalApiLink(reference, {from});
    return to === undefined ? [] : [{label, to}];
  };
  return {
    style: 'dark',
    links: [
      {
        title: 'Docs',
        items: [
          {label: 'API Documentation', to: '/docs'},
          {label: 'API overview', to: links.apiLink({overview: true}, {from})},
          ...shortcut('Authentication', {operation: 'getAccessToken'}),
        ],
      },
      {
        title: 'Community',
        items: [
          {label: 'Blog', to: '/blog'},
          {label: 'Blog archive', to: '/blog/archive'},
          {label: 'Authors', to: '/blog/authors'},
        ],
      },
      {
        title: 'More',
        items: [
          {label: 'About these docs', to: '/markdown-page'},
          ...shortcut('Contacts API', {operation: 'listContacts'}),
          ...shortcut('Campaign reports', {operation: 'getCampaignReport'}),
        ],
      },
    ],
    copyright: `Copyright © ${siteSettings.copyrightYear} ${siteSettings.title}`,
  } satisfies Footer;
}
