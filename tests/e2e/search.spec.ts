import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page, Request} from '@playwright/test';

import {axeViolations, describeViolations} from './axe';
import {test, expect, gotoHydrated, waitForNetworkQuiet} from './fixtures';
import {htmlFiles, routeOfFile} from '../../scripts/corpus/html';
import {olderVersionPrefixes, sitemapPaths} from './site-routes';
import {indexedPages} from './search-index';
import {parsePageModel} from '../../src/openapi/models/model-file';

/**
 * The Pagefind search (src/plugins/search, src/components/SiteSearch): an
 * operation ranks first for its summary, operationId and `METHOD /path`; the
 * navbar combobox works from the keyboard; /search lists every result as a
 * link; and nothing of the index loads before the reader uses search.
 */

interface OperationModel {
  kind: string;
  id: string;
  operationId?: string;
  method: string;
  path: string;
  summary: string;
  webhook?: boolean;
}

const MODEL_DIR = path.join(process.cwd(), 'docs/api');
/** Every operation and webhook page, from the page models the build rendered. */
const operations: OperationModel[] = readdirSync(MODEL_DIR)
  .filter((file) => file.endsWith('.page.json'))
  .map((file) => parsePageModel<OperationModel>(readFileSync(path.join(MODEL_DIR, file), 'utf8')))
  .filter((model) => model.kind === 'operation')
  .sort((a, b) => a.id.localeCompare(b.id));

const QUERIES: {name: string; query: (operation: OperationModel) => string | undefined}[] = [
  {name: 'summary', query: (operation) => operation.summary},
  {name: 'operationId', query: (operation) => operation.operationId},
  {name: 'METHOD /path', query: (operation) => (operation.webhook ? undefined : `${operation.method.toUpperCase()} ${operation.path}`)},
];

const combobox = (page: Page) => page.getByRole('combobox', {name: 'Search'});
const isPagefind = (request: Request) => new URL(request.url()).pathname.startsWith('/pagefind/');

test('there are operations to rank, and some paths with parameters', () => {
  expect(operations.length).toBeGreaterThanOrEqual(20);
  expect(operations.some((operation) => operation.path.includes('{'))).toBe(true);
});

test('the index holds every docs page and blog post once, and not the home, search, 404 or blog list pages', () => {
  const routes = indexedPages().map((page) => page.route);
  expect(routes.length).toBe(new Set(routes).size);
  const sitemap = sitemapPaths();
  const blogPost = (route: string) => /^\/blog\/[^/]+$/.test(route) && !['/blog/archive', '/blog/authors', '/blog/tags'].includes(route);
  // /docs/api/schemas is the sidebar category's generated list of schema
  // cards, like a blog list: each schema is indexed on its own page.
  // Older versions' pages are indexed too (each search scoped to one version, or all), though not in the sitemap.
  const prefixes = olderVersionPrefixes();
  const schemasIndex = (route: string) => route === '/docs/api/schemas' || prefixes.some((prefix) => route === `${prefix}schemas`);
  const olderPages = htmlFiles(path.join(process.cwd(), 'build')).map(routeOfFile).filter((route) => prefixes.some((prefix) => route.startsWith(prefix)));
  const expected = [...sitemap, ...olderPages].filter((route) => (route.startsWith('/docs') && !schemasIndex(route)) || blogPost(route));
  expect(routes.sort()).toEqual(expected.sort());
  for (const route of ['/', '/search', '/404', '/blog', '/docs/api/schemas']) expect(routes).not.toContain(route);
  for (const operation of operations) expect(routes).toContain(`/docs/api/${operation.id}`);
});

test('indexed text leaves out the examples column and the server URL, and operation pages carry their metadata', () => {
  const page = indexedPages().find((indexed) => indexed.route === '/docs/api/create-contact')!;
  const model = operations.find((operation) => operation.id === 'create-contact')!;
  expect(page.meta).toMatchObject({title: model.summary, operationId: model.operationId, method: model.method.toUpperCase(), path: model.path});
  expect(page.content).not.toContain('Code samples');
  expect(page.content).not.toContain('https://api.meridian.example');
});

for (const {name, query} of QUERIES) {
  test(`on /search, each operation's ${name} ranks its page first`, async ({page}) => {
    test.setTimeout(120_000);
    await gotoHydrated(page, '/search');
    const input = page.getByLabel('Search the documentation');
    const status = page.getByRole('status').filter({hasText: /result/});
    let checked = 0;
    for (const operation of operations) {
      const text = query(operation);
      if (!text) continue;
      await input.fill(text);
      await expect(status).toContainText(`for “${text}”`);
      await expect(page.locator('ol li a').first(), `first result for "${text}"`).toHaveAttribute('href', `/docs/api/${operation.id}`);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });
}

test('in the navbar box, a summary, an operationId and METHOD /path each put the operation first, and Enter opens it', async ({page}) => {
  const target = operations.find((operation) => operation.operationId === 'getContact') ?? operations.find((operation) => operation.path.includes('{'))!;
  for (const text of [target.summary, target.operationId!, `${target.method.toUpperCase()} ${target.path}`]) {
    await gotoHydrated(page, '/');
    const box = combobox(page);
    await box.fill(text);
    const first = page.getByRole('listbox', {name: 'Search results'}).getByRole('option').first();
    await expect(first).toContainText(target.summary);
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/docs/api/${target.id}$`));
    await expect(page.locator('h1')).toHaveText(target.summary);
  }
});

test('the combobox works from the keyboard: arrows move, Escape closes, Enter opens the highlighted result', async ({page}) => {
  await gotoHydrated(page, '/docs');
  const box = combobox(page);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.focus();
  await page.keyboard.type('contact');
  const listbox = page.getByRole('listbox', {name: 'Search results'});
  const options = listbox.getByRole('option');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(options.nth(2)).toBeVisible();
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);

  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await expect(options.nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(options.first()).toHaveAttribute('aria-selected', 'false');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(2).getAttribute('id'))!);
  await box.press('ArrowUp');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  // Up from the first option wraps to the last: the link to every result.
  await box.press('ArrowUp');
  await box.press('ArrowUp');
  await expect(options.last()).toHaveAttribute('aria-selected', 'true');
  await expect(options.last()).toContainText('results for “contact”');

  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(listbox).toHaveCount(0);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('contact');

  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await box.press('ArrowDown');
  const chosen = options.nth(1);
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  const title = (await chosen.locator('span').first().innerText()).trim();
  await box.press('Enter');
  await expect(page.locator('h1').first()).toHaveText(title);
  await expect(page).not.toHaveURL(/\/docs$/);

  // Escape on a closed list clears the box.
  const next = combobox(page);
  await next.fill('contact');
  await expect(next).toHaveAttribute('aria-expanded', 'true');
  await next.press('Escape');
  await next.press('Escape');
  await expect(next).toHaveValue('');

  // The last option opens the search page with the query: once the hits are in (options.nth(1) is one),
  // as the reader sees them, so that the key goes to the list they show.
  await next.fill('contact');
  await expect(options.nth(1)).toBeVisible();
  await expect(options.last()).toContainText('results for “contact”');
  await next.press('ArrowUp');
  await expect(options.last()).toHaveAttribute('aria-selected', 'true');
  await next.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=contact$/);
  await expect(page.locator('ol li a').first()).toBeVisible();
});

test('no Pagefind file loads with a page; focusing the box loads pagefind.js, typing loads the index', async ({page}) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (isPagefind(request)) requests.push(new URL(request.url()).pathname);
  });
  for (const route of ['/', '/docs/api/create-contact', '/blog', '/search']) {
    await gotoHydrated(page, route);
    await waitForNetworkQuiet(page);
    expect(requests, `Pagefind requests after loading ${route}`).toEqual([]);
  }
  await gotoHydrated(page, '/docs/api/create-contact');
  await waitForNetworkQuiet(page);
  expect(requests).toEqual([]);
  await combobox(page).focus();
  await expect.poll(() => requests).toContain('/pagefind/pagefind.js');
  expect(requests.some((request) => request.endsWith('.pf_index'))).toBe(false);
  await page.keyboard.type('contact');
  await expect.poll(() => requests.some((request) => request.endsWith('.pf_index'))).toBe(true);
  await expect.poll(() => requests.some((request) => request.endsWith('.pf_fragment'))).toBe(true);
});

test('a query typed key by key without a pause is one search: the fragments of one result window, the hits of the whole query', async ({page}) => {
  const fragments: string[] = [];
  page.on('request', (request) => {
    if (isPagefind(request) && request.url().endsWith('.pf_fragment')) fragments.push(request.url());
  });
  await gotoHydrated(page, '/docs/api/create-contact');
  const box = combobox(page);
  await box.focus();
  // Every prefix of the query as its own input event, all within one task: no
  // host is slow enough to put a typing pause between them.
  await box.evaluate((input: HTMLInputElement, query) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    for (let length = 1; length <= query.length; length += 1) {
      setValue?.call(input, query.slice(0, length));
      input.dispatchEvent(new Event('input', {bubbles: true}));
    }
  }, 'Create a contact');
  const first = page.getByRole('listbox').getByRole('option').first();
  await expect(first).toContainText('Create a contact');
  // One search reads the fragments of its first 10 results (src/components/SiteSearch/pagefind.ts).
  // Request events reach the test on their own schedule, so the count is polled
  // until the page has been quiet for a while.
  await expect.poll(() => fragments.length).toBeGreaterThan(0);
  await waitForNetworkQuiet(page);
  await page.waitForTimeout(1_000);
  expect(fragments.length).toBeLessThanOrEqual(10);
  // Each page's fragment goes by its number, in a folder named by the index's pages (src/plugins/search/page-names.mjs).
  for (const url of fragments) expect(new URL(url).pathname).toMatch(/^\/pagefind\/fragment\/[0-9a-f]{8}\/[0-9a-z]+\.pf_fragment$/);
});

test('/search?q= lists results as links with their section and endpoint, shows more on request, and each link opens its page', async ({page}) => {
  await gotoHydrated(page, '/search?q=contact');
  const status = page.getByRole('status').filter({hasText: /results? for/});
  await expect(status).toContainText('for “contact”');
  const total = Number(/^(\d+) results?/.exec(await status.innerText())![1]);
  expect(total).toBeGreaterThan(20);
  const results = page.locator('ol li');
  await expect(results).toHaveCount(20);
  const createContact = results.filter({has: page.getByRole('link', {name: 'Create a contact', exact: true})});
  await expect(createContact).toContainText('Contacts');
  await expect(createContact).toContainText('POST');
  await expect(createContact).toContainText('/v1/contacts');
  // Every result links a page of the sitemap, by its route (no ".html").
  const sitemap = new Set(sitemapPaths());
  const hrefs = await results.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.filter((href) => !sitemap.has(href))).toEqual([]);
  await page.getByRole('button', {name: 'Show more results'}).click();
  await expect(results).toHaveCount(Math.min(total, 40));
  await expect(page.getByLabel('Search the documentation')).toHaveValue('contact');
  // A blog post is found, in the section "Blog".
  await page.getByLabel('Search the documentation').fill('blog');
  await expect(page.locator('ol li').filter({hasText: 'Blog'}).first()).toBeVisible();
  const blogLink = page.locator('ol li a[href^="/blog/"]').first();
  const blogTitle = (await blogLink.innerText()).trim();
  await blogLink.click();
  await expect(page.locator('h1').first()).toHaveText(blogTitle);
});

test('the open result list has no axe violation, in light and dark mode', async ({page}) => {
  for (const mode of ['light', 'dark']) {
    await page.addInitScript((value) => window.localStorage.setItem('theme', value), mode);
    await gotoHydrated(page, '/docs');
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await combobox(page).fill('contact');
    await expect(page.getByRole('listbox', {name: 'Search results'}).getByRole('option').nth(3)).toBeVisible();
    expect(describeViolations(await axeViolations(page), `the open result list (${mode})`)).toEqual([]);
  }
});
