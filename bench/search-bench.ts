import type {Browser, Page} from '@playwright/test';

import {localOnlyContext, responseBody, waitUntilQuiet, watchNetwork} from './page-load';
import {gzipSize} from './stats';

/**
 * Elements that open or are the site's search box, most specific first: an
 * input in the navbar (docusaurus-search-local), any search input or
 * searchbox, then a button that opens a search dialog (DocSearch, Pagefind's
 * modal UIs). Kept generic so that the same code measures whatever search
 * the site ships.
 */
export const SEARCH_BOX_SELECTORS = [
  '.navbar input[type="search"]',
  '.navbar__search-input',
  'input[type="search"]',
  '[role="searchbox"]',
  'input[aria-label*="search" i]',
  'input[placeholder*="search" i]',
  'button[aria-label*="search" i]',
  '.DocSearch-Button',
];

/** A desktop window, where the navbar shows its search box. */
const DESKTOP = {viewport: {width: 1280, height: 800}};

export interface SearchQueryRun {
  query: string;
  /** The selector of the element the benchmark focused, or null when the page had none. */
  searchBox: string | null;
  /** Requests from focusing the box until the network was quiet again after typing. */
  requests: number;
  rawBytes: number;
  /** Each response body gzipped at level 9, summed. */
  gzipBytes: number;
  /** The largest responses of the query, as `path (KB gzip)`. */
  largest: string[];
  networkIdle: boolean;
  error: string | null;
}

async function findSearchBox(page: Page): Promise<string | null> {
  for (const selector of SEARCH_BOX_SELECTORS) {
    const element = page.locator(selector).first();
    if ((await element.count()) > 0 && (await element.isVisible())) return selector;
  }
  return null;
}

/**
 * What the first search on a page costs: loads `url` (desktop window, cold
 * cache, only 127.0.0.1 reachable), waits until the network is quiet, then
 * focuses the search box, types `query` and sums every request that causes
 * until the network is quiet again (the whole index for a search that
 * downloads one file, the chunks a query needs for a chunked one).
 */
export async function measureFirstSearch(browser: Browser, url: string, query: string, timeoutMs = 120_000): Promise<SearchQueryRun> {
  const run: SearchQueryRun = {query, searchBox: null, requests: 0, rawBytes: 0, gzipBytes: 0, largest: [], networkIdle: false, error: null};
  const {context} = await localOnlyContext(browser, DESKTOP);
  try {
    const page = await context.newPage();
    const {activity, finished} = watchNetwork(page);
    await page.goto(url, {waitUntil: 'load', timeout: timeoutMs});
    await waitUntilQuiet(page, activity, timeoutMs);
    run.searchBox = await findSearchBox(page);
    if (run.searchBox === null) throw new Error(`no search box on ${url} (tried ${SEARCH_BOX_SELECTORS.join(', ')})`);
    const firstRequest = activity.total;
    const firstFinished = finished.length;
    await page.locator(run.searchBox).first().click();
    await page.keyboard.type(query, {delay: 80});
    run.networkIdle = await waitUntilQuiet(page, activity, timeoutMs);
    run.requests = activity.total - firstRequest;
    const sizes: Array<{path: string; gzip: number}> = [];
    for (const entry of finished.slice(firstFinished)) {
      const body = await responseBody(entry.request);
      if (body === undefined) continue;
      const gzip = gzipSize(body);
      run.rawBytes += body.length;
      run.gzipBytes += gzip;
      sizes.push({path: new URL(entry.request.url()).pathname, gzip});
    }
    run.largest = sizes
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 3)
      .map((size) => `${size.path} (${(size.gzip / 1024).toFixed(0)} KB gzip)`);
  } catch (error) {
    run.error = (error as Error).message.split('\n')[0] ?? 'unknown error';
  } finally {
    await context.close();
  }
  return run;
}
