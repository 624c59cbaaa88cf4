import type {SchemaNode} from '@site/src/openapi/types';

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

const FORMAT_CHECKS: Record<string, RegExp> = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  // RFC 3339, section 5.6: "T" and "Z" may be lower case.
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

function pointerSegment(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** JSON with object keys sorted: equal values, equal text (for uniqueItems). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
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
  const rules = node.rules ?? {};
  if (typeof value === 'string') {
    if (rules.minLength !== undefined && value.length < rules.minLength) problems.push({pointer, detail: `${at} must be at least ${rules.minLength} characters long.`});
    if (rules.maxLength !== undefined && value.length > rules.maxLength) problems.push({pointer, detail: `${at} must be at most ${rules.maxLength} characters long.`});
    if (rules.pattern !== undefined) {
      try {
        if (!new RegExp(rules.pattern, 'u').test(value)) problems.push({pointer, detail: `${at} must match the pattern ${rules.pattern}.`});
      } catch {
        // A pattern JavaScript cannot compile is not the reader's fault: skip it.
      }
    }
    const format = rules.format ? FORMAT_CHECKS[rules.format] : undefined;
    if (format && !format.test(value)) problems.push({pointer, detail: `${at} must be a valid ${rules.format}.`});
  }
  if (typeof value === 'number') {
    if (rules.multipleOf !== undefined && rules.multipleOf > 0) {
      const quotient = value / rules.multipleOf;
      // Within floating-point error: 0.3 is a multiple of 0.1.
      if (Math.abs(quotient - Math.round(quotient)) > 1e-9 * Math.max(1, Math.abs(quotient))) problems.push({pointer, detail: `${at} must be a multiple of ${rules.multipleOf}.`});
    }
    if (rules.minimum !== undefined && value < rules.minimum) problems.push({pointer, detail: `${at} must be ≥ ${rules.minimum}.`});
    if (rules.maximum !== undefined && value > rules.maximum) problems.push({pointer, detail: `${at} must be ≤ ${rules.maximum}.`});
    if (rules.exclusiveMinimum !== undefined && value <= rules.exclusiveMinimum) problems.push({pointer, detail: `${at} must be > ${rules.exclusiveMinimum}.`});
    if (rules.exclusiveMaximum !== undefined && value >= rules.exclusiveMaximum) problems.push({pointer, detail: `${at} must be < ${rules.exclusiveMaximum}.`});
  }
  if (Array.isArray(value)) {
    if (rules.minItems !== undefined && value.length < rules.minItems) problems.push({pointer, detail: `${at} must have at least ${rules.minItems} items.`});
    if (rules.maxItems !== undefined && value.length > rules.maxItems) problems.push({pointer, detail: `${at} must have at most ${rules.maxItems} items.`});
    // A tuple (`prefixItems`) checks each position against its own schema, the rest against `items`.
    const positional = node.prefixItems ?? [];
    if (node.noExtraItems && value.length > positional.length) problems.push({pointer, detail: `${at} must have at most ${positional.length} items.`});
    if (rules.uniqueItems === true) {
      const seen = new Map<string, number>();
      value.forEach((item, index) => {
        const key = canonicalJson(item);
        const first = seen.get(key);
        if (first === undefined) seen.set(key, index);
        else problems.push({pointer: `${pointer}/${index}`, detail: `${pointer}/${index} repeats ${pointer}/${first}: the items must be unique.`});
      });
    }
    value.forEach((item, index) => {
      const itemNode = index < positional.length ? positional[index] : node.items;
      if (itemNode) problems.push(...validateAgainstSchema(item, itemNode, `${pointer}/${index}`));
    });
  }
  if (jsonType(value) === 'object') {
    const object = value as Record<string, unknown>;
    const names = Object.keys(object);
    if (rules.minProperties !== undefined && names.length < rules.minProperties) problems.push({pointer, detail: `${at} must have at least ${rules.minProperties} properties.`});
    if (rules.maxProperties !== undefined && names.length > rules.maxProperties) problems.push({pointer, detail: `${at} must have at most ${rules.maxProperties} properties.`});
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
