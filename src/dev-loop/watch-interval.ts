/** SPEC_WATCH_INTERVAL: how often `npm start` fetches the description again from SPEC_PROXY_URL. */

const UNITS: Record<string, number> = {ms: 1, s: 1000, m: 60_000};
/** Faster than this would put a proxy under load for a preview. */
export const MIN_WATCH_INTERVAL_MS = 1000;

/**
 * `10s`, `500ms`, `2m` or a plain number of seconds, to milliseconds;
 * undefined when unset or empty (no polling). Throws a message naming the
 * variable and the value when it is neither.
 */
export function parseWatchInterval(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m)?\s*$/.exec(value);
  if (!match) throw new Error(`SPEC_WATCH_INTERVAL="${value}" is not a duration; write it as 10s, 500ms, 2m or a number of seconds.`);
  const ms = Number(match[1]) * UNITS[match[2] ?? 's'];
  if (ms < MIN_WATCH_INTERVAL_MS) throw new Error(`SPEC_WATCH_INTERVAL="${value}" is shorter than ${MIN_WATCH_INTERVAL_MS / 1000}s; fetching that often only loads the proxy.`);
  return Math.round(ms);
}
