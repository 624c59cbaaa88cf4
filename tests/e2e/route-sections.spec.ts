import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';

import {LARGE_FIXTURE_TWO_TAGS} from '../../scripts/corpus/fixture-builds';
import {sectionOf} from '../../src/plugins/route-sections/client/bucket';
import {test, expect, gotoHydrated, markDocument} from './fixtures';
import {serveDuringTests} from './static-server';

/**
 * The browser's route table in sections (src/plugins/route-sections), on the
 * site built from the large generated fixture (scripts/corpus/fixture-builds.ts):
 * pages opened directly, by client-side navigation and through link preloads
 * find their routes in every section, and the main script no longer carries
 * them.
 */

const BUILD = path.resolve(__dirname, '../../.work/fixture-builds/large/build');
if (!existsSync(path.join(BUILD, 'sitemap.xml'))) {
  throw new Error(`no large fixture build at ${BUILD}: run "npm run test:e2e" (it generates and builds the large fixture first) or "tsx scripts/build-fixtures.ts"`);
}
const site = serveDuringTests(test, BUILD);

const jsDir = path.join(BUILD, 'assets/js');
const sectionFiles = readdirSync(jsDir).filter((name) => name.startsWith('route-section-'));
const sections = sectionFiles.length;
/** Tests that open a page of every section: time enough for two page loads per section on a slow host. */
const PER_SECTION_TIMEOUT = 90_000 + sections * 10_000;
const sitemap = readFileSync(path.join(BUILD, 'sitemap.xml'), 'utf8');
const docsPaths = [...sitemap.matchAll(/<loc>[^<]*?(\/docs\/api\/[^<]+)<\/loc>/g)].map((match) => match[1]);
/** The operation pages: their Markdown twins give the method (any name, as OpenAPI 3.2 allows) and path under the title. */
const operationPaths = docsPaths.filter((route) => /^# .*\n\n`[A-Z][A-Z0-9-]* \//.test(twin(route)));

function twin(route: string): string {
  const file = path.join(BUILD, `${route}.md`);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** One operation page per section, and a second page of another section for each. */
function pagesBySection(): string[][] {
  const bySection: string[][] = Array.from({length: sections}, () => []);
  for (const route of operationPaths) bySection[sectionOf(route, sections)].push(route);
  return bySection;
}

/** Scripts of the route table's sections that the page has fetched. */
function collectSectionScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const match = /route-section-(\d+-\d+)\./.exec(request.url());
    if (match) scripts.push(match[1]);
  });
  return scripts;
}

const h1 = (page: Page) => page.locator('main h1').first();

function titleOf(route: string): string {
  const html = readFileSync(path.join(BUILD, `${route}.html`), 'utf8');
  const match = /<h1[^>]*>([^<]+)<\/h1>/.exec(html);
  if (!match) throw new Error(`no <h1> in the HTML of ${route}`);
  return match[1].replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');
}

test.describe('the route table in sections', () => {
  test('the large fixture is split into several sections, each its own script', () => {
    expect(operationPaths.length).toBeGreaterThan(300);
    expect(sections).toBeGreaterThan(2);
    expect(pagesBySection().every((routes) => routes.length > 0)).toBe(true);
  });

  test("the main script carries no route of the split list, and each section only its own", () => {
    const main = readdirSync(jsDir).find((name) => /^main\.[0-9a-f]+\.js$/.test(name));
    expect(main).toBeDefined();
    const mainCode = readFileSync(path.join(jsDir, main!), 'utf8');
    // A route is a ComponentCreator call with the path and its hash.
    const routeCall = (route: string) => new RegExp(`\\("${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}","[0-9a-f]{3,4}"\\)`);
    const sample = operationPaths.slice(0, 50);
    for (const route of sample) expect(mainCode, route).not.toMatch(routeCall(route));
    const sectionCode = sectionFiles.map((name) => readFileSync(path.join(jsDir, name), 'utf8'));
    for (const route of sample) {
      const holders = sectionCode.filter((code) => routeCall(route).test(code));
      expect(holders, route).toHaveLength(1);
    }
  });

  test("the runtime script names no chunk that only sectioned routes load; the sections carry those files", () => {
    const runtimeName = readdirSync(jsDir).find((name) => /^runtime~main\.[0-9a-f]+\.js$/.test(name));
    expect(runtimeName).toBeDefined();
    const runtimeCode = readFileSync(path.join(jsDir, runtimeName!), 'utf8');
    const carried = sectionFiles.flatMap((name) => {
      const match = /Object\.assign\(m\.files,(\{[^}]*\})\)/.exec(readFileSync(path.join(jsDir, name), 'utf8'));
      return match ? Object.values(JSON.parse(match[1]) as Record<string, string>) : [];
    });
    // The content chunk of every operation page, at the least.
    expect(carried.length).toBeGreaterThan(operationPaths.length);
    for (const file of carried) {
      expect(existsSync(path.join(BUILD, file)), file).toBe(true);
      const hash = /\.([0-9a-f]{8})\.js$/.exec(file)?.[1];
      expect(hash, file).toBeDefined();
      expect(runtimeCode, file).not.toContain(`"${hash}"`);
    }
    // The sections load by id: their names are not in the chunk name map (`gca`) that link prefetches use.
    expect(runtimeCode).not.toMatch(/"route-section-[^"]+":/);
  });

  for (const mode of ['directly', 'after another section'] as const) {
    test(`a page of every section opens ${mode}, hydrated, with its own section loaded`, async ({page}) => {
      test.setTimeout(PER_SECTION_TIMEOUT);
      const bySection = pagesBySection();
      for (let section = 0; section < sections; section += 1) {
        const route = bySection[section][0];
        const scripts = collectSectionScripts(page);
        if (mode === 'after another section') {
          const other = bySection[(section + 1) % sections][0];
          await gotoHydrated(page, `${site.origin()}${other}`);
          // Client-side navigation: Docusaurus's history, no page load.
          const sameDocument = await markDocument(page);
          // Client-side navigation, as the router does on back and forward: the URL changes, then popstate.
          await page.evaluate((to) => {
            window.history.pushState({}, '', to);
            window.dispatchEvent(new PopStateEvent('popstate', {state: {}}));
          }, route);
          await expect(h1(page)).toHaveText(titleOf(route));
          expect(await sameDocument()).toBe(true);
        } else {
          await gotoHydrated(page, `${site.origin()}${route}`);
          await expect(h1(page)).toHaveText(titleOf(route));
        }
        expect(scripts).toContain(`0-${section}`);
        await expect(page.locator('nav[aria-label="Docs sidebar"] a[aria-current="page"]')).toHaveAttribute('href', route);
      }
    });
  }

  test("the navbar's sidebar item turns active on a client-side navigation from the blog to a page of every section", async ({page}) => {
    test.setTimeout(PER_SECTION_TIMEOUT);
    const active = page.locator('.navbar__item.navbar__link--active');
    for (const [route] of pagesBySection()) {
      await gotoHydrated(page, `${site.origin()}/blog`);
      await expect(active).toHaveCount(0);
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate', {state: {}}));
      }, route);
      await expect(h1(page)).toHaveText(titleOf(route));
      // Active on the sidebar's docs: the theme finds the page's doc in the docs plugin's global data, where its section put it back.
      await expect(active).toHaveText('API Documentation');
    }
  });

  test('a sidebar link to another section loads it on intent and navigates without a page load', async ({page}) => {
    const bySection = pagesBySection();
    await gotoHydrated(page, `${site.origin()}${bySection[0][0]}`);
    const sameDocument = await markDocument(page);
    const scripts = collectSectionScripts(page);
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    // Expand every category until a link to a page of another section shows.
    const target = operationPaths.find((route) => sectionOf(route, sections) !== 0)!;
    const link = sidebar.locator(`a[href="${target}"]`);
    while (!(await link.isVisible())) {
      const collapsed = sidebar.locator('.menu__list-item--collapsed > div > a, .menu__list-item--collapsed > a').first();
      if ((await collapsed.count()) === 0) break;
      await collapsed.click();
    }
    await link.hover();
    await expect.poll(() => scripts).toContain(`0-${sectionOf(target, sections)}`);
    // Expanding a category opened its page: that is the page before the target.
    const previousTitle = (await h1(page).textContent()) ?? '';
    await link.click();
    await expect(page).toHaveURL(`${site.origin()}${target}`);
    await expect(h1(page)).toHaveText(titleOf(target));
    expect(await sameDocument()).toBe(true);
    // Back, then forward again: both from the loaded table.
    await page.goBack();
    await expect(h1(page)).toHaveText(previousTitle);
    await page.goForward();
    await expect(h1(page)).toHaveText(titleOf(target));
  });


  test('a section loaded while a page is shown does not remount the page on its next render', async ({page}) => {
    const bySection = pagesBySection();
    const route = bySection[0][0];
    await gotoHydrated(page, `${site.origin()}${route}`);
    const scripts = collectSectionScripts(page);
    await page.locator('main article').evaluate((article) => ((article as unknown as {marker: number}).marker = 1));
    // Preloading a page of every other section puts their routes into the list the page is rendered from.
    for (let section = 1; section < sections; section += 1) {
      await page.evaluate((to) => (window as unknown as {docusaurus: {preload: (path: string) => unknown}}).docusaurus.preload(to), bySection[section][0]);
    }
    await expect.poll(() => scripts.length).toBe(sections - 1);
    // A hash change re-renders the routes.
    await page.evaluate(() => (window.location.hash = '#route-sections-test'));
    await expect(page).toHaveURL(/#route-sections-test$/);
    await expect(h1(page)).toHaveText(titleOf(route));
    expect(await page.locator('main article').evaluate((article) => (article as unknown as {marker?: number}).marker)).toBe(1);
  });
});

/**
 * Links of the sidebar category whose own link is `own.href` (or, for one
 * without a page, whose label is `own.label`), in the server HTML of
 * `route`, where it is open; for a long category's window
 * (src/theme/DocSidebarItem/Category/list-window.ts), how many items its
 * links before and after it stand for.
 */
async function serverCategoryLinks(page: Page, route: string, own: {href?: string; label?: string}): Promise<{links: string[]; before: number; after: number}> {
  const html = readFileSync(path.join(BUILD, `${route}.html`), 'utf8');
  return page.evaluate(
    ([text, href, label]) => {
      const doc = new DOMParser().parseFromString(text, 'text/html');
      const header = Array.from(doc.querySelectorAll('nav[aria-label="Docs sidebar"] .menu__list-item-collapsible')).find((node) => {
        const link = node.querySelector('a');
        return href !== '' ? link?.getAttribute('href') === href : link?.textContent === label;
      });
      const links = Array.from(header?.parentElement?.querySelectorAll(':scope > ul a') ?? []);
      const more = (where: string) => Number(/^\d+/.exec(links.find((link) => link.getAttribute('data-window') === where)?.textContent ?? '')?.[0] ?? 0);
      return {links: links.filter((link) => !link.hasAttribute('data-window')).map((link) => link.getAttribute('href') ?? ''), before: more('before'), after: more('after')};
    },
    [html, own.href ?? '', own.label ?? ''] as const,
  );
}

/** Numbers of the sidebar category files that the page has fetched. */
function collectCategoryScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const match = /sidebar-category-(\d+)\./.exec(request.url());
    if (match) scripts.push(match[1]);
  });
  return scripts;
}

test.describe('the sidebar by category (src/plugins/route-sections/lazy-sidebar.ts)', () => {
  const sidebar = (page: Page) => page.locator('nav[aria-label="Docs sidebar"]');
  const categoryOf = (page: Page, href: string) => sidebar(page).locator('li.theme-doc-sidebar-item-category').filter({has: page.locator(`> div > a[href="${href}"]`)});

  test('the metadata every docs page loads keeps one link per category; the rest is in a file per category', () => {
    const metadata = readdirSync(jsDir).map((name) => readFileSync(path.join(jsDir, name), 'utf8')).filter((code) => code.includes('"docsSidebars"'));
    expect(metadata).toHaveLength(1);
    const links = metadata[0].match(/\\?"type\\?":\\?"link\\?"/g) ?? [];
    // Static files of the build (not chunks: nothing about them in main.js or the runtime), in a directory named by their hash.
    const sidebarDirs = readdirSync(path.join(BUILD, 'assets/sidebar'));
    expect(sidebarDirs).toHaveLength(1);
    expect(sidebarDirs[0]).toMatch(/^[0-9a-f]{10}$/);
    const categoryChunks = readdirSync(path.join(BUILD, 'assets/sidebar', sidebarDirs[0]));
    expect(categoryChunks.length).toBeGreaterThan(5);
    expect(categoryChunks.every((name) => /^sidebar-category-\d+\.json$/.test(name))).toBe(true);
    expect(readdirSync(jsDir).filter((name) => name.includes('sidebar-category'))).toEqual([]);
    // The top-level links (the introduction, the overview, the changelog) and each category's first item.
    expect(links.length).toBeLessThanOrEqual(categoryChunks.length + 5);
    expect(operationPaths.some((route) => metadata[0].includes(`"${route}"`))).toBe(true);
    expect(operationPaths.filter((route) => metadata[0].includes(`"${route}"`)).length).toBeLessThanOrEqual(categoryChunks.length);
  });

  test("a page opened directly has its category open with every item, loaded before it hydrated", async ({page}) => {
    const scripts = collectCategoryScripts(page);
    const route = operationPaths[Math.floor(operationPaths.length / 2)];
    await gotoHydrated(page, `${site.origin()}${route}`);
    expect(scripts).toHaveLength(1);
    const open = sidebar(page).locator('li.theme-doc-sidebar-item-category:not(.menu__list-item--collapsed)');
    await expect(open).toHaveCount(1);
    const href = (await open.locator('> div > a').getAttribute('href'))!;
    // Its server HTML, and once idle the browser lists the items after a long category's window too.
    const expected = await serverCategoryLinks(page, route, {href});
    expect(expected.links).toContain(route);
    await expect(open.locator('> ul a:not([data-window])')).toHaveCount(expected.links.length + expected.after);
    await expect(page.locator('nav[aria-label="Breadcrumbs"]')).toContainText((await open.locator('> div > a').textContent()) ?? '');
  });

  test('a page in two categories (an operation with two tags) has both open with every item, loaded before it hydrated', async ({page}) => {
    // A category shown open in the server's HTML but not loaded while hydrating is a hydration
    // mismatch: React logs it as an error, which fails the test, and renders the page again.
    const scripts = collectCategoryScripts(page);
    const route = LARGE_FIXTURE_TWO_TAGS.route;
    await gotoHydrated(page, `${site.origin()}${route}`);
    expect(scripts).toHaveLength(2);
    const open = sidebar(page).locator('li.theme-doc-sidebar-item-category:not(.menu__list-item--collapsed)');
    await expect(open).toHaveCount(2);
    for (const category of await open.all()) {
      const href = (await category.locator('> div > a').getAttribute('href'))!;
      const expected = await serverCategoryLinks(page, route, {href});
      expect(expected.links).toContain(route);
      await expect(category.locator('> ul a:not([data-window])')).toHaveCount(expected.links.length + expected.after);
      await expect(category.locator(`> ul a[href="${route}"]`)).toHaveAttribute('aria-current', 'page');
    }
  });

  for (const how of ['pointer', 'keyboard'] as const) {
    test(`a closed category opened with the ${how} shows every item, without leaving the page`, async ({page}) => {
      const route = operationPaths[0];
      await gotoHydrated(page, `${site.origin()}${route}`);
      const scripts = collectCategoryScripts(page);
      const href = (await sidebar(page).locator('li.theme-doc-sidebar-item-category.menu__list-item--collapsed').nth(1).locator('> div > a').getAttribute('href'))!;
      const closed = categoryOf(page, href);
      const {links: expected, before, after} = await serverCategoryLinks(page, href, {href});
      expect(expected.length).toBeGreaterThan(1);
      // Its page lists it whole: not the long category.
      expect(before + after).toBe(0);
      const caret = closed.locator('button.menu__caret');
      if (how === 'pointer') {
        await closed.locator('> div > a').hover();
        await expect.poll(() => scripts.length).toBe(1);
        await caret.click();
      } else {
        // Focus loads it; held back half a second, Enter opens the category
        // before its items arrive, and they show when they do.
        await page.route(/sidebar-category-\d+\./, async (request) => {
          await new Promise((resolve) => setTimeout(resolve, 500));
          await request.continue();
        });
        await caret.focus();
        await page.keyboard.press('Enter');
      }
      await expect(closed.locator('> ul a')).toHaveCount(expected.length);
      expect(await closed.locator('> ul a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(expected);
      await expect(page).toHaveURL(`${site.origin()}${route}`);
      expect(scripts).toHaveLength(1);
    });
  }

  test('a category without a page of its own (Webhooks) loads when pointed at, opens with every item, and is whole on its pages', async ({page}) => {
    const webhookPaths = docsPaths.filter((route) => /\/record-event-\d+$/.test(route));
    expect(webhookPaths.length).toBeGreaterThan(10);
    const {links: expected} = await serverCategoryLinks(page, webhookPaths[0], {label: 'Webhooks'});
    expect([...expected].sort()).toEqual([...webhookPaths].sort());
    await gotoHydrated(page, `${site.origin()}${operationPaths[0]}`);
    const scripts = collectCategoryScripts(page);
    const webhooks = sidebar(page).locator('li.theme-doc-sidebar-item-category').filter({has: page.locator('> div > a', {hasText: /^Webhooks$/})});
    await expect(webhooks).toHaveClass(/menu__list-item--collapsed/);
    const header = webhooks.locator('> div > a');
    await header.hover();
    await expect.poll(() => scripts.length).toBe(1);
    await header.click();
    await expect(webhooks.locator('> ul a')).toHaveCount(expected.length);
    // Opened directly, a webhook page has the category open, whole, before it hydrates.
    await gotoHydrated(page, `${site.origin()}${webhookPaths[1]}`);
    await expect(webhooks).not.toHaveClass(/menu__list-item--collapsed/);
    await expect(webhooks.locator('> ul a')).toHaveCount(expected.length);
  });
});

test.describe('the route table in sections, an unknown path', () => {
  test.use({expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/]});

  test('a path in no section shows the not-found page', async ({page}) => {
    await gotoHydrated(page, `${site.origin()}/docs/api/no-such-operation-anywhere`);
    await expect(h1(page)).toHaveText('Page Not Found');
  });
});
