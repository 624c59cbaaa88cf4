import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import type {ExpectedOperation} from './expected-operations';
import {anchorOf, expectedPages, expectedSchemas, SCHEMA_PAGE_ANCHOR} from './expected-fields';
import {attribute, elements, findElement, htmlFiles, normalizeText, parseHtml, routeOfFile, spacedText, type HtmlElement} from './html';

/** A built page under the API docs route, reduced to what the check compares. */
interface BuiltPage {
  route: string;
  /** Text of the page's only `<h1>`. */
  heading: string;
  /** Text of the page's `<article>`, a space at every element boundary. */
  text: string;
}

export interface BuildCheck {
  /** Operations with a page that shows their method, path and title. */
  pagesFound: number;
  problems: string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function readPages(apiDir: string): BuiltPage[] {
  if (!existsSync(apiDir)) return [];
  // Schema pages sit in a folder of their own; operation pages do not.
  return htmlFiles(apiDir).filter((file) => !file.includes('/')).map((file) => {
    const document = parseHtml(readFileSync(path.join(apiDir, file), 'utf8'));
    const h1 = findElement(document, (element) => element.tagName === 'h1');
    const article = findElement(document, (element) => element.tagName === 'article') ?? document;
    return {route: routeOfFile(file), heading: h1 ? spacedText(h1) : '', text: ` ${spacedText(article)} `};
  });
}

/** `METHOD`, then optionally the server URL, then the path: how the page header reads. */
function endpointPattern(operation: ExpectedOperation): RegExp {
  const method = escapeRegExp(operation.method.toUpperCase());
  const apiPath = escapeRegExp(normalizeText(operation.path));
  return new RegExp(` ${method} (?:\\S+ )?${apiPath} `);
}

/**
 * Checks that every expected operation has its own page under `/docs/api/`
 * whose heading is the operation's title and whose text has its method and
 * path. Pages are matched by content, not by the generator's id rule.
 */
export function checkOperationPages(buildDir: string, operations: ExpectedOperation[], apiRoute = 'docs/api'): BuildCheck {
  const pages = readPages(path.join(buildDir, apiRoute));
  const used = new Set<string>();
  const problems: string[] = [];
  let pagesFound = 0;
  for (const operation of operations) {
    const title = normalizeText(operation.title);
    const pattern = endpointPattern(operation);
    const candidates = pages.filter((page) => !used.has(page.route) && page.heading === title && pattern.test(page.text));
    const page = candidates[0];
    if (page) {
      used.add(page.route);
      pagesFound += 1;
      continue;
    }
    const sameTitle = pages.filter((candidate) => candidate.heading === title);
    const why = sameTitle.length > 0
      ? `pages titled so (${sameTitle.map((candidate) => candidate.route).join(', ')}) do not show "${operation.method.toUpperCase()} ${operation.path}"${sameTitle.every((candidate) => used.has(candidate.route)) ? ' or belong to other operations' : ''}`
      : 'no page has this title';
    problems.push(`${operation.method.toUpperCase()} ${operation.path} "${truncate(operation.title)}": ${why}`);
  }
  return {pagesFound, problems};
}

export function truncate(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Every `id` of a built page, with its heading. */
function pageIds(file: string): {heading: string; ids: Set<string>; text: string} {
  const document = parseHtml(readFileSync(file, 'utf8'));
  const ids = new Set<string>();
  let heading = '';
  let article: HtmlElement | undefined;
  for (const element of elements(document)) {
    const id = attribute(element, 'id');
    if (id !== undefined) ids.add(id);
    if (!heading && element.tagName === 'h1') heading = spacedText(element);
    if (!article && element.tagName === 'article') article = element;
  }
  return {heading, ids, text: ` ${spacedText(article ?? document)} `};
}

export interface FieldCheck {
  schemaPages: number;
  webhookPages: number;
  fieldsChecked: number;
  problems: string[];
}

/**
 * Checks, from the description alone (expected-fields.ts), that every named
 * schema has a page under `/docs/api/schemas/` headed by its name, every
 * webhook a page of its own, and that every field of every operation,
 * webhook and schema is on its page under its id, or, below a named schema
 * the page does not repeat (past the size budget, or on a schema page), on
 * that schema's page: one click from where its parent is shown.
 */
export function checkFieldsAndSchemas(buildDir: string, document: unknown, apiRoute = 'docs/api'): FieldCheck {
  const apiDir = path.join(buildDir, apiRoute);
  const problems: string[] = [];
  const schemas = expectedSchemas(document);
  const schemaDir = path.join(apiDir, 'schemas');
  const schemaPages = new Map<string, Set<string>>();
  for (const file of existsSync(schemaDir) ? htmlFiles(schemaDir) : []) {
    const page = pageIds(path.join(schemaDir, file));
    if (!schemaPages.has(page.heading)) schemaPages.set(page.heading, page.ids);
  }
  const missingSchemas = schemas.filter((schema) => !schemaPages.has(normalizeText(schema.name)));
  if (missingSchemas.length > 0) {
    problems.push(`${missingSchemas.length} named schema${missingSchemas.length === 1 ? ' has' : 's have'} no page: ${missingSchemas.slice(0, 5).map((schema) => truncate(schema.name)).join(', ')}`);
  }
  const ownFields = new Map(schemas.map((schema) => [schema.name, schema.fields]));
  let fieldsChecked = 0;
  const unreachable: string[] = [];

  /** Whether the field at `steps` below `root` is on the page with `ids`, or one schema page further. */
  const reachable = (ids: Set<string>, root: string, steps: string[], namedAt: Map<number, string>, hops = 0): boolean => {
    if (ids.has(anchorOf(root, steps))) return true;
    if (hops > 32) return false;
    for (let length = steps.length - 1; length >= 1; length -= 1) {
      const named = namedAt.get(length - 1);
      if (!named) continue;
      // Array items and oneOf options are not fields of their own: the field that holds them is where the page names the schema.
      let holder = length;
      while (holder > 0 && (steps[holder - 1] === '[]' || /^\(\d+\)$/.test(steps[holder - 1]))) holder -= 1;
      if (holder === 0 ? !ids.has(root) && root !== SCHEMA_PAGE_ANCHOR : !ids.has(anchorOf(root, steps.slice(0, holder)))) continue;
      const schemaIds = schemaPages.get(normalizeText(named));
      if (!schemaIds) continue;
      const rest = steps.slice(length);
      const restNamed = new Map([...namedAt].filter(([index]) => index >= length).map(([index, name]) => [index - length, name]));
      // On the schema page, the rest of the path is walked from the schema itself.
      const own = ownFields.get(named)?.find((field) => field.steps.join('') === rest.join(''));
      if (reachable(schemaIds, SCHEMA_PAGE_ANCHOR, rest, own?.namedAt ?? restNamed, hops + 1)) return true;
    }
    return false;
  };

  for (const schema of schemas) {
    const ids = schemaPages.get(normalizeText(schema.name));
    if (!ids) continue;
    for (const field of schema.fields) {
      fieldsChecked += 1;
      if (!reachable(ids, SCHEMA_PAGE_ANCHOR, field.steps, field.namedAt)) unreachable.push(`schema ${truncate(schema.name)}: ${anchorOf(SCHEMA_PAGE_ANCHOR, field.steps)}`);
    }
  }

  const built = existsSync(apiDir)
    ? htmlFiles(apiDir).filter((file) => !file.includes('/')).map((file) => ({route: routeOfFile(`${apiRoute}/${file}`), ...pageIds(path.join(apiDir, file))}))
    : [];
  const used = new Set<string>();
  let webhookPages = 0;
  for (const expected of expectedPages(document)) {
    const title = normalizeText(expected.title);
    const pattern = endpointPattern({method: expected.method, path: expected.path, title: expected.title});
    const page = built.find((candidate) => !used.has(candidate.route) && candidate.heading === title && pattern.test(candidate.text));
    const label = expected.kind === 'webhook' ? `webhook ${expected.path} (${expected.method.toUpperCase()})` : `${expected.method.toUpperCase()} ${expected.path}`;
    if (!page) {
      // Operations without a page are reported by checkOperationPages.
      if (expected.kind === 'webhook') problems.push(`${label} "${truncate(expected.title)}" has no page`);
      continue;
    }
    used.add(page.route);
    if (expected.kind === 'webhook') webhookPages += 1;
    for (const root of expected.roots) {
      if (root.rootField !== undefined) {
        fieldsChecked += 1;
        if (!page.ids.has(root.rootField)) unreachable.push(`${page.route}: ${root.rootField}`);
      }
      for (const field of root.fields) {
        fieldsChecked += 1;
        if (!reachable(page.ids, root.root, field.steps, field.namedAt)) unreachable.push(`${page.route}: ${anchorOf(root.root, field.steps)}`);
      }
    }
  }
  if (unreachable.length > 0) {
    problems.push(`${unreachable.length} field${unreachable.length === 1 ? ' is' : 's are'} on no page: ${unreachable.slice(0, 5).map((field) => truncate(field, 120)).join('; ')}`);
  }
  return {schemaPages: schemas.length - missingSchemas.length, webhookPages, fieldsChecked, problems};
}
