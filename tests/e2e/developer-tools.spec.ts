import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {APIRequestContext, BrowserContext, Page} from '@playwright/test';
import {parse} from 'yaml';

import {test, expect, gotoHydrated, waitForNetworkQuiet} from './fixtures';
import {operationRoutes, sitemapPaths} from './site-routes';
import {parsePageModel} from '../../src/openapi/models/model-file';

const root = process.cwd();
const specText = readFileSync(path.join(root, '.spec/openapi.yaml'));
// Parsed with `yaml` itself, not the site's parseSpecText: the downloads are checked against the file, not against the code that wrote them.
const spec: unknown = parse(specText.toString('utf8'), {maxAliasCount: -1});
const operations = operationRoutes(root);
const POSTMAN_SCHEMA_V21 = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** Every docs page the sitemap lists: the pages a reader (or a crawler) can reach. */
const docsPaths = sitemapPaths(root).filter((route) => route === '/docs' || route.startsWith('/docs/'));

/** The Markdown twin of a route: `/docs` → `/docs.md`. */
const twinOf = (route: string) => `${route.replace(/\/+$/, '')}.md`;

/** URLs of the Prism bundles the page fetches: the only script defining the grammar walker `DFS`. */
function collectPrismScripts(page: Page): string[] {
  const prismScripts: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.text().catch(() => '');
    if (body.includes('DFS:function')) prismScripts.push(response.url());
  });
  return prismScripts;
}

interface PostmanItem {
  name?: string;
  item?: PostmanItem[];
  request?: {method: string; url: {host?: string[]; path?: string[]}};
}

function postmanRequests(items: PostmanItem[]): PostmanItem[] {
  return items.flatMap((item) => (item.request ? [item] : postmanRequests(item.item ?? [])));
}

async function fetchText(request: APIRequestContext, url: string): Promise<string> {
  const response = await request.get(url);
  expect(response.status(), `GET ${url}`).toBe(200);
  return response.text();
}

async function allowClipboard(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: new URL(baseURL ?? 'http://127.0.0.1').origin});
}

function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

test.describe('spec downloads', () => {
  test('/openapi.yaml is the resolved spec byte for byte, /openapi.json the same document', async ({request}) => {
    const yamlResponse = await request.get('/openapi.yaml');
    expect(yamlResponse.status()).toBe(200);
    const yamlBody = await yamlResponse.body();
    expect(yamlBody.equals(specText), 'openapi.yaml equals .spec/openapi.yaml byte for byte').toBe(true);
    expect(parse(yamlBody.toString('utf8'), {maxAliasCount: -1})).toEqual(spec);

    const jsonResponse = await request.get('/openapi.json');
    expect(jsonResponse.status()).toBe(200);
    expect(JSON.parse(await jsonResponse.text())).toEqual(spec);
  });

  test('the Postman collection has one request per operation, on {{baseUrl}}', async ({request}) => {
    const collection = JSON.parse(await fetchText(request, '/meridian.postman_collection.json')) as {
      info: {schema: string};
      item: PostmanItem[];
      variable: {key: string; value: string}[];
    };
    expect(collection.info.schema).toBe(POSTMAN_SCHEMA_V21);
    expect(collection.variable.map(({key}) => key)).toEqual(expect.arrayContaining(['baseUrl', 'accessToken']));
    const requests = postmanRequests(collection.item);
    const requestKeys = requests.map(({request: item}) => {
      const pathName = (item?.url.path ?? []).map((segment) => segment.replace(/^:(.+)$/, '{$1}')).join('/');
      return `${item?.method.toUpperCase()} /${pathName}`;
    });
    expect(requestKeys.sort()).toEqual(operations.map(({method, apiPath}) => `${method.toUpperCase()} ${apiPath}`).sort());
    for (const item of requests) expect(item.request?.url.host).toEqual(['{{baseUrl}}']);
  });
});

test.describe('Markdown twins and llms.txt', () => {
  test('the sitemap lists docs pages', () => {
    expect(docsPaths).toContain('/docs');
    expect(docsPaths.length).toBeGreaterThanOrEqual(operations.length + 2);
  });

  test('every docs page of the sitemap has a Markdown twin listed in /llms.txt', async ({request}) => {
    const llmsTxt = await fetchText(request, '/llms.txt');
    expect(llmsTxt).toMatch(/^# \S.*\n\n> \S/);
    const listed = new Set([...llmsTxt.matchAll(/^- \[.+\]\((https?:\/\/[^)\s]+)\)/gm)].map((match) => new URL(match[1]).pathname));
    const problems: string[] = [];
    for (const route of docsPaths) {
      const twin = twinOf(route);
      const response = await request.get(twin);
      if (response.status() !== 200) problems.push(`${twin} answers ${response.status()}`);
      else if (!/^# \S/.test(await response.text())) problems.push(`${twin} does not start with a title`);
      if (!listed.has(twin)) problems.push(`${twin} is not listed in /llms.txt`);
    }
    expect(problems).toEqual([]);
  });

  test('operation twins start with the summary and the method and path', async ({request}) => {
    for (const operation of operations) {
      const markdown = await fetchText(request, twinOf(operation.path));
      expect(markdown.startsWith(`# ${operation.summary}\n\n\`${operation.method.toUpperCase()} ${operation.apiPath}\`\n`), operation.path).toBe(true);
    }
  });

  test("/llms-full.txt holds every operation's method and path", async ({request}) => {
    const llmsFull = await fetchText(request, '/llms-full.txt');
    const missing = operations
      .map(({method, apiPath}) => `\`${method.toUpperCase()} ${apiPath}\``)
      .filter((line) => !llmsFull.includes(line));
    expect(missing).toEqual([]);
  });
});

// The button sits above every docs page (src/theme/DocItem/Content).
test.describe('"Copy page as Markdown"', () => {
  for (const route of ['/docs', '/docs/api/create-contact']) {
    test(`copies the Markdown twin of ${route}`, async ({page, context, baseURL, request}) => {
      await allowClipboard(context, baseURL);
      const expected = await fetchText(request, twinOf(route));
      await gotoHydrated(page, route);
      await expect(page.getByRole('link', {name: 'View as Markdown'})).toHaveAttribute('href', twinOf(route));
      await page.getByRole('button', {name: 'Copy page as Markdown'}).click();
      await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
      await expect(page.getByRole('status').filter({hasText: 'copied to the clipboard'})).toHaveCount(1);
      expect(await readClipboard(page)).toBe(expected);
    });
  }
});

test.describe('code samples', () => {
  const SAMPLES: [label: string, marker: string][] = [
    ['cURL', 'curl --request POST'],
    ['JavaScript', "fetch('https://"],
    ['Node.js', 'fetch(url, options)'],
    ['Python', 'import requests'],
    ['Go', 'package main'],
    ['Java', 'HttpRequest.newBuilder()'],
    ['C#', 'new HttpClient()'],
    ['PHP', '<?php'],
    ['Ruby', "require 'net/http'"],
  ];

  test.describe('without JavaScript', () => {
    test.use({javaScriptEnabled: false});

    test('create-contact has all nine languages in its server-rendered HTML', async ({page}) => {
      await page.goto('/docs/api/create-contact');
      const section = page.locator('section[aria-label="Code samples"]');
      await expect(section).toHaveCount(1);
      const tabs = section.getByRole('tab');
      await expect(tabs).toHaveText(SAMPLES.map(([label]) => label));
      const panels = section.locator('[role="tabpanel"]');
      await expect(panels).toHaveCount(SAMPLES.length);
      for (const [index, [label, marker]] of SAMPLES.entries()) {
        const text = (await panels.nth(index).textContent()) ?? '';
        expect(text, `${label} sample`).toContain(marker);
        expect(text, `${label} sample`).toContain('/v1/contacts');
        expect(text, `${label} sample`).toContain('YOUR_ACCESS_TOKEN');
      }
    });
  });

  test("a code block's copy button copies the cURL sample", async ({page, context, baseURL}) => {
    await allowClipboard(context, baseURL);
    const model = parsePageModel<{codeSamples: {id: string; code: string}[]}>(readFileSync(path.join(root, 'docs/api/create-contact.page.json'), 'utf8'));
    const curl = model.codeSamples.find(({id}) => id === 'curl')?.code;
    expect(curl).toBeDefined();
    await gotoHydrated(page, '/docs/api/create-contact');
    const section = page.locator('section[aria-label="Code samples"]');
    await expect(section.getByRole('tab', {name: 'cURL', exact: true})).toHaveAttribute('aria-selected', 'true');
    const panel = section.locator('[role="tabpanel"]:not([hidden])');
    await panel.hover();
    await panel.getByRole('button', {name: /copy/i}).click();
    await expect.poll(() => readClipboard(page)).toBe(curl);
  });

  test('the copy button\'s icons draw the symbols the page holds (src/plugins/icon-sprites), and show a copy from server HTML', async ({page, context, baseURL}) => {
    await allowClipboard(context, baseURL);
    // The page's timers are the test's to run: the button says "Copied" for a second, which a slow click can miss.
    await page.clock.install();
    await gotoHydrated(page, '/docs/api/create-contact');
    // By its title, which stays "Copy" while its label says "Copied".
    const copyButton = page.locator('section[aria-label="Code samples"] [role="tabpanel"]:not([hidden])').getByTitle('Copy', {exact: true});
    // Both icons (the copy icon, and the success icon it hides): references to symbols of the page, drawn at their size (a broken
    // reference draws nothing: an empty box).
    const icons = await copyButton.locator('svg').evaluateAll((svgs) =>
      svgs.map((svg) => {
        const href = svg.querySelector('use')?.getAttribute('href') ?? '';
        const box = (svg as SVGGraphicsElement).getBBox();
        return {href, symbol: document.querySelector(href)?.tagName, drawn: box.width > 0 && box.height > 0};
      }),
    );
    expect(icons).toEqual([
      {href: '#icon-Copy', symbol: 'symbol', drawn: true},
      {href: '#icon-Success', symbol: 'symbol', drawn: true},
    ]);
    // A copy from the server's HTML (the page's full model held back, so the part stays as the server wrote it) says so as
    // the classic button does: the label, and the success icon in place of the copy icon.
    await page.route('**/assets/models/**', () => undefined);
    await copyButton.hover();
    await page.clock.pauseAt(Date.now() + 60_000);
    await copyButton.click();
    await expect(copyButton).toHaveAttribute('aria-label', 'Copied');
    const opacities = () => copyButton.locator('svg').evaluateAll((svgs) => svgs.map((svg) => Number(getComputedStyle(svg).opacity)));
    await expect.poll(opacities).toEqual([0, 1]);
    await page.clock.runFor(1000);
    await expect(copyButton).toHaveAttribute('aria-label', 'Copy code to clipboard');
    await expect.poll(opacities).toEqual([1, 0]);
  });

  test('code samples stay server HTML on load, Prism loads on first use, and highlighting survives both', async ({page}) => {
    const prismScripts = collectPrismScripts(page);
    await gotoHydrated(page, '/docs/api/create-contact');
    await waitForNetworkQuiet(page);
    const section = page.locator('section[aria-label="Code samples"]');
    const panel = section.locator('[role="tabpanel"]:not([hidden])');
    // Highlighted on the server, and not re-rendered by React on load.
    expect(await panel.locator('span.token').count()).toBeGreaterThan(5);
    const ownedByReact = () =>
      panel.locator('pre').evaluate((pre) => Object.keys(pre).some((key) => key.startsWith('__reactFiber')));
    expect(await ownedByReact()).toBe(false);
    expect(prismScripts, 'Prism loaded with the page').toEqual([]);

    await panel.hover();
    await expect.poll(ownedByReact).toBe(true);
    await expect.poll(() => prismScripts.length).toBeGreaterThan(0);
    await expect.poll(() => panel.locator('span.token').count()).toBeGreaterThan(5);
    await expect(panel).toContainText('curl --request POST');
  });

  test('a Markdown page keeps its highlighted code on load, and a dark-mode reader gets dark code from the server HTML', async ({page, browser, baseURL}) => {
    const prismScripts = collectPrismScripts(page);
    await gotoHydrated(page, '/docs');
    await waitForNetworkQuiet(page);
    const code = page.locator('main pre').first();
    expect(await code.locator('span.token').count()).toBeGreaterThan(3);
    expect(prismScripts, 'Prism loaded with a page whose code is already highlighted').toEqual([]);
    // Colours come from the stylesheet of both modes, not from inline styles.
    expect(await page.locator('main pre[style], main pre .token[style], main pre .token-line[style]').count()).toBe(0);
    const colours = () =>
      code.evaluate((pre) => [getComputedStyle(pre).backgroundColor, getComputedStyle(pre.querySelector('.token:not(.plain)') as Element).color]);
    const light = await colours();

    // The mode is applied by the inline script before the first paint; with
    // the page's scripts emptied (nothing hydrates), the code is dark already.
    await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
    await page.route(/\.js$/, (route) => route.fulfill({status: 200, contentType: 'text/javascript', body: ''}));
    await page.goto('/docs');
    const dark = await colours();
    expect(dark[0]).not.toBe(light[0]);
    expect(dark[1]).not.toBe(light[1]);
    await page.unroute(/\.js$/);

    // Hydrated and switched back and forth, the code is not re-rendered and Prism stays unloaded.
    await gotoHydrated(page, '/docs');
    await waitForNetworkQuiet(page);
    expect(await colours()).toEqual(dark);
    await page.getByRole('button', {name: /switch between dark and light mode/i}).click();
    await expect.poll(colours).not.toEqual(dark);
    expect(await code.locator('span.token').count()).toBeGreaterThan(3);
    expect(prismScripts, 'Prism loaded for a colour-mode switch').toEqual([]);

    // Without JavaScript no mode is set (the inline script sets it): the code has the light colours.
    const context = await browser.newContext({javaScriptEnabled: false});
    const noScript = await context.newPage();
    await noScript.goto(`${baseURL}/docs`);
    expect(await noScript.locator('main pre').first().evaluate((pre) => [getComputedStyle(pre).backgroundColor, getComputedStyle(pre.querySelector('.token:not(.plain)') as Element).color])).toEqual(light);
    await context.close();
  });

  test('a page opened by client-side navigation highlights its code samples', async ({page}) => {
    await gotoHydrated(page, '/docs/api/create-contact');
    await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', {name: 'List contacts', exact: true}).click();
    await expect(page).toHaveURL(/\/docs\/api\/list-contacts$/);
    const panel = page.locator('section[aria-label="Code samples"] [role="tabpanel"]:not([hidden])');
    await expect(panel).toContainText('curl --request GET');
    await expect.poll(() => panel.locator('span.token').count()).toBeGreaterThan(5);
  });

  test('the chosen language stays chosen on the next operation page', async ({page}) => {
    await gotoHydrated(page, '/docs/api/create-contact');
    const python = page.locator('section[aria-label="Code samples"]').getByRole('tab', {name: 'Python', exact: true});
    await python.click();
    await expect(python).toHaveAttribute('aria-selected', 'true');

    await gotoHydrated(page, '/docs/api/list-contacts');
    const section = page.locator('section[aria-label="Code samples"]');
    await expect(section.getByRole('tab', {name: 'Python', exact: true})).toHaveAttribute('aria-selected', 'true');
    await expect(section.locator('[role="tabpanel"]:not([hidden])')).toContainText('import requests');
  });
});
