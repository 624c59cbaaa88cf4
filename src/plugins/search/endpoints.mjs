// @ts-check

/**
 * The endpoint lists of a written Pagefind index (pagefind-worker.mjs
 * writes them after the index): every operation's method, path and page,
 * in one JSON file per first segment of its path, under `endpoints/`,
 * with their names in `endpoints/index.json`.
 *
 * A query with concrete values (`GET /repos/octocat/hello-world/pulls`)
 * has words that no page has, so Pagefind cannot find the operation; the
 * search box reads the list of the query's first segments (one small file,
 * only for a query that looks like a path) and matches its templates.
 */
import {mkdirSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {readFragment} from './page-names.mjs';

/**
 * A segment as a file name: anything but letters, digits, dot and hyphen becomes `_` (the browser does the same, src/components/SiteSearch/endpoints.ts).
 *
 * @param {string} segment
 * @returns {string}
 */
export function segmentFileName(segment) {
  return `${segment.toLowerCase().replace(/[^a-z0-9.-]/g, '_') || '_'}.json`;
}

/**
 * Writes `<indexDir>/endpoints/<segment>.json` for the operation pages of
 * the index: `[method, path, url, title, section, operationId, kind]` each,
 * then the page's version key and API label when it has them.
 * Returns the number of operations listed.
 *
 * @param {string} indexDir
 * @returns {number}
 */
export function writeEndpointLists(indexDir) {
  /** @type {Map<string, string[][]>} */
  const bySegment = new Map();
  let count = 0;
  const fragments = path.join(indexDir, 'fragment');
  for (const file of readdirSync(fragments, {recursive: true, encoding: 'utf8'})) {
    if (!file.endsWith('.pf_fragment')) continue;
    const {url, meta} = readFragment(path.join(fragments, file));
    if (!meta.method || !meta.path) continue;
    const first = meta.path.split('/').find((segment) => segment !== '') ?? '';
    const name = segmentFileName(first);
    const list = bySegment.get(name) ?? [];
    // The API version's key and the API's label only where pages have them (src/components/ApiVersions/version-key.ts, src/apis/).
    const tail = meta.api ? [meta.version ?? '', meta.api] : meta.version ? [meta.version] : [];
    list.push([meta.method, meta.path, url, meta.title ?? '', meta.section ?? '', meta.operationId ?? '', meta.kind ?? '', ...tail]);
    bySegment.set(name, list);
    count += 1;
  }
  const out = path.join(indexDir, 'endpoints');
  mkdirSync(out, {recursive: true});
  for (const [name, list] of bySegment) writeFileSync(path.join(out, name), JSON.stringify(list));
  // The names of the lists, so that the browser never asks for one that does not exist (a 404 is a console error).
  writeFileSync(path.join(out, 'index.json'), JSON.stringify([...bySegment.keys()].sort()));
  return count;
}
