import {readdirSync} from 'node:fs';
import path from 'node:path';
import type {Page, Response} from '@playwright/test';

import {gotoHydrated, waitForNetworkQuiet} from './fixtures';

/** The URL path of an operation's full page model, which the page fetches when a reader first needs it (src/plugins/page-data). */
export const MODEL_FILE = /\/assets\/models\/[0-9a-f]+\.json$/;

/** A script a page loaded, or a file its scripts fetched, with its body. */
export interface LoadedFile {
  url: string;
  body: string;
}

/**
 * Loads `url` and returns every script it loaded and every file its scripts
 * fetched (the sidebar's JSON files, page models) until the network is quiet:
 * what the first load of the page carries, as bench/first-load.ts counts it.
 */
export async function loadedScriptsAndData(page: Page, url: string): Promise<LoadedFile[]> {
  const responses: Response[] = [];
  const record = (response: Response) => {
    if (['script', 'fetch', 'xhr'].includes(response.request().resourceType())) responses.push(response);
  };
  page.on('response', record);
  try {
    await gotoHydrated(page, url);
    await waitForNetworkQuiet(page);
  } finally {
    page.off('response', record);
  }
  return Promise.all(responses.map(async (response) => ({url: response.url(), body: (await response.body().catch(() => Buffer.alloc(0))).toString('utf8')})));
}

/** The route of every page a build published under `routePrefix` (`<page>.html`, or `<page>/index.html`), sorted. */
export function builtPagesUnder(buildDir: string, routePrefix: string): string[] {
  const root = path.join(buildDir, ...routePrefix.split('/').filter(Boolean));
  const pages: string[] = [];
  const visit = (dir: string, route: string) => {
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      if (entry.isDirectory()) visit(path.join(dir, entry.name), `${route}/${entry.name}`);
      else if (entry.name === 'index.html') {
        if (route !== routePrefix) pages.push(route);
      } else if (entry.name.endsWith('.html')) pages.push(`${route}/${entry.name.slice(0, -'.html'.length)}`);
    }
  };
  visit(root, routePrefix);
  return [...new Set(pages)].sort();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Which of `routes` (pages below `/docs/`) each loaded file names: by its
 * route or by its doc id (the route without `/docs/`, as the docs plugin's
 * metadata names a doc), as a whole path segment. A route table, sidebar,
 * docs map or global data entry of a page names it either way.
 */
export function pagesNamedIn(files: readonly LoadedFile[], routes: readonly string[]): {url: string; route: string}[] {
  const found: {url: string; route: string}[] = [];
  for (const route of routes) {
    const id = route.replace(/^\/docs\//, '');
    const pattern = new RegExp(`${escapeRegExp(id)}(?![\\w.%/-])`);
    for (const file of files) if (pattern.test(file.body)) found.push({url: new URL(file.url).pathname, route});
  }
  return found;
}
