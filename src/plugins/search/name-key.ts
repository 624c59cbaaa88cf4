/**
 * How a name is keyed and bucketed, shared by the names lists the build
 * writes (./names.ts) and the search box that reads them
 * (src/components/SiteSearch/name-hits.ts): both must compute the same bucket.
 * No imports, so the browser bundle takes only these two functions.
 */

/** A name as a query and a list compare it: without case and separators, so `email_marketing`, `emailMarketing` and `Email-Marketing` are one. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/[\s/_.\-:]+/g, '');
}

/** The bucket of a key among `buckets` (FNV-1a over its UTF-16 code units). */
export function nameBucket(key: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % buckets;
}
