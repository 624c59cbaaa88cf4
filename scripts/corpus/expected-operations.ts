import {readFileSync} from 'node:fs';
import {parse} from 'yaml';

/**
 * The operations a spec file declares, read straight from the file with no
 * code from src/openapi, so that the corpus check does not share a bug with
 * the generator it checks.
 */

// Its own HTTP_METHODS, $ref walk and YAML parse, not src/spec-reader/spec-document.ts's or parseSpecText, on purpose: an oracle must not share the code it checks.
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

/** A path item's operations: its fixed-field methods, then OpenAPI 3.2's `additionalOperations` under their own names. */
function operationsOfPathItem(pathItem: Json): [string, unknown][] {
  const additional = isJson(pathItem.additionalOperations) ? Object.entries(pathItem.additionalOperations) : [];
  return [...HTTP_METHODS.map((method): [string, unknown] => [method, pathItem[method]]), ...additional];
}

export interface ExpectedOperation {
  method: string;
  path: string;
  /** What the page's heading must say: the summary when it is a title, else the operationId, else `METHOD /path`. */
  title: string;
}

type Json = Record<string, unknown>;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The heading of an operation's or webhook's page. A summary is the title
 * unless it is a paragraph: a line break, a Markdown link `[…](…)` or over
 * 200 characters (GitHub's webhooks); the page then shows it in its
 * description and is titled by its operationId, else its method and path
 * (a webhook: its name).
 */
export function expectedTitle(operation: Json, kind: 'operation' | 'webhook', method: string, path: string): string {
  const summary = nonEmptyString(operation.summary)?.trim();
  const isTitle = summary !== undefined && summary.length <= 200 && !/[\r\n]/.test(summary) && !summary.includes('](');
  return (isTitle ? summary : undefined) ?? nonEmptyString(operation.operationId) ?? (kind === 'webhook' ? path : `${method.toUpperCase()} ${path}`);
}

/** A path item may itself be a `$ref` (OpenAPI 3.1, `#/components/pathItems/…`). */
function pathItemOf(document: Json, value: unknown): Json {
  let current = value;
  for (let hops = 0; hops < 16 && isJson(current) && typeof current.$ref === 'string'; hops += 1) {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/')) return {};
    let target: unknown = document;
    for (const segment of ref.slice(2).split('/')) {
      const key = decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
      target = isJson(target) && Object.hasOwn(target, key) ? target[key] : undefined;
    }
    current = target;
  }
  return isJson(current) ? current : {};
}

/** Every operation under `paths`, in document order. Path-item keys that are
 * not HTTP methods (`parameters`, `summary`, `servers`, `x-…`) are not operations. */
export function expectedOperations(document: unknown): ExpectedOperation[] {
  if (!isJson(document) || !isJson(document.paths)) return [];
  const operations: ExpectedOperation[] = [];
  for (const [path, rawPathItem] of Object.entries(document.paths)) {
    const pathItem = pathItemOf(document, rawPathItem);
    for (const [method, operation] of operationsOfPathItem(pathItem)) {
      if (!isJson(operation)) continue;
      operations.push({method, path, title: expectedTitle(operation, 'operation', method, path)});
    }
  }
  return operations;
}

export function readExpectedOperations(specFile: string): ExpectedOperation[] {
  return expectedOperations(parse(readFileSync(specFile, 'utf8'), {maxAliasCount: -1}));
}
