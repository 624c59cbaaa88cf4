/**
 * The one reader of a parsed OpenAPI document. Every part of the site that
 * reads the spec (the spec step, the page generators, the changelog, the
 * downloads, the bench) takes from here the HTTP methods, the way a `$ref` is
 * followed, the walk over operations and webhooks, an operation's parameters
 * and security, and the security schemes. The text is parsed by
 * `parseSpecText` (src/spec-reader/parse-spec.ts), with its one alias policy;
 * page ids come from page-ids.ts, which walks the operations given here.
 *
 * Internal `$ref`s are followed lazily (`SpecDocument.resolve`), so circular
 * schemas never turn into circular objects; `dereference` replaces them all at
 * once for comparing two documents, with a cycle where a schema contains itself.
 */

import {setOwn} from './own-keys';

export type JsonObject = Record<string, unknown>;

/** The fixed-field methods OpenAPI 3.2 added to a path item. */
const OPENAPI_32_METHODS = ['query'] as const;

/** The methods a path item holds an operation under as fixed fields: OpenAPI 3.0 and 3.1's eight, and 3.2's `query`. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', ...OPENAPI_32_METHODS] as const;

/** The path item field where OpenAPI 3.2 keeps operations under any other method name (`COPY`), keyed as sent. */
export const ADDITIONAL_OPERATIONS = 'additionalOperations';

export type HttpMethod = (typeof HTTP_METHODS)[number];

const HTTP_METHOD_SET: ReadonlySet<string> = new Set(HTTP_METHODS);

/** What the site calls an API whose `info.title` is missing or blank. */
export const API_TITLE_FALLBACK = 'API';

/** Whether a path item key names an operation as a fixed field (`get`, `query`), not `parameters`, `summary`, `x-…`, `GET` or `additionalOperations`. */
export function isHttpMethod(key: string): key is HttpMethod {
  return HTTP_METHOD_SET.has(key);
}

/** Whether an operation sits where OpenAPI 3.0 and 3.1 put one (`get`, not
 * `query` or `additionalOperations/COPY`): tools written for them, such as the
 * openapi-docs plugin and openapi-to-postmanv2, see only these. */
export function isPre32Operation(entry: Pick<OperationEntry, 'keys'>): boolean {
  return entry.keys.length === 1 && !(OPENAPI_32_METHODS as readonly string[]).includes(entry.keys[0]);
}

/** The method as a request sends it: a fixed field's name upper-cased
 * (`get` → `GET`), an `additionalOperations` key as written, since OpenAPI
 * 3.2 spells that key as the request does (`Purge`). */
export function requestMethod(entry: Pick<OperationEntry, 'method' | 'keys'>): string {
  return entry.keys[0] === ADDITIONAL_OPERATIONS ? entry.method : entry.method.toUpperCase();
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A key as one JSON Pointer segment (RFC 6901): `~` as `~0`, `/` as `~1`. */
export function escapePointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The key one JSON Pointer segment stands for (RFC 6901), as in `.spec/problems.json`. */
export function unescapePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** A segment of a `$ref`'s URI fragment: percent-decoded, then unescaped. Bad
 * percent-encoding (`%E0%A4%A`) is kept as written rather than thrown as a
 * URIError, so a typo in one `$ref` breaks only that ref. */
export function decodePointerSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Kept as written: a key literally named so still matches.
  }
  return unescapePointerSegment(decoded);
}

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

/**
 * What an internal `$ref` (`#/components/schemas/Contact`) points to in
 * `root`, or undefined: a ref to another file or URL (never fetched), a
 * fragment that is not a JSON Pointer (`#Pet`), or a key that is not there.
 * Segments are read as Redocly's linter reads them, so a ref the spec step
 * accepted resolves here: percent-decoded, unescaped, empty ones skipped.
 * Only own keys and array indexes count: `#/__proto__` points to nothing.
 */
export function valueAtRef(root: unknown, ref: string): unknown {
  if (ref !== '#' && !ref.startsWith('#/')) return undefined;
  let current = root;
  for (const segment of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodePointerSegment(segment);
    if (Array.isArray(current) && ARRAY_INDEX.test(key)) current = current[Number(key)];
    else if (isObject(current) && Object.hasOwn(current, key)) current = current[key];
    else return undefined;
  }
  return current;
}

export interface Resolved {
  value: JsonObject;
  /** Last component name on the `$ref` chain (e.g. `Contact`). */
  refName?: string;
  /** The `$ref` string that was followed last. */
  ref?: string;
  /**
   * Set when the chain ends at a `$ref` that gives no object: its target is
   * missing, outside this document (`other.yaml#/Pet`, `https://…`: never
   * fetched), not an object, or the chain never ends. `value` then holds only the
   * keys written next to that `$ref` (often none).
   */
  unresolvedRef?: string;
}

/** Hops after which a `$ref` chain counts as a loop (`A` → `B` → `A`). */
const MAX_REF_HOPS = 32;

/** An operation (or a webhook, with its event name as `path`) and the path item that holds it. */
export interface OperationEntry {
  /** `paths` key, or the event name of a webhook. */
  path: string;
  /** A fixed field's name (`get`, `query`), or an `additionalOperations` key as written (`COPY`). */
  method: string;
  /** Where the operation sits in its path item, as unescaped JSON Pointer
   * segments: `['get']`, or `['additionalOperations', 'COPY']`. */
  keys: string[];
  operation: JsonObject;
  pathItem: JsonObject;
}

/** The operations of one path item (its `$ref` already followed): the fixed
 * fields in the order of HTTP_METHODS, or in the path item's own order with
 * `documentOrder`, then `additionalOperations` in their order. */
export function pathItemOperations(pathItem: JsonObject, {documentOrder = false}: {documentOrder?: boolean} = {}): Omit<OperationEntry, 'path' | 'pathItem'>[] {
  const result: Omit<OperationEntry, 'path' | 'pathItem'>[] = [];
  const fixed = documentOrder ? Object.keys(pathItem).filter(isHttpMethod) : HTTP_METHODS;
  for (const method of fixed) {
    const operation = pathItem[method];
    if (isObject(operation)) result.push({method, keys: [method], operation});
  }
  const additional = pathItem[ADDITIONAL_OPERATIONS];
  for (const [method, operation] of isObject(additional) ? Object.entries(additional) : []) {
    if (isObject(operation)) result.push({method, keys: [ADDITIONAL_OPERATIONS, method], operation});
  }
  return result;
}

/** An operation's JSON Pointer below the document's root, e.g.
 * `/paths/~1x/query` or `/paths/~1x/additionalOperations/COPY`; `root` is
 * `paths`, `webhooks` or `x-webhooks`. */
export function operationPointer(root: string, entry: Pick<OperationEntry, 'path' | 'keys'>): string {
  return `/${[root, entry.path, ...entry.keys].map(escapePointerSegment).join('/')}`;
}

export class SpecDocument {
  constructor(readonly root: JsonObject) {}

  /** Follows a `$ref` chain (at most 32 hops) to an object; an unresolvable
   * ref names itself in `unresolvedRef` and never throws or fetches. */
  resolve(value: unknown): Resolved {
    let current = value;
    let refName: string | undefined;
    let ref: string | undefined;
    let unresolvedRef: string | undefined;
    for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops += 1) {
      ref = current.$ref;
      refName = ref.split('/').pop();
      const target = hops < MAX_REF_HOPS ? valueAtRef(this.root, ref) : undefined;
      // OpenAPI 3.1 lets siblings of $ref (description, summary) override the target's.
      const siblings = {...current};
      delete siblings.$ref;
      if (!isObject(target)) {
        // The siblings are all that is known: a description next to a broken ref still shows.
        unresolvedRef = ref;
        current = siblings;
        break;
      }
      current = Object.keys(siblings).length > 0 ? {...target, ...siblings} : target;
    }
    const resolved: Resolved = {value: isObject(current) ? current : {}, refName: refName ? decodePointerSegment(refName) : undefined, ref};
    if (unresolvedRef !== undefined) resolved.unresolvedRef = unresolvedRef;
    return resolved;
  }

  get info(): JsonObject {
    return isObject(this.root.info) ? this.root.info : {};
  }

  /** The API's name as the site shows it: `info.title` without surrounding space, or `API` where it is missing or blank. */
  get title(): string {
    return asString(this.info.title)?.trim() || API_TITLE_FALLBACK;
  }

  get paths(): JsonObject {
    return isObject(this.root.paths) ? this.root.paths : {};
  }

  /** A section of `components` (`schemas`, `securitySchemes`, …), `{}` when there is none. */
  components(section: string): JsonObject {
    const components = isObject(this.root.components) ? this.root.components : {};
    return isObject(components[section]) ? components[section] : {};
  }

  private schemes?: Map<string, JsonObject>;

  private tagObjects?: Map<string, JsonObject>;

  /** The declared tags (`tags`) by name, in document order; of two with one name, the first. */
  declaredTags(): ReadonlyMap<string, JsonObject> {
    if (!this.tagObjects) {
      this.tagObjects = new Map();
      for (const tag of Array.isArray(this.root.tags) ? this.root.tags.filter(isObject) : []) {
        const name = asString(tag.name);
        if (name !== undefined && !this.tagObjects.has(name)) this.tagObjects.set(name, tag);
      }
    }
    return this.tagObjects;
  }

  /** Whether a tag is for navigation: OpenAPI 3.2's `kind` is `nav` or unset (3.0 and 3.1 tags all are). */
  isNavigationTag(name: string): boolean {
    const kind = asString(this.declaredTags().get(name)?.kind);
    return kind === undefined || kind === 'nav';
  }

  /** The security schemes (`components.securitySchemes`) by name, in document
   * order, each `$ref` followed (`{}` for one that does not resolve). */
  securitySchemes(): ReadonlyMap<string, JsonObject> {
    this.schemes ??= new Map(Object.entries(this.components('securitySchemes')).map(([name, raw]) => [name, this.resolve(raw).value]));
    return this.schemes;
  }

  /** The security requirements of an operation: its own `security` (`[]`
   * for none), else the document's. Not checked: each reader decides what a
   * malformed list means for it. */
  security(operation: JsonObject): unknown {
    return operation.security ?? this.root.security;
  }

  /**
   * An operation's parameters: the path item's, each replaced by the
   * operation's own with the same location and name (a header's name in any
   * case, as HTTP reads it), every `$ref` followed; a parameter without a name
   * or location is left out. `unresolved` lists the `$ref`s that were not.
   */
  parameters(pathItem: JsonObject, operation: JsonObject): {parameters: JsonObject[]; unresolved: string[]} {
    const byKey = new Map<string, JsonObject>();
    const unresolved = new Set<string>();
    for (const list of [pathItem.parameters, operation.parameters]) {
      if (!Array.isArray(list)) continue;
      for (const raw of list) {
        const {value: parameter, unresolvedRef} = this.resolve(raw);
        if (unresolvedRef !== undefined) unresolved.add(unresolvedRef);
        const name = asString(parameter.name);
        const location = asString(parameter.in);
        if (name && location) byKey.set(`${location}:${location === 'header' ? name.toLowerCase() : name}`, parameter);
      }
    }
    return {parameters: [...byKey.values()], unresolved: [...unresolved]};
  }

  /** Every operation under `paths`, in document order: each path item (a
   * `$ref` followed) in turn, its methods in the order of HTTP_METHODS, then
   * its `additionalOperations`. */
  operations(): OperationEntry[] {
    return this.walk(this.paths);
  }

  /** Where the webhooks are: `x-webhooks` when present (the plugin reads it first), else `webhooks`. */
  webhooksKey(): 'x-webhooks' | 'webhooks' {
    return isObject(this.root['x-webhooks']) ? 'x-webhooks' : 'webhooks';
  }

  /** Every webhook operation (`webhooks`, or the older `x-webhooks` that the
   * openapi-docs plugin reads first), with the event name as `path`. */
  webhooks(): OperationEntry[] {
    const source = this.root[this.webhooksKey()];
    return this.walk(isObject(source) ? source : {});
  }

  private walk(pathItems: JsonObject): OperationEntry[] {
    const result: OperationEntry[] = [];
    for (const [path, rawPathItem] of Object.entries(pathItems)) {
      const pathItem = this.resolve(rawPathItem).value;
      for (const entry of pathItemOperations(pathItem)) result.push({path, ...entry, pathItem});
    }
    return result;
  }
}

/**
 * Returns a copy of `document` in which every internal `$ref` is replaced by
 * what it points to (found as `valueAtRef` finds it), so that comparing two
 * specs compares what clients see rather than how each file happens to be
 * factored into components.
 *
 * Every use of one `$ref` target becomes the same object. A schema that refers
 * to itself therefore turns into an object graph with a cycle instead of an
 * endless tree, and walkers detect the cycle by object identity.
 *
 * A reference that does not resolve (it points to nothing, or outside the
 * document: the site publishes such descriptions with the problem listed)
 * stays as it is written, `{$ref: "…"}`, and is compared as written: a
 * changed target string is a change, nothing is followed or fetched.
 */
export function dereference(document: unknown): unknown {
  // Copies by original object. Registering a copy before filling it is what
  // makes the walk finish on cycles: a reference back to an object that is
  // still being copied gets that (unfinished) copy, so the copy has the same
  // cycle. It also keeps shared objects shared, and lets a document that
  // already contains cycles (one dereferenced before) be copied again.
  const copies = new Map<object, unknown>();
  const unfinished = new Set<unknown>();
  const followingRefs = new Set<string>();

  function resolveRef(ref: string): unknown {
    const target = valueAtRef(document, ref);
    if (target === undefined) return {$ref: ref};
    if (typeof target === 'object' && target !== null && copies.has(target)) return copies.get(target);
    // A chain of $refs that comes back to itself without any schema in between
    // constrains nothing.
    if (followingRefs.has(ref)) return {};
    followingRefs.add(ref);
    const resolved = resolveNode(target);
    followingRefs.delete(ref);
    return resolved;
  }

  function resolveNode(node: unknown): unknown {
    if (typeof node !== 'object' || node === null) return node;
    if (copies.has(node)) return copies.get(node);
    if (Array.isArray(node)) {
      const copy: unknown[] = [];
      copies.set(node, copy);
      unfinished.add(copy);
      for (const item of node) copy.push(resolveNode(item));
      unfinished.delete(copy);
      return copy;
    }
    const record = node as JsonObject;
    const ref = record.$ref;
    if (typeof ref === 'string') {
      const target = resolveRef(ref);
      const siblings = Object.entries(record).filter(([key]) => key !== '$ref');
      // OpenAPI 3.1 lets `description` and friends sit next to `$ref` and
      // override the target's. A target still being copied (a cycle) is used
      // as it is: copying it now would copy a half-built object.
      if (siblings.length === 0 || !isObject(target) || unfinished.has(target)) return target;
      const merged: JsonObject = {...target};
      for (const [key, value] of siblings) setOwn(merged, key, resolveNode(value));
      return merged;
    }
    const copy: JsonObject = {};
    copies.set(node, copy);
    unfinished.add(copy);
    // setOwn: a key `__proto__` (a property, a path) is copied as a key, not as the copy's prototype.
    for (const [key, value] of Object.entries(record)) setOwn(copy, key, resolveNode(value));
    unfinished.delete(copy);
    return copy;
  }

  return resolveNode(document);
}
