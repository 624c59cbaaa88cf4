import {createSlugger} from '@docusaurus/utils';
import kebabCase from 'lodash/kebabCase';
import type {Definition, Nodes as MdastNodes, Parents as MdastParents, Root as MdastRoot} from 'mdast';

import {looksLikeFieldAnchor} from './field-anchors';
import type {PageIdAssignment} from '../generation/page-ids';
import {asString, decodePointerSegment, isObject, type SpecDocument} from '../../spec-reader/spec-document';

/**
 * Links in spec text were written for the vendor's own documentation (often
 * Redoc): `#tag/Pets`, `/docs/errors`, `developers.example.com`. On this site
 * they point nowhere, and with `onBrokenLinks: 'throw'` a root-relative one
 * stops the build. Each href goes through `rewriteSpecLink`: it is kept, moved
 * to our page for the same thing, made absolute on the vendor's site, or shown
 * as plain text, and every change says why in words for the spec's authors.
 */

/** Where links that are relative to the vendor's site resolve. */
export interface LinkBase {
  url: string;
  /** What `url` was taken from, named in messages so that people know what to change. */
  from: 'SPEC_LINK_BASE' | 'externalDocs.url' | 'servers';
}

export interface LinkContext {
  pageIds: PageIdAssignment;
  /** Ids of the overview page's headings (Docusaurus's slugger, as that page renders them). */
  overviewHeadingIds: ReadonlySet<string>;
  /** Route of the generated pages, e.g. `/docs/api`. */
  apiDocsBasePath: string;
  /** Absolute URL that vendor-relative links resolve against; without it they become plain text. */
  linkBase?: string;
  linkBaseFrom?: LinkBase['from'];
}

/** A link kept or rewritten (`href`), or shown as its text only. */
export type LinkRewrite = {href: string; problem?: string} | {text: true; problem: string};

/** The schemes the sanitiser lets through (markdown.ts); anything else is never a link. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * Top-level domains that make `name.tld/…` read as a host. Only common ones,
 * and none that are also common file extensions (`.md`, `.py`, `.sh`, `.rs`,
 * `.pl`, `.so`, `.cc`, `.in`, `.ps`), so that `errors.md` stays a relative path.
 */
const HOST_TLDS = new Set(
  (
    'com net org edu gov mil int io dev app ai co me info biz cloud tech xyz site online page ' +
    'us uk eu de fr nl be at ch se no dk fi es it pt ie cz hu ro gr ca mx br ar cl au nz jp kr cn hk tw sg za il ru ua tr'
  ).split(' '),
);

const HOST_PREFIX = /^((?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+([a-z]{2,}))(?::\d{1,5})?(?=[/?#]|$)/i;

/** `developers.example.com/x`: a host name with a known-looking TLD (or `www.`) before the first `/`. */
export function looksLikeHost(href: string): boolean {
  const match = HOST_PREFIX.exec(href);
  if (!match) return false;
  return /^www\./i.test(match[1]) || HOST_TLDS.has(match[2].toLowerCase());
}

function quoted(href: string): string {
  const short = href.length > 120 ? `${href.slice(0, 119)}…` : href;
  return JSON.stringify(short);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function isSafeHref(href: string): boolean {
  return /^(https?:\/\/|\/(?!\/)|#)/i.test(href);
}

/** Lookups over the page ids for tolerant matching, built once per assignment. */
interface PageIndex {
  pageIds: Set<string>;
  tagsByLooseName: Map<string, string>;
  operationsByPageId: Map<string, string>;
  operationsByLooseId: Map<string, string>;
  /** An operation's summary as a heading id (`Create a fork` → `create-a-fork`); null where two operations share it. */
  operationsBySummaryId: Map<string, string | null>;
  /** Schema pages by the kebab case of the schema's name; null where two names share it. */
  schemasByLooseName: Map<string, string | null>;
}

const pageIndexes = new WeakMap<PageIdAssignment, PageIndex>();

function pageIndex(ids: PageIdAssignment): PageIndex {
  let index = pageIndexes.get(ids);
  if (index) return index;
  index = {
    pageIds: new Set([ids.overviewId, ...ids.tags.map((tag) => tag.pageId), ...ids.operations.map((entry) => entry.pageId)]),
    tagsByLooseName: new Map(),
    operationsByPageId: new Map(ids.operations.map((entry) => [entry.pageId, entry.pageId])),
    operationsByLooseId: new Map(),
    operationsBySummaryId: new Map(),
    schemasByLooseName: new Map(),
  };
  // First one wins, as in the sidebar's order.
  for (const tag of ids.tags) {
    const loose = kebabCase(tag.name);
    if (loose && !index.tagsByLooseName.has(loose)) index.tagsByLooseName.set(loose, tag.pageId);
  }
  for (const entry of ids.operations) {
    const loose = kebabCase(asString(entry.operation.operationId) ?? '');
    if (loose && !index.operationsByLooseId.has(loose)) index.operationsByLooseId.set(loose, entry.pageId);
    const summary = asString(entry.operation.summary)?.trim();
    const summaryId = summary ? createSlugger().slug(summary) : '';
    if (summaryId) index.operationsBySummaryId.set(summaryId, index.operationsBySummaryId.has(summaryId) ? null : entry.pageId);
  }
  for (const schema of ids.schemas) {
    const loose = kebabCase(schema.name);
    if (loose) index.schemasByLooseName.set(loose, index.schemasByLooseName.has(loose) ? null : schema.pageId);
  }
  pageIndexes.set(ids, index);
  return index;
}

/** Redoc builds `#tag/<name>` from the name with spaces as `-`, case kept: try the
 * name as written, with `-` for spaces, then the kebab-case form (which ignores case). */
function tagPage(anchorName: string, context: LinkContext): string | undefined {
  const name = decoded(anchorName);
  const {pageIds} = context;
  return (
    pageIds.tagPageId(name) ??
    pageIds.tags.find((tag) => tag.name.replace(/\s+/g, '-') === name)?.pageId ??
    pageIndex(pageIds).tagsByLooseName.get(kebabCase(name))
  );
}

/** By operationId, then by our page id, then kebab-case against operationIds. */
function operationPage(anchorId: string, context: LinkContext): string | undefined {
  const id = decoded(anchorId);
  const index = pageIndex(context.pageIds);
  return context.pageIds.byOperationId(id)?.pageId ?? index.operationsByPageId.get(id) ?? index.operationsByLooseId.get(kebabCase(id));
}

function pageHref(context: LinkContext, pageId: string, fragment = ''): string {
  return `${context.apiDocsBasePath}/${pageId}${fragment ? `#${fragment}` : ''}`;
}

/** `#section/Authentication` or, for a subheading, `#section/Authentication/API-keys`:
 * the deepest segment that names one of the overview's headings. */
function sectionHeadingId(segments: string[], context: LinkContext): string | undefined {
  for (const segment of [...segments].reverse()) {
    const id = createSlugger().slug(decoded(segment));
    if (context.overviewHeadingIds.has(id)) return id;
  }
  return undefined;
}

function rewriteFragment(href: string, fragment: string, context: LinkContext): LinkRewrite {
  const redoc = `link ${quoted(href)} points to a Redoc anchor`;
  const rewritten = (target: string): LinkRewrite => ({href: target, problem: `${redoc}; rewritten to ${target}`});

  const byOperationId = /^(?:tag\/[^/]*\/)?operation\/(.+)$/.exec(fragment);
  // Redoc's anchor for an operation without an operationId: its JSON pointer, after the tag's anchor.
  const byPath = /^(?:tag\/[^/]*)?\/paths\/([^/]+)\/([a-z]+)$/i.exec(fragment);
  if (byOperationId || byPath) {
    let pageId: string | undefined;
    if (byOperationId) pageId = operationPage(byOperationId[1], context);
    else if (byPath) pageId = context.pageIds.operationPage('operation', byPath[2], decodePointerSegment(byPath[1]))?.pageId;
    if (pageId) return rewritten(pageHref(context, pageId));
    return {text: true, problem: `${redoc} for an operation with no page here; shown as plain text`};
  }
  const byTag = /^tag\/([^/]+)/.exec(fragment);
  if (byTag) {
    const pageId = tagPage(byTag[1], context);
    if (pageId) return rewritten(pageHref(context, pageId));
    return {text: true, problem: `${redoc} for a tag with no page here; shown as plain text`};
  }
  const bySection = /^section\/(.+)$/.exec(fragment);
  if (bySection) {
    const headingId = sectionHeadingId(bySection[1].split('/'), context);
    const overview = pageHref(context, context.pageIds.overviewId);
    if (headingId) return rewritten(pageHref(context, context.pageIds.overviewId, headingId));
    return {href: overview, problem: `${redoc} for a heading the overview does not have; rewritten to ${overview}`};
  }
  // Redoc's `#schema/Pet`, and JSON pointers to a schema: the schema's page.
  const bySchema = /^(?:schema\/|\/components\/schemas\/|\/definitions\/)([^/]+)$/.exec(fragment);
  if (bySchema) {
    const name = decoded(bySchema[1]);
    const pageId = context.pageIds.schemaPageId(name) ?? context.pageIds.schemaPageId(decodePointerSegment(name));
    if (pageId) return rewritten(pageHref(context, pageId));
    return {text: true, problem: `${redoc} for a schema the description does not name under components.schemas; shown as plain text`};
  }
  if (/^(schema\/|\/components\/schemas\/|\/definitions\/)/.test(fragment)) {
    return {text: true, problem: `${redoc} for a part of a schema; this site has no page for it, so it is shown as plain text`};
  }
  const named = namedByBareAnchor(fragment, context);
  if (named !== undefined) {
    const target = pageHref(context, named.pageId, named.fragment);
    return {href: target, problem: `link ${quoted(href)} is no anchor of our pages but names ${named.what}; rewritten to ${target}`};
  }
  // An anchor in the same page: Docusaurus only warns about a broken one, so
  // one that none of our pages has is no link.
  if (anchorSomePageHas(decoded(fragment))) return {href};
  return {text: true, problem: `link ${quoted(href)} points to an anchor that no page of this site has; shown as plain text`};
}

/**
 * Ids an operation or schema page gives its own sections
 * (src/components/OperationPage, src/theme): a bare anchor with one of these
 * stays in the page, whatever else it could name.
 */
const PAGE_SECTION_IDS = new Set([
  'authorization',
  'callbacks',
  'code-samples',
  'examples',
  'fields',
  'parameters',
  'request-body',
  'request-body-section',
  'request-example',
  'response-examples',
  'responses',
  'responses-section',
  'servers',
  'try-it',
  'used-by',
]);

/** Whether a page has this id for a section: one of the above, `query-parameters`, `response-201-headers`, or a callback's (`callback-0-responses`). */
function isPageSectionId(id: string): boolean {
  const own = id.replace(/^callback-\d+-/, '');
  return PAGE_SECTION_IDS.has(own) || /^((path|query|header|cookie|unresolved)-parameters|response-[a-z\d]+(-headers)?)$/i.test(own);
}

/** Ids of the tag and overview pages' sections (src/components/TagPage, OverviewPage). */
const LIST_PAGE_SECTION_IDS = new Set(['operations', 'servers', 'authentication-schemes', 'resources', 'schemas', 'contact-and-licence']);

/**
 * Whether some page that shows spec text could have this id: a section of an
 * operation, schema, tag or overview page, or a field. The same text (a shared
 * schema's description) is on many pages, so this errs towards keeping a link;
 * the overview's headings never reach here, as they are rewritten to it.
 */
function anchorSomePageHas(id: string): boolean {
  return id === '' || isPageSectionId(id) || LIST_PAGE_SECTION_IDS.has(id) || /^scheme-[a-z0-9-]+$/.test(id) || looksLikeFieldAnchor(id);
}

/**
 * A bare anchor (`#create-a-fork`) was written for the vendor's own site,
 * where it is often the heading of an operation on a page that lists many
 * (docs.github.com), a heading of the API's introduction, or an object's
 * section. Where it is none of our pages' own section ids and names one of
 * the overview's headings, exactly one operation (its summary as a heading
 * id, its page id or its operationId) or exactly one schema (its name, or
 * the name's kebab case), it goes there.
 */
function namedByBareAnchor(fragment: string, context: LinkContext): {pageId: string; fragment?: string; what: string} | undefined {
  const id = decoded(fragment);
  if (id === '' || isPageSectionId(id)) return undefined;
  // First the overview's own headings, which a link in the overview means.
  if (context.overviewHeadingIds.has(id)) return {pageId: context.pageIds.overviewId, fragment: id, what: "a heading of the API's overview"};
  const index = pageIndex(context.pageIds);
  const bySummary = index.operationsBySummaryId.get(id);
  if (bySummary) return {pageId: bySummary, what: "an operation's summary"};
  // A summary two operations share names neither.
  if (bySummary === null) return undefined;
  const byId = index.operationsByPageId.get(id) ?? context.pageIds.byOperationId(id)?.pageId;
  if (byId) return {pageId: byId, what: 'an operation'};
  // `[check_run](#check_run) object`: the schema `check-run`.
  const schema = context.pageIds.schemaPageId(id) ?? index.schemasByLooseName.get(kebabCase(id));
  return schema ? {pageId: schema, what: 'a schema'} : undefined;
}

function resolveOnVendorSite(href: string, target: string, context: LinkContext): LinkRewrite {
  if (!context.linkBase) {
    return {
      text: true,
      problem: `link ${quoted(href)} cannot be resolved on this site and no link base is known; shown as plain text (set SPEC_LINK_BASE to the vendor's site to keep it as a link)`,
    };
  }
  let resolved: string | undefined;
  try {
    resolved = new URL(target, context.linkBase).href;
  } catch {
    resolved = undefined;
  }
  if (!resolved || !isSafeHref(resolved)) {
    return {text: true, problem: `link ${quoted(href)} is not a valid URL relative to ${context.linkBase}; shown as plain text`};
  }
  return {href: resolved, problem: `link ${quoted(href)} is relative to the vendor's site; resolved against ${context.linkBase}${linkBaseNote(context.linkBaseFrom)}`};
}

/** Says where the link base came from, so that whoever reads the message knows what to change. */
function linkBaseNote(from: LinkBase['from'] | undefined): string {
  if (from === undefined) return '';
  if (from === 'SPEC_LINK_BASE') return ' (SPEC_LINK_BASE)';
  return ` (the origin of ${from === 'servers' ? 'the first server URL' : 'externalDocs.url'}; set SPEC_LINK_BASE to choose another)`;
}

/**
 * Classifies one href from spec text and says what this site makes of it.
 * A kept href is returned as written (http(s), mailto, protocol-relative, an
 * in-page `#fragment` or one of our pages; the sanitiser still checks it); a
 * rewritten one is always an absolute http(s) URL or a path on this site.
 */
export function rewriteSpecLink(href: string, context: LinkContext): LinkRewrite {
  // Browsers drop tabs and newlines anywhere in a URL (`java\tscript:`), and
  // leading spaces and control characters.
  // eslint-disable-next-line no-control-regex -- C0 controls are exactly what the URL parser strips
  const target = href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  if (target === '') return {href};

  // Before the scheme test: `example.com:8080/x` would read as the scheme `example.com`.
  if (looksLikeHost(target)) {
    const absolute = `https://${target}`;
    try {
      new URL(absolute);
    } catch {
      return {text: true, problem: `link ${quoted(href)} looks like a host name without a scheme but is not a valid URL; shown as plain text`};
    }
    return {href: absolute, problem: `link ${quoted(href)} has no scheme; rewritten to ${absolute}`};
  }

  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(target)?.[1].toLowerCase();
  if (scheme !== undefined) {
    if (SAFE_SCHEMES.has(scheme)) return {href};
    return {text: true, problem: `link ${quoted(href)} uses the ${scheme}: scheme, which this site never links to; shown as plain text`};
  }

  if (target.startsWith('#')) return rewriteFragment(href, target.slice(1), context);
  // Protocol-relative (`//cdn.example.com/x`): another host, like an http(s) link.
  if (target.startsWith('//')) return {href};
  if (target.startsWith('/')) {
    const base = `${context.apiDocsBasePath.replace(/\/+$/, '')}/`;
    if (target.startsWith(base)) {
      const pageId = target.slice(base.length).split(/[?#]/)[0].replace(/\/+$/, '');
      if (pageIndex(context.pageIds).pageIds.has(pageId)) return {href};
    }
  }
  // Root-relative (`/docs/errors`) or relative (`errors.md`, `../guide`, `?page=2`).
  return resolveOnVendorSite(href, target, context);
}

function absoluteHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A server URL with its variables set to their defaults, as the pages show it. */
function serverUrl(server: unknown): string | undefined {
  if (!isObject(server)) return undefined;
  let url = asString(server.url);
  if (url === undefined) return undefined;
  const variables = isObject(server.variables) ? server.variables : {};
  for (const [name, variable] of Object.entries(variables)) {
    const fallback = isObject(variable) ? variable.default : undefined;
    url = url.split(`{${name}}`).join(String(fallback ?? ''));
  }
  return url;
}

/**
 * Where links relative to the vendor's site resolve: the override (the
 * SPEC_LINK_BASE variable; an absolute http(s) URL, kept with its path), else
 * the origin of `externalDocs.url`, else the origin of the first absolute
 * http(s) server URL. An empty override counts as unset.
 */
export function resolveLinkBase(spec: SpecDocument, override?: string): LinkBase | undefined {
  if (override !== undefined && override.trim() !== '') {
    const url = absoluteHttpUrl(override.trim());
    if (!url) throw new Error(`SPEC_LINK_BASE must be an absolute http or https URL (got "${override}")`);
    return {url: url.href, from: 'SPEC_LINK_BASE'};
  }
  const externalDocs = isObject(spec.root.externalDocs) ? asString(spec.root.externalDocs.url) : undefined;
  const docsUrl = externalDocs === undefined ? undefined : absoluteHttpUrl(externalDocs);
  if (docsUrl) return {url: docsUrl.origin, from: 'externalDocs.url'};
  for (const server of Array.isArray(spec.root.servers) ? spec.root.servers : []) {
    const url = absoluteHttpUrl(serverUrl(server) ?? '');
    if (url) return {url: url.origin, from: 'servers'};
  }
  return undefined;
}

/** The URL of `resolveLinkBase`, or undefined. */
export function linkBaseFor(spec: SpecDocument, override?: string): string | undefined {
  return resolveLinkBase(spec, override)?.url;
}

/**
 * Rewrites every link of a parsed Markdown tree in place (inline links,
 * autolinks, and reference links through their definitions) and reports each
 * change. The renderer and `findLinkProblems` both go through here, so what
 * the check reports is what the pages show.
 */
export function rewriteMarkdownLinks(tree: MdastRoot, context: LinkContext, onProblem?: (message: string) => void): void {
  const definitions = new Map<string, Definition>();
  const collect = (parent: MdastParents) => {
    for (const child of parent.children) {
      // The first definition of a label wins (CommonMark).
      if (child.type === 'definition' && !definitions.has(child.identifier)) definitions.set(child.identifier, child);
      else if ('children' in child) collect(child);
    }
  };
  collect(tree);

  const visit = (parent: MdastParents) => {
    const children: MdastNodes[] = [];
    for (const child of parent.children) {
      if ('children' in child) visit(child);
      if (child.type === 'link' || child.type === 'linkReference') {
        const definition = child.type === 'linkReference' ? definitions.get(child.identifier) : undefined;
        // A reference without a definition is not a link; Markdown shows it as text.
        const url = child.type === 'link' ? child.url : definition?.url;
        if (url !== undefined) {
          const result = rewriteSpecLink(url, context);
          if (result.problem !== undefined) onProblem?.(result.problem);
          if ('text' in result) {
            children.push(...child.children);
            continue;
          }
          if (result.href !== url) {
            children.push({type: 'link', url: result.href, title: child.type === 'link' ? child.title : definition?.title, children: child.children});
            continue;
          }
        }
      }
      children.push(child);
    }
    parent.children = children as never;
  };
  visit(tree);
}
