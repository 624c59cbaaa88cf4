/**
 * The title lists of a written Pagefind index: every page by its title key
 * (./title-key.ts), so that a query that is a page's title, or nearly (case,
 * punctuation, small words, plurals), finds the page whatever the site's
 * size. Pagefind ranks by its words, and on a large API thousands of longer
 * titles that hold them can rank above the page whose title is the query.
 * And the words of the titles, for correcting a typo without a search.
 *
 * Written under `titles/`: `index.json` (`{"buckets": n}`), one file per
 * bucket, `<bucket>.json` (TitleBucket), where a key's bucket is
 * nameBucket(key, n), the same in the browser
 * (src/components/SiteSearch/title-hits.ts); and `words.json`, the title
 * words a typo may be meant for, most used first.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {nameBucket} from './name-key';
import {namePage, type IndexedPage, type NamePage} from './names-index';
import {titleKey, wordsOf} from './title-key';

/** A bucket: its pages, and each title key with its pages, best first. */
export interface TitleBucket {
  pages: NamePage[];
  titles: [string, number[]][];
}

/** Pages listed for one title key and API version at most: the navbar box shows eight hits. */
export const TITLE_PAGES = 8;

/** Raw JSON bytes a bucket holds on average at most (about 2 KB gzip): a query of two words or more fetches one. */
export const TITLE_BUCKET_BYTES = 8_000;

/** Estimated JSON bytes of one page of a bucket, to size the buckets before writing them. */
const PAGE_BYTES = 160;

/** The shortest title word that a word with one typo (of TYPO_MIN_LENGTH letters or more, one deleted) may be meant for. */
export const MIN_WORD_LENGTH = 4;

/** Where a page's kind lists it under a title: operations, webhooks, tag pages, schema pages, then the rest (guides, posts), as issue 44 orders the evidence. */
function kindRank(page: IndexedPage): number {
  const kind = page.meta.kind ?? '';
  if (kind === 'operation') return 0;
  if (kind === 'webhook') return 1;
  if (kind === 'guide' && (page.filters?.tag?.length ?? 0) > 0) return 2;
  return kind === 'schema' ? 3 : 4;
}

/** Pages whose titles are words the reader types: operations, webhooks, and tag pages (schema names are identifiers). */
function hasTitleWords(page: IndexedPage): boolean {
  const kind = page.meta.kind ?? '';
  return kind === 'operation' || kind === 'webhook' || (kind === 'guide' && (page.filters?.tag?.length ?? 0) > 0);
}

/** Segments of an operation's path: a shorter path is the resource itself (`/users` before `/me/people/{id}/users`). */
function pathLength(page: IndexedPage): number {
  const apiPath = page.meta.path ?? '';
  return apiPath === '' ? Number.MAX_SAFE_INTEGER : apiPath.split('/').filter((segment) => segment !== '').length;
}

/**
 * Writes the title lists of the index at `indexDir` for its `pages` (in the
 * order the names lists number them). Returns the number of keys listed, of
 * buckets and of words.
 */
export function writeTitleLists(indexDir: string, pages: readonly IndexedPage[]): {titles: number; buckets: number; words: number} {
  const byKey = new Map<string, Map<string, number[]>>();
  const wordTitles = new Map<string, number>();
  for (const [number, page] of pages.entries()) {
    const title = page.meta.title ?? '';
    const version = page.meta.version ?? '';
    const keys = new Set([titleKey(title), titleKey(page.meta.name ?? '')]);
    for (const key of keys) {
      if (!key.includes(' ')) continue;
      const versions = byKey.get(key) ?? new Map<string, number[]>();
      byKey.set(key, versions);
      versions.set(version, [...(versions.get(version) ?? []), number]);
    }
    if (!hasTitleWords(page)) continue;
    for (const word of new Set(wordsOf(title))) {
      if ([...word].length >= MIN_WORD_LENGTH && /^\p{L}+$/u.test(word)) wordTitles.set(word, (wordTitles.get(word) ?? 0) + 1);
    }
  }
  const rank = (page: IndexedPage) => [kindRank(page), pathLength(page)];
  const entries: [string, number[]][] = [];
  for (const [key, versions] of byKey) {
    const listed: number[] = [];
    for (const numbers of versions.values()) {
      const sorted = numbers.sort((a, b) => {
        const [kindA, lengthA] = rank(pages[a]);
        const [kindB, lengthB] = rank(pages[b]);
        return kindA - kindB || lengthA - lengthB || (pages[a].url < pages[b].url ? -1 : pages[a].url > pages[b].url ? 1 : 0);
      });
      listed.push(...sorted.slice(0, TITLE_PAGES));
    }
    entries.push([key, listed]);
  }
  const rawBytes = entries.reduce((sum, [key, listed]) => sum + key.length + listed.length * PAGE_BYTES, 0);
  let buckets = 1;
  while (rawBytes / buckets > TITLE_BUCKET_BYTES) buckets *= 2;
  const split = Array.from({length: buckets}, (): TitleBucket => ({pages: [], titles: []}));
  const pageInBucket = Array.from({length: buckets}, () => new Map<number, number>());
  for (const [key, listed] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const bucket = nameBucket(key, buckets);
    const local = pageInBucket[bucket];
    split[bucket].titles.push([
      key,
      listed.map((number) => {
        let at = local.get(number);
        if (at === undefined) {
          at = split[bucket].pages.length;
          local.set(number, at);
          split[bucket].pages.push(namePage(pages[number]));
        }
        return at;
      }),
    ]);
  }
  const words = [...wordTitles].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([word]) => word);
  const out = path.join(indexDir, 'titles');
  mkdirSync(out, {recursive: true});
  // Every bucket is written, empty or not, so the browser never asks for a file that does not exist (a 404 is a console error).
  for (const [index, bucket] of split.entries()) writeFileSync(path.join(out, `${index}.json`), JSON.stringify(bucket));
  writeFileSync(path.join(out, 'words.json'), JSON.stringify(words));
  writeFileSync(path.join(out, 'index.json'), JSON.stringify({buckets}));
  return {titles: entries.length, buckets, words: words.length};
}
