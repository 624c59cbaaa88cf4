import {SpecDocument, dereference, isObject, type JsonObject} from '../openapi/spec-document';
import {RULES, change} from './rules';
import {schemaFields} from './schema-fields';
import type {Direction, FieldMap, FieldShape} from './schema-fields';
import type {Change, OperationDiff, OperationRef, SpecDiff} from './types';

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: unknown;
}

interface Operation {
  ref: OperationRef;
  path: string;
  deprecated: boolean;
  parameters: Parameter[];
  requestBody: JsonObject | undefined;
  responses: JsonObject;
  security: unknown;
}

// ---------------------------------------------------------------- wording

/** `a`, `a` and `b`, `a`, `b` and `c`: names between backticks, for readers to show as code. */
function codeList(values: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  const quoted = values.map((value) => `\`${value}\``);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} ${conjunction} ${quoted.at(-1)}`;
}

function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}

function enumValueText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

function typeText(types: readonly string[] | undefined): string {
  return types === undefined ? 'any' : types.join(' | ');
}

/** "query parameter `email`"; callers capitalise it when it starts a sentence. */
function parameterName(parameter: Parameter): string {
  return `${parameter.in} parameter \`${parameter.name}\``;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------- reading the spec

function asObject(value: unknown): JsonObject | undefined {
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

function operationsOf(document: unknown): Map<string, Operation> {
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

function mediaTypesOf(holder: JsonObject | undefined): Map<string, unknown> {
  const content = asObject(holder?.content) ?? {};
  return new Map(Object.entries(content).map(([mediaType, media]) => [mediaType, asObject(media)?.schema]));
}

// ---------------------------------------------------------------- comparing shapes

/** Whether every value of the `narrower` types is also a value of the `wider` ones. */
function typesCover(wider: readonly string[] | undefined, narrower: readonly string[] | undefined): boolean {
  if (wider === undefined) return true;
  if (narrower === undefined) return false;
  return narrower.every((type) => wider.includes(type) || (type === 'integer' && wider.includes('number')));
}

function sameTypes(left: readonly string[] | undefined, right: readonly string[] | undefined): boolean {
  return typeText(left) === typeText(right);
}

function enumDifference(from: readonly unknown[], without: readonly unknown[]): string[] {
  const keys = new Set(without.map((value) => JSON.stringify(value)));
  return from.filter((value) => !keys.has(JSON.stringify(value))).map(enumValueText);
}

/**
 * Type and enum changes of one value (a field, a body or a parameter), named
 * by `subject` ("Request field `email`"). Shared by fields and parameters so
 * that both follow the same request/response rules.
 */
function compareValue(
  before: FieldShape,
  after: FieldShape,
  direction: Direction,
  subject: string,
  kinds: {type: Change['kind']; enumAdded: Change['kind']; enumRemoved: Change['kind']},
): Change[] {
  const changes: Change[] = [];
  if (!sameTypes(before.types, after.types)) {
    const message = `${subject} changed type from \`${typeText(before.types)}\` to \`${typeText(after.types)}\`.`;
    const rule =
      direction === 'request'
        ? typesCover(after.types, before.types)
          ? RULES.requestTypeWidened
          : RULES.requestTypeNarrowed
        : typesCover(before.types, after.types)
          ? RULES.responseTypeNarrowed
          : RULES.responseTypeWidened;
    changes.push(change(kinds.type, rule, message));
  }
  if (before.enum && after.enum) {
    const added = enumDifference(after.enum, before.enum);
    const removed = enumDifference(before.enum, after.enum);
    const values = (count: number): string => plural(count, 'value');
    if (added.length > 0) {
      const message =
        direction === 'request'
          ? `${subject} accepts the new ${values(added.length)} ${codeList(added)}.`
          : `${subject} can have the new ${values(added.length)} ${codeList(added)}.`;
      const rule = direction === 'request' ? RULES.requestEnumValuesAdded : RULES.responseEnumValuesAdded;
      changes.push(change(kinds.enumAdded, rule, message));
    }
    if (removed.length > 0) {
      const message =
        direction === 'request'
          ? `${subject} no longer accepts the ${values(removed.length)} ${codeList(removed)}.`
          : `${subject} no longer has the ${values(removed.length)} ${codeList(removed)}.`;
      const rule = direction === 'request' ? RULES.requestEnumValuesRemoved : RULES.responseEnumValuesRemoved;
      changes.push(change(kinds.enumRemoved, rule, message));
    }
  }
  return changes;
}

function parentPath(path: string): string | undefined {
  if (path === '') return undefined;
  if (path.endsWith('[]')) return path.slice(0, -2);
  const dot = path.lastIndexOf('.');
  return dot === -1 ? '' : path.slice(0, dot);
}

/** Fields of an object, not array items or the body itself, can be required or optional. */
function isProperty(path: string): boolean {
  return path !== '' && !path.endsWith('[]');
}

function compareFields(before: FieldMap, after: FieldMap, direction: Direction, status?: string): Change[] {
  const changes: Change[] = [];
  /** The change, with the field it concerns (the changelog links it). */
  const about = (path: string, item: Change): Change => ({...item, field: {in: direction, ...(status !== undefined ? {status} : {}), path}});
  const request = direction === 'request';
  const subjectOf = (path: string): string => {
    if (request) return path === '' ? 'The request body' : `Request field \`${path}\``;
    return path === '' ? `The \`${status}\` response body` : `Field \`${path}\` of the \`${status}\` response`;
  };

  for (const path of before.keys()) {
    if (after.has(path)) continue;
    // Report only the outermost field that went away, not each of its children.
    const parent = parentPath(path);
    if (parent !== undefined && !after.has(parent)) continue;
    changes.push(
      about(
        path,
        request
          ? change('request-field-removed', RULES.requestFieldRemoved, `Removed request field \`${path}\`.`)
          : change('response-field-removed', RULES.responseFieldRemoved, `Removed field \`${path}\` from the \`${status}\` response.`),
      ),
    );
  }

  for (const [path, newShape] of after) {
    const oldShape = before.get(path);
    if (oldShape === undefined) {
      const parent = parentPath(path);
      if (parent !== undefined && !before.has(parent)) continue;
      if (request) {
        const required = newShape.required && isProperty(path);
        changes.push(
          about(
            path,
            change(
              'request-field-added',
              required ? RULES.requiredRequestFieldAdded : RULES.optionalRequestFieldAdded,
              `Added ${required ? 'required' : 'optional'} request field \`${path}\`.`,
            ),
          ),
        );
      } else {
        changes.push(about(path, change('response-field-added', RULES.responseFieldAdded, `Added field \`${path}\` to the \`${status}\` response.`)));
      }
      continue;
    }
    if (isProperty(path) && oldShape.required !== newShape.required) {
      const became = newShape.required ? 'required' : 'optional';
      const rule = request
        ? newShape.required
          ? RULES.requestFieldNowRequired
          : RULES.requestFieldNowOptional
        : newShape.required
          ? RULES.responseFieldNowRequired
          : RULES.responseFieldNowOptional;
      changes.push(
        about(path, change(request ? 'request-field-required-changed' : 'response-field-required-changed', rule, `${subjectOf(path)} became ${became}.`)),
      );
    }
    changes.push(
      ...compareValue(
        oldShape,
        newShape,
        direction,
        subjectOf(path),
        request
          ? {type: 'request-field-type-changed', enumAdded: 'request-field-enum-values-added', enumRemoved: 'request-field-enum-values-removed'}
          : {type: 'response-field-type-changed', enumAdded: 'response-field-enum-values-added', enumRemoved: 'response-field-enum-values-removed'},
      ).map((item) => about(path, item)),
    );
  }
  return changes;
}

// ---------------------------------------------------------------- parts of an operation

function parameterKey(parameter: Parameter, path: string): string {
  if (parameter.in === 'path') {
    // Path parameters are matched by position: renaming `{id}` to `{contactId}`
    // changes nothing for clients, who only fill in the value.
    const names = [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]);
    const position = names.indexOf(parameter.name);
    return `path:${position === -1 ? parameter.name : `#${position}`}`;
  }
  return `${parameter.in}:${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`;
}

/** The shape of a parameter's value and, for arrays, of its items. */
function parameterShapes(parameter: Parameter): {value: FieldShape; items: FieldShape | undefined} {
  const fields = schemaFields(parameter.schema, 'request');
  return {value: fields.get('') ?? {required: true}, items: fields.get('[]')};
}

function compareParameters(before: Operation, after: Operation): Change[] {
  const changes: Change[] = [];
  const oldByKey = new Map(before.parameters.map((parameter) => [parameterKey(parameter, before.path), parameter]));
  const newByKey = new Map(after.parameters.map((parameter) => [parameterKey(parameter, after.path), parameter]));
  const unmatchedOld = before.parameters.filter((parameter) => !newByKey.has(parameterKey(parameter, before.path)));
  const unmatchedNew = after.parameters.filter((parameter) => !oldByKey.has(parameterKey(parameter, after.path)));

  for (const oldParameter of unmatchedOld) {
    const moved = unmatchedNew.find((parameter) => parameter.name.toLowerCase() === oldParameter.name.toLowerCase());
    if (moved) {
      unmatchedNew.splice(unmatchedNew.indexOf(moved), 1);
      changes.push(
        change(
          'parameter-location-changed',
          RULES.parameterMoved,
          `Parameter \`${moved.name}\` moved from ${oldParameter.in} to ${moved.in}.`,
        ),
      );
      continue;
    }
    changes.push(change('parameter-removed', RULES.parameterRemoved, `Removed ${parameterName(oldParameter)}.`));
  }
  for (const newParameter of unmatchedNew) {
    const name = parameterName(newParameter);
    changes.push(
      newParameter.required
        ? change('parameter-added', RULES.requiredParameterAdded, `Added required ${name}.`)
        : change('parameter-added', RULES.optionalParameterAdded, `Added optional ${name}.`),
    );
  }

  for (const [key, newParameter] of newByKey) {
    const oldParameter = oldByKey.get(key);
    if (!oldParameter) continue;
    const subject = capitalise(parameterName(newParameter));
    if (oldParameter.required !== newParameter.required) {
      changes.push(
        newParameter.required
          ? change('parameter-required-changed', RULES.parameterNowRequired, `${subject} became required.`)
          : change('parameter-required-changed', RULES.parameterNowOptional, `${subject} became optional.`),
      );
    }
    const oldShapes = parameterShapes(oldParameter);
    const newShapes = parameterShapes(newParameter);
    const kinds = {
      type: 'parameter-type-changed',
      enumAdded: 'parameter-enum-values-added',
      enumRemoved: 'parameter-enum-values-removed',
    } as const;
    changes.push(...compareValue(oldShapes.value, newShapes.value, 'request', subject, kinds));
    // For an array parameter (`?type=a,b`) the allowed values sit on its items.
    if (oldShapes.items && newShapes.items) {
      changes.push(...compareValue({...oldShapes.items, types: undefined}, {...newShapes.items, types: undefined}, 'request', subject, kinds));
    }
  }
  return changes;
}

function compareRequestBodies(before: Operation, after: Operation): Change[] {
  const oldBody = before.requestBody;
  const newBody = after.requestBody;
  if (!oldBody && !newBody) return [];
  if (!oldBody && newBody) {
    return newBody.required === true
      ? [change('request-body-added', RULES.requiredRequestBodyAdded, 'Added required request body.')]
      : [change('request-body-added', RULES.optionalRequestBodyAdded, 'Added optional request body.')];
  }
  if (oldBody && !newBody) return [change('request-body-removed', RULES.requestBodyRemoved, 'Removed request body.')];

  const changes: Change[] = [];
  const oldRequired = oldBody?.required === true;
  const newRequired = newBody?.required === true;
  if (oldRequired !== newRequired) {
    changes.push(
      newRequired
        ? change('request-body-required-changed', RULES.requestBodyNowRequired, 'The request body became required.')
        : change('request-body-required-changed', RULES.requestBodyNowOptional, 'The request body became optional.'),
    );
  }
  const oldMedia = mediaTypesOf(oldBody);
  const newMedia = mediaTypesOf(newBody);
  for (const mediaType of oldMedia.keys()) {
    if (!newMedia.has(mediaType)) {
      changes.push(change('request-media-type-removed', RULES.requestMediaTypeRemoved, `The request body no longer accepts \`${mediaType}\`.`));
    }
  }
  for (const [mediaType, newSchema] of newMedia) {
    if (!oldMedia.has(mediaType)) {
      changes.push(change('request-media-type-added', RULES.requestMediaTypeAdded, `The request body also accepts \`${mediaType}\`.`));
      continue;
    }
    changes.push(...compareFields(schemaFields(oldMedia.get(mediaType), 'request'), schemaFields(newSchema, 'request'), 'request'));
  }
  return changes;
}

function isSuccessStatus(status: string): boolean {
  return /^2/.test(status);
}

function compareResponses(before: Operation, after: Operation): Change[] {
  const changes: Change[] = [];
  for (const status of Object.keys(before.responses)) {
    if (Object.hasOwn(after.responses, status)) continue;
    changes.push(
      change(
        'response-status-removed',
        isSuccessStatus(status) ? RULES.successStatusRemoved : RULES.errorStatusRemoved,
        `Removed response \`${status}\`.`,
      ),
    );
  }
  for (const [status, rawResponse] of Object.entries(after.responses)) {
    if (!Object.hasOwn(before.responses, status)) {
      changes.push(change('response-status-added', RULES.responseStatusAdded, `Added response \`${status}\`.`));
      continue;
    }
    const oldMedia = mediaTypesOf(asObject(before.responses[status]));
    const newMedia = mediaTypesOf(asObject(rawResponse));
    for (const mediaType of oldMedia.keys()) {
      if (!newMedia.has(mediaType)) {
        changes.push(
          change('response-media-type-removed', RULES.responseMediaTypeRemoved, `The \`${status}\` response no longer returns \`${mediaType}\`.`),
        );
      }
    }
    for (const [mediaType, newSchema] of newMedia) {
      if (!oldMedia.has(mediaType)) {
        changes.push(change('response-media-type-added', RULES.responseMediaTypeAdded, `The \`${status}\` response can also return \`${mediaType}\`.`));
        continue;
      }
      changes.push(
        ...compareFields(schemaFields(oldMedia.get(mediaType), 'response'), schemaFields(newSchema, 'response'), 'response', status),
      );
    }
  }
  return changes;
}

interface SecurityModel {
  /** A client may call the operation without credentials. */
  anonymous: boolean;
  /** Scopes asked for by each scheme, over all the alternatives that name it. */
  schemes: Map<string, Set<string>>;
}

/**
 * Security requirements are alternatives ("oauth2 with these scopes, or a
 * bearer token"). Comparing them per scheme keeps the rules simple and right
 * for the common shapes; schemes that must be combined (AND) are treated as
 * if each were enough.
 */
function securityModel(security: unknown): SecurityModel {
  const schemes = new Map<string, Set<string>>();
  if (!Array.isArray(security) || security.length === 0) return {anonymous: true, schemes};
  let anonymous = false;
  for (const requirement of security) {
    if (!isObject(requirement) || Object.keys(requirement).length === 0) {
      anonymous = true;
      continue;
    }
    for (const [scheme, scopes] of Object.entries(requirement)) {
      const set = schemes.get(scheme) ?? new Set<string>();
      if (Array.isArray(scopes)) for (const scope of scopes) if (typeof scope === 'string') set.add(scope);
      schemes.set(scheme, set);
    }
  }
  return {anonymous, schemes};
}

function compareSecurity(before: Operation, after: Operation): Change[] {
  const oldModel = securityModel(before.security);
  const newModel = securityModel(after.security);
  if (oldModel.anonymous && !newModel.anonymous) {
    return [
      change(
        'security-required',
        RULES.securityRequired,
        `Now requires authentication with ${codeList([...newModel.schemes.keys()], 'or')}.`,
      ),
    ];
  }
  if (!oldModel.anonymous && newModel.anonymous) {
    return [change('security-no-longer-required', RULES.securityNoLongerRequired, 'No longer requires authentication.')];
  }
  const changes: Change[] = [];
  for (const scheme of oldModel.schemes.keys()) {
    if (!newModel.schemes.has(scheme)) {
      changes.push(change('security-scheme-removed', RULES.securitySchemeRemoved, `No longer accepts the security scheme \`${scheme}\`.`));
    }
  }
  for (const [scheme, newScopes] of newModel.schemes) {
    const oldScopes = oldModel.schemes.get(scheme);
    if (!oldScopes) {
      changes.push(change('security-scheme-added', RULES.securitySchemeAdded, `Accepts the security scheme \`${scheme}\`.`));
      continue;
    }
    const added = [...newScopes].filter((scope) => !oldScopes.has(scope));
    const removed = [...oldScopes].filter((scope) => !newScopes.has(scope));
    if (added.length > 0) {
      changes.push(
        change(
          'security-scopes-added',
          RULES.securityScopesAdded,
          `Requires the \`${scheme}\` ${plural(added.length, 'scope')} ${codeList(added)}.`,
        ),
      );
    }
    if (removed.length > 0) {
      changes.push(
        change(
          'security-scopes-removed',
          RULES.securityScopesRemoved,
          `No longer requires the \`${scheme}\` ${plural(removed.length, 'scope')} ${codeList(removed)}.`,
        ),
      );
    }
  }
  return changes;
}

function compareOperations(before: Operation, after: Operation): Change[] {
  const changes: Change[] = [];
  if (!before.deprecated && after.deprecated) {
    changes.push(change('operation-deprecated', RULES.operationDeprecated, 'The operation is deprecated.'));
  } else if (before.deprecated && !after.deprecated) {
    changes.push(change('operation-undeprecated', RULES.operationUndeprecated, 'The operation is no longer deprecated.'));
  }
  changes.push(
    ...compareSecurity(before, after),
    ...compareParameters(before, after),
    ...compareRequestBodies(before, after),
    ...compareResponses(before, after),
  );
  // The same field change shows up once per media type; say it once.
  const seen = new Set<string>();
  return changes.filter((item) => {
    const key = `${item.kind}\u0000${item.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function infoVersion(spec: unknown): string | undefined {
  const version = asObject(asObject(spec)?.info)?.version;
  return typeof version === 'string' ? version : typeof version === 'number' ? String(version) : undefined;
}

/**
 * Compares two OpenAPI 3.x documents operation by operation and classifies
 * every change as breaking or not (see rules.ts). Both documents are
 * dereferenced first, so moving a schema into `components` is not a change.
 */
export function diffSpecs(oldDoc: unknown, newDoc: unknown): SpecDiff {
  const oldOperations = operationsOf(dereference(oldDoc));
  const newOperations = operationsOf(dereference(newDoc));

  const added: OperationDiff[] = [];
  const removed: OperationDiff[] = [];
  const changed: OperationDiff[] = [];
  for (const [key, operation] of oldOperations) {
    if (!newOperations.has(key)) {
      removed.push({
        operation: operation.ref,
        changes: [change('operation-removed', RULES.operationRemoved, 'The operation was removed.')],
      });
    }
  }
  for (const [key, operation] of newOperations) {
    const before = oldOperations.get(key);
    if (!before) {
      added.push({operation: operation.ref, changes: [change('operation-added', RULES.operationAdded, 'The operation was added.')]});
      continue;
    }
    const changes = compareOperations(before, operation);
    if (changes.length > 0) changed.push({operation: operation.ref, changes});
  }

  const allChanges = [...added, ...removed, ...changed].flatMap((entry) => entry.changes);
  const breaking = allChanges.filter((item) => item.breaking).length;
  const oldVersion = infoVersion(oldDoc);
  const newVersion = infoVersion(newDoc);
  return {
    ...(oldVersion !== undefined ? {oldVersion} : {}),
    ...(newVersion !== undefined ? {newVersion} : {}),
    added,
    removed,
    changed,
    counts: {
      added: added.length,
      removed: removed.length,
      changed: changed.length,
      breaking,
      nonBreaking: allChanges.length - breaking,
    },
  };
}
