import {endpointHits} from './endpoints';
import {hitExcerpt} from './excerpt';
import {nameHits} from './name-hits';
import {correctTypos, lastWordComplete, matchClass, rankHits, routeOf, TYPO_MIN_LENGTH, toSearchHit, type PagefindResultData, type SearchHit} from './ranking';
import {suggestionQueries} from './suggest';
import {correctWithTitleWords, loadTitleWords, titleHits} from './title-hits';

/** Pagefind's ranking parameters (pagefind.js `options({ranking})`). */
export interface PagefindRanking {
  termFrequency?: number;
  pageLength?: number;
  termSaturation?: number;
  termSimilarity?: number;
}

/**
 * Filters of a search, by Pagefind filter name (`kind`, `tag`, and any a page
 * adds, such as a version): a value, or any of several, or none of several
 * (the other API versions, src/components/ApiVersions/search-scope.ts).
 */
export type SearchFilters = Readonly<Record<string, string | readonly string[] | {readonly none: readonly string[]}>>;

/** The part of Pagefind's browser API (`pagefind.js`, written by src/plugins/search) the site uses. */
interface PagefindModule {
  options(options: {excerptLength?: number; ranking?: PagefindRanking}): Promise<void>;
  init(): Promise<void>;
  search(query: string, options?: {filters?: Record<string, unknown>}): Promise<{results: PagefindResult[]} | null>;
  preload(query: string): Promise<void>;
  filters(): Promise<Record<string, Record<string, number>>>;
}

export interface PagefindResult {
  id: string;
  data(): Promise<PagefindResultData>;
}

/**
 * Results whose data are read to re-rank them (rankHits): a page that the
 * query names is among Pagefind's first results thanks to the weights on
 * its title, operationId and endpoint, but not always the first. The same
 * window whatever the caller shows, so the navbar box and `/search` give
 * one order.
 */
export const RERANK_WINDOW = 10;

/**
 * Results whose data come in the first round trip: each result's data is a
 * fragment file, and a browser opens at most six connections to one host
 * over HTTP/1.1, so the seventh fragment waits for the first to arrive.
 */
export const FIRST_ROUND_HITS = 6;

/** Schema pages and tag pages (guides) read, each, for a one-word query besides Pagefind's first results (see searchSite). */
export const NAME_HITS = 2;

/**
 * How far down Pagefind's order a query reads when no title among the first
 * RERANK_WINDOW is the query itself (rankHits class 0 or 1): a long page
 * whose title is the query ranks below shorter ones that repeat its words.
 */
export const SECOND_WINDOW = 30;

/**
 * Pagefind's ranking for an API reference: no penalty for a long page
 * (`pageLength` 0), as an operation with a large response schema is no less
 * about its title than a short one, and a low weight on how often a word
 * occurs (`termFrequency`), so that a word repeated down a page counts less
 * than the weighted title, operationId and endpoint that name it.
 */
export const RANKING: PagefindRanking = {pageLength: 0, termFrequency: 0.3};

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
      await pagefind.options({excerptLength: 24, ranking: RANKING});
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
  /** The query whose results these are, when the query's titles were found only with one of its words corrected (correctTypos). */
  correctedFrom?: string;
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
 * Queries that forgive one typo in a word of TYPO_MIN_LENGTH letters or
 * more, for a query whose results have no title with its words (Pagefind
 * has no fuzzy match, and wants every word): for each such word, the query
 * with that word cut to its first three letters and put last, where
 * Pagefind reads it as a prefix ("crete contact" → "contact cre"), the same
 * with two neighbours among its first four letters swapped back
 * ("get a brnach" → "get a bra"), then the query without it, for another
 * typo in those three letters. The titles found correct the query
 * (correctTypos).
 */
export function typoQueries(query: string): string[] {
  const words = query.trim().split(/\s+/).filter((word) => word !== '');
  const queries: string[] = [];
  for (const [index, word] of words.entries()) {
    if ([...word].length < TYPO_MIN_LENGTH || !/^\p{L}+$/u.test(word)) continue;
    const others = words.filter((_, other) => other !== index);
    queries.push([...others, [...word].slice(0, 3).join('')].join(' '));
    // Two letters swapped within the first four ("mrege", "brnach") defeat the prefix: the word with them swapped back.
    const letters = [...word];
    for (const at of [0, 1, 2]) {
      const swapped = [...letters];
      [swapped[at], swapped[at + 1]] = [swapped[at + 1]!, swapped[at]!];
      if (swapped[at] !== swapped[at + 1]) queries.push([...others, swapped.slice(0, 3).join('')].join(' '));
    }
    if (others.length > 0) queries.push(others.join(' '));
  }
  return [...new Set(queries)];
}

/** Whether `filters` lets through a page whose facet `name` holds `have`; a facet it does not name lets every page through. */
export function filterAllows(filters: SearchFilters | undefined, name: string, have: readonly string[]): boolean {
  const want = filters?.[name];
  if (want === undefined) return true;
  if (typeof want === 'string') return want === '' || have.includes(want);
  if ('none' in want) return !want.none.some((value) => have.includes(value));
  return want.length === 0 || want.some((value) => have.includes(value));
}

/**
 * Whether a hit found without Pagefind (the endpoint lists) passes `filters`
 * as Pagefind would pass its page: by its kind, its tags (the section) and
 * its API version; a filter the hit cannot tell is not held against it.
 */
export function passesFilters(hit: SearchHit, filters: SearchFilters | undefined): boolean {
  if (!filters) return true;
  const known: Record<string, string[]> = {kind: [hit.kind], tag: hit.section.split(', '), version: hit.version ? [hit.version] : []};
  return Object.keys(filters).every((name) => known[name] === undefined || filterAllows(filters, name, known[name]));
}

/** Pagefind's filter option: each value list as Pagefind's `any`, an exclusion as its `none`. */
export function pagefindFilters(filters: SearchFilters | undefined): Record<string, unknown> | undefined {
  if (!filters) return undefined;
  const values = (value: SearchFilters[string]) => (typeof value === 'string' ? [value] : 'none' in value ? value.none : value);
  const entries = Object.entries(filters).filter(([, value]) => values(value).some((one) => one !== ''));
  if (entries.length === 0) return undefined;
  return Object.fromEntries(
    entries.map(([name, value]) => [name, typeof value === 'string' ? value : 'none' in value ? {none: [...value.none]} : {any: [...value]}]),
  );
}

/**
 * The hits of `lists` with one hit per page, in their order: a page found
 * twice keeps the text Pagefind read of it and the field a names list
 * gives it (and with it the field's anchor in its path).
 */
export function mergeHits(...lists: readonly (readonly SearchHit[])[]): SearchHit[] {
  const byRoute = new Map<string, SearchHit>();
  for (const hit of lists.flat()) {
    const route = routeOf(hit);
    const seen = byRoute.get(route);
    if (!seen) {
      byRoute.set(route, hit);
      continue;
    }
    const field = seen.field ?? hit.field;
    const text = seen.content !== '' ? seen : hit;
    byRoute.set(route, {...text, name: seen.name ?? hit.name, path: field ? (seen.field ? seen.path : hit.path) : seen.path, ...(field ? {field} : {})});
  }
  return [...byRoute.values()];
}

/**
 * Runs `query` (within `filters`) and reads the data of the first
 * RERANK_WINDOW results, ranked by rankHits, each with its excerpt, with
 * the operations its endpoint lists match (a path) and the pages its names
 * lists hold (a schema's, a tag's or a field's name). A query whose first
 * results have no title with its words is corrected for one typo per word
 * (correctTypos, from the titles found, or found again by typoQueries when
 * it found none) and searched again. `onFirstHits` gets the first
 * FIRST_ROUND_HITS results, ranked among themselves, a round trip before
 * the answer on a server that speaks HTTP/1.1: a list to show while the
 * rest arrive. Once `signal` is aborted (the reader typed on), nothing more
 * is fetched for the query: no further results, typo query or correction.
 */
export async function searchSite(
  bundleUrl: string,
  query: string,
  onFirstHits?: (hits: SearchHit[], total: number) => void,
  filters?: SearchFilters,
  signal?: AbortSignal,
): Promise<SearchAnswer> {
  const pagefind = await loadPagefind(bundleUrl);
  /** The reader has typed on: what is left to read for this query is read for nothing. */
  const replaced = () => signal?.aborted === true;
  const options = {filters: pagefindFilters(filters)};
  const wantsKind = (kind: string) => filterAllows(filters, 'kind', [kind]);
  const indexUrl = new URL('./', new URL(bundleUrl, window.location.href)).href;
  // A path names its operation through the endpoint lists, as concrete values are words no page has.
  const byEndpoint =
    wantsKind('operation') || wantsKind('webhook')
      ? endpointHits(indexUrl, query).then(
          (hits) => hits.filter((hit) => passesFilters(hit, filters)),
          () => [],
        )
      : Promise.resolve([]);
  // A one-word query may be a schema's, tag's or field's name: the names lists hold each with its pages, and a field's anchor.
  const byNameList = nameHits(indexUrl, query).then(
    (hits) => hits.filter((hit) => passesFilters(hit, filters)),
    () => [],
  );
  // A query of two words or more may be a page's title: on a large API thousands of longer titles with its words can rank above that page.
  const byTitleOf = (text: string) =>
    titleHits(indexUrl, text).then(
      (hits) => hits.filter((hit) => passesFilters(hit, filters)),
      () => [],
    );
  const byTitle = byTitleOf(query);
  let titlesArrived: SearchHit[] = [];
  void byTitle.then((hits) => {
    titlesArrived = hits;
  });
  // A one-word query may be a schema's or tag's name: a short page can rank below RERANK_WINDOW pages that repeat the word.
  const oneWord = !/\s/.test(query.trim()) && !query.includes('/');
  // One search per kind: a schema named by the query ranks below tag pages that hold its name in theirs.
  const byName = Promise.all(
    (oneWord ? ['schema', 'guide'].filter(wantsKind) : []).map((kind) =>
      pagefind
        .search(query, {filters: pagefindFilters({...filters, kind})})
        .then((response) => readHits((response?.results ?? []).slice(0, NAME_HITS), 0))
        .catch(() => []),
    ),
  ).then((lists) => lists.flat());

  /** Pagefind's results for `text` and the hits of its first RERANK_WINDOW, or SECOND_WINDOW when none of those nor of `titled` (the title lists') is titled `text`. */
  const readWindow = async (text: string, titled: Promise<SearchHit[]>, onFirst?: (hits: SearchHit[], total: number) => void) => {
    const results = (await pagefind.search(text, options))?.results ?? [];
    if (replaced()) return {results, hits: [], readUpTo: 0};
    let hits = await readHits(results.slice(0, RERANK_WINDOW), FIRST_ROUND_HITS, onFirst && ((firstHits) => onFirst(firstHits, results.length)));
    let readUpTo = RERANK_WINDOW;
    const named = (hit: SearchHit) => matchClass(text, hit)[0] <= 1;
    // No title in the window is the query: the page it names may be a little further down Pagefind's order (not for a word still being typed).
    if (results.length > RERANK_WINDOW && !replaced() && !hits.some(named) && !(await titled).some(named) && lastWordComplete(text, hits)) {
      hits = [...hits, ...(await readHits(results.slice(RERANK_WINDOW, SECOND_WINDOW), 0))];
      readUpTo = SECOND_WINDOW;
    }
    return {results, hits, readUpTo};
  };

  // The first hits show early only when one of them has the query's words in its title: otherwise the answer may well be further down, or forgive a typo.
  const early = onFirstHits
    ? (hits: SearchHit[], total: number) => {
        const ranked = rankHits(query, mergeHits(titlesArrived, hits));
        if (ranked.length > 0 && matchClass(query, ranked[0])[0] < 3) onFirstHits(ranked.map((hit) => ({...hit, snippet: hitExcerpt(query, hit)})), total);
      }
    : undefined;
  const first = await readWindow(query, byTitle, early);
  let {results, readUpTo} = first;
  let windowHits = first.hits;
  /** The query the hits are ranked and excerpted for: `query`, or `query` with its typos corrected. */
  let rankQuery = query;
  let correctedFrom: string | undefined;
  let titleListHits = await byTitle;
  // No title among the first results nor in the title lists has the query's words as typed: one of them may have a typo.
  if (!replaced() && ![...titleListHits, ...windowHits].some((hit) => matchClass(query, hit)[0] < 3)) {
    let titled = windowHits.filter((hit) => matchClass(query, hit)[0] < 4);
    let found: PagefindResult[] = [];
    let corrected = titled.length > 0 ? correctTypos(query, titled) : undefined;
    // The titles' own words correct a typo anywhere in a word, without a search: a typo in a word's first letters defeats the prefix queries below.
    if (!corrected && !replaced()) corrected = correctWithTitleWords(query, await loadTitleWords(indexUrl).catch(() => []));
    // Nothing titled at all: look for titles forgiving one typo (Pagefind has no fuzzy match, and wants every word).
    for (const candidate of corrected || titled.length > 0 ? [] : typoQueries(query)) {
      if (replaced()) break;
      found = (await pagefind.search(candidate, options))?.results ?? [];
      titled = (await readHits(found.slice(0, RERANK_WINDOW), 0)).filter((hit) => matchClass(query, hit)[0] < 4);
      if (titled.length > 0) {
        corrected = correctTypos(query, titled);
        break;
      }
    }
    const correctedTitles = corrected && !replaced() ? byTitleOf(corrected) : Promise.resolve([]);
    const again = corrected && !replaced() ? await readWindow(corrected, correctedTitles) : undefined;
    // A correction stands only when a title has every word of the corrected query: "zzqxv contatc" is not "zzqxv contact".
    const confirmed = corrected !== undefined && again !== undefined && [...(await correctedTitles), ...again.hits].some((hit) => matchClass(corrected, hit)[0] < 3);
    if (corrected && again && confirmed) {
      // The query as meant: its own first results, the titles that corrected it, then what the query itself found.
      rankQuery = corrected;
      correctedFrom = corrected;
      titleListHits = [...(await correctedTitles), ...titleListHits];
      windowHits = [...again.hits, ...titled, ...windowHits];
      if (results.length === 0) ({results, readUpTo} = again);
    } else if (titled.length > 0 && found.length > 0) {
      windowHits = [...titled, ...windowHits];
      if (results.length === 0) results = found;
    }
  }
  const rank = (hits: SearchHit[]) => rankHits(rankQuery, hits).map((hit) => ({...hit, snippet: hitExcerpt(rankQuery, hit)}));
  const hits = rank(mergeHits(titleListHits, await byEndpoint, await byNameList, await byName, windowHits));
  const total = Math.max(results.length, hits.length);
  // Past the ranked hits, Pagefind's order without the pages already listed, read as far as asked.
  const listed = [...hits];
  const seenRoutes = new Set(hits.map(routeOf));
  let next = readUpTo;
  return {
    query,
    total,
    hits,
    correctedFrom,
    more: async (from, count) => {
      while (listed.length < from + count && next < results.length) {
        const batch = await readHits(results.slice(next, next + from + count - listed.length), 0);
        next += batch.length;
        for (const hit of batch) {
          if (seenRoutes.has(routeOf(hit))) continue;
          seenRoutes.add(routeOf(hit));
          listed.push({...hit, snippet: hitExcerpt(rankQuery, hit)});
        }
      }
      return listed.slice(from, from + count);
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
export async function suggestOperations(bundleUrl: string, query: string, count = 3, filters?: SearchFilters): Promise<SearchHit[]> {
  const options = {filters: pagefindFilters(filters)};
  const pagefind = await loadPagefind(bundleUrl);
  const found = new Map<string, SearchHit>();
  for (const candidate of suggestionQueries(query)) {
    if (found.size >= count) break;
    const results = (await pagefind.search(candidate, options))?.results ?? [];
    for (const hit of await readHits(results.slice(0, FIRST_ROUND_HITS), 0)) {
      if (hit.method && found.size < count) found.set(hit.path, {...hit, snippet: hitExcerpt(candidate, hit)});
    }
  }
  return [...found.values()];
}

/** Every value of each filter with its page count (loads every filter's index: for the search page's filter lists). */
export async function searchFilters(bundleUrl: string): Promise<Record<string, Record<string, number>>> {
  return (await loadPagefind(bundleUrl)).filters();
}
