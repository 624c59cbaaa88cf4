import {createHash} from 'node:crypto';

import kebabCase from 'lodash/kebabCase';

import {asString, escapePointerSegment, isObject, operationPointer, type JsonObject, type OperationEntry, type SpecDocument} from '../../spec-reader/spec-document';

/**
 * The one rule for the id (and so the route, `/docs/api/<id>`) of every
 * generated page: tag pages, operation and webhook pages, the overview.
 *
 * - A tag page is `kebabCase(name)`; an operation page `kebabCase(operationId)`,
 *   else `kebabCase(summary)`, else `kebabCase("<method> <path>")`; a webhook the
 *   same with the event name last; the overview `kebabCase(info.title)`.
 * - A named schema's page is `schemas/<kebabCase(name)>`, in a folder of its
 *   own (a taken id there gets `-2`, `-3`, … in document order); when there
 *   are schemas, `schemas` itself is their index page, so no other page has it.
 * - Ids are claimed in that order (tags, then operations and webhooks in
 *   document order, then the overview), and a taken id gets `-2`, `-3`, …, so
 *   two operations with one operationId, or an operation named like a tag, each
 *   keep a page. The overview keeps its older suffix, `-overview`.
 * - An id longer than MAX_PAGE_ID_BYTES (UTF-8) is cut at a character
 *   boundary and ends in `-<letters>`, a hash of the whole id, so two long
 *   ids that share a beginning still differ; the page shows the full name.
 * - The same document always gives the same ids.
 *
 * The openapi-docs plugin is handed these ids (see page-outline.ts), so its
 * sidebar and our pages agree by construction.
 */

export interface PagedOperation extends OperationEntry {
  kind: 'operation' | 'webhook';
  pageId: string;
  /** JSON Pointer of the operation object, e.g. `/paths/~1pets/get`. */
  pointer: string;
  /** Tag names, as strings, in the operation's order. */
  tags: string[];
}

/** Something about the ids worth telling the spec's authors. */
export interface PageIdNote {
  kind: 'operation' | 'tag';
  pointer: string;
  message: string;
}

export interface PageIdAssignment {
  overviewId: string;
  /** Every tag that at least one operation or webhook uses, declared or not, in the order the sidebar lists them. */
  tags: {name: string; pageId: string; declared: boolean; description?: string}[];
  /** Operations, then webhooks, in document order. */
  operations: PagedOperation[];
  tagPageId(name: string): string | undefined;
  /** The page of `method path` (an operation) or `method event` (a webhook). */
  operationPage(kind: 'operation' | 'webhook', method: string, path: string): PagedOperation | undefined;
  /** The first operation (then webhook) with this operationId. */
  byOperationId(operationId: string): PagedOperation | undefined;
  /** Every named schema (`components.schemas`), in document order, with its page id `schemas/<kebab name>`. */
  schemas: {name: string; pageId: string}[];
  /** The page id of the schema `#/components/schemas/<name>`. */
  schemaPageId(name: string): string | undefined;
  notes: PageIdNote[];
}

/** Folder of the schema pages below API_DOCS_BASE_PATH: `/docs/api/schemas/<id>`. */
export const SCHEMA_PAGES_DIR = 'schemas';

/** Route of the generated pages: `/docs/api/<page id>`. The config, the spec
 * step (which checks links against it) and the changelog all take it from here. */
export const API_DOCS_BASE_PATH = '/docs/api';

/** Folder of the generated pages and their data, relative to the site: the
 * plugin's `outputDir` in the config, and what `npm run gen` cleans. */
export const API_OUTPUT_DIR = 'docs/api';

/**
 * The most bytes (UTF-8) of a page id's last segment before a `-2` or
 * `-overview` suffix, since it is a file name: file systems allow 255 bytes,
 * and the generator, the plugin and the build add suffixes to it (the longest
 * is `.page-core.json`, then `.schema.mdx`, `.api.mdx`, the twin's `.md`).
 */
export const MAX_PAGE_ID_BYTES = 200;

/** Letters only, so the plugin's kebabCase keeps the id as it is (it splits letters from digits). */
function letterHash(text: string): string {
  let value = BigInt(`0x${createHash('sha256').update(text).digest('hex').slice(0, 12)}`);
  let letters = '';
  for (let index = 0; index < 10; index += 1) {
    letters += String.fromCharCode(97 + Number(value % 26n));
    value /= 26n;
  }
  return letters;
}

/** The id itself when it fits in MAX_PAGE_ID_BYTES, else its beginning, cut at a character boundary, and a hash of all of it. */
export function shortenPageId(id: string): string {
  if (Buffer.byteLength(id, 'utf8') <= MAX_PAGE_ID_BYTES) return id;
  const hash = letterHash(id);
  const room = MAX_PAGE_ID_BYTES - hash.length - 1;
  let prefix = '';
  let bytes = 0;
  for (const character of id) {
    bytes += Buffer.byteLength(character, 'utf8');
    if (bytes > room) break;
    prefix += character;
  }
  return `${prefix.replace(/-+$/, '')}-${hash}`;
}

/**
 * Names Docusaurus gives a meaning of its own (`index.mdx` and `README.md`
 * become the folder's index page), and the changelog page an API other than
 * the main one has beside its pages (scripts/gen-changelog.ts).
 */
const RESERVED_IDS = new Set(['index', 'readme', 'changelog']);

function stringTags(operation: JsonObject): string[] {
  return Array.isArray(operation.tags) ? operation.tags.filter((tag): tag is string => typeof tag === 'string') : [];
}

function baseOperationId(kind: 'operation' | 'webhook', {operation, method, path}: OperationEntry): string {
  const named = kebabCase(asString(operation.operationId) ?? '') || kebabCase(asString(operation.summary) ?? '');
  if (named) return named;
  return kind === 'webhook' ? kebabCase(path) || kebabCase(`${method} webhook`) : kebabCase(`${method} ${path}`);
}

/** The note for an id cut to fit a file name; `what` names its source, e.g. `operationId "getX"`. */
function shortenedNote(kind: PageIdNote['kind'], pointer: string, what: string, full: string, pageId: string): PageIdNote {
  const bytes = Buffer.byteLength(full, 'utf8');
  return {
    kind,
    pointer,
    message: `the page id from ${what} would be ${bytes} bytes long, more than the ${MAX_PAGE_ID_BYTES} a file name leaves it; its page is "${pageId}"`,
  };
}

/** At most 60 characters of a name, for a message. */
function excerpt(name: string): string {
  const characters = [...name];
  return characters.length > 60 ? `${characters.slice(0, 60).join('')}…` : name;
}

const assignments = new WeakMap<SpecDocument, PageIdAssignment>();

export function assignPageIds(spec: SpecDocument): PageIdAssignment {
  const cached = assignments.get(spec);
  if (cached) return cached;

  const taken = new Set<string>();
  const claim = (base: string): string => {
    let id = base;
    for (let n = 2; taken.has(id) || RESERVED_IDS.has(id); n += 1) id = `${base}-${n}`;
    taken.add(id);
    return id;
  };
  const notes: PageIdNote[] = [];
  const schemaEntries = Object.keys(spec.components('schemas'));
  // `/docs/api/schemas` is the schema pages' index when there are schemas.
  if (schemaEntries.length > 0) taken.add(SCHEMA_PAGES_DIR);

  const entries: {kind: 'operation' | 'webhook'; entry: OperationEntry; pointer: string}[] = [
    ...spec.operations().map((entry) => ({
      kind: 'operation' as const,
      entry,
      pointer: operationPointer('paths', entry),
    })),
    ...spec.webhooks().map((entry) => ({
      kind: 'webhook' as const,
      entry,
      pointer: operationPointer(spec.webhooksKey(), entry),
    })),
  ];

  // Tags: declared ones in declaration order, then the ones operations use
  // without declaring, in the order they first appear.
  const declared = new Map<string, string | undefined>();
  for (const tag of Array.isArray(spec.root.tags) ? spec.root.tags.filter(isObject) : []) {
    const name = asString(tag.name);
    if (name !== undefined && !declared.has(name)) declared.set(name, asString(tag.description));
  }
  const used = new Set<string>();
  const undeclared: string[] = [];
  const firstUse = new Map<string, string>();
  for (const {entry, pointer} of entries) {
    const tags = stringTags(entry.operation);
    // Undeclared tags are valid OpenAPI (the list is optional): not a problem.
    for (const tag of tags) {
      if (!declared.has(tag) && !used.has(tag)) undeclared.push(tag);
      used.add(tag);
    }
    tags.forEach((tag, index) => {
      if (!firstUse.has(tag)) firstUse.set(tag, `${pointer}/tags/${index}`);
    });
  }
  const tagNames = [...[...declared.keys()].filter((name) => used.has(name)), ...undeclared];
  const tags = tagNames.map((name, index) => {
    const description = declared.get(name);
    const full = kebabCase(name) || `tag-${index + 1}`;
    const base = shortenPageId(full);
    const pageId = claim(base);
    if (base !== full) notes.push(shortenedNote('tag', firstUse.get(name) ?? '/tags', `tag "${excerpt(name)}"`, full, pageId));
    if (pageId !== base) {
      notes.push({
        kind: 'tag',
        pointer: firstUse.get(name) ?? '/tags',
        message: `tag "${name}" would have the page id "${base}" of another tag; its page is "${pageId}"`,
      });
    }
    return {name, pageId, declared: declared.has(name), ...(description !== undefined ? {description} : {})};
  });

  const operations: PagedOperation[] = [];
  const firstWithOperationId = new Map<string, PagedOperation>();
  for (const {kind, entry, pointer} of entries) {
    const full = baseOperationId(kind, entry);
    const base = shortenPageId(full);
    const pageId = claim(base);
    const paged: PagedOperation = {...entry, kind, pageId, pointer, tags: stringTags(entry.operation)};
    operations.push(paged);
    const operationId = asString(entry.operation.operationId);
    const label = kind === 'webhook' ? `webhook ${entry.path} (${entry.method.toUpperCase()})` : `${entry.method.toUpperCase()} ${entry.path}`;
    if (base !== full) {
      const summary = asString(entry.operation.summary);
      const [what, at] = kebabCase(operationId ?? '')
        ? [`operationId "${excerpt(operationId ?? '')}"`, `${pointer}/operationId`]
        : kebabCase(summary ?? '')
          ? [`the summary of ${excerpt(label)}`, `${pointer}/summary`]
          : [excerpt(label), pointer];
      notes.push(shortenedNote('operation', at, what, full, pageId));
    }
    if (operationId === undefined || operationId.trim() === '') {
      // operationId is optional: worth a word only when the page id had to
      // come from elsewhere than a name the author chose, or was taken.
      const summary = asString(entry.operation.summary);
      // A webhook's event name is a name the author chose.
      if ((!summary && kind === 'operation') || pageId !== base) {
        const from = summary ? 'its summary, which another page has too' : kind === 'webhook' ? 'its event name' : 'its method and path';
        notes.push({kind: 'operation', pointer, message: `${label} has no operationId${summary ? '' : ' and no summary'}; its page is "${pageId}" (from ${from})`});
      }
      continue;
    }
    const first = firstWithOperationId.get(operationId);
    if (first) {
      const firstLabel = first.kind === 'webhook' ? `webhook ${first.path}` : `${first.method.toUpperCase()} ${first.path}`;
      notes.push({
        kind: 'operation',
        pointer: `${pointer}/operationId`,
        message: `operationId "${operationId}" is also used by ${firstLabel}; operationIds must be unique, so this page is "${pageId}"`,
      });
    } else {
      firstWithOperationId.set(operationId, paged);
      if (pageId !== base) {
        notes.push({
          kind: 'operation',
          pointer: `${pointer}/operationId`,
          message: `the page id "${base}" of operationId "${operationId}" is taken by another page; this page is "${pageId}"`,
        });
      }
    }
  }

  const title = asString(spec.info.title);
  const fullOverviewId = kebabCase(title ?? '') || 'overview';
  let overviewId = shortenPageId(fullOverviewId);
  if (taken.has(overviewId) || RESERVED_IDS.has(overviewId)) {
    const base = overviewId;
    overviewId = `${base}-overview`;
    for (let n = 2; taken.has(overviewId); n += 1) overviewId = `${base}-overview-${n}`;
  }
  taken.add(overviewId);
  if (!overviewId.startsWith(fullOverviewId)) notes.push(shortenedNote('operation', '/info/title', 'info.title', fullOverviewId, overviewId));

  // Schema pages live in their own folder, so their ids never meet the others'.
  const takenSchemaIds = new Set<string>();
  const schemas = schemaEntries.map((name, index) => {
    const full = kebabCase(name) || `schema-${index + 1}`;
    const base = shortenPageId(full);
    let stem = base;
    for (let n = 2; takenSchemaIds.has(stem) || RESERVED_IDS.has(stem); n += 1) stem = `${base}-${n}`;
    takenSchemaIds.add(stem);
    if (base !== full) {
      notes.push(shortenedNote('operation', `/components/schemas/${escapePointerSegment(name)}`, `schema "${excerpt(name)}"`, full, `${SCHEMA_PAGES_DIR}/${stem}`));
    }
    return {name, pageId: `${SCHEMA_PAGES_DIR}/${stem}`};
  });
  const schemaIds = new Map(schemas.map((schema) => [schema.name, schema.pageId]));

  const byKey = new Map(operations.map((operation) => [`${operation.kind} ${operation.method} ${operation.path}`, operation]));
  const tagIds = new Map(tags.map((tag) => [tag.name, tag.pageId]));
  const assignment: PageIdAssignment = {
    overviewId,
    tags,
    operations,
    tagPageId: (name) => tagIds.get(name),
    operationPage: (kind, method, path) => byKey.get(`${kind} ${method.toLowerCase()} ${path}`),
    byOperationId: (operationId) => firstWithOperationId.get(operationId),
    schemas,
    schemaPageId: (name) => schemaIds.get(name),
    notes,
  };
  assignments.set(spec, assignment);
  return assignment;
}
