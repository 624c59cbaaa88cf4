import kebabCase from 'lodash/kebabCase';

import {assignPageIds} from './page-ids';
import {asString, isPre32Operation, type JsonObject, type SpecDocument} from '../../spec-reader/spec-document';

/**
 * The document docusaurus-plugin-openapi-docs generates from: one entry per
 * page, nothing else. Its `operationId`s are our page ids (the plugin names a
 * page `kebabCase(operationId)`, and our ids are already in that form), its
 * tags are named by their page ids with the real name as `x-displayName` (the
 * sidebar's category label), and every tag an operation uses is declared.
 *
 * So whatever the real description holds (duplicate or missing operationIds,
 * undeclared tags, external or broken `$ref`s, keywords the plugin's own
 * parser trips on, no `paths` at all), the plugin sees a small valid document
 * and writes the sidebar and one page file per page; our page generators then
 * render each page from the real description (`.spec/openapi.yaml`). It is
 * also why generation does not convert the whole description to a Postman
 * collection, which the plugin does for every spec it loads.
 */
export function pageOutline(spec: SpecDocument): JsonObject {
  const ids = assignPageIds(spec);
  const pageIdOfTag = (name: string) => ids.tagPageId(name) ?? name;
  // Maps, not plain objects: a path or webhook named `__proto__` would set
  // the object's prototype instead of adding a key.
  type PathItemOutline = {order: string[]; methods: Map<string, JsonObject>};
  const paths = new Map<string, PathItemOutline>();
  const webhooks = new Map<string, PathItemOutline>();
  // The plugin pages only the methods of OpenAPI 3.1, so an operation under
  // another (`query`, `additionalOperations`) is outlined as a GET of a path
  // of its own, next to its path: the plugin needs only the page id, and our
  // generators render the page from the real description.
  const outlineSlot = (entry: (typeof ids.operations)[number]) =>
    isPre32Operation(entry) ? {key: entry.path, method: entry.method} : {key: `${entry.path} ${entry.method}`, method: 'get'};
  for (const entry of ids.operations) {
    const {operation, method, path} = entry;
    const target = entry.kind === 'webhook' ? webhooks : paths;
    const slot = outlineSlot(entry);
    const pathItem = target.get(slot.key) ?? {order: Object.keys(entry.pathItem), methods: new Map<string, JsonObject>()};
    target.set(slot.key, pathItem);
    pathItem.methods.set(slot.method, {
      operationId: entry.pageId,
      summary: displaySummary(operation, method, path, entry.kind),
      ...(entry.tags.length > 0 ? {tags: [...new Set(entry.tags.map(pageIdOfTag))]} : {}),
      ...(operation.deprecated === true ? {deprecated: true} : {}),
      responses: {default: {description: ''}},
    });
  }
  // The sidebar lists a path's operations in the order the description
  // writes them (get, patch, delete, …), as the plugin did from the real one.
  // Object.fromEntries defines a `__proto__` key as its own, which JSON.stringify writes.
  const outlineOf = (pathItems: Map<string, PathItemOutline>) =>
    Object.fromEntries(
      [...pathItems].map(([path, {order, methods}]) => [path, Object.fromEntries([...methods].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)))]),
    );
  // Schemas by the last part of their page id (`schemas/contact` → `contact`):
  // the plugin names a schema page after its title, and writes it to `schemas/`.
  const schemas = Object.fromEntries(
    ids.schemas.map((schema) => {
      const stem = schema.pageId.slice(schema.pageId.lastIndexOf('/') + 1);
      return [stem, {title: stem, type: 'object'}];
    }),
  );
  const info = spec.info;
  return {
    openapi: '3.1.0',
    info: {
      // The plugin derives the overview's id from the title; ours is set by
      // the page generator (and the sidebar entry renamed) when they differ.
      // A title with no letters or digits would give the plugin an empty id.
      title: kebabCase(asString(info.title) ?? '') ? String(info.title) : ids.overviewId,
      version: String(info.version ?? ''),
    },
    tags: ids.tags.map((tag) => ({name: tag.pageId, 'x-displayName': tag.name})),
    paths: outlineOf(paths),
    ...(webhooks.size > 0 ? {webhooks: outlineOf(webhooks)} : {}),
    ...(ids.schemas.length > 0 ? {components: {schemas}} : {}),
  };
}

/** Longest summary that is still a page's title; longer ones are paragraphs. */
export const TITLE_SUMMARY_MAX_LENGTH = 200;

/**
 * The spec's summary when it reads as a title: one line, no Markdown link,
 * at most TITLE_SUMMARY_MAX_LENGTH characters. Some descriptions put a
 * paragraph there: each of GitHub's 270 webhooks has two, with links
 * (`This event occurs when … see "[About pull requests](https://…)".`), the
 * same for every action of an event. As a title and a sidebar label that
 * was a paragraph of raw Markdown, alike for a dozen pages; the page shows
 * such a summary as the first paragraph of its description instead
 * (`leadSummary`).
 */
export function titleSummary(operation: JsonObject): string | undefined {
  const summary = asString(operation.summary)?.trim();
  if (!summary || summary.length > TITLE_SUMMARY_MAX_LENGTH || /[\r\n]/.test(summary) || /\]\(/.test(summary)) return undefined;
  return summary;
}

/** A summary that is not a title (see `titleSummary`): the page leads its description with it. */
export function leadSummary(operation: JsonObject): string | undefined {
  const summary = asString(operation.summary)?.trim();
  return summary && titleSummary(operation) === undefined ? summary : undefined;
}

/** The title a page shows: the spec's summary when it reads as one, else its operationId, else what it is. */
export function displaySummary(operation: JsonObject, method: string, path: string, kind: 'operation' | 'webhook' = 'operation'): string {
  return titleSummary(operation) || asString(operation.operationId) || (kind === 'webhook' ? path : `${method.toUpperCase()} ${path}`);
}
