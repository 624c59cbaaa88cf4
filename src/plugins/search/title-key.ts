/**
 * How a title is keyed, shared by the title lists the build writes
 * (./titles-index.ts) and the search box that ranks and looks titles up
 * (src/components/SiteSearch/ranking.ts, title-hits.ts): a query and a title
 * are the same key when they differ only in case, punctuation, small words
 * ("a", "the", "of") and plural endings. No imports, so the browser bundle
 * takes only these few functions.
 */

/** Words too common in titles to tell two apart ("Get a repository" is "get repository"). */
export const STOP_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'the', 'for', 'of', 'to', 'in', 'on', 'by', 'with', 'and', 'or', 'from', 'as', 'at', 'is']);

/** The words of a text, lower case, split at anything but letters and digits. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** A crude English stem, enough to make a plural and its singular one word ("requests", "repositories"). */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Words run together in camelCase split apart: `userPrincipalName` is "user Principal Name", "List joinedTeams" "List joined Teams". */
export function splitCamelCase(text: string): string {
  return text.replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2');
}

/** The words of a text that tell titles apart, stemmed: without small words, camelCase split ("List servicePrincipals" is list, service, principal). */
export function contentWords(text: string): string[] {
  return wordsOf(splitCamelCase(text))
    .filter((word) => !STOP_WORDS.has(word))
    .map(stem);
}

/**
 * A title as a query and a title list compare it: its content words, once
 * each, in alphabetical order ("Get a user", "get users" and "user: get" are
 * `get user`); empty for a text with none.
 */
export function titleKey(text: string): string {
  return [...new Set(contentWords(text))].sort().join(' ');
}
