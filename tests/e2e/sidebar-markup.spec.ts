import {existsSync} from 'node:fs';
import path from 'node:path';
import type {Browser, Page} from '@playwright/test';

import {LARGE_FIXTURE_LONG_TAG_OPERATIONS} from '../../scripts/corpus/fixture-builds';
import {WINDOW_SIZE} from '../../src/theme/DocSidebarItem/Category/list-window';
import {test, expect, gotoHydrated} from './fixtures';
import {serveDuringTests} from './static-server';

/**
 * The docs sidebar the server writes is the one the browser renders.
 *
 * The server renders closed categories with a lighter component than the
 * classic theme's (src/theme/DocSidebarItem/Category) and the browser
 * hydrates that markup with the classic one; React does not correct
 * attributes while hydrating, so any difference would stay on the page.
 * Here the browser renders the sidebar itself (a client-side navigation from
 * the blog mounts it fresh, with nothing to hydrate) and its markup is
 * compared with the server's, read with JavaScript off. One known difference
 * is the classic theme's own: a category without a page of its own links to
 * its first item in the server's HTML, so it works without JavaScript, and to
 * "#" in the browser; those hrefs are left out, and so are the inline styles
 * the collapse animation leaves on an open category's list.
 */

const LARGE = path.resolve(__dirname, '../../.work/fixture-builds/large/build');
const large = existsSync(path.join(LARGE, 'sitemap.xml')) ? serveDuringTests(test, LARGE) : undefined;

/** The sidebar's markup, every element's attributes sorted, whitespace between tags dropped. */
async function sidebarMarkup(page: Page): Promise<string> {
  return page.locator('nav[aria-label="Docs sidebar"]').evaluate((nav) => {
    const clone = nav.cloneNode(true) as Element;
    for (const element of [clone, ...Array.from(clone.querySelectorAll('*'))]) {
      const attributes = Array.from(element.attributes).map(({name, value}) => [name, value] as const).sort(([a], [b]) => a.localeCompare(b));
      for (const [name] of attributes) element.removeAttribute(name);
      for (const [name, value] of attributes) {
        // The classic theme's server-only fallback link of a category without a page.
        if (name === 'href' && element.classList.contains('menu__link--sublist-caret')) continue;
        // Inline styles the collapse animation sets on an open category's list in the browser.
        if (name === 'style') continue;
        element.setAttribute(name, value);
      }
    }
    return clone.outerHTML.replace(/>\s+</g, '><');
  });
}

async function serverSidebar(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext({javaScriptEnabled: false});
  try {
    const page = await context.newPage();
    await page.goto(url);
    return await sidebarMarkup(page);
  } finally {
    await context.close();
  }
}

/** Opens /blog, then goes to the docs through the navbar without a page load, then to `docsPath` by its sidebar link if given. */
async function clientSidebar(page: Page, origin: string, docsPath?: string): Promise<string> {
  await gotoHydrated(page, `${origin}/blog`);
  await page.locator('nav.navbar').getByRole('link', {name: 'API Documentation'}).click();
  await page.waitForURL(`${origin}/docs`);
  await expect(page.locator('nav[aria-label="Docs sidebar"]')).toBeVisible();
  if (docsPath !== undefined) {
    await page.locator(`nav[aria-label="Docs sidebar"] a[href="${docsPath}"]`).first().click();
    await page.waitForURL(`${origin}${docsPath}`);
    await expect(page.locator(`nav[aria-label="Docs sidebar"] a[href="${docsPath}"][aria-current="page"]`)).toHaveCount(1);
  }
  return sidebarMarkup(page);
}

for (const site of [{name: 'bundled spec', origin: () => ''}, ...(large ? [{name: 'large fixture', origin: () => large.origin()}] : [])]) {
  test.describe(`docs sidebar markup (${site.name})`, () => {
    test('the server writes the sidebar of /docs, every category closed, as the browser renders it', async ({page, browser, baseURL}) => {
      const origin = site.origin() || baseURL!;
      const server = await serverSidebar(browser, `${origin}/docs`);
      expect(server).toContain('menu__list-item--collapsed');
      expect(await clientSidebar(page, origin)).toBe(server);
    });

    test('and the sidebar of a tag page, its category open and the others closed', async ({page, browser, baseURL}) => {
      const origin = site.origin() || baseURL!;
      // The first category with a page of its own that lists all its items (not a long one's window), as the sidebar of /docs lists them.
      const docs = await browser.newPage();
      await docs.goto(`${origin}/docs`);
      const tagPaths = await docs.locator('nav[aria-label="Docs sidebar"] a.menu__link--sublist:not(.menu__link--sublist-caret)').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
      await docs.close();
      let tagPath: string | undefined;
      let server = '';
      for (const candidate of tagPaths.slice(0, 3)) {
        server = await serverSidebar(browser, `${origin}${candidate}`);
        if (!server.includes('data-window')) {
          tagPath = candidate;
          break;
        }
      }
      expect(tagPath).toMatch(/^\/docs\/api\//);
      expect(await clientSidebar(page, origin, tagPath!)).toBe(server);
    });
  });
}

test.describe('docs sidebar markup (large fixture, a large category of names)', () => {
  test.skip(large === undefined, 'no large fixture build');

  test('a schema page has its group of names open and the other groups closed, in the server HTML as after hydration', async ({page, browser}) => {
    const origin = large!.origin();
    const index = await browser.newPage();
    await index.goto(`${origin}/docs/api/schemas`);
    const schemaPaths = await index.locator('main a[href^="/docs/api/schemas/"]').evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')!))]);
    await index.close();
    // More schemas than one category lists directly (src/openapi/generation/sidebar-arrangement.ts), so they are grouped.
    expect(schemaPaths.length).toBeGreaterThan(100);
    const schemaPath = schemaPaths.at(-1)!;
    const server = await serverSidebar(browser, `${origin}${schemaPath}`);
    await gotoHydrated(page, `${origin}${schemaPath}`);
    expect(await sidebarMarkup(page)).toBe(server);
    const schemas = page.locator('nav[aria-label="Docs sidebar"] li.theme-doc-sidebar-item-category-level-1').filter({has: page.locator('> div > a', {hasText: /^Schemas$/})});
    const groups = schemas.locator('> ul > li.theme-doc-sidebar-item-category-level-2');
    expect(await groups.count()).toBeGreaterThan(2);
    await expect(schemas.locator('> ul > li.theme-doc-sidebar-item-category-level-2:not(.menu__list-item--collapsed)')).toHaveCount(1);
    await expect(groups.locator(`a[href="${schemaPath}"][aria-current="page"]`)).toHaveCount(1);
    // Every group is labelled by its first and last names.
    expect(await groups.locator('> div > a').first().textContent()).toMatch(/^.+ – .+$/);
  });
});

test.describe('docs sidebar markup (large fixture, a long category of operations)', () => {
  test.skip(large === undefined, 'no large fixture build');
  const sidebar = (page: Page) => page.locator('nav[aria-label="Docs sidebar"]');
  const openList = (page: Page) => sidebar(page).locator('li.theme-doc-sidebar-item-category:not(.menu__list-item--collapsed) > ul');

  /** The long category's page and its operations in order, from the sidebar of the tag page once the browser lists them all. */
  async function longCategory(page: Page, origin: string): Promise<{tagPath: string; routes: string[]}> {
    await gotoHydrated(page, `${origin}/docs`);
    const tagPath = (await sidebar(page).locator('a.menu__link--sublist:not(.menu__link--sublist-caret)').first().getAttribute('href'))!;
    await gotoHydrated(page, `${origin}${tagPath}`);
    await expect(openList(page).locator('a[data-window]')).toHaveCount(0);
    const routes = await openList(page).locator('> li > a').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(routes.length).toBeGreaterThanOrEqual(LARGE_FIXTURE_LONG_TAG_OPERATIONS);
    return {tagPath, routes};
  }

  test('the server lists a window around the current page, with a link to the category page for the items on each side', async ({page, browser}) => {
    const origin = large!.origin();
    const {tagPath, routes} = await longCategory(page, origin);
    const route = routes[40];
    const context = await browser.newContext({javaScriptEnabled: false});
    const server = await context.newPage();
    await server.goto(`${origin}${route}`);
    const links = await openList(server).locator('> li > a').evaluateAll((items) => items.map((link) => ({href: link.getAttribute('href'), text: link.textContent, window: link.getAttribute('data-window')})));
    await context.close();
    const [before, after] = [links[0], links.at(-1)!];
    const listed = links.slice(1, -1);
    expect(listed).toHaveLength(WINDOW_SIZE);
    expect(listed.map((link) => link.href)).toEqual(routes.slice(routes.indexOf(listed[0].href!), routes.indexOf(listed[0].href!) + WINDOW_SIZE));
    expect(listed.map((link) => link.href)).toContain(route);
    expect(before).toMatchObject({href: tagPath, window: 'before'});
    expect(after).toMatchObject({href: tagPath, window: 'after'});
    const count = (text: string | null) => Number(/^(\d+) more in /.exec(text ?? '')?.[1]);
    expect(count(before.text) + WINDOW_SIZE + count(after.text)).toBe(routes.length);
    // Without JavaScript, the link is the category's page, which lists every operation.
    await page.goto(`${origin}${tagPath}`);
    for (const operation of routes) await expect(page.locator(`main a[href="${operation}"]`).first()).toBeAttached();
  });

  test('the browser lists the items after the window once idle, moving nothing on screen, and the items before it when asked', async ({page, browser}) => {
    const origin = large!.origin();
    const {routes} = await longCategory(page, origin);
    const route = routes[40];
    const activeTop = (target: Page) => sidebar(target).locator('a[aria-current="page"]').evaluate((link) => link.getBoundingClientRect().top);
    const context = await browser.newContext({javaScriptEnabled: false, viewport: page.viewportSize()});
    const server = await context.newPage();
    await server.goto(`${origin}${route}`);
    const serverTop = await activeTop(server);
    await context.close();

    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as {sidebarShifts: string[]}).sidebarShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {value: number; sources: {node?: Node}[]}[]) {
          for (const source of entry.sources) if (source.node?.parentElement?.closest('nav[aria-label="Docs sidebar"]')) shifts.push(`${entry.value}: ${source.node.textContent}`);
        }
      }).observe({type: 'layout-shift', buffered: true});
    });
    await gotoHydrated(page, `${origin}${route}`);
    await expect(openList(page).locator('a[data-window="after"]')).toHaveCount(0);
    await expect(openList(page).locator('a[data-window="before"]')).toHaveCount(1);
    const start = routes.indexOf((await openList(page).locator('> li:nth-child(2) > a').getAttribute('href'))!);
    expect(await openList(page).locator('> li > a:not([data-window])').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(routes.slice(start));
    expect(await activeTop(page)).toBe(serverTop);
    expect(await page.evaluate(() => (window as unknown as {sidebarShifts: string[]}).sidebarShifts)).toEqual([]);

    // The link for the items before the window: by keyboard, the category lists them all, the focus on the first, on the same page.
    await openList(page).locator('a[data-window="before"]').focus();
    await page.keyboard.press('Enter');
    await expect(openList(page).locator('> li > a')).toHaveCount(routes.length);
    expect(await openList(page).locator('> li > a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(routes);
    await expect(openList(page).locator('> li:first-child > a')).toBeFocused();
    expect(new URL(page.url()).pathname).toBe(route);
    // Now the sidebar is the one the browser renders itself for this page.
    const whole = await sidebarMarkup(page);
    const other = await browser.newPage();
    await clientSidebar(other, origin, (await longCategory(other, origin)).tagPath);
    await other.locator(`nav[aria-label="Docs sidebar"] a[href="${route}"]`).click();
    await other.waitForURL(`${origin}${route}`);
    await expect(other.locator(`nav[aria-label="Docs sidebar"] a[href="${route}"][aria-current="page"]`)).toHaveCount(1);
    expect(await sidebarMarkup(other)).toBe(whole);
    await other.close();
  });
});
