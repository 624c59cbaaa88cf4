import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Locator, Page} from '@playwright/test';

import {test, expect, gotoHydrated} from './fixtures';
import {builtPagesUnder, loadedScriptsAndData, pagesNamedIn} from './loaded-data';
import {serveDuringTests} from './static-server';
import {startTestApi, type TestApi} from './test-api';

/**
 * The two-API example (tests/fixtures/apis/apis.ts: Meridian, and the demo
 * Petstore with one older version), built as a user builds it with that file
 * as config/apis.ts (scripts/corpus/fixture-builds.ts). What each API has of
 * its own: sidebar, overview, downloads, versions, credentials (src/apis/).
 */

const BUILD = path.resolve(__dirname, '../../.work/fixture-builds/apis/build');
if (!existsSync(path.join(BUILD, 'sitemap.xml'))) {
  throw new Error(`no two-API fixture build at ${BUILD}: run "npm run test:e2e" (it builds tests/fixtures/apis/apis.ts first) or "tsx scripts/build-fixtures.ts"`);
}
const site = serveDuringTests(test, BUILD);

const PETSTORE = '/docs/apis/petstore';

let api: TestApi;
test.beforeAll(async () => {
  api = await startTestApi();
});
test.afterAll(async () => {
  await api?.close();
});
test.beforeEach(() => {
  api.received.length = 0;
});

const sidebarLinks = (page: Page) => page.locator('nav[aria-label="Docs sidebar"] a.menu__link');

test.describe('two APIs in one site', () => {
  test('each API has its own sidebar and overview, and the navbar menu lists both', async ({page}) => {
    await gotoHydrated(page, `${site.origin()}/docs/api/create-contact`);
    await expect(sidebarLinks(page).filter({hasText: 'Create a contact'})).toHaveCount(1);
    await expect(page.locator(`nav[aria-label="Docs sidebar"] a[href^="${PETSTORE}"]`)).toHaveCount(0);

    const menu = page.locator('.navbar__items .dropdown').filter({has: page.locator('> .navbar__link', {hasText: /^APIs$/})});
    await menu.hover();
    await expect(menu.locator('.dropdown__link')).toHaveText(['Meridian', 'Petstore']);
    await menu.locator('.dropdown__link', {hasText: 'Petstore'}).click();
    await expect(page).toHaveURL(new RegExp(`${PETSTORE}/swagger-petstore-yaml$`));
    await expect(page.locator('h1')).toHaveText('Swagger Petstore YAML');
    await expect(page.getByText(/This reference describes Swagger Petstore YAML version 2\.0\.0/)).toBeVisible();
    // Its overview and tag pages, none of Meridian's (closed categories hold no links until opened).
    await expect(sidebarLinks(page).filter({hasText: 'Swagger Petstore YAML'})).toHaveAttribute('href', `${PETSTORE}/swagger-petstore-yaml`);
    await expect(page.locator(`nav[aria-label="Docs sidebar"] a[href="${PETSTORE}/pet"]`)).toHaveCount(1);
    await expect(page.locator('nav[aria-label="Docs sidebar"] a[href^="/docs/api/"]')).toHaveCount(0);

    await gotoHydrated(page, `${site.origin()}/docs/api/meridian-api`);
    await expect(page.locator('h1')).toHaveText('Meridian API');
    await expect(page.getByText(/This reference describes Meridian API version/)).toBeVisible();
  });

  test("Meridian's pages load none of the Petstore's routes, sidebar or docs, and the Petstore's current pages none of its older version's", async ({page}) => {
    const petstore = builtPagesUnder(BUILD, PETSTORE);
    const older = petstore.filter((route) => route.startsWith(`${PETSTORE}/1.0.0/`));
    // Every page may name another API's overviews and schema indexes (the navbar's APIs menu, its versions' menu) and its changelog, nothing else of it.
    const unnamed = (routes: string[]) => routes.filter((route) => !/\/(swagger-petstore-yaml|schemas|changelog)$/.test(route));
    expect(unnamed(older).length).toBeGreaterThan(2);
    expect(unnamed(petstore).length).toBeGreaterThan(2 * unnamed(older).length);
    for (const route of ['/docs', '/docs/api/meridian-api', '/docs/api/contacts', '/docs/api/create-contact', '/docs/api/schemas/contact']) {
      expect(pagesNamedIn(await loadedScriptsAndData(page, `${site.origin()}${route}`), unnamed(petstore)), route).toEqual([]);
    }
    // The Petstore's page loads its own API's data, and none of its older version's.
    const files = await loadedScriptsAndData(page, `${site.origin()}${PETSTORE}/get-pet-by-id`);
    expect(pagesNamedIn(files, [`${PETSTORE}/get-pet-by-id`, `${PETSTORE}/add-pet`]).map((found) => found.route)).toContain(`${PETSTORE}/add-pet`);
    expect(pagesNamedIn(files, unnamed(older))).toEqual([]);
    await expect(page.locator(`nav[aria-label="Docs sidebar"] a[href="${PETSTORE}/pet"]`)).toHaveCount(1);
  });

  test('each API has its own changelog, linked from its overviews and sidebar, each change linking its page under its prefix', async ({page}) => {
    await gotoHydrated(page, `${site.origin()}${PETSTORE}/swagger-petstore-yaml`);
    await expect(page.getByRole('link', {name: 'Petstore changelog'})).toHaveAttribute('href', `${PETSTORE}/changelog`);
    await expect(sidebarLinks(page).filter({hasText: /^Changelog$/})).toHaveAttribute('href', `${PETSTORE}/changelog`);
    // An older version's overview links the same page.
    await gotoHydrated(page, `${site.origin()}${PETSTORE}/1.0.0/swagger-petstore-yaml`);
    await expect(page.getByRole('link', {name: 'Petstore changelog'})).toHaveAttribute('href', `${PETSTORE}/changelog`);

    await page.getByRole('link', {name: 'Petstore changelog'}).click();
    await expect(page).toHaveURL(new RegExp(`${PETSTORE}/changelog$`));
    await expect(page.locator('h1')).toHaveText('Petstore changelog');
    await expect(page.locator('main h2')).toHaveText([/^Unreleased \/ current \(2\.0\.0\)/, /^1\.0\.0 2024-06-01/]);
    // Each change links its page (and field) in the version it describes, under the Petstore's prefix, not Meridian's.
    const changed = page.locator('li').filter({has: page.getByRole('link', {name: 'Find pet by ID', exact: true})}).first();
    await expect(changed.getByRole('link', {name: 'Find pet by ID', exact: true})).toHaveAttribute('href', `${PETSTORE}/get-pet-by-id`);
    await expect(changed.getByRole('link', {name: 'category'})).toHaveAttribute('href', `${PETSTORE}/get-pet-by-id#response-200.category`);
    await expect(page.getByRole('link', {name: 'Add a new pet to the store'})).toHaveAttribute('href', `${PETSTORE}/add-pet`);
    await expect(page.locator('main a[href^="/docs/api/"]')).toHaveCount(0);
    // Its sidebar is the Petstore's.
    await expect(page.locator(`nav[aria-label="Docs sidebar"] a[href="${PETSTORE}/pet"]`)).toHaveCount(1);

    // Meridian's overview links Meridian's changelog.
    await gotoHydrated(page, `${site.origin()}/docs/api/meridian-api`);
    await expect(page.getByRole('link', {name: 'Meridian changelog'})).toHaveAttribute('href', '/docs/changelog');
  });

  test('each API offers its own downloads', async ({page, request}) => {
    await gotoHydrated(page, `${site.origin()}${PETSTORE}/swagger-petstore-yaml`);
    const links = page.getByText('Download the API description:').locator('..').getByRole('link');
    await expect(links).toHaveText(['OpenAPI (YAML)', 'OpenAPI (JSON)', 'Postman collection']);
    const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(hrefs).toEqual(['/apis/petstore/openapi.yaml', '/apis/petstore/openapi.json', '/apis/petstore/petstore.postman_collection.json']);
    const yaml = await request.get(`${site.origin()}/apis/petstore/openapi.yaml`);
    expect(yaml.ok()).toBe(true);
    expect(await yaml.text()).toContain('title: Swagger Petstore YAML');
    const main = await request.get(`${site.origin()}/openapi.yaml`);
    expect(await main.text()).toContain('title: Meridian API');
  });

  test('the second API’s versions: its own dropdown with the configured label, its older pages under its prefix with a banner, none in the sitemap', async ({page}) => {
    await gotoHydrated(page, `${site.origin()}${PETSTORE}/get-pet-by-id`);
    // 1.0.0 has a `label` in tests/fixtures/apis/apis.ts: the menu shows it, with the release date as for any version.
    await expect(page.locator('.navbar__items--right [data-api-version]')).toHaveText(['2.0.0 (current)', 'v1 (legacy) · 2024-06-01']);
    const dropdown = page.locator('.navbar__items--right .dropdown').filter({has: page.locator('[data-api-version]')});
    await expect(dropdown.locator('> .navbar__link')).toHaveText('v2.0.0');
    await dropdown.hover();
    await dropdown.locator('[data-api-version="1.0.0"]').click();
    await expect(page).toHaveURL(new RegExp(`${PETSTORE}/1\\.0\\.0/get-pet-by-id$`));
    await expect(dropdown.locator('> .navbar__link')).toHaveText('v1 (legacy)');
    const banner = page.locator('[data-api-version-banner="1.0.0"]');
    await expect(banner.getByRole('link', {name: 'Read this page in the current version (2.0.0)'})).toHaveAttribute('href', `${PETSTORE}/get-pet-by-id`);
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-petstore'))).toBe('1.0.0');
    // Meridian's choice is its own.
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-meridian'))).toBeNull();
    const sitemap = readFileSync(path.join(BUILD, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`${PETSTORE}/get-pet-by-id<`);
    expect(sitemap).not.toContain(`${PETSTORE}/1.0.0/`);
  });

  test('search finds both APIs’ pages, each hit labelled with its API', async ({page}) => {
    await gotoHydrated(page, `${site.origin()}/docs`);
    const box = page.getByRole('combobox', {name: 'Search'});
    const options = page.getByRole('listbox', {name: 'Search results'}).getByRole('option');
    await box.fill('Find pet by ID');
    const pet = options.filter({has: page.locator('span[class*="hitTitle"]', {hasText: /^Find pet by ID$/})}).first();
    await expect(pet.locator('[data-hit-api]')).toHaveText('Petstore');
    await box.fill('Create a contact');
    const contact = options.filter({has: page.locator('span[class*="hitTitle"]', {hasText: /^Create a contact$/})}).first();
    await expect(contact.locator('[data-hit-api]')).toHaveText('Meridian');
    // Pages of no API (the docs landing, the blog) carry no label.
    await box.fill('API Documentation');
    await expect(options.first()).toBeVisible();
    const landing = options.filter({has: page.locator('span[class*="hitTitle"]', {hasText: /^API Documentation$/})});
    await expect(landing.locator('[data-hit-api]')).toHaveCount(0);
  });

  test('search knows every API: a Petstore hit shows its section, a method and path finds its operation, its versions are scoped by API', async ({page}) => {
    await gotoHydrated(page, `${site.origin()}${PETSTORE}/get-pet-by-id`);
    const box = page.getByRole('combobox', {name: 'Search'});
    const options = page.getByRole('listbox', {name: 'Search results'}).getByRole('option');
    const titled = (title: string) => options.filter({has: page.locator('span[class*="hitTitle"]', {hasText: new RegExp(`^${title}$`)})}).first();
    // Its operation shows its tag, its tag and schema pages the reference's sections, not "Docs".
    await box.fill('Find pet by ID');
    await expect(titled('Find pet by ID').locator('[class*="hitMeta"]')).toContainText('pet');
    await expect(titled('Find pet by ID').locator('[class*="hitMeta"]')).not.toContainText('Docs');
    // The version being read, by its API's key: the older 1.0.0 is left out.
    const versions = () => page.locator('[role="listbox"] [data-hit-version]').evaluateAll((labels) => labels.map((label) => label.getAttribute('data-hit-version')));
    await expect.poll(async () => new Set(await versions())).toEqual(new Set(['petstore@2.0.0']));
    await expect(titled('Find pet by ID').locator('[data-hit-version]')).toHaveText('v2.0.0');
    await box.fill('Pet');
    // Its tag page and its schema page (no section of their own) are in the reference's sections.
    await expect(titled('pet').locator('[class*="hitMeta"]')).toContainText(/^PetstoreAPI reference/);
    await expect(titled('Pet').locator('[class*="hitMeta"]')).toContainText(/^PetstoreSchemas/);
    const meta = await options.locator('[class*="hitMeta"]').allTextContents();
    expect(meta.filter((text) => text.includes('Petstore') && text.includes('Docs'))).toEqual([]);
    // A method and a concrete path (the endpoint lists): another API's operation, labelled with its API.
    await box.fill('GET /pet/42');
    const endpoint = titled('Find pet by ID');
    await expect(endpoint.locator('[data-hit-api]')).toHaveText('Petstore');
    await expect(endpoint).toContainText('/pet/{petId}');
    // From an older Petstore page, its own version is searched.
    await gotoHydrated(page, `${site.origin()}${PETSTORE}/1.0.0/get-pet-by-id`);
    await box.fill('Find pet by ID');
    await expect(titled('Find pet by ID').locator('[data-hit-version]')).toHaveText('v1.0.0');
    await expect.poll(async () => new Set(await versions())).toEqual(new Set(['petstore@1.0.0']));
  });

  test('a credential given on one API’s pages is never sent from the other API’s, even to the same server', async ({page}) => {
    /** Opens the explorer of `route` on the custom server `origin`. */
    async function explorerOn(route: string): Promise<Locator> {
      await gotoHydrated(page, `${site.origin()}${route}`);
      await page.getByRole('button', {name: 'Open the API explorer'}).click();
      const explorer = page.getByRole('form', {name: 'API explorer'});
      await explorer.getByLabel('Server', {exact: true}).selectOption({label: 'Custom server URL…'});
      await explorer.getByLabel('Server URL').fill(api.origin);
      return explorer;
    }
    async function send(explorer: Locator): Promise<void> {
      await explorer.getByRole('button', {name: /^Send /}).click();
      await expect(page.getByTestId('explorer-response')).toBeVisible();
    }

    // Meridian's scheme `oauth2`, for the test server.
    const meridian = await explorerOn('/docs/api/list-contacts');
    await meridian.getByRole('button', {name: 'Authorize'}).click();
    const dialog = page.getByRole('dialog', {name: 'Authorize'});
    await dialog.getByRole('group', {name: /^oauth2\b/}).getByLabel('Access token').fill('meridian-token');
    await dialog.getByRole('button', {name: 'Done'}).click();
    await send(meridian);
    expect(api.received.at(-1)).toMatchObject({path: '/v1/contacts', authorization: 'Bearer meridian-token'});

    // The Petstore's getInventory takes a scheme of the same name, on the same server: nothing is sent.
    const petstore = await explorerOn(`${PETSTORE}/get-inventory`);
    await petstore.getByRole('button', {name: 'Authorize'}).click();
    await expect(dialog.getByRole('group', {name: /^oauth2\b/}).getByLabel('Access token')).toHaveValue('');
    await dialog.getByRole('button', {name: 'Done'}).click();
    await send(petstore);
    const received = api.received.at(-1);
    expect(received?.path).toBe('/store/inventory');
    expect(received?.authorization).toBeUndefined();
    expect(received?.apiKey).toBeUndefined();

    // Back on Meridian's pages, its credential is still there.
    await send(await explorerOn('/docs/api/list-contacts'));
    expect(api.received.at(-1)).toMatchObject({authorization: 'Bearer meridian-token'});
  });
});
