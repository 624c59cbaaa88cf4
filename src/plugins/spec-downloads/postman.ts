import {createHash} from 'node:crypto';

import {convertV2, type CollectionResult} from './postman-converter';
import {parameterValueSource, pathTemplateNames} from '../../openapi/models/model-operation-parts';
import {ownValue, setOwn} from '../../spec-reader/own-keys';
import {displaySummary} from '../../openapi/generation/page-outline';
import {sampleFromSchema} from '../../openapi/models/sample';
import type {SchemaDirection} from '../../openapi/models/schema-model';
import {asString, isObject, isPre32Operation, requestMethod, type JsonObject, type SpecDocument} from '../../spec-reader/spec-document';

/** The schema URL that marks a Postman Collection as format v2.1. */
export const POSTMAN_SCHEMA_V21 = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';


/** The servers of an OpenAPI document, as far as the base URL needs them. */
interface WithServers {
  servers?: {url?: unknown; variables?: Record<string, {default?: unknown}>}[];
}

/** A Postman Collection v2.1 as JSON (only the members this module touches are typed). */
export interface PostmanCollectionJson {
  info: {_postman_id?: string; name: string; schema: string; version?: string; description?: unknown};
  item: PostmanItemJson[];
  variable?: {key: string; value: string; type?: string; description?: string}[];
  auth?: unknown;
  event?: unknown[];
}

export interface PostmanItemJson {
  id?: string;
  name?: string;
  item?: PostmanItemJson[];
  request?: {method?: string; url?: {path?: string[]; host?: string[]} | string; auth?: unknown};
  response?: {id?: string}[];
  [key: string]: unknown;
}

/** The first server's URL with its variables set to their defaults; `/` when there is no server. */
export function baseUrlOf(spec: WithServers): string {
  const server = spec.servers?.[0];
  if (!server || typeof server.url !== 'string') return '/';
  const url = server.url.replace(/\{([^}]+)\}/g, (match, name: string) => {
    const fallback = ownValue(server.variables, name)?.default;
    return typeof fallback === 'string' ? fallback : match;
  });
  return url.replace(/\/+$/, '');
}

/** Operations that need no authentication (`security: []`, or an empty
 * requirement among the alternatives), by `METHOD /path/{param}`. */
function unauthenticatedOperations(spec: SpecDocument): Set<string> {
  const open = new Set<string>();
  for (const {path, method, operation} of spec.operations()) {
    const security = spec.security(operation) ?? [];
    if (Array.isArray(security) && (security.length === 0 || security.some((requirement) => isEmptyObject(requirement)))) {
      open.add(`${method.toUpperCase()} ${path}`);
    }
  }
  return open;
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

/** A UUID-shaped id derived from a name, so the same spec always gives the same file. */
export function stableId(name: string): string {
  const hex = createHash('sha1').update(name).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `METHOD /path/{param}` of a Postman request (`:param` path variables back to `{param}`). */
function requestKey(item: PostmanItemJson): string | undefined {
  const request = item.request;
  if (!request || typeof request.url !== 'object' || !request.method) return undefined;
  const segments = (request.url.path ?? []).map((segment) => segment.replace(/^:(.+)$/, '{$1}'));
  return `${request.method.toUpperCase()} /${segments.join('/')}`;
}

/** Every request item of a collection, depth first, in order. */
export function requestItems(items: PostmanItemJson[]): PostmanItemJson[] {
  return items.flatMap((item) => (item.request ? [item] : requestItems(item.item ?? [])));
}

/**
 * openapi-to-postmanv2 prints a request it cannot convert (a `$ref` to
 * nothing, a malformed pointer) with console.error and leaves it out. Those
 * errors are collected here and reported once, saying what they cost.
 */
async function convert(document: JsonObject): Promise<PostmanCollectionJson> {
  const skipped: string[] = [];
  const consoleError = console.error;
  console.error = (...values: unknown[]) => {
    skipped.push(values.map((value) => (value instanceof Error ? `${value.name}: ${value.message}` : String(value))).join(' '));
  };
  try {
    return await convertQuietly(document);
  } finally {
    console.error = consoleError;
    if (skipped.length > 0) {
      const causes = [...new Set(skipped)].slice(0, 3).join('; ');
      console.warn(`[spec-downloads] the Postman collection lacks ${skipped.length} request${skipped.length === 1 ? '' : 's'} that openapi-to-postmanv2 could not convert (${causes}); the spec's problems in .spec/problems.json say why`);
    }
  }
}

function convertQuietly(document: JsonObject): Promise<PostmanCollectionJson> {
  return new Promise((resolve, reject) => {
    convertV2(
      {type: 'json', data: document},
      {
        folderStrategy: 'Tags',
        // Requests and saved responses use the spec's own examples where it has them.
        parametersResolution: 'Example',
        // Optional query parameters are listed but unticked, so "Send" works as is.
        enableOptionalParameters: false,
        // Auth is set once on the collection below and inherited by every request.
        alwaysInheritAuthentication: true,
        requestNameSource: 'Fallback',
        indentCharacter: 'Space',
      },
      (error, result?: CollectionResult) => {
        if (error) {
          reject(new Error(`openapi-to-postmanv2 failed: ${error.message}`));
        } else if (!result?.result || !result.output?.[0]) {
          reject(new Error(`openapi-to-postmanv2 failed: ${result?.reason ?? 'no collection in its output'}`));
        } else {
          resolve(result.output[0].data as PostmanCollectionJson);
        }
      },
    );
  });
}

/** `application/json`, the `+json` types and any type (which the converter reads as JSON). */
const JSON_MEDIA_TYPE = /^(?:application\/(?:[\w.-]+\+)?json|\*\/\*)\s*(?:;|$)/i;

/**
 * A parameter or header (`$ref` followed) with an example: its own, its
 * content's, or else the value its page shows (sample.ts, a default first).
 * Without one the converter fakes a value with Math.random and the day's
 * date, and two builds of the same spec wrote different collections
 * (GitHub's: 2,489 lines apart). A `$ref` that does not resolve stays as it
 * is, for the converter to report.
 */
function withExample(spec: SpecDocument, raw: unknown): unknown {
  const {value, unresolvedRef} = spec.resolve(raw);
  if (unresolvedRef !== undefined) return raw;
  const source = parameterValueSource(spec, value);
  if (source.example !== undefined || isObject(source.examples)) return raw;
  const example = sampleFromSchema(spec, source.schema ?? {}, 'request');
  return example === undefined ? value : {...value, example};
}

function parametersWithExamples(spec: SpecDocument, list: unknown): unknown {
  return Array.isArray(list) ? list.map((parameter) => withExample(spec, parameter)) : list;
}

/** A body (request body or response, `$ref` followed) whose JSON media types
 * carry an example and, of their schema, only its type and its own example;
 * a response's headers carry examples too. */
function bodyWithExamples(spec: SpecDocument, raw: unknown, direction: SchemaDirection): unknown {
  const resolved = spec.resolve(raw).value;
  const body = isObject(resolved.headers)
    ? {...resolved, headers: Object.fromEntries(Object.entries(resolved.headers).map(([name, header]) => [name, withExample(spec, header)]))}
    : resolved;
  if (!isObject(body.content)) return body;
  const content: JsonObject = {};
  for (const [mediaType, rawMedia] of Object.entries(body.content)) {
    const media = spec.resolve(rawMedia).value;
    const copy: JsonObject = {...media};
    if (media.example === undefined && media.examples === undefined) {
      const example = sampleFromSchema(spec, media.schema, direction);
      if (example !== undefined) copy.example = example;
    }
    // Forms and XML keep their schema: their fields are made from its properties.
    if (media.schema !== undefined && JSON_MEDIA_TYPE.test(mediaType)) {
      const schema = spec.resolve(media.schema).value;
      copy.schema = {
        ...(typeof schema.type === 'string' ? {type: schema.type} : {}),
        // The converter prefers the schema's own example to the media type's examples.
        ...(schema.example !== undefined ? {example: schema.example} : {}),
      };
    }
    setOwn(content, mediaType, copy);
  }
  return {...body, content};
}

/**
 * What openapi-to-postmanv2 converts: the spec with each request and response
 * body's example made by the pages' own sampler (sample.ts: each schema once,
 * at most 32 KB) wherever the spec gives none, and a JSON body's schema cut
 * down to its type and its own example. The converter resolves every body
 * schema ten references deep and fakes an example of it, and where entities
 * reach each other through navigation properties (Microsoft Graph) that
 * grew past the longest string V8 can make and never finished. Parameters
 * and response headers keep their schemas and get the examples their pages
 * show where the spec gives none.
 * The spec itself is not changed.
 */
function converterDocument(spec: SpecDocument): JsonObject {
  const paths: JsonObject = {...spec.paths};
  for (const entry of spec.operations()) {
    const {path: pathName, method, operation, pathItem} = entry;
    // openapi-to-postmanv2 reads only OpenAPI 3.1's methods; a copy elsewhere would be a stray path item key.
    if (!isPre32Operation(entry)) continue;
    const copy: JsonObject = {...operation};
    if (operation.parameters !== undefined) copy.parameters = parametersWithExamples(spec, operation.parameters);
    if (operation.requestBody !== undefined) copy.requestBody = bodyWithExamples(spec, operation.requestBody, 'request');
    if (isObject(operation.responses)) {
      copy.responses = Object.fromEntries(
        Object.entries(operation.responses).map(([status, response]) => [status, bodyWithExamples(spec, response, 'response')]),
      );
    }
    // The resolved path item, copied once, takes each operation's copy.
    if (paths[pathName] === spec.paths[pathName]) {
      paths[pathName] = pathItem.parameters === undefined ? {...pathItem} : {...pathItem, parameters: parametersWithExamples(spec, pathItem.parameters)};
    }
    (paths[pathName] as JsonObject)[method] = copy;
  }
  // A copy of its own: the converter changes the document it is given (it
  // inlines references and drops formats), and the spec is published as well.
  return structuredClone({...spec.root, paths});
}

/** The first media type of a request body or response, `$ref`s followed. */
function firstMedia(spec: SpecDocument, holder: unknown): {mediaType: string; media: JsonObject} | undefined {
  const content = spec.resolve(holder).value.content;
  const first = isObject(content) ? Object.entries(content)[0] : undefined;
  return first ? {mediaType: first[0], media: spec.resolve(first[1]).value} : undefined;
}

/**
 * Requests for the operations openapi-to-postmanv2 does not read (OpenAPI
 * 3.2's `query` and `additionalOperations`), in the collection's own form:
 * method, `{{baseUrl}}` URL with `:path` variables, Accept and a body from the
 * first example (else one made from the schema), each with its first tag.
 */
function newerOperationRequests(spec: SpecDocument): {tag?: string; item: PostmanItemJson}[] {
  return spec.operations().filter((entry) => !isPre32Operation(entry)).map((entry) => {
    const {path, method, operation} = entry;
    const segments = path.split('/').filter(Boolean).map((segment) => segment.replace(/^\{(.+)\}$/, ':$1'));
    const header: {key: string; value: string}[] = [];
    const responses = isObject(operation.responses) ? operation.responses : {};
    const success = Object.entries(responses).find(([status]) => /^2/.test(status));
    const accept = success ? firstMedia(spec, success[1]) : undefined;
    if (accept) header.push({key: 'Accept', value: accept.mediaType});
    const request: JsonObject = {
      method: requestMethod(entry),
      header,
      url: {raw: `{{baseUrl}}/${segments.join('/')}`, host: ['{{baseUrl}}'], path: segments, query: [], variable: pathTemplateNames(path).map((key) => ({key, value: ''}))},
    };
    const body = operation.requestBody === undefined ? undefined : firstMedia(spec, operation.requestBody);
    if (body) {
      const examples = isObject(body.media.examples) ? Object.values(body.media.examples).map((example) => spec.resolve(example).value) : [];
      const value = body.media.example ?? examples[0]?.dataValue ?? examples[0]?.value ?? sampleFromSchema(spec, body.media.schema ?? {}, 'request');
      header.push({key: 'Content-Type', value: body.mediaType});
      request.body = {mode: 'raw', raw: typeof value === 'string' ? value : JSON.stringify(value ?? null, null, 2)};
    }
    const tag = Array.isArray(operation.tags) ? asString(operation.tags[0]) : undefined;
    return {tag, item: {name: displaySummary(operation, method, path), request, response: []}};
  });
}

/**
 * A Postman Collection v2.1 of the API: one request per operation, in one
 * folder per tag, every URL on `{{baseUrl}}` (the first server) and every
 * request authorised with the bearer token `{{accessToken}}` (except the
 * operations the spec marks `security: []`). Ids are derived from names, so a
 * rebuild of the same spec writes the same file.
 */
export async function buildPostmanCollection(spec: SpecDocument): Promise<PostmanCollectionJson> {
  // A description of webhooks only (or of OpenAPI 3.2 methods only, which the
  // converter does not read) gives an empty collection: openapi-to-postmanv2
  // refuses a document without paths.
  const collection: PostmanCollectionJson =
    spec.operations().some(isPre32Operation) ? await convert(converterDocument(spec)) : {info: {name: '', schema: POSTMAN_SCHEMA_V21}, item: []};
  for (const {tag, item} of newerOperationRequests(spec)) {
    const folder = tag === undefined ? undefined : collection.item.find((candidate) => candidate.item && candidate.name === tag);
    (folder?.item ?? collection.item).push(item);
  }
  const open = unauthenticatedOperations(spec);
  const title = spec.title;
  const version = asString(spec.info.version);

  const assignIds = (items: PostmanItemJson[], parentName: string) => {
    for (const item of items) {
      const key = requestKey(item);
      const name = `${parentName}/${key ?? item.name ?? ''}`;
      if ('id' in item || item.request) item.id = stableId(name);
      item.response?.forEach((response, index) => {
        response.id = stableId(`${name}#response-${index}`);
      });
      if (item.request) {
        if (key && open.has(key)) item.request.auth = {type: 'noauth'};
        else delete item.request.auth;
      }
      if (item.item) assignIds(item.item, name);
    }
  };
  assignIds(collection.item, title);

  return {
    info: {
      ...collection.info,
      _postman_id: stableId(`${title} ${version ?? ''}`),
      name: title,
      schema: POSTMAN_SCHEMA_V21,
      ...(version ? {version} : {}),
    },
    item: collection.item,
    auth: {type: 'bearer', bearer: [{key: 'token', value: '{{accessToken}}', type: 'string'}]},
    variable: [
      {key: 'baseUrl', value: baseUrlOf(spec.root as WithServers), type: 'string', description: 'Base URL of the API (the first server of the spec).'},
      {key: 'accessToken', value: '', type: 'string', description: 'OAuth 2.0 access token, sent as "Authorization: Bearer <token>".'},
    ],
    ...(collection.event && collection.event.length > 0 ? {event: collection.event} : {}),
  };
}
