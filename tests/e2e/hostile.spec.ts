import {existsSync, readFileSync} from 'node:fs';
import type {Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import type {Page} from '@playwright/test';

import {test, expect, waitForNetworkQuiet} from './fixtures';
import {serveDirectory} from './static-server';
import {elements, parseHtml, spacedText} from '../../scripts/corpus/html';

/**
 * The site built from tests/fixtures/hostile.yaml with `npm run build` (kept
 * by scripts/corpus/fixture-builds.ts; `npm run test:e2e` builds it first when
 * it is missing or stale), in Chromium: no script from the spec runs, no event
 * handler or script URL reaches the DOM, and the text stays readable. Every
 * hostile vector sets `window.__xss`.
 */

const HOSTILE_BUILD = path.resolve(__dirname, '../../.work/fixture-builds/hostile/build');
if (!existsSync(path.join(HOSTILE_BUILD, 'sitemap.xml'))) {
  throw new Error(`no hostile build at ${HOSTILE_BUILD}: run "npm run test:e2e" (it builds tests/fixtures/hostile.yaml first) or "tsx scripts/build-fixtures.ts"`);
}

/** Routes of the hostile build that show spec text: home, docs, API pages, changelog. */
function hostileRoutes(): string[] {
  const xml = readFileSync(path.join(HOSTILE_BUILD, 'sitemap.xml'), 'utf8');
  const routes = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  return [...routes.filter((route) => route === '/' || route.startsWith('/docs')), '/search?q=window.__xss'];
}

/** Records every write to `window.__xss`, whichever vector makes it. */
async function trapXss(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const hits: unknown[] = [];
    Object.defineProperty(window, '__xssHits', {value: hits});
    Object.defineProperty(window, '__xss', {
      get: () => undefined,
      set: (value: unknown) => {
        hits.push(value);
      },
    });
  });
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
}

async function domFindings(page: Page): Promise<{handlers: string[]; scriptUrls: string[]; xss: unknown[]; overflow: number}> {
  return page.evaluate(() => {
    const handlers: string[] = [];
    const scriptUrls: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) handlers.push(`<${element.localName} ${attribute.name}="${attribute.value}">`);
        if (/^(href|src|action|formaction|xlink:href|data|srcdoc)$/i.test(attribute.name) && /^\s*(javascript|vbscript|data:text\/html)/i.test(attribute.value)) {
          scriptUrls.push(`<${element.localName} ${attribute.name}="${attribute.value}">`);
        }
      }
    }
    const root = document.documentElement;
    return {
      handlers,
      scriptUrls,
      xss: (window as unknown as {__xssHits: unknown[]}).__xssHits,
      overflow: root.scrollWidth - root.clientWidth,
    };
  });
}

test.describe('a site built from hostile spec text', () => {

  let server: Server;
  let origin = '';
  test.beforeAll(async () => {
    server = await serveDirectory(HOSTILE_BUILD);
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  for (const route of hostileRoutes()) {
    test(`${route}: nothing from the spec runs, no handler or script URL in the DOM, not wider than the viewport`, async ({page}) => {
      await trapXss(page);
      const response = await page.goto(`${origin}${route}`);
      expect(response?.status()).toBe(200);
      await page.waitForFunction(() => {
        const root = document.getElementById('__docusaurus');
        return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
      });
      await waitForNetworkQuiet(page);
      const findings = await domFindings(page);
      expect(findings.xss, 'writes to window.__xss').toEqual([]);
      expect(await page.evaluate(() => (window as unknown as {__xss?: unknown}).__xss)).toBeUndefined();
      expect(findings.handlers, 'event handler attributes').toEqual([]);
      expect(findings.scriptUrls, 'script URLs').toEqual([]);
      expect(findings.overflow, 'horizontal overflow in px').toBeLessThanOrEqual(1);
    });
  }

  test('the server HTML holds no script from the spec, and the breadcrumb JSON-LD stays one valid script', async ({request}) => {
    const routes = hostileRoutes().filter((route) => route.startsWith('/docs/api/'));
    expect(routes.length).toBeGreaterThanOrEqual(7);
    for (const route of routes) {
      const html = await (await request.get(`${origin}${route}`)).text();
      for (const script of elements(parseHtml(html))) {
        if (script.tagName !== 'script') continue;
        const type = script.attrs.find((attribute) => attribute.name === 'type')?.value;
        const text = spacedText({...script, tagName: 'div'} as typeof script);
        if (type === 'application/ld+json') {
          expect(() => JSON.parse(text), `JSON-LD on ${route}`).not.toThrow();
        } else {
          expect(text, `inline script on ${route}`).not.toContain('__xss');
        }
      }
    }
  });

  test('the unterminated code fence ends with the description: the request and response sections follow it', async ({page}) => {
    await page.goto(`${origin}/docs/api/get-hostile`);
    const fence = page.locator('pre').filter({hasText: 'This fence is never closed'}).first();
    await expect(fence).toBeVisible();
    for (const heading of ['Authorization', 'Parameters', 'Responses']) {
      // The heading's accessible name also holds its "Direct link to …" anchor.
      const section = page.locator('h2').filter({hasText: new RegExp(`^${heading}`)});
      await expect(section).toBeVisible();
      const follows = await fence.evaluate(
        (code, name) => {
          const target = Array.from(document.querySelectorAll('h2')).find((h2) => h2.textContent?.trim().startsWith(name));
          return target !== undefined && Boolean(code.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) && !code.contains(target);
        },
        heading,
      );
      expect(follows, `${heading} comes after the code block, outside it`).toBe(true);
    }
  });

  test('the <your-name> placeholder reads as text', async ({page}) => {
    await page.goto(`${origin}/docs/api/get-hostile`);
    const parameter = page.locator('li, tr').filter({hasText: 'Your name, as'}).first();
    await expect(parameter).toBeVisible();
    await expect(parameter).toContainText('Your name, as <your-name> or <your-name> (replace <your-name> with yours).');
    await expect(page.locator('your-name')).toHaveCount(0);
  });

  test('entity-encoded HTML in an admonition stays text', async ({page}) => {
    await page.goto(`${origin}/docs/api/hostile-api`);
    const admonition = page.locator('.theme-admonition').filter({hasText: 'onerror=window.__xss=5'}).first();
    await expect(admonition).toBeVisible();
    await expect(admonition.locator('img')).toHaveCount(0);
  });

  test('searching for hostile text shows it as text', async ({page}) => {
    await trapXss(page);
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => {
      const root = document.getElementById('__docusaurus');
      return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
    });
    const search = page.getByRole('combobox', {name: 'Search'});
    const listbox = page.getByRole('listbox', {name: 'Search results'});
    for (const query of ['script', 'onerror', 'javascript']) {
      await search.fill(query);
      await expect(listbox.getByRole('option').nth(1)).toBeVisible();
      const findings = await domFindings(page);
      expect(findings.xss).toEqual([]);
      expect(findings.handlers).toEqual([]);
      expect(findings.scriptUrls).toEqual([]);
      // Titles, sections and excerpts are text: Pagefind's <mark> is the only element they add.
      expect(await listbox.locator('script, img, div, a, iframe, svg').count()).toBe(0);
    }
    await search.fill('script');
    await expect(listbox).toContainText('Get </script><script>window.__xss=6</script> hostile');
    await expect(listbox).toContainText('<script>window.__xss=1</script>');
    await expect(listbox.locator('mark').first()).toBeVisible();
  });

  test('the search page shows hostile titles and excerpts as text', async ({page}) => {
    await trapXss(page);
    await page.goto(`${origin}/search?q=onerror`);
    const results = page.locator('ol li');
    await expect(results.first()).toBeVisible();
    await expect(page.locator('ol')).toContainText('<img src=x onerror=window.__xss=2>');
    expect(await page.locator('ol').locator('script, img, iframe, svg').count()).toBe(0);
    await page.getByLabel('Search the documentation').fill('script');
    await expect(page.locator('ol li a').filter({hasText: 'Get </script><script>window.__xss=6</script> hostile'})).toHaveAttribute('href', '/docs/api/get-hostile');
    const findings = await domFindings(page);
    expect(findings.xss).toEqual([]);
    expect(findings.handlers).toEqual([]);
    expect(findings.scriptUrls).toEqual([]);
  });

  test.describe('at a 390 px wide viewport', () => {
    test.use({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});

    test('the 20,000-character word and the 200 KB description wrap inside the page', async ({page}) => {
      await trapXss(page);
      await page.goto(`${origin}/docs/api/put-large-hostile`);
      await expect(page.getByRole('heading', {level: 1})).toHaveText('A very large description and a very long word');
      const findings = await domFindings(page);
      expect(findings.overflow).toBeLessThanOrEqual(1);
      expect(findings.xss).toEqual([]);
    });
  });
});
