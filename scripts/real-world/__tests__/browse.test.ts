import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import type {Browser} from '@playwright/test';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';

import {browseBuiltSite, launchBrowser, pickBrowseRoutes} from '../browse';

/** A stand-in for a built page: `hydrate` marks the root as React's, as React's createRoot does, and `<html>` as hydrated, as Docusaurus does next. */
function page(body: string, {hydrate = true} = {}): string {
  const marker = hydrate
    ? `<script>document.getElementById('__docusaurus')['__reactContainer$test'] = {}; document.documentElement.setAttribute('data-has-hydrated', 'true');</script>`
    : '';
  return `<!doctype html><html><head><title>t</title><link rel="icon" href="data:,"></head><body><div id="__docusaurus">${body}</div>${marker}</body></html>`;
}

/** A part that becomes React's when pointed at, and an explorer button that shows the explorer form, as the real page does. */
const OPERATION = page(`
  <section id="responses-section" onmouseover="this['__reactFiber$test'] = {}">201 Created</section>
  <button type="button" onclick="document.getElementById('explorer').hidden = false">Open the API explorer</button>
  <form id="explorer" aria-label="API explorer" hidden><input aria-label="x"></form>`);

let dir: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'browse-'));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  rmSync(dir, {recursive: true, force: true});
});

function site(name: string, files: Record<string, string>): string {
  const root = path.join(dir, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('pickBrowseRoutes', () => {
  it('takes the overview, the heaviest, first and last operation pages and the heaviest schema page', () => {
    const root = site('pick', {
      'docs/api/pets-api.info.mdx': '',
      'docs/api/list-pets.api.mdx': '',
      'docs/api/add-pet.api.mdx': '',
      'docs/api/zap-pet.api.mdx': '',
      'docs/api/big-pet.api.mdx': '',
      'docs/api/pets.tag.mdx': '',
      'build/docs/api/pets-api.html': 'x',
      'build/docs/api/list-pets.html': 'xx',
      'build/docs/api/add-pet.html': 'xx',
      'build/docs/api/zap-pet.html': 'xx',
      'build/docs/api/big-pet.html': 'x'.repeat(100),
      'build/docs/api/pets.html': 'x'.repeat(200),
      'build/docs/api/schemas/pet.html': 'x'.repeat(50),
      'build/docs/api/schemas/error.html': 'x',
    });
    expect(pickBrowseRoutes(root, path.join(root, 'build'))).toEqual({
      overview: '/docs/api/pets-api',
      operations: ['/docs/api/big-pet', '/docs/api/add-pet', '/docs/api/zap-pet'],
      schema: '/docs/api/schemas/pet',
      opened: ['/docs/api/list-pets', '/docs/api/pets'],
    });
  });

  it('opens at most 20 more operation pages, spread over the API by name, and the two heaviest tag pages', () => {
    const files: Record<string, string> = {};
    for (let n = 100; n < 160; n += 1) {
      files[`docs/api/op-${n}.api.mdx`] = '';
      files[`build/docs/api/op-${n}.html`] = 'x';
    }
    for (const [tag, bytes] of [['a', 3], ['b', 1], ['c', 2]] as const) {
      files[`docs/api/${tag}.tag.mdx`] = '';
      files[`build/docs/api/${tag}.html`] = 'x'.repeat(bytes);
    }
    const root = site('many', files);
    const routes = pickBrowseRoutes(root, path.join(root, 'build'));
    expect(routes.operations).toEqual(['/docs/api/op-100', '/docs/api/op-159']);
    const opened = routes.opened.filter((route) => route.includes('/op-'));
    expect(opened).toHaveLength(20);
    expect(opened[0]).toBe('/docs/api/op-101');
    expect(opened.at(-1)).toBe('/docs/api/op-156');
    expect(routes.opened.slice(20)).toEqual(['/docs/api/a', '/docs/api/c']);
  });

  it('takes what there is', () => {
    const root = site('one', {'docs/api/only.api.mdx': '', 'build/docs/api/only.html': 'x'});
    expect(pickBrowseRoutes(root, path.join(root, 'build'))).toEqual({overview: null, operations: ['/docs/api/only'], schema: null, opened: []});
  });
});

describe('browseBuiltSite', () => {
  it('finds nothing wrong where pages hydrate, a part hydrates when pointed at and the explorer opens', async () => {
    const root = site('good', {'docs/api/info.html': page('Overview'), 'docs/api/op.html': OPERATION});
    const result = await browseBuiltSite(browser, root, {overview: '/docs/api/info', operations: ['/docs/api/op'], schema: null, opened: []});
    expect(result.pages).toEqual(['/docs/api/info', '/docs/api/op']);
    expect(result.problems).toEqual([]);
  });

  it('names the route and what went wrong: an exception, a console error, a page that never hydrates, a missing page', async () => {
    const root = site('bad', {
      'docs/api/throws.html': page('<script>throw new Error("boom in the page")</script>'),
      'docs/api/logs.html': page('<img src="/missing.png"><script>console.error("model broken")</script>'),
      'docs/api/static.html': page('never hydrated', {hydrate: false}),
      // An image on another host: the browser may not reach it, and that is not the site's fault.
      'docs/api/elsewhere.html': page('<img src="https://example.com/logo.png">'),
      'docs/api/op.html': OPERATION.replace(`this['__reactFiber$test'] = {}`, ''),
    });
    const result = await browseBuiltSite(
      browser,
      root,
      {overview: '/docs/api/throws', operations: ['/docs/api/op'], schema: '/docs/api/logs', opened: []},
      // The page that never hydrates waits this long; every other wait ends when the page gets there.
      {timeoutMs: 3_000},
    );
    // Within a page, in the order the browser reported them (a failed load and a script race).
    expect([...result.problems].sort()).toEqual([
      '/docs/api/logs: console error: Failed to load resource: the server responded with a status of 404 (Not Found)',
      '/docs/api/logs: console error: model broken',
      '/docs/api/op: #responses-section did not hydrate after the reader pointed at it',
      '/docs/api/throws: uncaught exception: boom in the page',
    ]);
    const more = await browseBuiltSite(browser, root, {overview: '/docs/api/static', operations: [], schema: null, opened: ['/docs/api/elsewhere']}, {timeoutMs: 1_000});
    expect(more.problems).toEqual(['/docs/api/static: did not hydrate within 1 s']);
    const missing = await browseBuiltSite(browser, root, {overview: '/docs/api/gone', operations: [], schema: null, opened: []});
    expect(missing.problems).toContain('/docs/api/gone: HTTP 404');
  });
});
