import {ruleProblems} from '@site/src/openapi/models/schema-rules';
import type {SchemaNode} from '@site/src/openapi/models/model-types';

export interface ValidationProblem {
  /** JSON pointer of the offending value in the body, `''` for the root. */
  pointer: string;
  detail: string;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(value: unknown, types: string[]): boolean {
  if (types.length === 0) return true;
  const actual = jsonType(value);
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

function pointerSegment(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Whether a property name matches a patternProperties pattern; a pattern JavaScript cannot compile matches nothing. */
function matches(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(name);
  } catch {
    return false;
  }
}

/** Checks a value against a schema tree (the subset of JSON Schema the pages show). */
export function validateAgainstSchema(value: unknown, node: SchemaNode, pointer = ''): ValidationProblem[] {
  if (node.circularRef) return [];
  const problems: ValidationProblem[] = [];
  const at = pointer || '/';
  if (!typeMatches(value, node.types)) {
    return [{pointer, detail: `${at} must be ${node.types.join(' or ')}, not ${jsonType(value)}.`}];
  }
  if (node.enum && !node.enum.some((entry) => entry.value === JSON.stringify(value))) {
    problems.push({pointer, detail: `${at} must be one of ${node.enum.map((entry) => entry.value).join(', ')}.`});
  }
  if (node.const !== undefined && node.const !== JSON.stringify(value)) {
    problems.push({pointer, detail: `${at} must be ${node.const}.`});
  }
  // Lengths, patterns, formats, bounds, multiples, counts, unique items: the one table of src/openapi/models/schema-rules.ts.
  problems.push(...ruleProblems(value, node.rules, pointer, at));
  if (Array.isArray(value)) {
    // A tuple (`prefixItems`) checks each position against its own schema, the rest against `items`.
    const positional = node.prefixItems ?? [];
    if (node.noExtraItems && value.length > positional.length) problems.push({pointer, detail: `${at} must have at most ${positional.length} items.`});
    value.forEach((item, index) => {
      const itemNode = index < positional.length ? positional[index] : node.items;
      if (itemNode) problems.push(...validateAgainstSchema(item, itemNode, `${pointer}/${index}`));
    });
  }
  if (jsonType(value) === 'object') {
    const object = value as Record<string, unknown>;
    const names = Object.keys(object);
    const declared = new Set([...(node.properties ?? []).map((property) => property.name ?? ''), ...(node.hiddenProperties ?? [])]);
    for (const property of node.properties ?? []) {
      const name = property.name ?? '';
      const childPointer = `${pointer}/${pointerSegment(name)}`;
      // Own properties only: "constructor" or "toString" are not in every object.
      if (!Object.prototype.hasOwnProperty.call(object, name)) {
        if (property.required) problems.push({pointer: childPointer, detail: `${childPointer} is required.`});
        continue;
      }
      problems.push(...validateAgainstSchema(object[name], property, childPointer));
    }
    for (const name of names) {
      if (declared.has(name)) continue;
      const childPointer = `${pointer}/${pointerSegment(name)}`;
      const patterned = (node.patternProperties ?? []).filter((entry) => matches(entry.pattern, name));
      for (const entry of patterned) problems.push(...validateAgainstSchema(object[name], entry.schema, childPointer));
      if (patterned.length > 0) continue;
      if (node.noAdditionalProperties) problems.push({pointer: childPointer, detail: `${childPointer} is not a property of this object.`});
      else if (node.additionalProperties && node.additionalProperties !== true) problems.push(...validateAgainstSchema(object[name], node.additionalProperties, childPointer));
    }
  }
  if (node.variants) {
    const matching = node.variants.options.filter((option) => validateAgainstSchema(value, option.schema, pointer).length === 0);
    if (matching.length === 0) {
      problems.push({pointer, detail: `${at} must match ${node.variants.kind === 'oneOf' ? 'exactly one' : 'at least one'} of: ${node.variants.options.map((option) => option.label).join(', ')}.`});
    } else if (node.variants.kind === 'oneOf' && matching.length > 1 && !node.variants.discriminator) {
      problems.push({pointer, detail: `${at} matches more than one of: ${matching.map((option) => option.label).join(', ')}.`});
    }
  }
  return problems;
}
