import type * as Preset from '@docusaurus/preset-classic';
import {siteSettings} from './site';

type Footer = NonNullable<Preset.ThemeConfig['footer']>;

export const footer = {
  style: 'dark',
  links: [
    {
      title: 'Docs',
      items: [
        {label: 'API Documentation', to: '/docs'},
        {label: 'API overview', to: '/docs/api/meridian-api'},
        {label: 'Authentication', to: '/docs/api/get-access-token'},
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
        {label: 'Contacts API', to: '/docs/api/list-contacts'},
        {label: 'Campaign reports', to: '/docs/api/get-campaign-report'},
      ],
    },
  ],
  copyright: `Copyright © ${siteSettings.copyrightYear} ${siteSettings.title}`,
} satisfies Footer;
