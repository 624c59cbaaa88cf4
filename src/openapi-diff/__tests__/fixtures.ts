// Small inline OpenAPI documents for the diff tests: one operation each, so
// that every test shows exactly the change it is about.
import {diffSpecs} from '../diff-specs';
import type {Change} from '../diff-types';

type JsonObject = Record<string, unknown>;

export function specWith(paths: JsonObject, extra: JsonObject = {}): JsonObject {
  return {openapi: '3.1.0', info: {title: 'Fixture API', version: '1.0.0'}, paths, ...extra};
}

/** A document whose only operation is `POST /v1/things`. */
export function specWithOperation(operation: JsonObject, extra: JsonObject = {}): JsonObject {
  return specWith({'/v1/things': {post: {operationId: 'createThing', summary: 'Create a thing', ...operation}}}, extra);
}

export function jsonContent(schema: unknown): JsonObject {
  return {content: {'application/json': {schema}}};
}

/** An operation that takes `requestSchema` and answers `200` with `responseSchema`. */
export function operationWithBodies(requestSchema: unknown, responseSchema: unknown = {type: 'object'}): JsonObject {
  return {
    requestBody: {required: true, ...jsonContent(requestSchema)},
    responses: {'200': {description: 'OK', ...jsonContent(responseSchema)}},
  };
}

/** The changes to the one operation of two fixture documents. */
export function changesBetween(oldOperation: JsonObject, newOperation: JsonObject, extra: {old?: JsonObject; new?: JsonObject} = {}): Change[] {
  const diff = diffSpecs(specWithOperation(oldOperation, extra.old), specWithOperation(newOperation, extra.new));
  return diff.changed[0]?.changes ?? [];
}

/** `[breaking?, message]` pairs: the shape most tests assert exactly. */
export function summarise(changes: readonly Change[]): Array<[string, string]> {
  return changes.map((change) => [change.breaking ? 'breaking' : 'compatible', change.message]);
}
