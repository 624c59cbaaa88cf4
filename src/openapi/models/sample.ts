import {sample} from 'openapi-sampler';
import type {JSONSchema7} from 'json-schema';
import RandExp from 'randexp';
import {ownValue, setOwn} from '../../spec-reader/own-keys';
import {decodePointerSegment, escapePointerSegment, isObject, SpecDocument, type JsonObject} from '../../spec-reader/spec-document';
import {mergeAllOf, type SchemaDirection} from './schema-model';

/**
 * Example values generated from a schema, for media types and parameters the
 * description gives no example for, by Redocly's openapi-sampler: it honours
 * examples, defaults and enums first, then formats, lengths, patterns,
 * ranges and item counts. Two gaps of the sampler are filled here (found by
 * the property test in __tests__/sample-property.test.ts): it ignores
 * `multipleOf`, and its pattern generator knows no groups or alternations
 * (`^(red|green)$`), so numbers are moved to the nearest allowed multiple and
 * strings that miss their pattern are regenerated with randexp, taking the
 * first choice everywhere so that builds stay reproducible. A generated body
 * passes the sandbox's own validation.
 */

/** Deep enough for real bodies; deeper nests are cut (circular ones always are). */
const MAX_SAMPLE_DEPTH = 8;

/**
 * JSON text an example generated from a schema may take, and the shallower
 * depths tried, in turn, for one that is larger. Where entities embed each
 * other at every level (Microsoft Graph), a full-depth example repeated in
 * every code sample makes page models larger than the bundler can take; the
 * cap is far above any body of the bundled spec.
 */
export const MAX_SAMPLE_BYTES = 32 * 1024;
const SHALLOWER_SAMPLE_DEPTHS = [5, 3, 2, 1];

const sanitizedDocuments = new WeakMap<SpecDocument, JsonObject>();

function isBrokenRef(spec: SpecDocument, value: unknown): boolean {
  return isObject(value) && typeof value.$ref === 'string' && spec.resolve({$ref: value.$ref}).unresolvedRef !== undefined;
}

/**
 * The value without the `$ref`s that do not resolve within the description:
 * a property or an item schema that is one is left out (nothing is known of
 * it, so the example does not invent it), any other keeps its siblings.
 */
function withoutBrokenRefs(spec: SpecDocument, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutBrokenRefs(spec, item));
  if (!isObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'properties' && isObject(child)) {
      copy.properties = Object.fromEntries(Object.entries(child).filter(([, property]) => !isBrokenRef(spec, property)).map(([name, property]) => [name, withoutBrokenRefs(spec, property)]));
    } else if (key === 'items' && isBrokenRef(spec, child)) {
      continue;
    } else {
      setOwn(copy, key, withoutBrokenRefs(spec, child));
    }
  }
  if (isBrokenRef(spec, copy)) delete copy.$ref;
  return copy;
}

/** Whether a schema allows null: else a null sample only means the schema says nothing of the value. */
function allowsNull(spec: SpecDocument, schema: unknown): boolean {
  const {value} = spec.resolve(schema);
  const type = value.type;
  return (
    value.nullable === true ||
    type === 'null' ||
    (Array.isArray(type) && type.includes('null')) ||
    value.const === null ||
    value.example === null ||
    value.default === null ||
    (Array.isArray(value.enum) && value.enum.includes(null)) ||
    (Array.isArray(value.examples) && value.examples[0] === null)
  );
}

/**
 * openapi-sampler throws on a `$ref` it cannot follow (one outside the
 * document, or to nothing); the imperfect descriptions we publish have them.
 * For those, it samples a copy of the description without them, made once.
 */
function sanitizedDocument(spec: SpecDocument): JsonObject {
  let document = sanitizedDocuments.get(spec);
  if (!document) {
    document = withoutBrokenRefs(spec, spec.root) as JsonObject;
    sanitizedDocuments.set(spec, document);
  }
  return document;
}

/** Past this depth the fitting pass leaves values as the sampler made them. */
const MAX_FIT_DEPTH = 12;

function isAuthored(schema: JsonObject): boolean {
  return schema.example !== undefined || schema.default !== undefined || schema.const !== undefined || Array.isArray(schema.enum) || Array.isArray(schema.examples);
}

/**
 * The schema's `default` in place of the enum's first value that
 * openapi-sampler takes before it, when the schema gives no example: the
 * default is what the API assumes, and what a reader expects a sample to
 * send (GitHub's review comments: `side` with `enum: [LEFT, RIGHT]`,
 * `default: RIGHT` showed `LEFT`). Only a value that is the enum's first is
 * replaced, so a sample made another way stays as it is.
 */
function preferDefault(schema: JsonObject, value: unknown): unknown {
  const exampled = schema.example !== undefined || schema.const !== undefined || (Array.isArray(schema.examples) && schema.examples.length > 0);
  if (exampled || schema.default === undefined || schema.default === null || !Array.isArray(schema.enum) || schema.enum.length === 0) return value;
  return JSON.stringify(value) === JSON.stringify(schema.enum[0]) ? structuredClone(schema.default) : value;
}

/** The smallest multiple of `step` within the schema's bounds, or the value unchanged when there is none. */
function fitMultiple(schema: JsonObject, value: number): number {
  const step = schema.multipleOf;
  if (typeof step !== 'number' || step <= 0 || Number.isInteger(value / step)) return value;
  const bound = (exclusive: unknown, inclusive: unknown): number | undefined =>
    typeof exclusive === 'number' ? exclusive : exclusive === true && typeof inclusive === 'number' ? inclusive : undefined;
  const exclusiveMinimum = bound(schema.exclusiveMinimum, schema.minimum);
  const exclusiveMaximum = bound(schema.exclusiveMaximum, schema.maximum);
  const lower = typeof exclusiveMinimum === 'number' ? exclusiveMinimum : typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const upper = typeof exclusiveMaximum === 'number' ? exclusiveMaximum : typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const fits = (number: number) =>
    (upper === undefined || (exclusiveMaximum !== undefined ? number < upper : number <= upper)) && (lower === undefined || (exclusiveMinimum !== undefined ? number > lower : number >= lower));
  const fromLower = lower === undefined ? undefined : Math.ceil(lower / step) * step + (exclusiveMinimum !== undefined && Number.isInteger(lower / step) ? step : 0);
  const fromUpper = upper === undefined ? undefined : Math.floor(upper / step) * step - (exclusiveMaximum !== undefined && Number.isInteger(upper / step) ? step : 0);
  // The multiple nearest the sampler's value, else the first one past the lower bound, else the last below the upper one.
  for (const candidate of [Math.round(value / step) * step, fromLower, fromUpper]) {
    if (candidate === undefined) continue;
    // Multiples of decimals carry binary noise: 0.30000000000000004 is written 0.3.
    const clean = Number(candidate.toPrecision(12));
    if (fits(clean)) return clean;
  }
  return value;
}

/** A string of the schema's length bounds (a pattern, if any, is the next step's). */
function fitLength(schema: JsonObject, value: string): string {
  const characters = [...value];
  if (typeof schema.maxLength === 'number' && characters.length > schema.maxLength) return characters.slice(0, Math.max(0, schema.maxLength)).join('');
  if (typeof schema.minLength === 'number' && characters.length < schema.minLength) return value + 'a'.repeat(schema.minLength - characters.length);
  return value;
}

function fitPattern(schema: JsonObject, value: string): string {
  const pattern = schema.pattern;
  if (typeof pattern !== 'string') return value;
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    return value;
  }
  if (regex.test(value)) return value;
  try {
    const generator = new RandExp(pattern);
    generator.max = 4;
    // The first choice everywhere: the same text on every build.
    (generator as unknown as {randInt: (low: number, high: number) => number}).randInt = (low) => low;
    const generated = generator.gen();
    return regex.test(generated) ? generated : value;
  } catch {
    return value;
  }
}

/** The sample with what the sampler cannot do put right, following the schema down its properties and items. */
function fit(spec: SpecDocument, rawSchema: unknown, value: unknown, depth: number): unknown {
  if (depth > MAX_FIT_DEPTH) return value;
  const schema = mergeAllOf(spec, spec.resolve(rawSchema).value);
  if (isAuthored(schema)) return preferDefault(schema, value);
  if (typeof value === 'number') return fitMultiple(schema, value);
  if (typeof value === 'string') return fitPattern(schema, typeof schema.format === 'string' ? value : fitLength(schema, value));
  if (Array.isArray(value)) {
    const positional = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
    const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
    return value.map((item, index) => {
      const itemSchema = index < positional.length ? positional[index] : rest;
      return isObject(itemSchema) ? fit(spec, itemSchema, item, depth + 1) : item;
    });
  }
  if (isObject(value)) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    return Object.fromEntries(
      Object.entries(value).map(([name, child]) => {
        const childSchema = ownValue(properties, name) ?? schema.additionalProperties;
        return [name, isObject(childSchema) ? fit(spec, childSchema, child, depth + 1) : child];
      }),
    );
  }
  return value;
}

/** Names every object has from its prototype (`__proto__`, `constructor`, `toString`, …). */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));
/** Put before such a name while the sampler works on it (and before a name that already starts with it, so that the change is undone exactly). */
const NAME_ESCAPE = '\u{F0000}';

const escapeName = (name: string) => (PROTOTYPE_NAMES.has(name) || name.startsWith(NAME_ESCAPE) ? `${NAME_ESCAPE}${name}` : name);

function hasPrototypeName(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasPrototypeName);
  if (!isObject(value)) return false;
  return Object.entries(value).some(([key, child]) => escapeName(key) !== key || hasPrototypeName(child));
}

/** A copy with every key that is a prototype name escaped, in `required` lists and `$ref`s too. */
function escapeNames(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => (key === 'required' && typeof item === 'string' ? escapeName(item) : escapeNames(item)));
  if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) {
    return `#${value.slice(1).split('/').map((segment) => {
      const name = decodePointerSegment(segment);
      return escapeName(name) === name ? segment : escapePointerSegment(escapeName(name));
    }).join('/')}`;
  }
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([name, child]) => [escapeName(name), escapeNames(child, name)]));
}

const unescapeName = (name: string) => (name.startsWith(NAME_ESCAPE) ? name.slice(NAME_ESCAPE.length) : name);

/** The sample with the escaped names written as in the description: as own keys, `__proto__` too, and in an example's `required` lists. */
function unescapeNames(value: unknown): unknown {
  if (typeof value === 'string') return unescapeName(value);
  if (Array.isArray(value)) return value.map(unescapeNames);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([name, child]) => [unescapeName(name), unescapeNames(child)]));
}

/** The description with its prototype names escaped, or undefined when it has none (made once per spec). */
const escapedDocuments = new WeakMap<SpecDocument, {spec?: SpecDocument}>();

function escapedDocument(spec: SpecDocument): SpecDocument | undefined {
  let escaped = escapedDocuments.get(spec);
  if (!escaped) {
    escaped = hasPrototypeName(spec.root) ? {spec: new SpecDocument(escapeNames(spec.root) as JsonObject)} : {};
    escapedDocuments.set(spec, escaped);
  }
  return escaped.spec;
}

/**
 * openapi-sampler builds samples by assignment (`res[name] = …`) and merges
 * `allOf` parts into plain objects: a property named `__proto__` was lost and
 * its schema merged into Object.prototype, one named `constructor` read the
 * prototype's. It samples a copy of such a description with those names escaped.
 */
function sampleAtDepth(spec: SpecDocument, schema: JsonObject, direction: SchemaDirection, maxSampleDepth: number): unknown {
  const escaped = escapedDocument(spec);
  if (escaped === undefined) return sampleWithoutEscapes(spec, schema, direction, maxSampleDepth);
  return unescapeNames(sampleWithoutEscapes(escaped, escapeNames(schema) as JsonObject, direction, maxSampleDepth));
}

function sampleWithoutEscapes(spec: SpecDocument, schema: JsonObject, direction: SchemaDirection, maxSampleDepth: number): unknown {
  const options = {
    skipReadOnly: direction === 'request',
    skipWriteOnly: direction === 'response',
    quiet: true,
    enablePatterns: true,
    maxSampleDepth,
  };
  try {
    return sample(schema as JSONSchema7, options, spec.root);
  } catch {
    try {
      return sample(withoutBrokenRefs(spec, schema) as JSONSchema7, options, sanitizedDocument(spec));
    } catch {
      // A schema the sampler cannot read at all: the page says there is no example rather than failing the build.
      return undefined;
    }
  }
}

/** Examples already made, per spec: by `$ref` for a schema that is only a reference, else by the schema object. */
interface SampleCache {
  byRef: Map<string, {value: unknown}>;
  byObject: WeakMap<object, {value: unknown}>;
}

const sampleCaches = new WeakMap<SpecDocument, Map<SchemaDirection, SampleCache>>();

function sampleCache(spec: SpecDocument, direction: SchemaDirection): SampleCache {
  let caches = sampleCaches.get(spec);
  if (caches === undefined) sampleCaches.set(spec, (caches = new Map()));
  let cache = caches.get(direction);
  if (cache === undefined) caches.set(direction, (cache = {byRef: new Map(), byObject: new WeakMap()}));
  return cache;
}

/**
 * An example of `schema`, at most MAX_SAMPLE_BYTES of JSON unless even the
 * shallowest one is larger (a schema with that many fields of its own).
 *
 * The same schema gives the same example (the sampler and `fit` are
 * deterministic), so each is made once per spec and direction and handed out
 * as a copy: a large API's operations refer to the same few thousand
 * schemas, and sampling them again was a large share of page generation.
 */
export function sampleFromSchema(spec: SpecDocument, schema: unknown, direction: SchemaDirection): unknown {
  if (!isObject(schema)) return undefined;
  const cache = sampleCache(spec, direction);
  const ref = Object.keys(schema).length === 1 && typeof schema.$ref === 'string' ? schema.$ref : undefined;
  let cached = ref === undefined ? cache.byObject.get(schema) : cache.byRef.get(ref);
  if (cached === undefined) {
    cached = {value: makeSample(spec, schema, direction)};
    if (ref === undefined) cache.byObject.set(schema, cached);
    else cache.byRef.set(ref, cached);
  }
  return cached.value === undefined ? undefined : structuredClone(cached.value);
}

function makeSample(spec: SpecDocument, schema: JsonObject, direction: SchemaDirection): unknown {
  let value = sampleAtDepth(spec, schema, direction, MAX_SAMPLE_DEPTH);
  for (const depth of SHALLOWER_SAMPLE_DEPTHS) {
    // The example's JSON text, as the page and its code samples show it.
    if ((JSON.stringify(value) ?? '').length <= MAX_SAMPLE_BYTES) break;
    value = sampleAtDepth(spec, schema, direction, depth);
  }
  if (value === undefined) return undefined;
  if (value === null && !allowsNull(spec, schema)) return undefined;
  return fit(spec, schema, value, 0);
}
