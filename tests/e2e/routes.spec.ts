import {test, expect, gotoHydrated} from './fixtures';
import {operationRoutes, schemaNames, sitemapPaths, webhookOperations} from './site-routes';

/** The 24 operation pages the product specification fixes, in its words. */
const SPECIFIED_OPERATION_PAGES = [
  'complete-action', 'create-action', 'create-contact', 'create-contact-tag', 'create-tag',
  'delete-action', 'delete-contact', 'delete-contact-tag', 'delete-user', 'get-access-token',
  'get-action', 'get-campaign-report', 'get-contact', 'get-contact-timeline', 'get-user',
  'list-actions', 'list-attributes', 'list-campaigns', 'list-contacts', 'list-replies',
  'list-tags', 'list-users', 'update-action', 'update-contact',
];

const SITE_ROUTES: {path: string; title: string | RegExp; heading: string | RegExp}[] = [
  {path: '/', title: 'Meridian', heading: 'Meridian'},
  {path: '/docs', title: 'API Documentation | Meridian', heading: 'API Documentation'},
  {path: '/docs/api/meridian-api', title: 'Meridian API | Meridian', heading: 'Meridian API'},
  {path: '/blog', title: 'Blog | Meridian', heading: 'Blog'},
  {path: '/blog/archive', title: 'Archive | Meridian', heading: 'Archive'},
  {path: '/blog/authors', title: 'Authors | Meridian', heading: 'Authors'},
  {path: '/blog/tags', title: 'Tags | Meridian', heading: 'Tags'},
  {path: '/blog/tags/docusaurus', title: /^\d+ posts? tagged with "Docusaurus" \| Meridian$/, heading: /tagged with "Docusaurus"/},
  {path: '/blog/tags/facebook', title: /^\d+ posts? tagged with "Facebook" \| Meridian$/, heading: /tagged with "Facebook"/},
  {path: '/blog/tags/hello', title: /^\d+ posts? tagged with "Hello" \| Meridian$/, heading: /tagged with "Hello"/},
  {path: '/blog/tags/hola', title: /^\d+ posts? tagged with "Hola" \| Meridian$/, heading: /tagged with "Hola"/},
  {path: '/blog/first-blog-post', title: 'Why we publish the Meridian API reference as a static site | Meridian', heading: 'Why we publish the Meridian API reference as a static site'},
  {path: '/blog/long-blog-post', title: 'A tour of an operation page | Meridian', heading: 'A tour of an operation page'},
  {path: '/blog/mdx-blog-post', title: 'Interactive content in the docs with MDX | Meridian', heading: 'Interactive content in the docs with MDX'},
  {path: '/blog/welcome', title: 'Welcome to the Meridian developer blog | Meridian', heading: 'Welcome to the Meridian developer blog'},
  {path: '/markdown-page', title: 'About these docs | Meridian', heading: 'About these docs'},
];

test.describe('routes of the product specification', () => {
  for (const route of SITE_ROUTES) {
    test(`${route.path} has its title and main heading`, async ({page}) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(route.title);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toHaveText(route.heading);
    });
  }

  test('the spec yields exactly the 24 specified operation pages, all in the sitemap', () => {
    const generated = operationRoutes().map((route) => route.path.replace('/docs/api/', ''));
    expect([...generated].sort()).toEqual(SPECIFIED_OPERATION_PAGES);
    const sitemap = new Set(sitemapPaths());
    const missing = [...SITE_ROUTES.map((route) => route.path), ...operationRoutes().map((route) => route.path)]
      .filter((path) => path !== '/' && !sitemap.has(path));
    expect(missing).toEqual([]);
  });

  test('beyond the specified routes, the API reference has a page per webhook, a page per named schema and the schemas index', () => {
    // Issue #15 added these: webhooks and schemas are not operations, so the 24 above stay the 24 of the product specification.
    const sitemap = sitemapPaths();
    const apiPages = sitemap.filter((path) => path.startsWith('/docs/api/'));
    const schemaPages = apiPages.filter((path) => path.startsWith('/docs/api/schemas/'));
    expect(schemaPages).toHaveLength(schemaNames().length);
    expect(apiPages).toContain('/docs/api/schemas');
    expect(webhookOperations().map((hook) => hook.summary)).toEqual(['Reply received']);
    expect(apiPages).toContain('/docs/api/reply-received');
    const tagPages = apiPages.length - schemaPages.length - 1 - SPECIFIED_OPERATION_PAGES.length - webhookOperations().length - 1;
    // The rest are the overview and one page per tag (11 resource groups).
    expect(tagPages).toBe(11);
  });

  for (const operation of operationRoutes()) {
    test(`${operation.path} shows "${operation.summary}" in openApiSidebar`, async ({page}) => {
      const response = await page.goto(operation.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${operation.summary} | Meridian`);
      await expect(page.locator('h1')).toHaveText(operation.summary);
      const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
      await expect(sidebar.locator(`a[href="${operation.path}"]`)).toHaveCount(1);
      await expect(sidebar.locator('a[href="/docs/api/meridian-api"]')).toHaveCount(1);
    });
  }

  test.describe('an unknown path', () => {
    // The browser logs the 404 status of the document itself as an error.
    test.use({expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/]});

  for (const path of ['/no-such-page', '/docs/api/no-such-operation', '/blog/no-such-post']) {
    test(`${path} answers 404 with the not-found page`, async ({page}) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await gotoHydrated(page, path);
      await expect(page).toHaveTitle('Page Not Found | Meridian');
      await expect(page.locator('h1')).toHaveText('Page Not Found');
    });
  }
  });

  test('/docs is the docs root, with the landing page and links to every resource group', async ({page}) => {
    await gotoHydrated(page, '/docs');
    await expect(page.locator('.navbar__item.navbar__link--active')).toHaveText('API Documentation');
    const main = page.locator('main');
    await expect(main.getByRole('link', {name: 'API overview'})).toHaveAttribute('href', '/docs/api/meridian-api');
    await expect(main.getByRole('heading', {name: 'Authentication'})).toBeVisible();
    const cards = main.getByRole('list', {name: 'API resource groups'}).getByRole('link');
    expect(await cards.count()).toBeGreaterThanOrEqual(11);
  });

  test('the home page has the tagline, a call to action and a card per resource group', async ({page}) => {
    await gotoHydrated(page, '/');
    await expect(page.getByText('The context engine for financial service innovation')).toBeVisible();
    await page.getByRole('link', {name: 'Read the API documentation'}).click();
    await expect(page).toHaveURL(/\/docs$/);
    await page.goBack();
    const cards = page.getByRole('list', {name: 'API resource groups'}).getByRole('link');
    await expect(cards.filter({hasText: 'Contacts'}).first()).toHaveAttribute('href', '/docs/api/contacts');
    expect(await cards.count()).toBeGreaterThanOrEqual(11);
  });
});
