import {rankExactMatches, toSearchHit, type PagefindResultData, type SearchHit} from './ranking';
import {suggestionQueries} from './suggest';

/** The part of Pagefind's browser API (`pagefind.js`, written by src/plugins/search) the site uses. */
interface PagefindModule {
  options(options: {excerptLength?: number}): Promise<void>;
  init(): Promise<void>;
  search(query: string, options?: SearchOptions): Promise<{results: PagefindResult[]} | null>;
  preload(query: string): Promise<void>;
}

/** Pagefind's search options the site sets: its filters (the API version, src/components/ApiVersions/search-scope.ts). */
export interface SearchOptions {
  filters?: Record<string, unknown>;
}

export interface PagefindResult {
  id: string;
  data(): Promise<PagefindResultData>;
}

/**
 * Results whose data are read to re-rank them: a page that the query names
 * exactly (summary, operationId, `METHOD /path`) is among Pagefind's first
 * results thanks to the weights on those elements, but not always the first.
 */
export const RERANK_WINDOW = 10;

/**
 * Results whose data come in the first round trip: each result's data is a
 * fragment file, and a browser opens at most six connections to one host
 * over HTTP/1.1, so the seventh fragment waits for the first to arrive.
 */
export const FIRST_ROUND_HITS = 6;

let loading: {url: string; module: Promise<PagefindModule>} | undefined;

/**
 * Loads `pagefind.js` (and through it the WebAssembly and the index entry)
 * once per page load, when the reader first uses search: never with the page.
 * `bundleUrl` carries the site's base URL (`useBaseUrl('/pagefind/pagefind.js')`).
 */
export function loadPagefind(bundleUrl: string): Promise<PagefindModule> {
  if (loading?.url !== bundleUrl) {
    const absolute = new URL(bundleUrl, window.location.href).href;
    const module = (import(/* webpackIgnore: true */ absolute) as Promise<PagefindModule>).then(async (pagefind) => {
      await pagefind.options({excerptLength: 24});
      await pagefind.init();
      return pagefind;
    });
    // A failed load (offline, a deploy in between) is tried again on the next use.
    module.catch(() => {
      if (loading?.module === module) loading = undefined;
    });
    loading = {url: bundleUrl, module};
  }
  return loading.module;
}

/**
 * Starts fetching the index chunks of `query`'s words, without searching: the
 * search that follows a pause in typing finds them loaded (or on their way)
 * instead of waiting a round trip after the pause. Chunks are cached, so a
 * query typed letter by letter fetches each chunk once. A failure is left to
 * the search to report.
 */
export function preloadSearch(bundleUrl: string, query: string): void {
  loadPagefind(bundleUrl).then(
    (pagefind) => pagefind.preload(query).catch(() => undefined),
    () => undefined,
  );
}

/** A query's results: the first hits, ranked, and the way to read more. */
export interface SearchAnswer {
  query: string;
  total: number;
  hits: SearchHit[];
  /** Reads hits `from` … `from + count` of Pagefind's order after the ranked window. */
  more(from: number, count: number): Promise<SearchHit[]>;
}

/**
 * Reads the data of `results` as hits, all at once so that their fetches
 * share round trips, and calls `onFirst` with the first `first` of them
 * (in Pagefind's order) as soon as those are in, unless every result is in
 * by then. Resolves with every hit, in Pagefind's order.
 */
export async function readHits(results: readonly PagefindResult[], first: number, onFirst?: (hits: SearchHit[]) => void): Promise<SearchHit[]> {
  let arrived = 0;
  const reads = results.map(async (result) => {
    const hit = toSearchHit(await result.data());
    arrived += 1;
    return hit;
  });
  if (onFirst && first > 0 && first < reads.length) {
    Promise.all(reads.slice(0, first)).then(
      (hits) => {
        if (arrived < reads.length) onFirst(hits);
      },
      // The whole read rejects too, and the caller hears of it there.
      () => undefined,
    );
  }
  return Promise.all(reads);
}

/**
 * Runs `query` and reads the data of the first `RERANK_WINDOW` results (at
 * least `count`), exact matches first. `onFirstHits` gets the first
 * `FIRST_ROUND_HITS` results, ranked among themselves, a round trip before
 * the answer on a server that speaks HTTP/1.1: a list to show while the
 * rest arrive. It differs from the answer's first hits only when a page the
 * query names exactly is further down Pagefind's order.
 */
export async function searchSite(
  bundleUrl: string,
  query: string,
  count: number,
  onFirstHits?: (hits: SearchHit[], total: number) => void,
  options: SearchOptions = {},
): Promise<SearchAnswer> {
  const pagefind = await loadPagefind(bundleUrl);
  const response = await pagefind.search(query, options);
  const results = response?.results ?? [];
  const read = (slice: PagefindResult[]) => readHits(slice, 0);
  const window = Math.max(count, RERANK_WINDOW);
  const early = onFirstHits ? (hits: SearchHit[]) => onFirstHits(rankExactMatches(query, hits), results.length) : undefined;
  const hits = rankExactMatches(query, await readHits(results.slice(0, window), FIRST_ROUND_HITS, early));
  return {
    query,
    total: results.length,
    hits,
    more: async (from, more) => {
      const start = Math.max(from, hits.length);
      const rest = start < from + more ? await read(results.slice(start, from + more)) : [];
      return [...hits.slice(from, from + more), ...rest];
    },
  };
}

/**
 * The closest operations to a query that found nothing: up to `count`
 * operation pages among the first results of each of suggestionQueries, in
 * that order, stopping as soon as there are enough. Each query costs its index
 * chunks (often already loaded: a prefix's chunk holds the words it begins)
 * and the fragments of its first FIRST_ROUND_HITS results, one round trip.
 */
export async function suggestOperations(bundleUrl: string, query: string, count = 3, options: SearchOptions = {}): Promise<SearchHit[]> {
  const pagefind = await loadPagefind(bundleUrl);
  const found = new Map<string, SearchHit>();
  for (const candidate of suggestionQueries(query)) {
    if (found.size >= count) break;
    const results = (await pagefind.search(candidate, options))?.results ?? [];
    for (const hit of await readHits(results.slice(0, FIRST_ROUND_HITS), 0)) {
      if (hit.method && found.size < count) found.set(hit.path, hit);
    }
  }
  return [...found.values()];
}
