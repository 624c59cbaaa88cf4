/** Queries to try, at most this many, when a query finds nothing. */
export const SUGGESTION_QUERIES = 4;

/**
 * What to search for instead of `query` when it has no result, most precise
 * first: each of its words alone (Pagefind wants every word, so one unknown
 * word empties the answer), then the first half of each longer word, at least
 * three letters (Pagefind reads the last word as a prefix, so "cont" finds
 * "contact" where the typo "contatc" found nothing). No query is tried twice
 * and none repeats `query` itself; words under three letters are left out
 * (see MIN_QUERY_LENGTH).
 */
export function suggestionQueries(query: string): string[] {
  const whole = query.toLowerCase().trim().replace(/\s+/g, ' ');
  const words = whole.split(' ').filter((word) => [...word].length >= 3);
  const prefixes = words
    .map((word) => [...word])
    .filter((letters) => letters.length > 4)
    .map((letters) => letters.slice(0, Math.max(3, Math.ceil(letters.length / 2))).join(''));
  return [...new Set([...words, ...prefixes])].filter((candidate) => candidate !== whole).slice(0, SUGGESTION_QUERIES);
}
