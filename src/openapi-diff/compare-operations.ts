import {compareFields, compareValue} from './compare-fields';
import {compareSecurity} from './compare-security';
import {asObject, mediaTypesOf, type Operation, type Parameter} from './operations';
import {RULES, change} from './rules';
import {schemaFields, type FieldShape} from './schema-fields';
import type {Change} from './diff-types';
import {capitalise} from './wording';

/** The changes between two versions of one operation: deprecation, security,
 * parameters, request body and responses. */

/** "query parameter `email`"; callers capitalise it when it starts a sentence. */
function parameterName(parameter: Parameter): string {
  return `${parameter.in} parameter \`${parameter.name}\``;
}

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

export function compareOperations(before: Operation, after: Operation): Change[] {
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
