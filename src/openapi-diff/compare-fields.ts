import {RULES, change} from './rules';
import type {Direction, FieldMap, FieldShape} from './schema-fields';
import type {Change} from './diff-types';
import {codeList, enumValueText, plural, typeText} from './wording';

/** Changes to values and fields (a parameter, a body, a field of either),
 * classified by the request and response rules. */

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
export function compareValue(
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

export function compareFields(before: FieldMap, after: FieldMap, direction: Direction, status?: string): Change[] {
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
