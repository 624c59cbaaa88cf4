import {matchPathTemplate, parseEndpoint, PAGE_KINDS, type PageKind, type SearchHit} from './ranking';

/**
 * One operation of an endpoint list, as src/plugins/search/endpoints.mjs
 * writes it: method, path, Pagefind URL, title, section, operationId, kind,
 * then its API version's key (empty for an API of one version) and its API's
 * label (a site of several APIs).
 */
export type EndpointEntry = [string, string, string, string, string, string, string, string?, string?];

/** A path segment as the name of its list, as endpoints.mjs writes it. */
export function segmentFileName(segment: string): string {
  return `${segment.toLowerCase().replace(/[^a-z0-9.-]/g, '_') || '_'}.json`;
}

const loaded = new Map<string, Promise<unknown>>();

/** A JSON file of the index, fetched once per page load; a failed fetch is null, tried again next time. */
export function loadJson(url: string): Promise<unknown> {
  let json = loaded.get(url);
  if (!json) {
    json = fetch(url).then(
      (response) => (response.ok ? (response.json() as Promise<unknown>) : null),
      () => {
        loaded.delete(url);
        return null;
      },
    );
    loaded.set(url, json);
  }
  return json;
}

/** A JSON list of the index (see loadJson); anything but a list is an empty one. */
async function loadList<Item>(url: string): Promise<Item[]> {
  const list = await loadJson(url);
  return Array.isArray(list) ? (list as Item[]) : [];
}

/** Up to this many leading segments of a query are tried as the first segment of an operation's path (a server's base path before it). */
const FIRST_SEGMENTS = 3;

/**
 * The operations whose method and path template `query` names, with
 * concrete values or not, most literal template first: read from the
 * endpoint list of each of the query's first segments (`indexUrl` is the
 * Pagefind folder's URL). Empty when the query is not a path.
 */
export async function endpointHits(indexUrl: string, query: string): Promise<SearchHit[]> {
  const endpoint = parseEndpoint(query);
  if (!endpoint || endpoint.segments.length === 0) return [];
  const written = new Set(await loadList<string>(`${indexUrl}endpoints/index.json`));
  const names = [...new Set(endpoint.segments.slice(0, FIRST_SEGMENTS).map(segmentFileName))].filter((name) => written.has(name));
  const entries = (await Promise.all(names.map((name) => loadList<EndpointEntry>(`${indexUrl}endpoints/${name}`)))).flat();
  const matched: {hit: SearchHit; literal: number}[] = [];
  for (const [method, apiPath, url, title, section, operationId, kind, version, api] of entries) {
    if (endpoint.method && endpoint.method !== method.toUpperCase()) continue;
    const literal = matchPathTemplate(endpoint.segments, apiPath);
    if (literal === undefined) continue;
    const path = url.replace(/\.html$/, '').replace(/\/index$/, '/');
    matched.push({
      literal,
      hit: {
        path,
        title: title || path,
        section: section || 'API reference',
        kind: (PAGE_KINDS as readonly string[]).includes(kind) ? (kind as PageKind) : 'operation',
        method: method.toUpperCase(),
        apiPath,
        operationId: operationId || undefined,
        ...(version ? {version} : {}),
        ...(api ? {api} : {}),
        excerpt: '',
        content: '',
      },
    });
  }
  return matched.sort((a, b) => b.literal - a.literal).map(({hit}) => hit);
}
