import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {test, expect, gotoHydrated} from './fixtures';
import {serveDuringTests} from './static-server';
import {startTestApi, type TestApi} from './test-api';

/**
 * The site built from tests/fixtures/openapi-3.2.yaml with `npm run build`
 * (kept by scripts/corpus/fixture-builds.ts; `npm run test:e2e` builds it first
 * when it is missing or stale), in Chromium: every page hydrates without a
 * console error, and each OpenAPI 3.2 addition the fixture uses is shown.
 * Expected text is written from the fixture by hand, not from the site's code.
 */

const BUILD = path.resolve(__dirname, '../../.work/fixture-builds/oas32/build');
if (!existsSync(path.join(BUILD, 'sitemap.xml'))) {
  throw new Error(`no OpenAPI 3.2 build at ${BUILD}: run "npm run test:e2e" (it builds tests/fixtures/openapi-3.2.yaml first) or "tsx scripts/build-fixtures.ts"`);
}
const site = serveDuringTests(test, BUILD);

function sitemapRoutes(): string[] {
  const xml = readFileSync(path.join(BUILD, 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

/** The fixture's operations: page id, the method its badge shows, and its path. */
const OPERATIONS = [
  {id: 'get-catalog', method: 'GET', path: '/catalog'},
  {id: 'list-items', method: 'GET', path: '/items'},
  {id: 'search-items', method: 'QUERY', path: '/items'},
  {id: 'purge-items', method: 'PURGE', path: '/items'},
  {id: 'copy-item', method: 'COPY', path: '/items/{itemId}'},
  {id: 'version-item', method: 'VERSION-CONTROL', path: '/items/{itemId}'},
  {id: 'stream-item-events', method: 'GET', path: '/items/events'},
];

test.describe('a description that uses OpenAPI 3.2', () => {
  test('every docs page hydrates without a console error', async ({page}) => {
    const routes = sitemapRoutes().filter((route) => route === '/' || route.startsWith('/docs'));
    for (const {id} of OPERATIONS) expect(routes, id).toContain(`/docs/api/${id}`);
    for (const route of routes) await gotoHydrated(page, `${site.origin()}${route}`);
  });

  test('query and additional operations have pages that show their method, path and server from $self', async ({page}) => {
    for (const {id, method, path: apiPath} of OPERATIONS) {
      await gotoHydrated(page, `${site.origin()}/docs/api/${id}`);
      const endpoint = page.locator('main header').first();
      await expect(endpoint, id).toContainText(method);
      // The server is relative (/v3), resolved against $self.
      await expect(endpoint, id).toContainText(`https://api.example.com/v3${apiPath}`);
    }
  });

  test('a long method name stays inside the page on a phone', async ({page}) => {
    await page.setViewportSize({width: 320, height: 700});
    await gotoHydrated(page, `${site.origin()}/docs/api/version-item`);
    const badge = page.locator('main header').getByText('VERSION-CONTROL', {exact: true});
    await expect(badge).toBeVisible();
    const box = (await badge.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test('the sidebar nests tags by parent, and a badge tag is not a category', async ({page}) => {
    await gotoHydrated(page, `${site.origin()}/docs/api/stream-item-events`);
    const categories = await page.evaluate(() => {
      const link = document.querySelector('nav.menu a[href="/docs/api/stream-item-events"]');
      const labels: string[] = [];
      for (let item = link?.closest('li.theme-doc-sidebar-item-category'); item; item = item.parentElement?.closest('li.theme-doc-sidebar-item-category')) {
        labels.unshift(item.querySelector(':scope > div .menu__link--sublist')?.textContent?.trim() ?? '');
      }
      return labels;
    });
    expect(categories).toEqual(['Catalog', 'Items', 'Item events']);
    await expect(page.locator('nav.menu .menu__link--sublist', {hasText: /^Beta$/})).toHaveCount(0);
    // The badge tag's page is still there, linked from the overview.
    expect(sitemapRoutes()).toContain('/docs/api/beta');
  });

  test('a badge tag is a label on its operations', async ({page}) => {
    await gotoHydrated(page, `${site.origin()}/docs/api/search-items`);
    await expect(page.locator('main header')).toContainText('LabelsBeta (badge)');
  });

  test('a querystring parameter is the whole query string, and the samples send it so', async ({page}) => {
    await gotoHydrated(page, `${site.origin()}/docs/api/list-items`);
    const main = page.locator('main');
    await expect(main.getByRole('heading', {name: 'Query string'})).toBeVisible();
    await expect(main).toContainText('The whole query string, serialized as application/x-www-form-urlencoded.');
    await expect(main.getByRole('heading', {name: 'Query parameters'})).toHaveCount(0);
    await expect(main).toContainText('https://api.example.com/v3/items?colour=red&tag=shoes&tag=sale');
  });

  test('responses show their summary, and examples their dataValue and serializedValue', async ({page}) => {
    await gotoHydrated(page, `${site.origin()}/docs/api/list-items`);
    const main = page.locator('main');
    // The summary heads its response's panel, in bold, before the description.
    await expect(main.locator('#responses-section [role="tabpanel"] strong', {hasText: /^The items$/})).toBeVisible();
    await expect(main).toContainText('[{"id":"it_1","colour":"red"}]');
    await expect(main).toContainText('"colour": "red"');
  });

  test('a stream shows its item schema and framed examples', async ({page}) => {
    await gotoHydrated(page, `${site.origin()}/docs/api/stream-item-events`);
    const main = page.locator('main');
    await expect(main).toContainText('Stream of ItemEvent: one server-sent event per item. Each item:');
    await expect(main).toContainText('Stream of ItemEvent: one JSON text per line. Each item:');
    await expect(main).toContainText('Stream of ItemEvent: each item a JSON text after a record separator (RFC 7464), shown as ␞. Each item:');
    await expect(main).toContainText('data: {"itemId":"it_1","change":"created"}');
    // One JSON text per line, as the browser renders the code block.
    const codeTexts = await main.locator('pre').evaluateAll((blocks) => blocks.map((block) => (block as HTMLElement).innerText));
    expect(codeTexts.some((text) => text.includes('{"itemId":"it_1","change":"created"}\n{"itemId":"it_1","change":"deleted"}'))).toBe(true);
    await expect(main).toContainText('␞{"itemId":"it_1","change":"created"}');
    await expect(main.locator('[id="response-200.itemId"]').first()).toBeAttached();
  });

  test('a deprecated scheme is marked on the page and in the Authorize panel, with the device flow', async ({page}) => {
    await gotoHydrated(page, `${site.origin()}/docs/api/stream-item-events`);
    await expect(page.locator('section[aria-labelledby="authorization"]')).toContainText('legacyKey (apiKey (header X-Legacy-Key))deprecated');
    await page.getByRole('button', {name: 'Open the API explorer'}).click();
    const explorer = page.getByRole('form', {name: 'API explorer'});
    await explorer.getByRole('button', {name: 'Authorize'}).click();
    const dialog = page.getByRole('dialog', {name: 'Authorize'});
    await expect(dialog.getByRole('group', {name: /^legacyKey\b/})).toContainText('deprecated');
    const device = dialog.getByRole('group', {name: /^deviceAuth\b/});
    await expect(device).toContainText('Authorization server metadata: https://auth.example.com/.well-known/oauth-authorization-server.');
    await expect(device).toContainText('Flow deviceAuthorization, token URL https://auth.example.com/token, device authorization URL https://auth.example.com/device.');
  });

  test.describe('the explorer sends a custom method', () => {
    let api: TestApi;
    test.beforeAll(async () => {
      api = await startTestApi();
    });
    test.afterAll(async () => {
      await api?.close();
    });

    test('the sandbox answers COPY from its example', async ({page}) => {
      await gotoHydrated(page, `${site.origin()}/docs/api/copy-item`);
      await page.getByRole('button', {name: 'Open the API explorer'}).click();
      const explorer = page.getByRole('form', {name: 'API explorer'});
      expect(await explorer.getByLabel('Server', {exact: true}).locator('option:checked').innerText()).toMatch(/sandbox/i);
      await explorer.getByRole('button', {name: /Send COPY request/}).click();
      const result = page.getByTestId('explorer-response');
      await expect(result).toContainText('201');
      await expect(result).toContainText('it_2');
    });

    test('a server receives COPY with fetch', async ({page}) => {
      await gotoHydrated(page, `${site.origin()}/docs/api/copy-item`);
      await page.getByRole('button', {name: 'Open the API explorer'}).click();
      const explorer = page.getByRole('form', {name: 'API explorer'});
      await explorer.getByLabel('Server', {exact: true}).selectOption({label: 'Custom server URL…'});
      await explorer.getByLabel('Server URL').fill(api.origin);
      await explorer.getByRole('button', {name: /Send COPY request/}).click();
      await expect(page.getByTestId('explorer-response')).toContainText('200');
      expect(api.received.map(({method, path: received}) => `${method} ${received}`)).toEqual(['COPY /items/it_1']);
    });
  });
});
