/**
 * Search quality and speed on built sites: each labelled query of
 * bench/search-queries.json is typed into the site's own navbar search box
 * in Chromium, key by key as a reader types it, and the rank of the page it
 * should find is read from the list the box shows. Reported per site and per
 * kind of query: top-1, top-3 and mean reciprocal rank (a page not among the
 * shown hits counts 0), the bytes the first search of a fresh page fetches
 * before its first results show, and the time from the last keystroke to
 * the results on screen with the CPU slowed 4× (median over the queries).
 * A report, never a pass or fail.
 *
 *   npx tsx bench/search-quality.ts --site=meridian --build=<site dir> [--site=github --build=<dir>]
 *
 * `npm run bench -- --only=search` builds each site first (bench/run.ts).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Browser, Page} from '@playwright/test';

import {namedOperationRoutes} from './scale-bench';
import {waitUntilQuiet, watchNetwork} from './page-load';
import {SEARCH_SITES, type SearchSite} from './search-sites';

export {SEARCH_SITES, type SearchSite} from './search-sites';

/** The kinds of query the set labels, as developers type them. */
export const QUERY_KINDS = ['title', 'partial-title', 'verb-noun', 'operationId', 'method-path', 'concrete-path', 'schema', 'tag', 'field', 'typo', 'webhook', 'guide'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/** One labelled query: what is typed, and the pages that answer it (`op:<operationId>` or a route), any of them right. */
export interface LabelledQuery {
  site: SearchSite;
  kind: QueryKind;
  query: string;
  expect: string[];
}

export const QUERY_FILE = path.join(__dirname, 'search-queries.json');

export function readQueries(file = QUERY_FILE): LabelledQuery[] {
  const queries = JSON.parse(readFileSync(file, 'utf8')) as LabelledQuery[];
  for (const [index, query] of queries.entries()) {
    if (!SEARCH_SITES.includes(query.site) || !QUERY_KINDS.includes(query.kind) || typeof query.query !== 'string' || !Array.isArray(query.expect) || query.expect.length === 0) {
      throw new Error(`[bench] ${file}: query ${index} (${JSON.stringify(query)}) needs a site (${SEARCH_SITES.join(', ')}), a kind (${QUERY_KINDS.join(', ')}), a query and a non-empty expect list`);
    }
  }
  return queries;
}

/** The routes a query's labels stand for, the operationIds resolved by the site's own page ids over the spec the build published. */
export function expectedRoutes(siteDir: string, labels: readonly string[]): string[] {
  const ids = labels.filter((label) => label.startsWith('op:')).map((label) => label.slice(3));
  const routes = namedOperationRoutes(siteDir, ids);
  const missing = ids.filter((_, index) => routes[index] === null);
  if (missing.length > 0) throw new Error(`no operation ${missing.join(', ')} in ${siteDir}/.spec/openapi.yaml`);
  return [...(routes as string[]), ...labels.filter((label) => !label.startsWith('op:'))];
}

export interface QueryRun {
  site: SearchSite;
  kind: QueryKind;
  query: string;
  /** 1-based rank of the first expected page among the hits shown, null when none is shown. */
  rank: number | null;
  /** The first hits shown, as routes. */
  shown: string[];
  /** From the last keystroke to the final list on screen, ms, CPU slowed 4×. */
  ms: number | null;
  error: string | null;
}

export interface SiteFigures {
  site: SearchSite;
  queries: number;
  top1: number;
  top3: number;
  mrr: number;
  byKind: {kind: QueryKind; queries: number; top1: number; top3: number; mrr: number}[];
  /** Bytes (as sent, gzip) of every request from focusing the box of a fresh page to the first results of its first query. */
  firstSearchBytes: number | null;
  firstSearchRequests: number | null;
  /** The same bytes and requests by kind of file (searchFileKind). */
  firstSearchByKind: {kind: SearchFileKind; bytes: number; requests: number}[] | null;
  medianMs: number | null;
  p90Ms: number | null;
  failures: QueryRun[];
}

const INPUT = 'nav input[role="combobox"]';
const HITS = 'nav [role="listbox"] [role="option"]:not(:last-child)';
/** A pause longer than the box's typing pause (typing.ts) and any answer, after which the list is final. */
const SETTLE_MS = 1_500;
const KEY_DELAY_MS = 60;

/** Routes of the hits the box shows, read from each option's data (the box keeps the path it opens there; a field's anchor is not part of the page's route). */
async function shownRoutes(page: Page): Promise<string[]> {
  return page.locator(HITS).evaluateAll((options) => options.map((option) => (option.getAttribute('data-path') ?? '').split('#')[0]));
}

/** The kinds of file a search fetches, as the first-search breakdown names them. */
export const SEARCH_FILE_KINDS = ['code', 'metadata', 'index chunks', 'filters', 'fragments', 'endpoint lists', 'names lists', 'title lists', 'other'] as const;
export type SearchFileKind = (typeof SEARCH_FILE_KINDS)[number];

/** What a file fetched by the search is, from its path: Pagefind's script, worker and WebAssembly, its metadata, chunks, filters and fragments, or the site's own lists. */
export function searchFileKind(pathname: string): SearchFileKind {
  if (/\/pagefind\/(?:pagefind(?:-worker)?\.js|wasm\.[^/]*)$/.test(pathname)) return 'code';
  if (/\.pf_meta$|\/pagefind-entry\.json$/.test(pathname)) return 'metadata';
  if (pathname.endsWith('.pf_index')) return 'index chunks';
  if (pathname.endsWith('.pf_filter')) return 'filters';
  if (pathname.endsWith('.pf_fragment')) return 'fragments';
  if (pathname.includes('/pagefind/endpoints/')) return 'endpoint lists';
  if (pathname.includes('/pagefind/names/')) return 'names lists';
  if (pathname.includes('/pagefind/titles/')) return 'title lists';
  return 'other';
}

/**
 * Types `query` into the box of a page already loaded, key by key, and
 * returns the time from the last key to the moment the list stopped
 * changing, and the routes it shows then.
 */
async function typeQuery(page: Page, query: string): Promise<{ms: number; shown: string[]}> {
  await page.locator(INPUT).fill('');
  await page.locator(INPUT).focus();
  const marker = await page.evaluate(() => {
    const w = window as unknown as {__lastChange?: number; __observer?: MutationObserver};
    w.__lastChange = 0;
    w.__observer?.disconnect();
    const target = document.querySelector('nav [role="search"]') ?? document.body;
    w.__observer = new MutationObserver(() => {
      w.__lastChange = performance.now();
    });
    w.__observer.observe(target, {subtree: true, childList: true, characterData: true});
    return performance.now();
  });
  await page.keyboard.type(query.slice(0, -1), {delay: KEY_DELAY_MS});
  const lastKeyAt = await page.evaluate(() => performance.now());
  await page.keyboard.type(query.slice(-1));
  // Until the list answers the whole query (its last option names it) and has not changed for SETTLE_MS.
  await page.waitForFunction(
    ({settle, query}) => {
      const w = window as unknown as {__lastChange?: number};
      const box = document.querySelector('nav [role="search"]')?.textContent ?? '';
      const answered = box.includes(`results for “${query.trim()}”`) || box.includes(`No results for “${query.trim()}”`) || box.includes('not available');
      return answered && performance.now() - (w.__lastChange ?? 0) > settle;
    },
    {settle: SETTLE_MS, query},
    {timeout: 60_000, polling: 100},
  );
  const lastChange = await page.evaluate(() => (window as unknown as {__lastChange?: number}).__lastChange ?? 0);
  void marker;
  return {ms: Math.max(0, lastChange - lastKeyAt), shown: await shownRoutes(page)};
}

async function freshPage(browser: Browser, origin: string, pagePath: string): Promise<{page: Page; close: () => Promise<void>; network: ReturnType<typeof watchNetwork>}> {
  const context = await browser.newContext({viewport: {width: 1350, height: 940}});
  await context.setExtraHTTPHeaders({'Accept-Encoding': 'gzip'});
  const page = await context.newPage();
  await page.addInitScript('window.__name = (target) => target');
  const network = watchNetwork(page);
  await page.goto(`${origin}${pagePath}`, {waitUntil: 'load'});
  await waitUntilQuiet(page, network.activity, 60_000);
  await page.waitForFunction(() => Object.keys(document.getElementById('__docusaurus') ?? {}).some((key) => key.startsWith('__reactContainer')));
  return {page, network, close: () => context.close()};
}

/** Bytes of the first search on a fresh page: from focusing the box to the first hits of `query` on screen. */
async function firstSearchBytes(
  browser: Browser,
  origin: string,
  pagePath: string,
  query: string,
): Promise<{bytes: number; requests: number; byKind: {kind: SearchFileKind; bytes: number; requests: number}[]}> {
  const {page, close} = await freshPage(browser, origin, pagePath);
  try {
    const sizes: Promise<{kind: SearchFileKind; bytes: number}>[] = [];
    let counting = true;
    page.on('requestfinished', (request) => {
      const kind = searchFileKind(new URL(request.url()).pathname);
      if (counting) sizes.push(request.sizes().then((size) => ({kind, bytes: size.responseBodySize + size.responseHeadersSize})));
    });
    await page.locator(INPUT).focus();
    await page.keyboard.type(query, {delay: KEY_DELAY_MS});
    await page.locator(HITS).first().waitFor({timeout: 60_000});
    counting = false;
    const all = await Promise.all(sizes);
    const byKind = SEARCH_FILE_KINDS.map((kind) => {
      const files = all.filter((file) => file.kind === kind);
      return {kind, bytes: files.reduce((sum, file) => sum + file.bytes, 0), requests: files.length};
    }).filter((entry) => entry.requests > 0);
    return {bytes: all.reduce((sum, size) => sum + size.bytes, 0), requests: all.length, byKind};
  } finally {
    await close();
  }
}

function percentile(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

function score(runs: readonly QueryRun[]): {queries: number; top1: number; top3: number; mrr: number} {
  const count = runs.length || 1;
  return {
    queries: runs.length,
    top1: runs.filter((run) => run.rank === 1).length / count,
    top3: runs.filter((run) => run.rank !== null && run.rank <= 3).length / count,
    mrr: runs.reduce((sum, run) => sum + (run.rank === null ? 0 : 1 / run.rank), 0) / count,
  };
}

/**
 * Runs the site's labelled queries against its build served at `origin`
 * (`siteDir` is the site folder with `.spec/` and `build/`), all on one page
 * whose CPU is slowed 4×, each typed afresh into the box.
 */
export async function measureSearchQuality(browser: Browser, site: SearchSite, siteDir: string, origin: string, queries: readonly LabelledQuery[], log: (line: string) => void): Promise<{figures: SiteFigures; runs: QueryRun[]}> {
  const mine = queries.filter((query) => query.site === site);
  const startPage = '/docs';
  const first = await firstSearchBytes(browser, origin, startPage, mine[0]?.query ?? 'contact').catch((error: Error) => {
    log(`[bench] search ${site}: first-search bytes not measured: ${error.message}`);
    return null;
  });
  const {page, close} = await freshPage(browser, origin, startPage);
  const runs: QueryRun[] = [];
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
    for (const labelled of mine) {
      const run: QueryRun = {site, kind: labelled.kind, query: labelled.query, rank: null, shown: [], ms: null, error: null};
      try {
        const wanted = expectedRoutes(siteDir, labelled.expect);
        const {ms, shown} = await typeQuery(page, labelled.query);
        run.ms = ms;
        run.shown = shown;
        const index = shown.findIndex((route) => wanted.includes(route));
        run.rank = index < 0 ? null : index + 1;
      } catch (error) {
        run.error = (error as Error).message.split('\n')[0] ?? 'unknown error';
      }
      runs.push(run);
    }
  } finally {
    await close();
  }
  const times = runs.map((run) => run.ms).filter((ms): ms is number => ms !== null);
  const figures: SiteFigures = {
    site,
    ...score(runs),
    byKind: QUERY_KINDS.map((kind) => ({kind, ...score(runs.filter((run) => run.kind === kind))})).filter((entry) => entry.queries > 0),
    firstSearchBytes: first?.bytes ?? null,
    firstSearchRequests: first?.requests ?? null,
    firstSearchByKind: first?.byKind ?? null,
    medianMs: percentile(times, 0.5),
    p90Ms: percentile(times, 0.9),
    failures: runs.filter((run) => run.rank !== 1),
  };
  return {figures, runs};
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The Markdown table of point 2 of issue 44, and the failures by query. */
export function renderSearchQuality(sites: readonly SiteFigures[]): string {
  const lines = [
    '## Search quality',
    '',
    'Each query typed key by key into the navbar box in Chromium; ranks read from the list it shows (8 hits). Time: last keystroke to the final list on screen, CPU slowed 4×, median and 90th percentile over the site\'s queries. Bytes: the first search on a fresh page, from focus to first results, as sent (gzip).',
    '',
    '| site | queries | top-1 | top-3 | MRR | first search KB | requests | ms median (p90), 4× CPU |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...sites.map(
      (site) =>
        `| ${site.site} | ${site.queries} | ${percent(site.top1)} | ${percent(site.top3)} | ${site.mrr.toFixed(3)} | ${site.firstSearchBytes === null ? 'n/a' : (site.firstSearchBytes / 1024).toFixed(1)} | ${site.firstSearchRequests ?? 'n/a'} | ${site.medianMs?.toFixed(0) ?? 'n/a'} (${site.p90Ms?.toFixed(0) ?? 'n/a'}) |`,
    ),
    '',
    'First search by kind of file (KB as sent, requests):',
    '',
    `| site | ${SEARCH_FILE_KINDS.join(' | ')} |`,
    `| --- |${SEARCH_FILE_KINDS.map(() => ' ---: |').join('')}`,
    ...sites.map((site) => {
      const cells = SEARCH_FILE_KINDS.map((kind) => {
        const entry = site.firstSearchByKind?.find((one) => one.kind === kind);
        return entry ? `${(entry.bytes / 1024).toFixed(1)} (${entry.requests})` : site.firstSearchByKind ? '0' : 'n/a';
      });
      return `| ${site.site} | ${cells.join(' | ')} |`;
    }),
    '',
    '| site | kind | queries | top-1 | top-3 | MRR |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...sites.flatMap((site) => site.byKind.map((kind) => `| ${site.site} | ${kind.kind} | ${kind.queries} | ${percent(kind.top1)} | ${percent(kind.top3)} | ${kind.mrr.toFixed(3)} |`)),
    '',
    'Queries whose page was not first:',
    '',
    ...sites.flatMap((site) =>
      site.failures.map((run) => `- ${site.site}, ${run.kind}: "${run.query}": ${run.error ?? (run.rank === null ? 'not shown' : `rank ${run.rank}`)}; shown first: ${run.shown.slice(0, 3).join(', ') || 'nothing'}`),
    ),
    ...(sites.every((site) => site.failures.length === 0) ? ['- none'] : []),
    '',
  ];
  return lines.join('\n');
}
