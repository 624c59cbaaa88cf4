import {contentWords, stem, wordsOf} from '@site/src/plugins/search/title-key';

import type {ExcerptPart} from './excerpt';

export {stem, wordsOf} from '@site/src/plugins/search/title-key';

/** The kinds of page the search tells apart (Pagefind's `kind` filter and metadata, set where each page is rendered). */
export const PAGE_KINDS = ['operation', 'webhook', 'schema', 'guide', 'blog'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** What the search shows of one result, from Pagefind's result data and the page's metadata. */
export interface SearchHit {
  /**
   * Site path without the base URL and without `.html`, e.g.
   * `/docs/api/create-contact`; for a hit that leads to a field, with the
   * field's anchor as its fragment (`…/create-contact#request-body.email`).
   */
  path: string;
  title: string;
  /** The tag(s) of an operation, "Blog", "Schemas", …: where the page belongs. */
  section: string;
  kind: PageKind;
  /** The name a schema or tag page is found by (`Contact`, `Contacts`), without the title's "schema" or "API". */
  name?: string;
  /** Upper case, for operations and webhooks. */
  method?: string;
  /** The operation's path, or a webhook's event name. */
  apiPath?: string;
  operationId?: string;
  /** The API version of the page as its key, `meridian@2.2.0` (an API page of an API with several versions; src/components/ApiVersions/version-key.ts). */
  version?: string;
  /** The API the page belongs to, by its label (a site with several APIs, src/apis/). */
  api?: string;
  /** Pagefind's excerpt: escaped text with `<mark>` around the matched words. */
  excerpt: string;
  /** The page's indexed text, from which the shown excerpt is taken (see excerpt.tsx). */
  content: string;
  /** The excerpt shown: a sentence of `content` with the query's words marked (hitExcerpt), once the query is known. */
  snippet?: ExcerptPart[];
  /** The field of the query's name that the hit leads to (names.ts): its name, anchor, rank in the names list, and where it is in words. */
  field?: HitField;
}

/** A field a hit leads to: `{name: 'email_marketing', anchor: 'request-body.consent.email_marketing', rank: 0, part: 'Request body', path: 'consent.email_marketing'}`. */
export interface HitField {
  name: string;
  anchor: string;
  /** Its place in the names list of its name, best first. */
  rank: number;
  part: string;
  path: string;
}

/** A hit's page: its path without a field's anchor. */
export function routeOf(hit: Pick<SearchHit, 'path'>): string {
  const hash = hit.path.indexOf('#');
  return hash < 0 ? hit.path : hit.path.slice(0, hash);
}

/** The part of Pagefind's result data that the search reads. */
export interface PagefindResultData {
  url: string;
  excerpt: string;
  content?: string;
  meta: Record<string, string | undefined>;
}

/**
 * Where a page belongs when the page names no section itself: from its path,
 * and for the pages of any API (another API's prefix, an older version's)
 * from what marks them in the index: their kind, API or version.
 */
function sectionOfPath(path: string, meta: PagefindResultData['meta']): string {
  if (path.startsWith('/blog')) return 'Blog';
  if (meta.kind?.trim() === 'schema' || path.startsWith('/docs/api/schemas/')) return 'Schemas';
  if (path.startsWith('/docs/api/') || meta.api?.trim() || meta.version?.trim()) return 'API reference';
  return 'Docs';
}

function kindOf(meta: PagefindResultData['meta'], path: string, method: string | undefined): PageKind {
  const kind = meta.kind?.trim();
  if ((PAGE_KINDS as readonly string[]).includes(kind ?? '')) return kind as PageKind;
  if (method) return 'operation';
  if (path.startsWith('/blog')) return 'blog';
  return path.startsWith('/docs/api/schemas/') ? 'schema' : 'guide';
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
    section: meta.section?.trim() || sectionOfPath(path, meta),
    kind: kindOf(meta, path, method),
    name: meta.name?.trim() || undefined,
    method,
    apiPath: method ? meta.path?.trim() || undefined : undefined,
    operationId: meta.operationId?.trim() || undefined,
    ...(meta.version?.trim() ? {version: meta.version.trim()} : {}),
    ...(meta.api?.trim() ? {api: meta.api.trim()} : {}),
    excerpt: data.excerpt,
    content: data.content ?? '',
  };
}

function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** An identifier compared without case and separators: `pulls/list`, `pulls list` and `PullsList` are one. */
function compact(text: string): string {
  return normalize(text).replace(/[\s/_.\-:]+/g, '');
}

/** Whether `a` and `b` differ by at most one edit (insertion, deletion, substitution or swap of neighbours). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const restA = a.slice(start, endA);
  const restB = b.slice(start, endB);
  if (restA.length <= 1 && restB.length <= 1) return true;
  return restA.length === 2 && restB.length === 2 && restA[0] === restB[1] && restA[1] === restB[0];
}

/** The shortest word in which one typo is forgiven: shorter words have too many neighbours. */
export const TYPO_MIN_LENGTH = 5;

/** A query read as `[METHOD] /path`: the method (or none) and the path's segments without the scheme and host. */
export function parseEndpoint(query: string): {method?: string; segments: string[]} | undefined {
  const match = /^(?:(get|put|post|delete|patch|head|options|trace|query)\s+)?(\S+)$/i.exec(query.trim());
  if (!match) return undefined;
  const path = match[2].replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '').replace(/[?#].*$/, '');
  // A host without a scheme (`api.github.com/repos/…`) is cut at its first slash.
  const withoutHost = /^[^/]+\.[a-z]{2,}\//i.test(path) ? path.slice(path.indexOf('/')) : path;
  if (!withoutHost.startsWith('/')) return undefined;
  return {method: match[1]?.toUpperCase(), segments: withoutHost.split('/').filter((segment) => segment !== '')};
}

/** Leading segments a query's path may have before the operation's own (a server's base path, `/v1.0`). */
const SERVER_PREFIX_SEGMENTS = 2;

/**
 * How many literal segments of `template` (`/repos/{owner}/{repo}`) the
 * query's path matches, when it matches it whole: `{param}` stands for any
 * one segment, and the query may start with a server's base path. Undefined
 * when it does not match. More literal segments is a more precise match.
 */
export function matchPathTemplate(segments: readonly string[], template: string): number | undefined {
  const parts = template.split('/').filter((part) => part !== '');
  const extra = segments.length - parts.length;
  if (extra < 0 || extra > SERVER_PREFIX_SEGMENTS) return undefined;
  let literal = 0;
  for (const [index, part] of parts.entries()) {
    const segment = decodeURIComponentSafe(segments[index + extra]).toLowerCase();
    if (/^\{[^}]*\}$/.test(part)) continue;
    // A segment that mixes text and a parameter (`{name}.json`) matches as a pattern.
    if (part.includes('{')) {
      const pattern = new RegExp(`^${part.split(/\{[^}]*\}/).map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`, 'i');
      if (!pattern.test(segment)) return undefined;
    } else if (segment !== part.toLowerCase()) return undefined;
    literal += 1;
  }
  return literal;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The queries that name a hit exactly: its title (an operation's summary), its name, its operationId, and `METHOD /path`. */
export function exactKeys(hit: SearchHit): string[] {
  const keys = [hit.title];
  if (hit.name) keys.push(hit.name);
  if (hit.operationId) keys.push(hit.operationId);
  if (hit.method && hit.apiPath) keys.push(`${hit.method} ${hit.apiPath}`);
  return keys.map(normalize);
}

/**
 * How well `query` names `hit`, lower is better, as [class, closeness]:
 *   0  exactly: its title, name or operationId (the last two separators
 *      and case aside), or its
 *      endpoint (`POST /v1/contacts`, a path alone, concrete values for
 *      `{param}`, with or without the server's base path);
 *   1  its title's words, plurals and small words aside ("list pull request"
 *      names "List pull requests", "get repository" "Get a repository");
 *   2  every word of the query is in its title (the last may be a prefix,
 *      as it is still being typed), fewer other words first;
 *   3  the same with one typo in a word of TYPO_MIN_LENGTH letters or more;
 *   3.5 a page with a field of that name: from the names lists, in
 *      their order (names.ts), then operations and webhooks whose text
 *      lists one (namesField);
 *   4  anything else Pagefind found (its order).
 */
export function matchClass(query: string, hit: SearchHit): [number, number] {
  const wanted = normalize(query);
  if (exactKeys(hit).includes(wanted)) return [0, 0];
  // A schema's or tag's name as an identifier: `pull request`, `PullRequest` and `pull-request` are one.
  if (hit.name && compact(hit.name) === compact(wanted) && compact(wanted) !== '') return [0, 0];
  if (hit.operationId && compact(hit.operationId) === compact(wanted) && compact(wanted) !== '') return [0, 0];
  const endpoint = parseEndpoint(wanted);
  if (endpoint && hit.apiPath && (!endpoint.method || endpoint.method === hit.method)) {
    const literal = matchPathTemplate(endpoint.segments, hit.apiPath);
    // A more literal template is the closer match (`/pulls/comments` before `/pulls/{pull_number}`).
    if (literal !== undefined) return [0, 100 - literal];
  }
  const queryWords = contentWords(wanted);
  if (queryWords.length === 0) return [4, 0];
  const titleWords = contentWords(hit.name ?? hit.title);
  const titleSet = new Set(titleWords);
  if (queryWords.length === titleSet.size && queryWords.every((word) => titleSet.has(word))) return [1, 0];
  const last = queryWords.length - 1;
  const extra = Math.max(0, titleSet.size - queryWords.length);
  const found = (typos: boolean) =>
    queryWords.every(
      (word, index) =>
        titleSet.has(word) ||
        (index === last && titleWords.some((title) => title.startsWith(word))) ||
        (typos && word.length >= TYPO_MIN_LENGTH && titleWords.some((title) => withinOneEdit(word, title))),
    );
  if (found(false)) return [2, extra];
  if (found(true)) return [3, extra];
  if (hit.field && compact(hit.field.name) === compact(wanted)) return [3.5, hit.field.rank];
  // Without the names lists, the page's text tells a field by its type after its name; such pages follow the lists' own.
  if ((hit.kind === 'operation' || hit.kind === 'webhook') && namesField(wanted, hit.content)) return [3.5, FIELD_IN_TEXT + (hit.kind === 'operation' ? 0 : 1)];
  return [4, 0];
}

/** The closeness of a field found in a page's text rather than in the names lists: after every listed one. */
const FIELD_IN_TEXT = 1_000;

/**
 * Whether the query's last word is a whole word of one of the hits'
 * titles (plurals aside), not only the start of one: a query still being
 * typed ("create a cont") has no title of its own words yet, and reading
 * further down Pagefind's order for it would be wasted.
 */
export function lastWordComplete(query: string, hits: readonly SearchHit[]): boolean {
  const words = contentWords(query);
  const last = words.at(-1);
  if (last === undefined) return false;
  return hits.some((hit) => contentWords(hit.name ?? hit.title).includes(last));
}

/**
 * `query` with each word of TYPO_MIN_LENGTH letters or more that no title
 * of `hits` has replaced by the title word one edit away that most of them
 * have ("mrege a pull request" → "merge a pull request", from titles such as
 * "pull_request auto_merge_disabled"); undefined when no word changes.
 */
export function correctTypos(query: string, hits: readonly SearchHit[]): string | undefined {
  const titles = hits.map((hit) => wordsOf(hit.name ?? hit.title));
  const titleStems = new Set(titles.flat().map(stem));
  let changed = false;
  const corrected = query
    .trim()
    .split(/\s+/)
    .map((word) => {
      const lower = normalize(word);
      if ([...lower].length < TYPO_MIN_LENGTH || !/^\p{L}+$/u.test(lower) || titleStems.has(stem(lower))) return word;
      const counts = new Map<string, number>();
      for (const title of titles) {
        for (const candidate of new Set(title)) {
          if (candidate !== lower && withinOneEdit(lower, candidate)) counts.set(candidate, (counts.get(candidate) ?? 0) + 1);
        }
      }
      const best = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
      if (!best) return word;
      changed = true;
      return best[0];
    })
    .join(' ');
  return changed ? corrected : undefined;
}

/** Types a field's name is followed by in an operation page's indexed text ("due_at string<date-time> required"). */
const FIELD_TYPE = /^(?:string|integer|number|boolean|object|array|null|any|enum|one of|any of)\b/i;

/**
 * Whether `content` lists a field named `query` (one word with no spaces,
 * such as `email_marketing` or `Idempotency-Key`): its name, a space, then
 * its type, as src/components/SchemaView writes a field's header.
 */
export function namesField(query: string, content: string): boolean {
  if (query === '' || /\s/.test(query)) return false;
  const lower = content.toLowerCase();
  for (let at = lower.indexOf(query); at >= 0; at = lower.indexOf(query, at + 1)) {
    const before = at === 0 ? ' ' : lower[at - 1];
    if (/[\s.]/.test(before) && lower[at + query.length] === ' ' && FIELD_TYPE.test(lower.slice(at + query.length + 1, at + query.length + 12))) return true;
  }
  return false;
}

/**
 * Pagefind's order, re-ranked by how well the query names each hit (see
 * matchClass), operations before other pages in the same class: an exact
 * title, operationId or endpoint first, then titles with the query's words,
 * then the rest as Pagefind ranked them. The sort is stable, so equal hits
 * keep Pagefind's order.
 */
export function rankHits(query: string, hits: readonly SearchHit[]): SearchHit[] {
  if (normalize(query) === '') return [...hits];
  const scored = hits.map((hit) => {
    const [matched, closeness] = matchClass(query, hit);
    const operation = hit.kind === 'operation' || hit.kind === 'webhook' ? 0 : 1;
    // A field's pages keep the names list's order (operations, schemas, webhooks; shallower fields first); the rest keep Pagefind's.
    return {hit, key: matched === 3.5 ? [matched, closeness, 0] : matched > 3.5 ? [matched, 0, 0] : [matched, closeness, operation]};
  });
  return scored
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])
    .map(({hit}) => hit);
}
