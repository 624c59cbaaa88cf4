import {gzipSync} from 'node:zlib';

/** Median of the finite values, or null when there are none (every run failed). */
export function median(values: ReadonlyArray<number | null | undefined>): number | null {
  const finite = values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  if (finite.length === 0) return null;
  const sorted = [...finite].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Size in bytes of `body` gzipped at level 9, the way a careful CDN would serve it. */
export function gzipSize(body: Uint8Array | string): number {
  return gzipSync(typeof body === 'string' ? Buffer.from(body, 'utf8') : body, {level: 9}).length;
}

/** `value / reference`, or null when either is missing or the reference is 0. */
export function ratio(value: number | null | undefined, reference: number | null | undefined): number | null {
  if (typeof value !== 'number' || typeof reference !== 'number' || !Number.isFinite(value) || !Number.isFinite(reference)) return null;
  if (reference === 0) return null;
  return value / reference;
}

export const MIB = 1024 * 1024;

/** Bytes as mebibytes (what the tables call MB) or kibibytes (KB). */
export const toMib = (bytes: number): number => bytes / MIB;
export const toKib = (bytes: number): number => bytes / 1024;

/** Rounds to `digits` decimals, keeping null. */
export function round(value: number | null | undefined, digits = 0): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
