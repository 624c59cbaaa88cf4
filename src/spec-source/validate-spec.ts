import type {ValidationResult} from '@readme/openapi-parser';
import type {convertObj as ConvertObj} from 'swagger2openapi';

import {SpecSourceError} from './errors.js';
import {escapePointer} from './parse-spec.js';

/** A parsed document; only its top-level shape is known before validation. */
export type OpenApiDocument = Record<string, unknown>;

export interface ValidatedSpec {
  /** The document to publish: as received, or converted from Swagger 2.0. */
  document: OpenApiDocument;
  openapiVersion: string;
  title: string;
  version: string;
  operationCount: number;
  /** Things worth telling the reader that are not failures (a conversion). */
  notices: string[];
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const SUPPORTED_OPENAPI = /^3\.[01]\.\d+$/;
const MAX_DETAILS = 10;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

/**
 * Checks that the document is an OpenAPI 3.0 or 3.1 description the site can
 * publish: right version (Swagger 2.0 is converted), self-contained, valid
 * against the schema with every `$ref` resolvable, and with at least one
 * operation. The document itself is not changed.
 */
export async function validateSpec(parsed: unknown): Promise<ValidatedSpec> {
  const notices: string[] = [];
  const document = await asOpenApi3(parsed, notices);
  const openapiVersion = String(document.openapi);

  // External references would make the published reference depend on files
  // or hosts the build does not control (the generator resolves them with
  // file and network access). The proxy serves one bundled document.
  const external = findExternalRef(document);
  if (external !== undefined) {
    throw new SpecSourceError(
      `external $ref "${external.ref}" at ${external.pointer}; the spec must be one self-contained document`,
      {hint: 'Bundle the spec into one file (for example with "redocly bundle") and try again.'},
    );
  }

  await checkSchema(document, openapiVersion);

  const operationCount = countOperations(document);
  if (operationCount === 0) {
    throw new SpecSourceError('the spec has no operations (no paths with HTTP methods), so the reference would be empty');
  }
  const info = document.info as Record<string, unknown>;
  return {
    document,
    openapiVersion,
    title: String(info.title),
    version: String(info.version),
    operationCount,
    notices,
  };
}

async function asOpenApi3(parsed: unknown, notices: string[]): Promise<OpenApiDocument> {
  if (!isRecord(parsed)) {
    throw new SpecSourceError(`not an OpenAPI document (the document is ${describeValue(parsed)}, not a mapping)`);
  }
  if ('openapi' in parsed) {
    const version = parsed.openapi;
    if (typeof version !== 'string') {
      throw new SpecSourceError(
        `the openapi field must be a string such as "3.1.0", not ${describeValue(version)} (quote it in YAML)`,
      );
    }
    if (!SUPPORTED_OPENAPI.test(version)) {
      throw new SpecSourceError(`OpenAPI ${version} is not supported (only 3.0.x and 3.1.x)`);
    }
    return parsed;
  }
  if ('swagger' in parsed) {
    if (parsed.swagger !== '2.0') {
      throw new SpecSourceError(`Swagger ${String(parsed.swagger)} is not supported (only 2.0, which is converted)`);
    }
    const converted = await convertSwagger2(parsed);
    notices.push(
      `Converted Swagger 2.0 to OpenAPI ${String(converted.openapi)} with swagger2openapi; the converted document is used.`,
    );
    return converted;
  }
  throw new SpecSourceError('not an OpenAPI document (no openapi or swagger field)');
}

export async function convertSwagger2(swagger: OpenApiDocument): Promise<OpenApiDocument> {
  // Loaded only when needed: it pulls in an HTTP client at import time. It is
  // CommonJS, so its exports sit on `default` when imported from ESM and on
  // the module itself when this file runs as CommonJS.
  const loaded = (await import('swagger2openapi')) as {
    convertObj?: typeof ConvertObj;
    default?: {convertObj?: typeof ConvertObj};
  };
  const convertObj = loaded.convertObj ?? loaded.default?.convertObj;
  if (convertObj === undefined) throw new SpecSourceError('could not load swagger2openapi to convert Swagger 2.0');
  try {
    const result = await convertObj(structuredClone(swagger), {
      // Fix what can be fixed (missing descriptions and the like) rather than
      // refuse; the converted document is validated afterwards anyway.
      patch: true,
      warnOnly: true,
      // Shared objects (YAML aliases) are allowed in the input.
      anchors: true,
      // Skips the converter's own YAML dump of the whole input, used only for its error messages.
      text: '{}',
    });
    return result.openapi;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SpecSourceError(`could not convert Swagger 2.0 to OpenAPI 3.0: ${message}`);
  }
}

/** The first `$ref` that points outside the document, with where it is. */
export function findExternalRef(document: unknown): {ref: string; pointer: string} | undefined {
  const seen = new Set<object>();
  const walk = (value: unknown, pointer: string): {ref: string; pointer: string} | undefined => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return undefined;
    seen.add(value);
    if (!Array.isArray(value)) {
      const ref = (value as Record<string, unknown>).$ref;
      if (typeof ref === 'string' && !ref.startsWith('#')) return {ref, pointer: pointer === '' ? '/' : pointer};
    }
    for (const [key, child] of Object.entries(value)) {
      const found = walk(child, `${pointer}/${escapePointer(key)}`);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(document, '');
}

async function checkSchema(document: OpenApiDocument, openapiVersion: string): Promise<void> {
  const label = `OpenAPI ${openapiVersion.split('.').slice(0, 2).join('.')}`;
  // Loaded here rather than at the top: a build whose fetch fails never
  // needs the validator and its JSON schemas.
  const {validate} = await import('@readme/openapi-parser');
  let result: ValidationResult;
  try {
    // validate() dereferences in place, so it gets a copy. Circular $refs are
    // allowed (its default); external ones were refused above, and are not
    // fetched here either.
    result = await validate(structuredClone(document) as Parameters<typeof validate>[0], {
      resolve: {external: false},
      validate: {errors: {colorize: false}},
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SpecSourceError(`invalid ${label} document: ${firstLine(message)}`);
  }
  if (result.valid) return;

  // The first line of each message is the rule; the rest is a code frame of
  // the validator's own JSON rendering, which does not match the source lines.
  const problems = result.errors.map((error) => firstLine(error.message));
  const total = problems.length + result.additionalErrors;
  const more = total > 1 ? ` (and ${total - 1} more)` : '';
  throw new SpecSourceError(`invalid ${label} document: ${problems[0] ?? 'unknown error'}${more}`, {
    details: problems.slice(1, MAX_DETAILS),
  });
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? '').trim().replace(/\.$/, '');
}

/**
 * Operations under `paths`: one per HTTP method of each path item, following a
 * local `$ref` on the path item (OpenAPI 3.1 allows path items in components).
 */
export function countOperations(document: OpenApiDocument): number {
  const paths = document.paths;
  if (!isRecord(paths)) return 0;
  let count = 0;
  for (const entry of Object.values(paths)) {
    const pathItem = resolveLocalRef(document, entry);
    if (!isRecord(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      if (isRecord(pathItem[method])) count += 1;
    }
  }
  return count;
}

function resolveLocalRef(document: OpenApiDocument, value: unknown, depth = 0): unknown {
  if (!isRecord(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/') || depth > 20) {
    return value;
  }
  let target: unknown = document;
  for (const raw of value.$ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isRecord(target)) return undefined;
    target = target[key];
  }
  return resolveLocalRef(document, target, depth + 1);
}
