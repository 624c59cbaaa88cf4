/**
 * Keys typed within this of each other make one search, not one per key:
 * every search fetches the index chunks of its words and the fragments of
 * its first hits, so typing "repository" into GitHub's index fetched 362 KB
 * gzip in 66 requests for ten searches.
 */
export const TYPING_PAUSE_MS = 150;

/** The query's shortest length worth fetching index chunks for while typing: one letter spans several chunks of a large index. */
export const PRELOAD_MIN_LENGTH = 2;

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

/** Whether to fetch the index chunks of `query` before the search: once it has the letters to narrow them. */
export function shouldPreload(query: string): boolean {
  return query.trim().length >= PRELOAD_MIN_LENGTH;
}
