/**
 * The address of every field on a page: an HTML id derived from where the
 * field sits, the same on every build of the same description, e.g.
 * `request-body.consent.email_marketing`, `response-201.tags[].name`,
 * `query.limit`, `schema.address.postcode` (on a schema page).
 *
 * Grammar (the page components, the schema pages' "Used by" lists and the
 * changelog all build ids through these functions):
 *
 * - a section prefix: `path`, `query`, `header`, `cookie` (parameters),
 *   `request-body`, `response-<status>`, `response-<status>-headers`,
 *   `schema`; a body's second and further media types add `:<media type>`;
 *   the n-th callback of an operation puts `callback-<n>-` before its own;
 * - then per level: `.<name>` (a property), `.*` (any other key,
 *   `additionalProperties`), `.*<pattern>` (`patternProperties`), `[]` (every
 *   item of an array), `[<n>]` (a positional item), `(<n>)` (the n-th option
 *   of a `oneOf`/`anyOf`, from 0).
 *
 * Names come from the description and may hold anything (spaces, quotes,
 * `.`, `[]`, `~`, emoji). Every character outside `[A-Za-z0-9_-]` is written
 * `~<hex code point>_`, and an empty name `~_`; so a name can never produce a
 * separator, two different names never give one id, and the id is valid in
 * HTML and needs no percent-encoding in a URL fragment (a percent-encoded id
 * would be decoded by the router into another field's id).
 */

const SAFE_CHARACTER = /^[A-Za-z0-9_-]$/;
/** Status codes and media types are written with a stricter set, so that `-headers` after one cannot be forged by the status itself. */
const SAFE_ALPHANUMERIC = /^[A-Za-z0-9]$/;

function escapeWith(text: string, safe: RegExp): string {
  if (text === '') return '~_';
  let escaped = '';
  for (const character of text) {
    escaped += safe.test(character) ? character : `~${(character.codePointAt(0) ?? 0).toString(16)}_`;
  }
  return escaped;
}

/** A property or parameter name as it appears in an id. */
export function escapeFieldName(name: string): string {
  return escapeWith(name, SAFE_CHARACTER);
}

/** Reverses escapeFieldName (for messages and tests); undefined for text it did not produce. */
export function unescapeFieldName(escaped: string): string | undefined {
  if (escaped === '~_') return '';
  let name = '';
  for (let index = 0; index < escaped.length; ) {
    const character = escaped[index];
    if (character !== '~') {
      if (!SAFE_CHARACTER.test(character)) return undefined;
      name += character;
      index += 1;
      continue;
    }
    const match = /^~([0-9a-f]+)_/.exec(escaped.slice(index));
    if (!match) return undefined;
    const codePoint = Number.parseInt(match[1], 16);
    if (codePoint > 0x10ffff) return undefined;
    name += String.fromCodePoint(codePoint);
    index += match[0].length;
  }
  return name;
}

export type ParameterSection = 'path' | 'query' | 'querystring' | 'header' | 'cookie';

/** The prefix of a parameter's id: `query.limit`. */
export function parameterAnchor(location: ParameterSection, name: string): string {
  return `${location}.${escapeFieldName(name)}`;
}

/** A body's root: `request-body`, `response-201`, and for the second and later media types `request-body:application~2f_xml`. */
export function bodyAnchor(body: {kind: 'request'} | {kind: 'response'; status: string}, mediaType?: string, mediaIndex = 0): string {
  const base = body.kind === 'request' ? 'request-body' : `response-${escapeWith(body.status, SAFE_ALPHANUMERIC)}`;
  return mediaIndex > 0 && mediaType !== undefined ? `${base}:${escapeWith(mediaType, SAFE_ALPHANUMERIC)}` : base;
}

/** A response header: `response-201-headers.Location`. */
export function responseHeaderAnchor(status: string, name: string): string {
  return `response-${escapeWith(status, SAFE_ALPHANUMERIC)}-headers.${escapeFieldName(name)}`;
}

/** What the ids of a callback's fields start with, so that they never meet
 * the operation's own (`callback-0-request-body.event`, `callback-0-header.X-Signature`). */
export function callbackAnchorPrefix(index: number): string {
  return `callback-${index}-`;
}

/** The root of a schema page's field tree. */
export const SCHEMA_PAGE_ANCHOR = 'schema';

export const childAnchor = {
  property: (parent: string, name: string) => `${parent}.${escapeFieldName(name)}`,
  anyKey: (parent: string) => `${parent}.*`,
  pattern: (parent: string, pattern: string) => `${parent}.*${escapeFieldName(pattern)}`,
  items: (parent: string) => `${parent}[]`,
  position: (parent: string, index: number) => `${parent}[${index}]`,
  option: (parent: string, index: number) => `${parent}(${index})`,
};

/** Whether `id` has the form of a field's id (a section prefix, then a level), whatever the fields of the page that shows it. */
export function looksLikeFieldAnchor(id: string): boolean {
  return /^(callback-\d+-)?(path|query|header|cookie|request-body|response-[A-Za-z0-9]+(-headers)?|schema)(:[A-Za-z0-9~_]+)?([.[(]|$)/.test(id);
}

/** Whether `id` is the field `ancestor` or lies below it (so `ancestor`'s
 * collapsed parts must open to show it). */
export function isAnchorWithin(id: string, ancestor: string): boolean {
  if (id === ancestor) return true;
  if (!id.startsWith(ancestor)) return false;
  const next = id[ancestor.length];
  return next === '.' || next === '[' || next === '(';
}
