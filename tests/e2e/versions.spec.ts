import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';

import {test, expect, gotoHydrated} from './fixtures';
import {builtPagesUnder, loadedScriptsAndData, pagesNamedIn} from './loaded-data';
import {sitemapPaths} from './site-routes';

// Meridian's released versions (openapi/releases/) next to the current one:
// src/versions/README.md. The version list comes from what `npm run spec`
// wrote for this build, so a new release needs no change here.
const index = JSON.parse(readFileSync(path.join(process.cwd(), '.spec/versions/index.json'), 'utf8')) as {
  current: {version: string};
  older: {version: string; releaseDate?: string; routeBasePath: string}[];
};
const CURRENT = index.current.version;
const STORAGE_KEY = 'docs-preferred-version-meridian';

/** Opens the navbar's version dropdown and chooses `version`. */
async function chooseVersion(page: Page, version: string): Promise<void> {
  const dropdown = page.locator('.navbar__items--right .dropdown').filter({has: page.locator('[data-api-version]')});
  await dropdown.hover();
  await dropdown.locator(`[data-api-version="${version}"]`).click();
}

test.describe('API versions', () => {
  test('the build publishes every release under its prefix, and the dropdown lists each version with its release date', async ({page}) => {
    expect(index.older.map((version) => version.version)).toEqual(['2.2.0', '2.1.0']);
    await gotoHydrated(page, '/docs/api/create-contact');
    const items = page.locator('.navbar__items--right [data-api-version]');
    await expect(items).toHaveText([`${CURRENT} (current)`, ...index.older.map((version) => `${version.version} · ${version.releaseDate}`)]);
    await expect(page.locator('.navbar__items--right .dropdown > .navbar__link')).toHaveText(`v${CURRENT}`);
  });

  test("current pages load none of the older versions' routes, sidebars or docs, and an older version's pages none of another's", async ({page}) => {
    const build = path.join(process.cwd(), 'build');
    // Every page may name each version's overview and schemas index (the version menu), nothing else of it.
    const pagesOf = (routeBasePath: string) => builtPagesUnder(build, routeBasePath).filter((route) => !/\/(meridian-api|schemas)$/.test(route));
    const older = index.older.map((version) => pagesOf(version.routeBasePath));
    expect(older.every((pages) => pages.length > 20)).toBe(true);
    for (const route of ['/docs', '/docs/api/meridian-api', '/docs/api/contacts', '/docs/api/create-contact', '/docs/api/reply-received', '/docs/api/schemas/contact']) {
      expect(pagesNamedIn(await loadedScriptsAndData(page, route), older.flat()), route).toEqual([]);
    }
    const newer = index.older[0];
    const files = await loadedScriptsAndData(page, `${newer.routeBasePath}/create-contact`);
    expect(pagesNamedIn(files, older.slice(1).flat())).toEqual([]);
    expect(pagesNamedIn(files, [`${newer.routeBasePath}/list-contacts`])).not.toEqual([]);
    await expect(page.locator(`nav[aria-label="Docs sidebar"] a[href="${newer.routeBasePath}/contacts"]`)).toHaveCount(1);
  });

  test('switching from an operation page goes to the same operation in that version and remembers the choice', async ({page}) => {
    await gotoHydrated(page, '/docs/api/create-contact');
    await chooseVersion(page, '2.2.0');
    await expect(page).toHaveURL(/\/docs\/api\/2\.2\.0\/create-contact$/);
    await expect(page.locator('h1')).toHaveText('Create a contact');
    const banner = page.locator('[data-api-version-banner="2.2.0"]');
    await expect(banner).toContainText('version 2.2.0, an older version');
    await expect(banner.getByRole('link', {name: `Read this page in the current version (${CURRENT})`})).toHaveAttribute('href', '/docs/api/create-contact');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe('2.2.0');
    // The remembered version is what the dropdown shows on a page of no version.
    await gotoHydrated(page, '/docs');
    await expect(page.locator('.navbar__items--right .dropdown > .navbar__link')).toHaveText('v2.2.0');
  });

  test('an operation missing from the chosen version leads to its overview with a note from the changelog', async ({page}) => {
    await gotoHydrated(page, '/docs/api/complete-action');
    await chooseVersion(page, '2.1.0');
    await expect(page).toHaveURL(/\/docs\/api\/2\.1\.0\/meridian-api$/);
    await expect(page.locator('[data-api-version-note]')).toHaveText(`Complete an action (POST /v1/actions/{actionId}/complete) is not in version 2.1.0: it was added in ${CURRENT}.`);
    await gotoHydrated(page, '/docs/api/2.2.0/search-contacts');
    await chooseVersion(page, CURRENT);
    await expect(page).toHaveURL(/\/docs\/api\/meridian-api$/);
    await expect(page.locator('[data-api-version-note]')).toHaveText(`Search contacts (GET /v1/contacts/search) is not in version ${CURRENT}: it was removed in ${CURRENT}.`);
  });

  test('a stored version that no longer exists is forgotten', async ({page}) => {
    await page.goto('/docs');
    await page.evaluate((key) => localStorage.setItem(key, '0.0.1'), STORAGE_KEY);
    await gotoHydrated(page, '/docs');
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
    await expect(page.locator('.navbar__items--right .dropdown > .navbar__link')).toHaveText(`v${CURRENT}`);
  });

  test('older pages carry noindex and a canonical link to the current page in their HTML; the sitemap lists current pages only', async ({request}) => {
    const older = await (await request.get('/docs/api/2.2.0/create-contact')).text();
    expect(older).toMatch(/<link[^>]*rel="?canonical"?[^>]*href="?https:\/\/[^/"]+\/docs\/api\/create-contact"?/);
    expect(older).toMatch(/<meta[^>]*name="?robots"?[^>]*content="?noindex"?/);
    expect(older).toContain('data-api-version-banner');
    // A page the current version no longer has keeps its own canonical and links the current overview.
    const gone = await (await request.get('/docs/api/2.2.0/search-contacts')).text();
    expect(gone).toMatch(/<link[^>]*rel="?canonical"?[^>]*href="?https:\/\/[^/"]+\/docs\/api\/2\.2\.0\/search-contacts"?/);
    expect(gone).toContain('This page is not in the current version');
    // The schemas' generated index has no doc of its own; its canonical link is the current index all the same.
    const schemasIndex = await (await request.get('/docs/api/2.2.0/schemas')).text();
    expect(schemasIndex).toMatch(/<link[^>]*rel="?canonical"?[^>]*href="?https:\/\/[^/"]+\/docs\/api\/schemas"?[ />]/);
    expect(schemasIndex).toMatch(/<meta[^>]*name="?robots"?[^>]*content="?noindex"?/);
    const current = await (await request.get('/docs/api/create-contact')).text();
    expect(current).not.toMatch(/noindex/);
    expect(current).not.toContain('data-api-version-banner');
    const sitemap = sitemapPaths();
    expect(sitemap).toContain('/docs/api/create-contact');
    expect(sitemap.filter((route) => index.older.some((version) => route.startsWith(`${version.routeBasePath}/`)))).toEqual([]);
  });

  test("an older version's pages have their own sidebar, Markdown twin and the same components", async ({page, request}) => {
    await gotoHydrated(page, '/docs/api/2.1.0/create-contact');
    const sidebarLinks = page.locator('nav[aria-label="Docs sidebar"] a[href^="/docs/api/"]');
    expect((await sidebarLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).every((href) => href?.startsWith('/docs/api/2.1.0/'))).toBe(true);
    await expect(page.locator('main [id^="request-body."]').first()).toBeAttached();
    const twin = await request.get('/docs/api/2.1.0/create-contact.md');
    expect(twin.status()).toBe(200);
    expect(await twin.text()).toContain('Create a contact');
  });

  test('search keeps to the version being read, says each result\'s version, and can search every version', async ({page}) => {
    await gotoHydrated(page, '/docs/api/2.2.0/create-contact');
    await page.getByRole('combobox', {name: 'Search'}).fill('create contact');
    const options = page.getByRole('listbox', {name: 'Search results'}).getByRole('option');
    await expect(options.first()).toContainText('Create a contact');
    const versions = await page.locator('[role="listbox"] [data-hit-version]').evaluateAll((labels) => labels.map((label) => label.getAttribute('data-hit-version')));
    expect(versions.length).toBeGreaterThan(0);
    // The index names each version with its API (`meridian@2.2.0`), the hit shows the version's name.
    expect(new Set(versions)).toEqual(new Set(['meridian@2.2.0']));
    await expect(page.locator('[role="listbox"] [data-hit-version]').first()).toHaveText('v2.2.0');
    await gotoHydrated(page, '/search?q=create%20contact&version=2.1.0');
    const results = page.locator('main');
    await expect(results.locator('[data-hit-version]').first()).toBeVisible();
    expect(new Set(await results.locator('[data-hit-version]').evaluateAll((labels) => labels.map((label) => label.getAttribute('data-hit-version'))))).toEqual(new Set(['meridian@2.1.0']));
    await page.getByRole('checkbox', {name: /Search every API version/}).check();
    await expect(page).toHaveURL(/versions=all/);
    await expect(results.locator(`[data-hit-version="meridian@${CURRENT}"]`).first()).toBeVisible();
    await page.getByRole('button', {name: /more/i}).click().catch(() => undefined);
    await expect.poll(async () => new Set(await results.locator('[data-hit-version]').evaluateAll((labels) => labels.map((label) => label.getAttribute('data-hit-version')))).size).toBeGreaterThan(1);
  });

  test("each version publishes its own description, Postman collection and llms.txt, linked from its overview and the site's llms.txt", async ({page, request}) => {
    for (const version of index.older) {
      const yaml = await request.get(`/versions/${version.version}/openapi.yaml`);
      expect(yaml.status()).toBe(200);
      expect(await yaml.text()).toMatch(new RegExp(`version: ['"]?${version.version.replace(/\./g, '\\.')}`));
      const json = (await (await request.get(`/versions/${version.version}/openapi.json`)).json()) as {info: {version: string}};
      expect(json.info.version).toBe(version.version);
      const postman = (await (await request.get(`/versions/${version.version}/meridian.postman_collection.json`)).json()) as {item: unknown[]};
      expect(postman.item.length).toBeGreaterThan(0);
      const llms = await (await request.get(`/versions/${version.version}/llms.txt`)).text();
      expect(llms).toContain(`${version.routeBasePath}/create-contact.md`);
    }
    const llms = await (await request.get('/llms.txt')).text();
    expect(llms).toContain('/docs/api/create-contact.md');
    expect(llms).not.toMatch(/\/docs\/api\/2\.\d\.0\//);
    for (const version of index.older) expect(llms).toContain(`/versions/${version.version}/llms.txt`);
    await gotoHydrated(page, '/docs/api/2.2.0/meridian-api');
    await expect(page.getByRole('link', {name: 'OpenAPI (YAML)'})).toHaveAttribute('href', '/versions/2.2.0/openapi.yaml');
    await gotoHydrated(page, '/docs/api/meridian-api');
    await expect(page.getByRole('link', {name: 'OpenAPI (YAML)'})).toHaveAttribute('href', '/openapi.yaml');
  });
});
