import {parse} from 'yaml';

/**
 * Read access to a parsed OpenAPI document with internal `$ref`s followed
 * lazily, so circular schemas never turn into circular objects.
 */

export type JsonObject = Record<string, unknown>;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
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

/**
 * The resolved spec (`.spec/openapi.yaml`, written by `npm run spec`) as the
 * build-time readers load it: YAML with aliases as the spec step allowed them.
 * `prefix` and `file` name the reader and the file in the error.
 */
export function specDocumentFromText(text: string, {prefix, file}: {prefix: string; file: string}): SpecDocument {
  const document: unknown = parse(text, {maxAliasCount: -1});
  if (!isObject(document)) throw new Error(`${prefix} ${file} is not an OpenAPI document; run "npm run spec".`);
  return new SpecDocument(document);
}

export class SpecDocument {
  constructor(readonly root: JsonObject) {}

  /** The value at an internal JSON pointer such as `#/components/schemas/Contact`. */
  pointer(ref: string): unknown {
    if (!ref.startsWith('#')) return undefined;
    let current: unknown = this.root;
    for (const segment of ref.slice(1).split('/').filter(Boolean)) {
      if (Array.isArray(current)) current = current[Number(decodePointerSegment(segment))];
      else if (isObject(current)) current = current[decodePointerSegment(segment)];
      else return undefined;
    }
    return current;
  }

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
      const target = hops < MAX_REF_HOPS ? this.pointer(ref) : undefined;
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

  get paths(): JsonObject {
    return isObject(this.root.paths) ? this.root.paths : {};
  }

  /** Where the webhooks are: `x-webhooks` when present (the plugin reads it first), else `webhooks`. */
  webhooksKey(): 'x-webhooks' | 'webhooks' {
    return isObject(this.root['x-webhooks']) ? 'x-webhooks' : 'webhooks';
  }

  /** Every webhook operation (`webhooks`, or the older `x-webhooks` that the
   * openapi-docs plugin reads first), with the event name as `path`. */
  webhooks(): {path: string; method: string; operation: JsonObject; pathItem: JsonObject}[] {
    const key = this.webhooksKey();
    const source = isObject(this.root[key]) ? (this.root[key] as JsonObject) : {};
    const result: {path: string; method: string; operation: JsonObject; pathItem: JsonObject}[] = [];
    for (const [event, rawPathItem] of Object.entries(source)) {
      const pathItem = this.resolve(rawPathItem).value;
      for (const method of HTTP_METHODS) {
        const operation = pathItem[method];
        if (isObject(operation)) result.push({path: event, method, operation, pathItem});
      }
    }
    return result;
  }

  /** Every operation, in document order. */
  operations(): {path: string; method: string; operation: JsonObject; pathItem: JsonObject}[] {
    const result: {path: string; method: string; operation: JsonObject; pathItem: JsonObject}[] = [];
    for (const [path, rawPathItem] of Object.entries(this.paths)) {
      const pathItem = this.resolve(rawPathItem).value;
      for (const method of HTTP_METHODS) {
        const operation = pathItem[method];
        if (isObject(operation)) result.push({path, method, operation, pathItem});
      }
    }
    return result;
  }
}
