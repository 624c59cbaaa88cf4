import {axeViolations, describeViolations} from './axe';
import {test, expect, gotoHydrated} from './fixtures';
import {resolvedSpec} from './spec-helpers';
import {sitemapPaths} from './site-routes';
import {indexedPages} from './search-index';

/**
 * Schema pages and the webhook page (issue #15): a page per named schema of
 * the description, each with the places that use it; a "Schemas" and a
 * "Webhooks" category in the sidebar; both kinds of page pass axe in light
 * and dark mode. The schemas expected are read from the description.
 */

type Json = Record<string, unknown>;

function schemaNames(): string[] {
  const components = resolvedSpec().components as Json | undefined;
  return Object.keys((components?.schemas as Json | undefined) ?? {});
}

const schemaRoutes = () => sitemapPaths().filter((route) => route.startsWith('/docs/api/schemas/'));

test.describe('schema pages', () => {
  test('every named schema of the description has a page, titled by its name', async ({page}) => {
    test.setTimeout(120_000);
    const names = schemaNames();
    expect(names.length).toBeGreaterThan(30);
    const headings = new Set<string>();
    for (const route of schemaRoutes()) {
      const html = await (await page.request.get(route)).text();
      const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
      if (heading) headings.add(heading);
    }
    expect(names.filter((name) => !headings.has(name))).toEqual([]);
    expect(schemaRoutes()).toHaveLength(names.length);
  });

  test('the Contact page lists its fields and the operations that use it, linked to their fields', async ({page}) => {
    await gotoHydrated(page, '/docs/api/schemas/contact');
    await expect(page.locator('h1')).toHaveText('Contact');
    await expect(page.locator('[id="schema.consent"]')).toBeVisible();
    // Consent is a schema of its own: named and linked, not repeated.
    await expect(page.locator('[id="schema.consent"]').getByRole('link', {name: 'Consent', exact: true}).first()).toHaveAttribute('href', '/docs/api/schemas/consent');
    const usedBy = page.locator('section[aria-labelledby="used-by"]');
    for (const operation of ['get-contact', 'list-contacts', 'create-contact', 'update-contact']) {
      await expect(usedBy.locator(`a[href="/docs/api/${operation}"]`)).toHaveCount(1);
    }
    await expect(usedBy.locator('a[href="/docs/api/list-contacts#response-200.data"]')).toHaveCount(1);
    await usedBy.locator('a[href="/docs/api/list-contacts#response-200.data"]').click();
    await expect(page).toHaveURL(/\/docs\/api\/list-contacts#response-200\.data$/);
    await expect(page.locator('[id="response-200.data"]')).toBeInViewport();
  });

  test('every schema page lists its users or says that none exists', async ({page}) => {
    test.setTimeout(120_000);
    const silent: string[] = [];
    for (const route of schemaRoutes()) {
      const html = await (await page.request.get(route)).text();
      const section = /<section aria-labelledby=(?:"used-by"|used-by)[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
      if (!/<li/.test(section) && !section.includes('No operation, webhook or other schema')) silent.push(route);
    }
    expect(silent).toEqual([]);
  });

  test('an operation page links a field\'s type to its schema page', async ({page}) => {
    await gotoHydrated(page, '/docs/api/create-contact');
    const consent = page.locator('[id="request-body.consent"]');
    await expect(consent.getByRole('link', {name: 'ConsentUpdate', exact: true}).or(consent.getByRole('link', {name: 'Consent', exact: true})).first()).toHaveAttribute(
      'href',
      /^\/docs\/api\/schemas\/consent(-update)?$/,
    );
  });

  test('the sidebar has collapsed Schemas and Webhooks categories, and the overview links the schemas', async ({page}) => {
    await gotoHydrated(page, '/docs/api/meridian-api');
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    for (const label of ['Schemas', 'Webhooks']) {
      const category = sidebar.locator('.menu__list-item--collapsed', {has: page.getByText(label, {exact: true})});
      await expect(category).toHaveCount(1);
    }
    await page.locator('main').getByRole('link', {name: /^All \d+ schemas$/}).click();
    await expect(page).toHaveURL(/\/docs\/api\/schemas$/);
    await expect(page.locator('h1')).toHaveText('Schemas');
    await expect(page.locator('main a[href="/docs/api/schemas/contact"]')).toHaveCount(1);
  });
});

test.describe('the webhook page', () => {
  test('shows the payload, the signature header, the expected responses and an example', async ({page}) => {
    await gotoHydrated(page, '/docs/api/reply-received');
    await expect(page.locator('h1')).toHaveText('Reply received');
    await expect(page.getByText('The API sends this request to your endpoint.')).toBeVisible();
    await expect(page.locator('[id="header.Meridian-Signature"]')).toBeVisible();
    await expect(page.locator('[id="request-body.data.classification"]')).toBeAttached();
    await expect(page.locator('[id="responses"]')).toBeVisible();
    await expect(page.getByRole('tab', {name: '204'})).toBeVisible();
    await expect(page.locator('aside').getByText('"type": "reply.received"')).toBeVisible();
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    await expect(sidebar.locator('a[href="/docs/api/reply-received"]')).toHaveCount(1);
  });

  test('the webhook and the schema pages are in the search index', () => {
    const pages = new Map(indexedPages().map((page) => [page.route, page]));
    expect(pages.get('/docs/api/schemas/contact')?.meta.title).toBe('Contact');
    expect(pages.get('/docs/api/reply-received')?.meta.title).toBe('Reply received');
    // The schema page's field list, examples and users are not indexed (they repeat the operation pages).
    expect(pages.get('/docs/api/schemas/contact')?.content).not.toContain('Used by');
  });

  test('has a Markdown twin and an llms.txt entry, as the schema pages do', async ({page}) => {
    const llms = await (await page.request.get('/llms.txt')).text();
    expect(llms).toContain('## API reference: Webhooks');
    expect(llms).toMatch(/\[Reply received\]\([^)]*\/docs\/api\/reply-received\.md\)/);
    expect(llms).toContain('## API reference: Schemas');
    expect(llms).toMatch(/\[Contact schema\]\([^)]*\/docs\/api\/schemas\/contact\.md\)/);
    const twin = await (await page.request.get('/docs/api/schemas/contact.md')).text();
    expect(twin).toContain('## Used by');
    expect(twin).toMatch(/\(https?:\/\/[^)]*\/docs\/api\/create-contact#response-201\)/);
  });
});

test.describe('axe on a schema page and the webhook page', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`no WCAG 2.1 AA violation in ${mode} mode`, async ({browser}) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript((value) => window.localStorage.setItem('theme', value), mode);
      for (const route of ['/docs/api/schemas/contact', '/docs/api/reply-received']) {
        await gotoHydrated(page, route);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        expect(describeViolations(await axeViolations(page), `${route} (${mode})`)).toEqual([]);
      }
      await context.close();
    });
  }
});
