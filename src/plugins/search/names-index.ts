/**
 * The names lists of a written Pagefind index: for each name a query may be
 * (a schema's, a tag's, a field's), the pages it names, and for a field the
 * anchor of the field on each page (src/openapi/links/field-anchors.ts). Pagefind
 * reads the pages without their ids (indexed-html.mjs), so its index cannot
 * lead to a field; these lists can, and the browser loads one small list,
 * only for a query of one word (src/components/SiteSearch/name-hits.ts).
 *
 * Written under `names/`: `index.json` (`{"buckets": n}`) and one file per
 * bucket, `<bucket>.json`, each with the pages its names lead to and the
 * names themselves, as NameBucket says. A name's bucket is a hash of its key
 * (nameKey), the same in the browser.
 */
import {mkdirSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {looksLikeFieldAnchor, unescapeFieldName} from '../../openapi/links/field-anchors';
import {nameBucket, nameKey} from './name-key';
import {readFragment} from './page-names.mjs';
import {contentWords} from './title-key';

export {nameBucket, nameKey} from './name-key';

/** A page of a bucket: Pagefind URL, title, section, kind, method, path, operationId, API version key (empty when the page has none), and on a site of several APIs its API's label. */
export type NamePage = [string, string, string, string, string, string, string, string, string?];
/** Where a name leads: a page of the bucket's list, and the field's anchor on it (empty for a page that is the name: a schema or tag page). */
export type NameTarget = [number, string];
/** A bucket: its pages, and each name's key with its targets, best first. */
export interface NameBucket {
  pages: NamePage[];
  names: [string, NameTarget[]][];
}

/** A page of the index as its fragment gives it: Pagefind URL, metadata and filters. */
export interface IndexedPage {
  url: string;
  meta: Record<string, string | undefined>;
  filters?: Record<string, string[]>;
}

/** The pages of the index at `indexDir`, from its fragments, in the order of their files. */
export function readIndexedPages(indexDir: string): IndexedPage[] {
  const fragments = path.join(indexDir, 'fragment');
  return readdirSync(fragments, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.pf_fragment'))
    .sort()
    .map((file) => {
      const {url, meta, filters} = readFragment(path.join(fragments, file)) as IndexedPage;
      return {url, meta, ...(filters ? {filters} : {})};
    });
}

/** A page as the names and title lists list it (NamePage). */
export function namePage({url, meta}: Pick<IndexedPage, 'url' | 'meta'>): NamePage {
  const page: NamePage = [url, meta.title ?? '', meta.section ?? '', meta.kind ?? '', meta.method ?? '', meta.path ?? '', meta.operationId ?? '', meta.version ?? ''];
  if (meta.api) page.push(meta.api);
  return page;
}

/** Pages listed for one field name and API version (`<apiId>@<version>`) at most: the navbar box shows eight hits. */
export const FIELD_PAGES = 8;

/** Raw JSON bytes a bucket holds on average at most (about 4 KB gzip), so a query's list is one small file whatever the API's size. */
export const BUCKET_BYTES = 24_000;


/** A field's place on its page, read from its anchor: its name, how deep it is, and which part of the page holds it. */
export interface FieldPlace {
  name: string;
  /** Levels below the page's section: `request-body.email` is 1, `response-200.data[].email` 3. */
  depth: number;
  /** 0 for parameters, the request body and a schema page's fields; 1 for responses; 2 for callbacks. */
  part: number;
}

/** Levels of a field anchor after its section: `.name`, `.*`, `[]`, `[n]`, `(n)` (escaped names hold none of `.[(`). */
const LEVEL = /\.[^.[(]+|\[\d*\]|\(\d+\)/g;

/**
 * The field an anchor is the address of, when its last level is a named
 * property or parameter (not an array's items, an option or "any other
 * key", which have no name of their own); undefined for any other id.
 */
export function fieldPlace(anchor: string): FieldPlace | undefined {
  if (!looksLikeFieldAnchor(anchor)) return undefined;
  const callback = /^callback-\d+-/.exec(anchor)?.[0] ?? '';
  const rest = anchor.slice(callback.length);
  const sectionEnd = rest.search(/[.[(]/);
  if (sectionEnd < 0) return undefined;
  const section = rest.slice(0, sectionEnd);
  const last = /\.([A-Za-z0-9_~-]+)$/.exec(rest);
  const name = last ? unescapeFieldName(last[1]) : undefined;
  if (name === undefined || name === '') return undefined;
  const depth = rest.slice(sectionEnd).match(LEVEL)?.length ?? 0;
  return {name, depth, part: callback ? 2 : section.startsWith('response-') ? 1 : 0};
}

/** Operations first, then schema pages (which define a field), then webhooks (which carry it). */
const KIND_ORDER = ['operation', 'schema', 'webhook'];

interface Candidate {
  page: number;
  anchor: string;
  /** Sort key, lower first. */
  order: number[];
}

/**
 * Writes the names lists of the index at `indexDir` from its fragments and
 * the ids of each indexed page (`pageIds`: the page's file relative to the
 * build output, and its ids in order, as the copy dropped them). Returns the
 * number of names listed and of buckets.
 */
export function writeNameLists(
  indexDir: string,
  pageIds: readonly (readonly [string, readonly string[]])[],
  indexed: readonly IndexedPage[] = readIndexedPages(indexDir),
): {names: number; buckets: number} {
  const idsByUrl = new Map<string, readonly string[]>();
  for (const [file, ids] of pageIds) {
    idsByUrl.set(`/${file}`, ids);
    // Pagefind's URL of a folder's index page ends at the folder.
    if (file === 'index.html' || file.endsWith('/index.html')) idsByUrl.set(`/${file.slice(0, -'index.html'.length)}`, ids);
  }
  const pages: NamePage[] = [];
  const byKey = new Map<string, Map<string, Candidate[]>>();
  const add = (key: string, version: string, candidate: Candidate) => {
    if (key === '') return;
    const versions = byKey.get(key) ?? new Map<string, Candidate[]>();
    byKey.set(key, versions);
    const list = versions.get(version) ?? [];
    versions.set(version, list);
    list.push(candidate);
  };
  for (const {url, meta, filters} of indexed) {
    const kind = meta.kind ?? '';
    const version = meta.version ?? '';
    const number = pages.length;
    const named = kind === 'schema' || (kind === 'guide' && (filters?.tag?.length ?? 0) > 0);
    const fields = new Map<string, Candidate>();
    const kindOrder = KIND_ORDER.indexOf(kind);
    if (kindOrder >= 0) {
      for (const [position, id] of (idsByUrl.get(url) ?? []).entries()) {
        const place = fieldPlace(id);
        if (!place) continue;
        const key = nameKey(place.name);
        const order = [kindOrder, place.depth, place.part, position];
        const best = fields.get(key);
        if (!best || compareOrder(order, best.order) < 0) fields.set(key, {page: number, anchor: id, order});
      }
    }
    if (!named && fields.size === 0) continue;
    pages.push(namePage({url, meta}));
    if (named) add(nameKey(meta.title ?? ''), version, {page: number, anchor: '', order: [-1]});
    // Between pages, a title with more of the field's words comes first (`userPrincipalName` on "Create user"), then a shorter path, then the URL: a page's own position only orders its fields among themselves.
    const titleWords = new Set(contentWords(meta.title ?? ''));
    const segments = (meta.path ?? '').split('/').filter((segment) => segment !== '').length;
    for (const [key, candidate] of fields) {
      const shared = [...new Set(contentWords(fieldPlace(candidate.anchor)?.name ?? ''))].filter((word) => titleWords.has(word)).length;
      add(key, version, {...candidate, order: [...candidate.order.slice(0, 3), -shared, segments]});
    }
  }
  const entries: [string, Candidate[]][] = [];
  for (const [key, versions] of byKey) {
    const targets: Candidate[] = [];
    for (const list of versions.values()) {
      let fieldPages = 0;
      for (const candidate of list.sort((a, b) => compareOrder(a.order, b.order) || pages[a.page][0].localeCompare(pages[b.page][0]))) {
        if (candidate.anchor === '' || fieldPages++ < FIELD_PAGES) targets.push(candidate);
      }
    }
    entries.push([key, targets]);
  }
  const rawBytes = entries.reduce((sum, [key, targets]) => sum + key.length + targets.length * 120, 0);
  let buckets = 1;
  while (rawBytes / buckets > BUCKET_BYTES) buckets *= 2;
  const split = Array.from({length: buckets}, (): NameBucket => ({pages: [], names: []}));
  const pageInBucket = Array.from({length: buckets}, () => new Map<number, number>());
  for (const [key, targets] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const bucket = nameBucket(key, buckets);
    const local = pageInBucket[bucket];
    split[bucket].names.push([
      key,
      targets.map((target): NameTarget => {
        let at = local.get(target.page);
        if (at === undefined) {
          at = split[bucket].pages.length;
          local.set(target.page, at);
          split[bucket].pages.push(pages[target.page]);
        }
        return [at, target.anchor];
      }),
    ]);
  }
  const out = path.join(indexDir, 'names');
  mkdirSync(out, {recursive: true});
  // Every bucket is written, empty or not, so the browser never asks for a file that does not exist (a 404 is a console error).
  for (const [index, bucket] of split.entries()) writeFileSync(path.join(out, `${index}.json`), JSON.stringify(bucket));
  writeFileSync(path.join(out, 'index.json'), JSON.stringify({buckets}));
  return {names: entries.length, buckets};
}

function compareOrder(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
