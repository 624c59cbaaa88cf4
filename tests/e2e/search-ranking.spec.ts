import type {Page} from '@playwright/test';

import {test, expect, gotoHydrated} from './fixtures';

/**
 * What the search returns first, and how it shows it (issue 44): exact
 * titles, concrete paths, schema names and one typo each put their page
 * first; the navbar box and /search give one order; /search filters by kind
 * and tag; an excerpt is a sentence of the page with whole words marked and
 * no page label; and without JavaScript /search says it needs it.
 */

const combobox = (page: Page) => page.getByRole('combobox', {name: 'Search'});
const options = (page: Page) => page.getByRole('listbox', {name: 'Search results'}).getByRole('option');

/** The routes the navbar box lists for `query`, once its list has stopped changing. */
async function boxOrder(page: Page, query: string): Promise<string[]> {
  await combobox(page).fill(query);
  await expect(page.getByRole('listbox', {name: 'Search results'})).toBeVisible();
  let previous = '';
  // The first hits show a round trip before the rest; the list is final once two reads a moment apart agree.
  await expect
    .poll(async () => {
      const now = JSON.stringify(await options(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-path')).filter(Boolean)));
      const settled = now === previous && now !== '[]';
      previous = now;
      return settled;
    }, {intervals: [600]})
    .toBe(true);
  return JSON.parse(previous) as string[];
}

/** The routes /search lists for `query` (the first `count`). */
async function pageOrder(page: Page, query: string, count: number): Promise<string[]> {
  await gotoHydrated(page, `/search?q=${encodeURIComponent(query)}`);
  await expect(page.locator('ol li').first()).toBeVisible();
  let previous = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify((await page.locator('ol li > a').evaluateAll((items) => items.map((item) => item.getAttribute('href') ?? ''))).slice(0, count));
      const settled = now === previous;
      previous = now;
      return settled;
    }, {intervals: [600]})
    .toBe(true);
  return JSON.parse(previous) as string[];
}

const FIRST: [string, string][] = [
  ['create contact', '/docs/api/create-contact'],
  ['crete contact', '/docs/api/create-contact'],
  ['compelte action', '/docs/api/complete-action'],
  ['GET /v1/contacts/c_8f2k', '/docs/api/get-contact'],
  ['PATCH https://api.meridian.example/v1/actions/act_42', '/docs/api/update-action'],
  ['Contact', '/docs/api/schemas/contact'],
  ['get_campaign_report', '/docs/api/get-campaign-report'],
];

test('an exact or near-exact title, a concrete path, a schema name and one typo each put their page first in the box', async ({page}) => {
  await gotoHydrated(page, '/');
  for (const [query, route] of FIRST) {
    expect((await boxOrder(page, query))[0], query).toBe(route);
  }
});

test('the navbar box and /search list the same results in the same order', async ({page}) => {
  for (const query of ['contact', 'list', 'create a contact', 'tag']) {
    await gotoHydrated(page, '/');
    const inBox = await boxOrder(page, query);
    const onPage = await pageOrder(page, query, inBox.length);
    expect(onPage, query).toEqual(inBox);
  }
});

test('an excerpt is a sentence of the page, without its labels, with whole words of the query marked', async ({page}) => {
  await gotoHydrated(page, '/search?q=contact%20timeline');
  const excerpts = page.locator('ol li').locator('span[class*="hitExcerpt"]');
  await expect(excerpts.first()).toBeVisible();
  const texts = await excerpts.allInnerTexts();
  for (const text of texts) {
    expect(text).not.toMatch(/Operation ID|Tags |^GET |^POST /);
  }
  const marks = await page.locator('ol li mark').allInnerTexts();
  expect(marks.length).toBeGreaterThan(0);
  for (const mark of marks) expect(mark).toMatch(/^[\p{L}\p{N}_]+$/u);
});

test('/search filters by kind and by tag, kept in the URL', async ({page}) => {
  const hrefs = () => page.locator('ol li > a').evaluateAll((items) => items.map((item) => item.getAttribute('href') ?? ''));
  /** The results' links once every one of them satisfies `wanted` (the list is replaced when a filter changes). */
  const settledOn = async (wanted: (href: string) => boolean) => {
    await expect.poll(async () => {
      const links = await hrefs();
      return links.length > 0 && links.every(wanted);
    }).toBe(true);
    return hrefs();
  };
  await gotoHydrated(page, '/search?q=contact');
  await expect(page.locator('ol li').first()).toBeVisible();
  expect((await hrefs()).some((href) => !href.startsWith('/docs/api/schemas/'))).toBe(true);
  await page.getByLabel('Kind').selectOption('schema');
  await expect(page).toHaveURL(/kind=schema/);
  expect(await settledOn((href) => href.startsWith('/docs/api/schemas/'))).toContain('/docs/api/schemas/contact');

  await page.getByLabel('Kind').selectOption('operation');
  await page.getByLabel('Tag').selectOption('Contact Tags');
  await expect(page).toHaveURL(/tag=Contact\+Tags/);
  await expect.poll(async () => (await hrefs()).sort()).toEqual(['/docs/api/create-contact-tag', '/docs/api/delete-contact-tag']);

  await gotoHydrated(page, '/search?q=operation&kind=blog');
  await settledOn((href) => href.startsWith('/blog/'));
});

test('/search says in its server HTML that search needs JavaScript, and links the documentation overview', async ({request}) => {
  // Chromium with scripts disabled by Playwright still parses <noscript> as scripted, so the served HTML is read.
  const html = await (await request.get('/search')).text();
  const noscript = /<noscript>(.*?)<\/noscript>/s.exec(html.slice(html.indexOf('<main')))?.[1] ?? '';
  expect(noscript).toContain('Search needs JavaScript');
  expect(noscript).toMatch(/<a href="?\/docs"?>documentation overview<\/a>/);
});

test('a field\'s name leads to the field: Enter on `email_marketing` opens its page at the field\'s anchor, shown', async ({page}) => {
  await gotoHydrated(page, '/');
  const order = await boxOrder(page, 'email_marketing');
  // The names list of the build leads to the field on an operation that sends it, not to a page that only mentions it.
  expect(order[0]).toBe('/docs/api/create-contact#request-body.consent.email_marketing');
  await expect(options(page).first()).toContainText('Request body: consent.email_marketing');
  await combobox(page).press('Enter');
  await expect(page).toHaveURL(/\/docs\/api\/create-contact#request-body\.consent\.email_marketing$/);
  const field = page.locator('[id="request-body.consent.email_marketing"]');
  await expect(field).toBeVisible();
  await expect(field).toBeInViewport();
});

test('a schema named exactly comes before the operations that use it, and one typo in a long word is corrected', async ({page}) => {
  await gotoHydrated(page, '/');
  expect((await boxOrder(page, 'ConsentUpdate'))[0]).toBe('/docs/api/schemas/consent-update');
  expect((await boxOrder(page, 'retrieve a contcat'))[0]).toBe('/docs/api/get-contact');
  // A typo in a word's first three letters, which Pagefind's prefix search cannot forgive, is corrected from the titles' words.
  expect((await boxOrder(page, 'cmpaigns'))[0]).toBe('/docs/api/campaigns');
});

test('a title typed with other small words, case or plurals puts its page first, found through the title lists', async ({page}) => {
  await gotoHydrated(page, '/');
  const titleLists: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/pagefind/titles/')) titleLists.push(new URL(request.url()).pathname);
  });
  expect((await boxOrder(page, 'REMOVE TAG FROM CONTACT'))[0]).toBe('/docs/api/delete-contact-tag');
  expect((await boxOrder(page, 'get the campaign reports'))[0]).toBe('/docs/api/get-campaign-report');
  expect(titleLists).toContain('/pagefind/titles/index.json');
  expect(titleLists.some((file) => /\/titles\/\d+\.json$/.test(file))).toBe(true);
});
