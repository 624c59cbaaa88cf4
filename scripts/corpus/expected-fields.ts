import {bodyAnchor, callbackAnchorPrefix, childAnchor, parameterAnchor, responseHeaderAnchor, SCHEMA_PAGE_ANCHOR} from '../../src/openapi/links/field-anchors';
import {expectedTitle} from './expected-operations';

/**
 * The fields, schemas and webhooks a description declares, read straight
 * from the document with no code from src/openapi but the field-id grammar
 * (field-anchors.ts, the contract the pages are checked against), so that
 * the corpus check does not share a bug with the generator it checks.
 */

type Json = Record<string, unknown>;

// Its own HTTP_METHODS and $ref walk, not src/spec-reader/spec-document.ts's, on purpose: an oracle must not share the code it checks.
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

/** A path item's operations: its fixed-field methods in `order`, then OpenAPI 3.2's `additionalOperations` under their own names. */
function operationsOfPathItem(pathItem: Json, order: readonly string[] = HTTP_METHODS): [string, unknown][] {
  const additional = isJson(pathItem.additionalOperations) ? Object.entries(pathItem.additionalOperations) : [];
  return [...order.filter((key) => (HTTP_METHODS as readonly string[]).includes(key)).map((method): [string, unknown] => [method, pathItem[method]]), ...additional];
}
const SCHEMA_REF = '#/components/schemas/';
/** Where the walk stops: deeper than any page expands a tree that is not circular. */
const MAX_DEPTH = 14;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pointerTarget(document: Json, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let target: unknown = document;
  for (const segment of ref.slice(1).split('/').slice(1)) {
    let key = segment;
    try {
      key = decodeURIComponent(segment);
    } catch {
      // A malformed escape is a literal key.
    }
    key = key.replace(/~1/g, '/').replace(/~0/g, '~');
    target = isJson(target) ? (Object.hasOwn(target, key) ? target[key] : undefined) : Array.isArray(target) ? target[Number(key)] : undefined;
  }
  return target;
}

/** A value with its `$ref`s followed: the object, and the last `$ref` followed (its schema name when it names one). */
function follow(document: Json, value: unknown): {node: Json; ref?: string} {
  let current = value;
  let ref: string | undefined;
  for (let hops = 0; hops < 16 && isJson(current) && typeof current.$ref === 'string'; hops += 1) {
    ref = current.$ref;
    current = pointerTarget(document, ref);
  }
  return {node: isJson(current) ? current : {}, ...(ref ? {ref} : {})};
}

function schemaName(ref: string | undefined): string | undefined {
  if (!ref?.startsWith(SCHEMA_REF)) return undefined;
  const segment = ref.slice(SCHEMA_REF.length);
  if (segment.includes('/')) return undefined;
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** A field the pages must show: its id below a root, and the named schema it is, if it is one (where a page may stop and link). */
export interface ExpectedField {
  /** Steps from the root (`.name`, `[]`, `(0)`, …), joined they are the id after the root's. */
  steps: string[];
  /** The schema a step's field is a `$ref` to, by step index. */
  namedAt: Map<number, string>;
}

interface WalkState {
  document: Json;
  direction: 'request' | 'response' | 'schema';
  /** Named schemas of the path: a field naming one again is listed but not walked. */
  ancestors: string[];
}

/** The `properties` of an object with its `allOf` members merged in, and the keywords that decide visibility. */
function mergedObject(
  state: WalkState,
  node: Json,
  seen: string[],
  depth = 0,
): {properties: [string, unknown][]; readOnly?: unknown; writeOnly?: unknown; rest: Json[]; followed: string[]} {
  const properties = new Map<string, unknown>();
  const parts: Json[] = [];
  const followed: string[] = [];
  let readOnly: unknown;
  let writeOnly: unknown;
  const members = [...(Array.isArray(node.allOf) ? node.allOf : []), {...node, allOf: undefined}];
  for (const member of members) {
    const {node: resolved, ref} = follow(state.document, member);
    // A member that refers back to the path is left out, as the pages leave it out.
    if (ref && seen.includes(ref)) continue;
    if (ref) followed.push(ref);
    const flat = depth > 8 ? {properties: [], rest: [resolved], followed: []} : mergedObject(state, resolved, ref ? [...seen, ref] : seen, depth + 1);
    followed.push(...flat.followed);
    for (const [name, property] of flat.properties) properties.set(name, property);
    // The first member to say wins, the schema's own word over all (as the pages merge them).
    const own = member === members[members.length - 1];
    if ('readOnly' in flat && flat.readOnly !== undefined && (readOnly === undefined || own)) readOnly = flat.readOnly;
    if ('writeOnly' in flat && flat.writeOnly !== undefined && (writeOnly === undefined || own)) writeOnly = flat.writeOnly;
    parts.push(...flat.rest);
  }
  if (isJson(node.properties)) for (const [name, property] of Object.entries(node.properties)) properties.set(name, property);
  return {
    properties: [...properties],
    readOnly: node.readOnly ?? readOnly,
    writeOnly: node.writeOnly ?? writeOnly,
    rest: [node, ...parts],
    followed,
  };
}

function hidden(state: WalkState, flags: {readOnly?: unknown; writeOnly?: unknown}): boolean {
  if (state.direction === 'request') return flags.readOnly === true;
  if (state.direction === 'response') return flags.writeOnly === true;
  return false;
}

/** `namedAt` with the step at `index` marked when `value` is a `$ref` to a named schema. */
function namedStep(namedAt: Map<number, string>, index: number, value: unknown): Map<number, string> {
  const name = isJson(value) && typeof value.$ref === 'string' ? schemaName(value.$ref) : undefined;
  if (!name) return namedAt;
  return new Map(namedAt).set(index, name);
}

/** Every field below a schema, as the pages must show it. */
export function expectedFields(state: WalkState, schema: unknown, prefix: string[] = [], namedAt = new Map<number, string>(), depth = 0): ExpectedField[] {
  if (depth > MAX_DEPTH) return [];
  const {node, ref} = follow(state.document, schema);
  if (ref && state.ancestors.includes(ref)) return [];
  const withRef: WalkState = ref ? {...state, ancestors: [...state.ancestors, ref]} : state;
  const merged = mergedObject(withRef, node, withRef.ancestors);
  // What an allOf followed is on the path too: `friend: {allOf: [$ref: Pet]}` inside Pet stops there.
  const inner: WalkState = {...withRef, ancestors: [...withRef.ancestors, ...merged.followed]};
  const fields: ExpectedField[] = [];
  const field = (step: string, child: unknown) => {
    const steps = [...prefix, step];
    const {ref: childRef} = follow(inner.document, child);
    const named = new Map(namedAt);
    const name = schemaName(childRef);
    if (name) named.set(steps.length - 1, name);
    fields.push({steps, namedAt: named});
    fields.push(...expectedFields(inner, child, steps, named, depth + 1));
  };
  for (const [name, property] of merged.properties) {
    const {node: resolved} = follow(inner.document, property);
    if (hidden(inner, mergedObject(inner, resolved, inner.ancestors))) continue;
    field(`.${name}`, property);
  }
  const withKeywords = merged.rest.find((part) => part.additionalProperties !== undefined) ?? node;
  const additional = withKeywords.additionalProperties;
  if (isJson(additional) && Object.keys(additional).length > 0) field('.*', additional);
  const patterned = merged.rest.find((part) => isJson(part.patternProperties))?.patternProperties;
  if (isJson(patterned)) for (const [pattern, value] of Object.entries(patterned)) field(`.*${pattern}`, value);
  const positional = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : undefined;
  const restItems = Array.isArray(node.prefixItems) ? node.items : Array.isArray(node.items) ? node.additionalItems : node.items;
  if (positional && positional.length > 0) {
    positional.forEach((item, index) => field(`[${index}]`, item));
    if (isJson(restItems) && Object.keys(restItems).length > 0) field('[]', restItems);
  } else if (isJson(restItems) && merged.properties.length === 0) {
    // An array's items are not a field of their own: their fields are.
    fields.push(...expectedFields(inner, restItems, [...prefix, '[]'], namedStep(namedAt, prefix.length, restItems), depth + 1));
  }
  const options = [node.oneOf, node.anyOf].find((list) => Array.isArray(list) && list.length > 0) as unknown[] | undefined;
  options?.forEach((option, index) => fields.push(...expectedFields(inner, option, [...prefix, `(${index})`], namedStep(namedAt, prefix.length, option), depth + 1)));
  return fields;
}

/** The id a field has below its root (a body, a parameter, a schema page). */
export function anchorOf(root: string, steps: string[]): string {
  let id = root;
  for (const step of steps) {
    if (step === '[]') id = childAnchor.items(id);
    else if (/^\[\d+\]$/.test(step)) id = childAnchor.position(id, Number(step.slice(1, -1)));
    else if (/^\(\d+\)$/.test(step)) id = childAnchor.option(id, Number(step.slice(1, -1)));
    else if (step === '.*') id = childAnchor.anyKey(id);
    else if (step.startsWith('.*')) id = childAnchor.pattern(id, step.slice(2));
    else id = childAnchor.property(id, step.slice(1));
  }
  return id;
}

/** One place on an operation or webhook page where fields are rooted. */
export interface FieldRoot {
  /** The id the root's fields extend (`request-body`, `query.limit`). */
  root: string;
  /** The root itself is a field with this id (a parameter, a header). */
  rootField?: string;
  fields: ExpectedField[];
}

export interface ExpectedPage {
  kind: 'operation' | 'webhook';
  method: string;
  /** Path, or a webhook's event name. */
  path: string;
  title: string;
  roots: FieldRoot[];
}

function mediaRoots(document: Json, content: unknown, body: {kind: 'request'} | {kind: 'response'; status: string}, direction: 'request' | 'response', prefix = ''): FieldRoot[] {
  if (!isJson(content)) return [];
  return Object.entries(content).map(([mediaType, rawMedia], index) => {
    const media = follow(document, rawMedia).node;
    // A stream (OpenAPI 3.2 `itemSchema`) shows the fields of each item.
    const schema = media.itemSchema ?? media.schema;
    return {root: `${prefix}${bodyAnchor(body, mediaType, index)}`, fields: schema === undefined ? [] : expectedFields({document, direction, ancestors: []}, schema)};
  });
}

/** The fields of one operation's parameters, body and responses, their ids starting with `prefix` (a callback's). */
function operationRoots(document: Json, pathItem: Json, operation: Json, prefix = ''): FieldRoot[] {
  const roots: FieldRoot[] = [];
  const parameters = new Map<string, Json>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    for (const raw of Array.isArray(list) ? list : []) {
      const parameter = follow(document, raw).node;
      if (typeof parameter.name === 'string' && typeof parameter.in === 'string') parameters.set(`${parameter.in}:${parameter.name}`, parameter);
    }
  }
  for (const parameter of parameters.values()) {
    // `querystring` (OpenAPI 3.2) is the whole query string, a section of its own.
    const location = ['path', 'query', 'querystring', 'header', 'cookie'].includes(parameter.in as string) ? (parameter.in as 'path' | 'query' | 'querystring' | 'header' | 'cookie') : 'query';
    const content = parameter.schema === undefined && isJson(parameter.content) ? Object.values(parameter.content)[0] : undefined;
    const schema = parameter.schema ?? (isJson(content) ? follow(document, content).node.schema : undefined);
    const anchor = `${prefix}${parameterAnchor(location, parameter.name as string)}`;
    roots.push({root: anchor, rootField: anchor, fields: schema === undefined ? [] : expectedFields({document, direction: 'request', ancestors: []}, schema)});
  }
  if (operation.requestBody !== undefined) {
    roots.push(...mediaRoots(document, follow(document, operation.requestBody).node.content, {kind: 'request'}, 'request', prefix));
  }
  for (const [status, raw] of Object.entries(isJson(operation.responses) ? operation.responses : {})) {
    const response = follow(document, raw).node;
    for (const name of Object.keys(isJson(response.headers) ? response.headers : {})) {
      const anchor = `${prefix}${responseHeaderAnchor(status, name)}`;
      roots.push({root: anchor, rootField: anchor, fields: []});
    }
    roots.push(...mediaRoots(document, response.content, {kind: 'response', status}, 'response', prefix));
  }
  return roots;
}

function pageOf(document: Json, kind: 'operation' | 'webhook', path: string, method: string, pathItem: Json, operation: Json): ExpectedPage {
  const title = expectedTitle(operation, kind, method, path);
  const roots = operationRoots(document, pathItem, operation);
  // Callbacks, in document order: callback, then expression, then method.
  let index = 0;
  for (const rawCallback of Object.values(isJson(operation.callbacks) ? operation.callbacks : {})) {
    for (const rawPathItem of Object.values(follow(document, rawCallback).node)) {
      const callbackItem = follow(document, rawPathItem).node;
      for (const [, rawOperation] of operationsOfPathItem(callbackItem, Object.keys(callbackItem))) {
        if (!isJson(rawOperation)) continue;
        roots.push(...operationRoots(document, callbackItem, follow(document, rawOperation).node, callbackAnchorPrefix(index)));
        index += 1;
      }
    }
  }
  return {kind, method, path, title, roots};
}

/** Every operation and webhook of the description with the fields its page must show. */
export function expectedPages(document: unknown): ExpectedPage[] {
  if (!isJson(document)) return [];
  const pages: ExpectedPage[] = [];
  for (const [key, kind] of [['paths', 'operation'], ['webhooks', 'webhook'], ['x-webhooks', 'webhook']] as const) {
    const section = document[key];
    if (!isJson(section)) continue;
    // OpenAPI 3.0 has no webhooks; `x-webhooks` (Redoc's) counts only when `webhooks` is absent.
    if (key === 'x-webhooks' && isJson(document.webhooks)) continue;
    for (const [path, rawPathItem] of Object.entries(section)) {
      const pathItem = follow(document, rawPathItem).node;
      for (const [method, operation] of operationsOfPathItem(pathItem)) {
        if (isJson(operation)) pages.push(pageOf(document, kind, path, method, pathItem, operation));
      }
    }
  }
  return pages;
}

/** The named schemas (`components.schemas`), with the fields their pages must show. */
export function expectedSchemas(document: unknown): {name: string; fields: ExpectedField[]}[] {
  if (!isJson(document) || !isJson(document.components) || !isJson(document.components.schemas)) return [];
  return Object.keys(document.components.schemas).map((name) => ({
    name,
    fields: expectedFields({document, direction: 'schema', ancestors: []}, {$ref: `${SCHEMA_REF}${name.replace(/~/g, '~0').replace(/\//g, '~1')}`}),
  }));
}

export {SCHEMA_PAGE_ANCHOR};
