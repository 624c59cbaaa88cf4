import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The resolved spec the build used. */
export function resolvedSpec(root = process.cwd()): Json {
  return parse(readFileSync(path.join(root, '.spec/openapi.yaml'), 'utf8'), {maxAliasCount: -1}) as Json;
}

// Its own YAML parse and $ref walk, not the site's (parseSpecText, spec-document.ts), on purpose: an oracle must not share the code it checks.
function follow(spec: Json, value: unknown): Json {
  let current = value;
  for (let hops = 0; hops < 16 && isObject(current) && typeof current.$ref === 'string'; hops += 1) {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (isObject(node) ? node[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), spec);
  }
  return isObject(current) ? current : {};
}

/** Every property name in a schema, nested objects, arrays and compositions
 * included (an independent walk, not the site's own model code). */
export function fieldNames(spec: Json, schema: unknown, seen = new Set<Json>()): Set<string> {
  const names = new Set<string>();
  const node = follow(spec, schema);
  if (seen.has(node)) return names;
  seen.add(node);
  for (const [name, property] of Object.entries(isObject(node.properties) ? node.properties : {})) {
    names.add(name);
    fieldNames(spec, property, seen).forEach((nested) => names.add(nested));
  }
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const member of Array.isArray(node[key]) ? node[key] : []) fieldNames(spec, member, seen).forEach((n) => names.add(n));
  }
  if (node.items) fieldNames(spec, node.items, seen).forEach((n) => names.add(n));
  if (isObject(node.additionalProperties)) fieldNames(spec, node.additionalProperties, seen).forEach((n) => names.add(n));
  return names;
}

export function findOperation(spec: Json, operationId: string): {method: string; path: string; operation: Json} {
  for (const [apiPath, pathItem] of Object.entries(isObject(spec.paths) ? spec.paths : {})) {
    for (const [method, operation] of Object.entries(isObject(pathItem) ? pathItem : {})) {
      if (isObject(operation) && operation.operationId === operationId) return {method, path: apiPath, operation};
    }
  }
  throw new Error(`operation ${operationId} is not in .spec/openapi.yaml`);
}

export function requestBodySchema(spec: Json, operation: Json): unknown {
  const body = follow(spec, operation.requestBody);
  const content = isObject(body.content) ? body.content : {};
  const first = Object.values(content)[0];
  return isObject(first) ? first.schema : undefined;
}

export function responseSchemas(spec: Json, operation: Json): {status: string; schema: unknown}[] {
  const responses = isObject(operation.responses) ? operation.responses : {};
  return Object.entries(responses).map(([status, raw]) => {
    const response = follow(spec, raw);
    const content = isObject(response.content) ? response.content : {};
    const first = Object.values(content)[0];
    return {status, schema: isObject(first) ? first.schema : undefined};
  });
}

export interface SpecParameter {
  name: string;
  in: string;
  required: boolean;
  /** The schema's type (`integer`, `string[]`), when it names one. */
  type?: string;
  description?: string;
  /** The parameter's or its schema's example, as JSON text. */
  example?: string;
}

/** Path-level and operation-level parameters that have a name, `$ref`s followed. */
export function specParameters(spec: Json, apiPath: string, operation: Json): SpecParameter[] {
  const pathItem = follow(spec, (spec.paths as Json)[apiPath]);
  const declared = [...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []), ...(Array.isArray(operation.parameters) ? operation.parameters : [])];
  return declared.map((raw) => follow(spec, raw)).filter((parameter) => typeof parameter.name === 'string').map((parameter) => {
    const schema = follow(spec, parameter.schema);
    const itemType = schema.type === 'array' ? follow(spec, schema.items).type : undefined;
    const example = parameter.example ?? schema.example;
    return {
      name: parameter.name as string,
      in: String(parameter.in),
      required: parameter.required === true,
      // How the page writes it: `string`, `integer`, and `string[]` for an array of strings.
      type: typeof itemType === 'string' ? `${itemType}[]` : typeof schema.type === 'string' ? schema.type : undefined,
      description: typeof parameter.description === 'string' ? parameter.description : typeof schema.description === 'string' ? schema.description : undefined,
      example: example === undefined ? undefined : JSON.stringify(example),
    };
  });
}

export function parameterNames(spec: Json, apiPath: string, operation: Json): string[] {
  return specParameters(spec, apiPath, operation).map((parameter) => parameter.name);
}

/** The first example of the first success response, parsed. */
export function successExample(spec: Json, operation: Json): {status: string; value: unknown} {
  const responses = isObject(operation.responses) ? operation.responses : {};
  for (const [status, raw] of Object.entries(responses)) {
    if (!/^2/.test(status)) continue;
    const response = follow(spec, raw);
    const media = Object.values(isObject(response.content) ? response.content : {})[0];
    if (!isObject(media)) continue;
    if (isObject(media.examples)) return {status, value: follow(spec, Object.values(media.examples)[0]).value};
    if (media.example !== undefined) return {status, value: media.example};
  }
  throw new Error('no success example');
}

/** The request body's media types in spec order, each with the value of its first named example. */
export function requestMediaTypes(spec: Json, operation: Json): {mediaType: string; firstExample: unknown}[] {
  const body = follow(spec, operation.requestBody);
  return Object.entries(isObject(body.content) ? body.content : {}).map(([mediaType, media]) => {
    const examples = isObject(media) && isObject(media.examples) ? Object.values(media.examples) : [];
    return {mediaType, firstExample: examples.length > 0 ? follow(spec, examples[0]).value : undefined};
  });
}

/**
 * The path of every field of a schema as the reader writes it
 * (`consent.email_marketing`, `tags[].name`), each as its list of names and
 * `[]` steps: an independent walk (properties, `allOf` members merged into
 * their object, array items, `additionalProperties` as `*`), leaving out
 * read-only fields of a request and write-only fields of a response. `oneOf`
 * and `anyOf` are not walked: their fields carry the option in their id.
 */
export function fieldPaths(spec: Json, schema: unknown, direction: 'request' | 'response', seen: Json[] = []): string[][] {
  const node = follow(spec, schema);
  if (seen.includes(node)) return [];
  const trail = [...seen, node];
  const properties: Record<string, unknown> = {};
  const collect = (part: Json, depth: number) => {
    if (depth > 8) return;
    Object.assign(properties, isObject(part.properties) ? part.properties : {});
    for (const member of Array.isArray(part.allOf) ? part.allOf : []) collect(follow(spec, member), depth + 1);
  };
  collect(node, 0);
  const paths: string[][] = [];
  for (const [name, raw] of Object.entries(properties)) {
    const property = follow(spec, raw);
    if (direction === 'request' ? property.readOnly === true : property.writeOnly === true) continue;
    paths.push([name]);
    for (const nested of fieldPaths(spec, raw, direction, trail)) paths.push([name, ...nested]);
  }
  if (node.type === 'array' || node.items !== undefined) {
    for (const nested of fieldPaths(spec, node.items, direction, trail)) paths.push(['[]', ...nested]);
  }
  if (isObject(node.additionalProperties) && Object.keys(node.additionalProperties).length > 0) {
    paths.push(['*']);
    for (const nested of fieldPaths(spec, node.additionalProperties, direction, trail)) paths.push(['*', ...nested]);
  }
  return paths;
}
