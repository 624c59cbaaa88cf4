/**
 * Site settings a new owner would change: product name, tagline, URLs,
 * branding and the announcement. `docusaurus.config.ts` reads everything from
 * here, so this is the one file to edit when the product is renamed or moved.
 */
export interface SiteSettings {
  /** Product name: page titles, navbar, footer. */
  title: string;
  tagline: string;
  /** Production origin of the docs site, without a trailing slash. */
  url: string;
  /** Path the site is served under; always starts and ends with `/`. */
  baseUrl: string;
  /** GitHub-style owner and repository names (used by deploy tooling). */
  organizationName: string;
  projectName: string;
  /** Paths under `static/`. */
  favicon: string;
  socialCard: string;
  logo: {alt: string; src: string; srcDark: string};
  locale: {defaultLocale: string; locales: string[]; direction: 'ltr' | 'rtl'};
  announcement: {
    /** Changing the id shows the bar again to readers who closed it. */
    id: string;
    content: string;
    backgroundColor: string;
    textColor: string;
  };
  copyrightYear: number;
}

export const siteSettings: SiteSettings = {
  title: 'Meridian',
  tagline: 'The context engine for financial service innovation',
  url: 'https://docs.meridian.example',
  baseUrl: '/',
  organizationName: 'meridian',
  projectName: 'meridian-api-docs',
  favicon: 'img/favicon.ico',
  socialCard: 'img/meridian-social-card.png',
  logo: {
    alt: 'Meridian logo',
    src: 'img/logo.svg',
    srcDark: 'img/logo-dark.svg',
  },
  locale: {defaultLocale: 'en', locales: ['en'], direction: 'ltr'},
  announcement: {
    id: 'api-reference-2025',
    content:
      'The Meridian API reference is new: every operation, with examples you can copy. <a href="/docs">Start here</a>.',
    backgroundColor: '#0b2e4f',
    textColor: '#ffffff',
  },
  copyrightYear: 2025,
};
