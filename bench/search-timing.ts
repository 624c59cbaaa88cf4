/** One response of the page or its workers, on the browser's wall clock (ms since the epoch). */
export interface TimedResponse {
  url: string;
  /** When the last byte of the body arrived. */
  finishedAt: number;
}

/** Where the time of one query went, from the input event to the first result on screen. */
export interface QuerySplit {
  /** From the input event to the first result on screen. */
  totalMs: number;
  /**
   * From the last byte of the last index file (index chunk, fragment,
   * WebAssembly, …) that the answer waited for to the first result on
   * screen: the main thread's and the worker's work after the download.
   * The total when the query fetched nothing.
   */
  afterDownloadMs: number;
  /** Index files fetched for this query, in the order their last byte arrived. */
  fetched: string[];
}

/**
 * Splits a query's time at the last index byte it waited for: the index
 * files whose last byte arrived after the input event and before the result
 * was on screen. One that arrived earlier (the WebAssembly fetched on focus,
 * a chunk preloaded while typing) was not waited for, nor one still arriving
 * after the result (the fragment of a result further down).
 */
export function splitQueryTime(inputAt: number, shownAt: number, responses: readonly TimedResponse[], isIndexFile: (url: string) => boolean): QuerySplit {
  const waitedFor = responses
    .filter((response) => isIndexFile(response.url) && response.finishedAt > inputAt && response.finishedAt <= shownAt)
    .sort((a, b) => a.finishedAt - b.finishedAt);
  const lastByteAt = waitedFor.at(-1)?.finishedAt ?? inputAt;
  return {totalMs: shownAt - inputAt, afterDownloadMs: shownAt - lastByteAt, fetched: waitedFor.map((response) => response.url)};
}
