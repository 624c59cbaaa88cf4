import {nameBucket} from '@site/src/plugins/search/name-key';
import {stem, titleKey, wordsOf} from '@site/src/plugins/search/title-key';

import {loadJson} from './endpoints';
import {namePageHit, type NamePage} from './name-hits';
import {TYPO_MIN_LENGTH, withinOneEdit, type SearchHit} from './ranking';

/** A bucket of the title lists, as src/plugins/search/titles-index.ts writes it. */
interface TitleBucket {
  pages: NamePage[];
  titles: [string, number[]][];
}

/** Whether a query may be a page's title the lists hold: two content words or more ("Get user", "list groups"). */
export function looksLikeTitle(query: string): boolean {
  return titleKey(query).includes(' ');
}

/**
 * The pages whose title is `query`, case, punctuation, small words and
 * plurals aside, from the title lists of the index at `indexUrl` (the
 * Pagefind folder's URL): operations first, shorter paths first. Empty when
 * the query has fewer than two content words or the lists are missing.
 */
export async function titleHits(indexUrl: string, query: string): Promise<SearchHit[]> {
  if (!looksLikeTitle(query)) return [];
  const key = titleKey(query);
  const meta = (await loadJson(`${indexUrl}titles/index.json`)) as {buckets?: unknown} | null;
  const buckets = meta?.buckets;
  if (typeof buckets !== 'number' || !Number.isInteger(buckets) || buckets < 1) return [];
  const bucket = (await loadJson(`${indexUrl}titles/${nameBucket(key, buckets)}.json`)) as TitleBucket | null;
  if (!bucket || !Array.isArray(bucket.titles) || !Array.isArray(bucket.pages)) return [];
  const pages = bucket.titles.find(([title]) => title === key)?.[1] ?? [];
  return pages.flatMap((index) => {
    const page = bucket.pages[index];
    return page ? [namePageHit(page)] : [];
  });
}

/** The words of the site's titles, most used first (empty when the list is missing): fetched only for a query that may hold a typo. */
export async function loadTitleWords(indexUrl: string): Promise<string[]> {
  const words = await loadJson(`${indexUrl}titles/words.json`);
  return Array.isArray(words) ? words.filter((word): word is string => typeof word === 'string') : [];
}

/**
 * `query` with each word of TYPO_MIN_LENGTH letters or more that is not a
 * title word (plurals aside) replaced by the most used title word one edit
 * away ("list grups" → "list groups"); the last word is left alone while it
 * begins a title word, as it may still be being typed. Undefined when no
 * word changes.
 */
export function correctWithTitleWords(query: string, titleWords: readonly string[]): string | undefined {
  if (titleWords.length === 0) return undefined;
  const known = new Set(titleWords.map(stem));
  const words = query.trim().split(/\s+/);
  let changed = false;
  const corrected = words.map((word, index) => {
    const [lower] = wordsOf(word);
    if (lower === undefined || lower !== word.toLowerCase() || [...lower].length < TYPO_MIN_LENGTH || !/^\p{L}+$/u.test(lower) || known.has(stem(lower))) return word;
    if (index === words.length - 1 && titleWords.some((title) => title.startsWith(lower))) return word;
    const meant = titleWords.find((title) => withinOneEdit(lower, title));
    if (meant === undefined) return word;
    changed = true;
    return meant;
  });
  return changed ? corrected.join(' ') : undefined;
}
