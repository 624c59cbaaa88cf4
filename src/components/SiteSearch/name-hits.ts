import {unescapeFieldName} from '@site/src/openapi/links/field-anchors';

import {nameBucket, nameKey} from '@site/src/plugins/search/name-key';

import {loadJson} from './endpoints';
import {PAGE_KINDS, type PageKind, type SearchHit} from './ranking';

/** A page of a names list, as src/plugins/search/names-index.ts writes it: URL, title, section, kind, method, path, operationId, version key, API label. */
export type NamePage = [string, string, string, string, string, string, string, string, string?];
interface NameBucket {
  pages: NamePage[];
  names: [string, [number, string][]][];
}


/**
 * Whether a query may be a name the lists hold: one word of three
 * characters or more, with no space and no slash (a path goes to the
 * endpoint lists). `email_marketing`, `Idempotency-Key`, `pull-request`.
 */
export function looksLikeName(query: string): boolean {
  const trimmed = query.trim();
  return trimmed.length >= 3 && !/[\s/]/.test(trimmed) && nameKey(trimmed).length >= 3;
}

const SECTIONS: [RegExp, string][] = [
  [/^request-body/, 'Request body'],
  [/^response-([A-Za-z0-9]+)-headers/, 'Response $1 header'],
  [/^response-([A-Za-z0-9]+)/, 'Response $1'],
  [/^path$/, 'Path parameter'],
  [/^query(?:string)?$/, 'Query parameter'],
  [/^header$/, 'Header'],
  [/^cookie$/, 'Cookie'],
  [/^schema$/, 'Field'],
];

/**
 * Where a field anchor points, in words: the part of the page and the
 * field's path with its names unescaped, e.g. `request-body.consent.email_marketing`
 * is "Request body" and `consent.email_marketing`.
 */
export function describeFieldAnchor(anchor: string): {part: string; path: string} {
  const callback = /^callback-(\d+)-/.exec(anchor);
  const rest = callback ? anchor.slice(callback[0].length) : anchor;
  const sectionEnd = rest.search(/[.[(]/);
  const section = sectionEnd < 0 ? rest : rest.slice(0, sectionEnd);
  const base = section.split(':')[0];
  const named = SECTIONS.find(([pattern]) => pattern.test(base));
  const part = named ? base.replace(named[0], named[1]) : base;
  const levels = sectionEnd < 0 ? '' : rest.slice(sectionEnd);
  const path = levels
    .replace(/^\./, '')
    .replace(/[A-Za-z0-9_~-]+/g, (escaped) => unescapeFieldName(escaped) ?? escaped);
  return {part: callback ? `Callback: ${part.toLowerCase()}` : part, path};
}

/**
 * The pages a one-word query names through the names lists of the index
 * at `indexUrl` (the Pagefind folder's URL): schema and tag pages whose name
 * it is, then the pages with a field of that name, each leading to the
 * field's anchor (`path#anchor`), in the lists' order (operations before
 * schema pages before webhooks, shallower fields first). Empty when the
 * query is not a name or the lists are missing.
 */
export async function nameHits(indexUrl: string, query: string): Promise<SearchHit[]> {
  if (!looksLikeName(query)) return [];
  const key = nameKey(query.trim());
  const meta = (await loadJson(`${indexUrl}names/index.json`)) as {buckets?: unknown} | null;
  const buckets = meta?.buckets;
  if (typeof buckets !== 'number' || !Number.isInteger(buckets) || buckets < 1) return [];
  const bucket = (await loadJson(`${indexUrl}names/${nameBucket(key, buckets)}.json`)) as NameBucket | null;
  if (!bucket || !Array.isArray(bucket.names) || !Array.isArray(bucket.pages)) return [];
  const targets = bucket.names.find(([name]) => name === key)?.[1] ?? [];
  return targets.flatMap(([pageIndex, anchor], rank): SearchHit[] => {
    const page = bucket.pages[pageIndex];
    if (!page) return [];
    const hit = namePageHit(page);
    if (!anchor) return [{...hit, name: page[1]}];
    const {part, path} = describeFieldAnchor(anchor);
    const name = unescapeFieldName(/\.([A-Za-z0-9_~-]+)$/.exec(anchor)?.[1] ?? '') ?? '';
    return [{...hit, path: `${hit.path}#${anchor}`, field: {name, anchor, rank, part, path}}];
  });
}

/** A page of a names or title list as a hit (with no text: Pagefind's result for the same page brings it, mergeHits). */
export function namePageHit(page: NamePage): SearchHit {
  const [url, title, section, kind, method, apiPath, operationId, version, api] = page;
  const route = url.replace(/\.html$/, '').replace(/\/index$/, '/');
  return {
    path: route,
    title: title || route,
    section: section || (kind === 'schema' ? 'Schemas' : 'API reference'),
    kind: (PAGE_KINDS as readonly string[]).includes(kind) ? (kind as PageKind) : 'guide',
    ...(method ? {method: method.toUpperCase(), apiPath: apiPath || undefined} : {}),
    operationId: operationId || undefined,
    ...(version ? {version} : {}),
    ...(api ? {api} : {}),
    excerpt: '',
    content: '',
  };
}
