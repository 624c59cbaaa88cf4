// Whether a page's server-rendered HTML already documents a request body:
// each property name of the operation's JSON request body must appear in the
// HTML as the text of an element, before any JavaScript runs.

import {isObject, type JsonObject, type SpecDocument} from '../src/spec-reader/spec-document';

/** Follows a `$ref` chain with the site's own resolver. The bench reads one
 * known operation of its own spec, so a ref that does not resolve is an error. */
export function resolveRef(spec: SpecDocument, value: unknown): JsonObject {
  const {value: resolved, unresolvedRef} = spec.resolve(value);
  if (unresolvedRef !== undefined) throw new Error(`[bench] $ref "${unresolvedRef}" does not resolve`);
  return resolved;
}

/** The operation object with this operationId, or undefined. */
export function findOperation(spec: SpecDocument, operationId: string): JsonObject | undefined {
  return spec.operations().find(({operation}) => operation.operationId === operationId)?.operation;
}

/** Property names of a schema, following $refs and merging `allOf` parts. */
export function schemaPropertyNames(spec: SpecDocument, schema: unknown): string[] {
  const resolved = resolveRef(spec, schema);
  const names = isObject(resolved.properties) ? Object.keys(resolved.properties) : [];
  const parts = Array.isArray(resolved.allOf) ? resolved.allOf : [];
  for (const part of parts) names.push(...schemaPropertyNames(spec, part));
  return [...new Set(names)];
}

/** Top-level property names of an operation's JSON request body. */
export function requestBodyPropertyNames(spec: SpecDocument, operationId: string): string[] {
  const operation = findOperation(spec, operationId);
  if (operation === undefined) throw new Error(`[bench] no operation "${operationId}" in the spec`);
  const body = resolveRef(spec, operation.requestBody);
  const content = isObject(body.content) ? body.content : {};
  const jsonType = Object.keys(content).find((type) => /json/i.test(type));
  if (jsonType === undefined) throw new Error(`[bench] operation "${operationId}" has no JSON request body`);
  const media = content[jsonType];
  return schemaPropertyNames(spec, isObject(media) ? media.schema : undefined);
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' '};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1]?.toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[entity.toLowerCase()] ?? match;
  });
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/**
 * Text inside these is prose or a code block: a description that mentions
 * `first_name`, or a JSON example, is not a rendered schema. A field name in
 * its own element elsewhere (a `<code>` in a schema row, a table cell) counts.
 */
const EXCLUDED_PARENTS = new Set(['p', 'pre', 'script', 'style', 'template', 'textarea']);
/** Start tags that end an open `<p>` (minified HTML often leaves out `</p>`). */
const CLOSES_PARAGRAPH = new Set([
  'address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer', 'form',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'main', 'menu', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'ul',
]);

/**
 * The trimmed text nodes of an HTML document that are not inside prose
 * paragraphs, code blocks, scripts or styles. A tiny tokenizer, enough for
 * server-rendered pages, including minified ones without optional end tags.
 */
export function elementTexts(html: string): string[] {
  const stripped = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[!?][^>]*>/g, '')
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  const texts: string[] = [];
  const stack: string[] = [];
  const token = /<\/?([a-zA-Z][a-zA-Z0-9-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>|([^<]+)|</g;
  for (let match = token.exec(stripped); match !== null; match = token.exec(stripped)) {
    const [whole, tagName, selfClosing, text] = match;
    if (text !== undefined) {
      const trimmed = decodeEntities(text).replace(/\s+/g, ' ').trim();
      if (trimmed !== '' && !stack.some((name) => EXCLUDED_PARENTS.has(name))) texts.push(trimmed);
      continue;
    }
    if (tagName === undefined) continue;
    const name = tagName.toLowerCase();
    if (whole.startsWith('</')) {
      const index = stack.lastIndexOf(name);
      if (index >= 0) stack.length = index;
      continue;
    }
    if (CLOSES_PARAGRAPH.has(name) && stack.includes('p')) stack.length = stack.lastIndexOf('p');
    if (selfClosing !== '/' && !VOID_ELEMENTS.has(name)) stack.push(name);
  }
  return texts;
}

export interface FieldNameCheck {
  names: string[];
  /** Names that are the whole text of some element outside prose and code blocks (a schema row, a table cell). */
  found: string[];
  missing: string[];
}

/** Checks that every name is rendered as an element's own text in the HTML, outside prose. */
export function checkFieldNames(html: string, names: readonly string[]): FieldNameCheck {
  const texts = new Set(elementTexts(html));
  const found = names.filter((name) => texts.has(name));
  return {names: [...names], found, missing: names.filter((name) => !texts.has(name))};
}
