/**
 * Keys typed within this of each other make one search, not one per key:
 * every search fetches the index chunks of its words and the fragments of
 * its first hits, so a search per key fetched many times what the final
 * word needs.
 */
export const TYPING_PAUSE_MS = 150;

/**
 * The shortest last word worth fetching index chunks for while typing.
 * Pagefind reads the last word as a prefix, so a prefix's chunks hold every
 * word it begins, and short prefixes fetch chunks the finished word does not
 * need. A shorter word is fetched when its search runs, after the pause.
 */
export const PRELOAD_MIN_LENGTH = 4;

/** The parts of an `input` event (an `InputEvent`) that tell typing from a query that arrives whole. */
export interface InputKind {
  inputType?: string;
  data?: string | null;
}

/**
 * How long to wait for more input before searching: nothing when the input
 * brought several characters at once (a paste, a drop, autocompletion, an
 * IME's composed word), since no keystroke is coming to merge with; the
 * typing pause for a key.
 */
export function searchDelay(input: InputKind): number {
  if (input.inputType === 'insertFromPaste' || input.inputType === 'insertFromDrop' || input.inputType === 'insertReplacementText') return 0;
  return [...(input.data ?? '')].length > 1 ? 0 : TYPING_PAUSE_MS;
}

/** Whether to fetch the index chunks of `query` before the search: once its last word has the letters to narrow them. */
export function shouldPreload(query: string): boolean {
  const lastWord = query.trim().split(/\s+/).at(-1) ?? '';
  return [...lastWord].length >= PRELOAD_MIN_LENGTH;
}

/**
 * The shortest query worth searching. One or two letters match the prefix of
 * most words on the site, so the answer is long and says little, and it costs
 * the index chunks of every word they begin: the box asks for more instead.
 */
export const MIN_QUERY_LENGTH = 3;

/** Whether `query` is too short to search (see MIN_QUERY_LENGTH); an empty query is not short, it is no query. */
export function isShortQuery(query: string): boolean {
  const length = [...query.trim()].length;
  return length > 0 && length < MIN_QUERY_LENGTH;
}
