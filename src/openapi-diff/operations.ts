import {SpecDocument, isObject, type JsonObject} from '../spec-reader/spec-document';
import type {OperationRef} from './diff-types';

/** The operations of a (dereferenced) document as the diff compares them,
 * walked by the site's one reader (spec-document.ts). */

export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: unknown;
}

export interface Operation {
  ref: OperationRef;
  path: string;
  deprecated: boolean;
  parameters: Parameter[];
  requestBody: JsonObject | undefined;
  responses: JsonObject;
  security: unknown;
}

export function asObject(value: unknown): JsonObject | undefined {
  return isObject(value) ? value : undefined;
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The parameters of an operation as the diff compares them; the document is
 * already dereferenced, so every parameter that resolves is an object. */
function parametersOf(spec: SpecDocument, pathItem: JsonObject, operation: JsonObject): Parameter[] {
  return spec.parameters(pathItem, operation).parameters.map((raw) => {
    // Parameters serialised with `content` carry their schema inside it.
    const content = asObject(raw.content);
    const contentSchema = content ? asObject(Object.values(content)[0])?.schema : undefined;
    const location = String(raw.in);
    return {name: String(raw.name), in: location, required: location === 'path' || raw.required === true, schema: raw.schema ?? contentSchema};
  });
}

export function operationsOf(document: unknown): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  const spec = new SpecDocument(asObject(document) ?? {});
  for (const {path, method, operation, pathItem} of spec.operations()) {
    // Path parameter names are blanked, so that renaming `{id}` to `{contactId}` still matches.
    const key = `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;
    const operationId = stringOrUndefined(operation.operationId);
    const summary = stringOrUndefined(operation.summary);
    operations.set(key, {
      ref: {method: method.toUpperCase(), path, ...(operationId ? {operationId} : {}), ...(summary ? {summary} : {})},
      path,
      deprecated: operation.deprecated === true,
      parameters: parametersOf(spec, pathItem, operation),
      requestBody: asObject(operation.requestBody),
      responses: asObject(operation.responses) ?? {},
      security: spec.security(operation),
    });
  }
  return operations;
}

export function mediaTypesOf(holder: JsonObject | undefined): Map<string, unknown> {
  const content = asObject(holder?.content) ?? {};
  return new Map(Object.entries(content).map(([mediaType, media]) => [mediaType, asObject(media)?.schema]));
}
