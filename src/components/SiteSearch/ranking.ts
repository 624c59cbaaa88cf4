/** What the search shows of one result, from Pagefind's result data and the page's metadata. */
export interface SearchHit {
  /** Site path without the base URL and without `.html`, e.g. `/docs/api/create-contact`. */
  path: string;
  title: string;
  /** The tag(s) of an operation, "Blog", "Schemas", …: where the page belongs. */
  section: string;
  /** Upper case, for operations and webhooks. */
  method?: string;
  /** The operation's path, or a webhook's event name. */
  apiPath?: string;
  operationId?: string;
  /** The API version of the page (an API page of a site with several versions). */
  version?: string;
  /** Pagefind's excerpt: escaped text with `<mark>` around the matched words. */
  excerpt: string;
}

/** The part of Pagefind's result data that the search reads. */
export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
}

/** Where a page belongs when the page names no section itself, from its path. */
function sectionOfPath(path: string): string {
  if (path.startsWith('/blog')) return 'Blog';
  if (path.startsWith('/docs/api/schemas/')) return 'Schemas';
  if (path.startsWith('/docs/api/')) return 'API reference';
  return 'Docs';
}

/**
 * A Pagefind result as a hit. Pagefind's URLs name the built file
 * (`/docs/api/create-contact.html` with `trailingSlash: false`); the site's
 * route has no `.html`, and `index.html` is already cut to its folder.
 */
export function toSearchHit(data: PagefindResultData): SearchHit {
  const path = data.url.replace(/\.html$/, '').replace(/\/index$/, '/');
  const meta = data.meta;
  const method = meta.method?.trim().toUpperCase() || undefined;
  return {
    path,
    title: meta.title?.trim() || path,
    section: meta.section?.trim() || sectionOfPath(path),
    method,
    apiPath: method ? meta.path?.trim() || undefined : undefined,
    operationId: meta.operationId?.trim() || undefined,
    ...(meta.version?.trim() ? {version: meta.version.trim()} : {}),
    excerpt: data.excerpt,
  };
}

function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The queries that name a hit exactly: its title (an operation's summary), its operationId, and `METHOD /path`. */
export function exactKeys(hit: SearchHit): string[] {
  const keys = [hit.title];
  if (hit.operationId) keys.push(hit.operationId);
  if (hit.method && hit.apiPath) keys.push(`${hit.method} ${hit.apiPath}`);
  return keys.map(normalize);
}

/**
 * Pagefind's order, except that hits the query names exactly (case and
 * spacing aside) come first, operations before other pages: "Create a
 * contact", "createContact" and "POST /contacts" each put that operation on
 * top even where a tag page lists the same words more often.
 */
export function rankExactMatches(query: string, hits: readonly SearchHit[]): SearchHit[] {
  const wanted = normalize(query);
  if (wanted === '') return [...hits];
  const rank = (hit: SearchHit): number => {
    if (!exactKeys(hit).includes(wanted)) return 2;
    return hit.method ? 0 : 1;
  };
  // Array.prototype.sort is stable: equal ranks keep Pagefind's order.
  return hits.map((hit) => ({hit, rank: rank(hit)})).sort((a, b) => a.rank - b.rank).map(({hit}) => hit);
}
