import {ownValue} from '../../spec-reader/own-keys';
import type {SchemaRules} from './model-types';

/**
 * The one table of the JSON Schema validation keywords the site knows: how
 * the page labels each (`≤ 100 characters`, SchemaView), how the Markdown
 * twin words it (`max length 100`, markdown-twin/fields.ts), and how the sandbox
 * checks a value against it (ApiExplorer/validate.ts). A keyword added here
 * is shown, written and checked alike. Rows are in the order the twin writes
 * them and the sandbox reports them; the page writes the pattern last.
 */

export interface RuleProblem {
  pointer: string;
  detail: string;
}

/** A phrase of the twin: words, and values to be written as code (`pattern `, {code: '^a'}). */
export type RulePhrase = readonly (string | {code: string})[];

export interface SchemaRule {
  keywords: readonly (keyof SchemaRules)[];
  /** The page's label, or none. */
  label?: (rules: SchemaRules) => string | undefined;
  /** The twin's phrases (`typeLabel` already names a format). */
  phrases?: (rules: SchemaRules, context: {typeLabel: string}) => RulePhrase[];
  /** The sandbox's problems with a value, at `pointer` (`at` is its readable form). */
  check?: (value: unknown, rules: SchemaRules, pointer: string, at: string) => RuleProblem[];
}

const FORMAT_CHECKS: Record<string, RegExp> = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  // RFC 3339, section 5.6: "T" and "Z" may be lower case.
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

/** JSON with object keys sorted: equal values, equal text (for uniqueItems). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** One bound of one kind of value: its page label, twin phrase and check. */
function bound(
  keyword: keyof SchemaRules,
  applies: (value: unknown) => number | undefined,
  label: (limit: number) => string,
  phrase: (limit: number) => string,
  fails: (measure: number, limit: number) => boolean,
  detail: (at: string, limit: number) => string,
): SchemaRule {
  const limitOf = (rules: SchemaRules) => rules[keyword] as number | undefined;
  return {
    keywords: [keyword],
    label: (rules) => (limitOf(rules) !== undefined ? label(limitOf(rules)!) : undefined),
    phrases: (rules) => (limitOf(rules) !== undefined ? [[phrase(limitOf(rules)!)]] : []),
    check: (value, rules, pointer, at) => {
      const limit = limitOf(rules);
      const measure = applies(value);
      return limit !== undefined && measure !== undefined && fails(measure, limit) ? [{pointer, detail: detail(at, limit)}] : [];
    },
  };
}

const asNumber = (value: unknown) => (typeof value === 'number' ? value : undefined);
const itemCount = (value: unknown) => (Array.isArray(value) ? value.length : undefined);
const propertyCount = (value: unknown) => (isObject(value) ? Object.keys(value).length : undefined);

export const SCHEMA_RULES: readonly SchemaRule[] = [
  {
    keywords: ['format'],
    // The page's type label already says `string<date-time>`.
    phrases: (rules, {typeLabel}) => (rules.format !== undefined && !typeLabel.includes(`<${rules.format}>`) ? [['format ', {code: rules.format}]] : []),
    check: (value, rules, pointer, at) => {
      const format = typeof value === 'string' && rules.format ? ownValue(FORMAT_CHECKS, rules.format) : undefined;
      return format && !format.test(value as string) ? [{pointer, detail: `${at} must be a valid ${rules.format}.`}] : [];
    },
  },
  {
    keywords: ['minLength', 'maxLength'],
    label: ({minLength, maxLength}) => {
      if (minLength !== undefined && maxLength !== undefined) return `${minLength} to ${maxLength} characters`;
      if (minLength !== undefined) return `≥ ${minLength} characters`;
      return maxLength !== undefined ? `≤ ${maxLength} characters` : undefined;
    },
    phrases: ({minLength, maxLength}) => {
      if (minLength !== undefined && minLength === maxLength) return [[`length ${minLength}`]];
      return [...(minLength !== undefined ? [[`min length ${minLength}`]] : []), ...(maxLength !== undefined ? [[`max length ${maxLength}`]] : [])];
    },
    check: (value, {minLength, maxLength}, pointer, at) => {
      if (typeof value !== 'string') return [];
      return [
        ...(minLength !== undefined && value.length < minLength ? [{pointer, detail: `${at} must be at least ${minLength} characters long.`}] : []),
        ...(maxLength !== undefined && value.length > maxLength ? [{pointer, detail: `${at} must be at most ${maxLength} characters long.`}] : []),
      ];
    },
  },
  {
    keywords: ['pattern'],
    label: ({pattern}) => (pattern !== undefined ? `pattern: ${pattern}` : undefined),
    phrases: ({pattern}) => (pattern !== undefined ? [['pattern ', {code: pattern}]] : []),
    check: (value, {pattern}, pointer, at) => {
      if (typeof value !== 'string' || pattern === undefined) return [];
      try {
        return new RegExp(pattern, 'u').test(value) ? [] : [{pointer, detail: `${at} must match the pattern ${pattern}.`}];
      } catch {
        // A pattern JavaScript cannot compile is not the reader's fault: skip it.
        return [];
      }
    },
  },
  bound('minimum', asNumber, (limit) => `≥ ${limit}`, (limit) => `minimum ${limit}`, (number, limit) => number < limit, (at, limit) => `${at} must be ≥ ${limit}.`),
  bound('exclusiveMinimum', asNumber, (limit) => `> ${limit}`, (limit) => `greater than ${limit}`, (number, limit) => number <= limit, (at, limit) => `${at} must be > ${limit}.`),
  bound('maximum', asNumber, (limit) => `≤ ${limit}`, (limit) => `maximum ${limit}`, (number, limit) => number > limit, (at, limit) => `${at} must be ≤ ${limit}.`),
  bound('exclusiveMaximum', asNumber, (limit) => `< ${limit}`, (limit) => `less than ${limit}`, (number, limit) => number >= limit, (at, limit) => `${at} must be < ${limit}.`),
  bound(
    'multipleOf',
    asNumber,
    (limit) => `multiple of ${limit}`,
    (limit) => `multiple of ${limit}`,
    // Within floating-point error: 0.3 is a multiple of 0.1.
    (number, step) => step > 0 && Math.abs(number / step - Math.round(number / step)) > 1e-9 * Math.max(1, Math.abs(number / step)),
    (at, limit) => `${at} must be a multiple of ${limit}.`,
  ),
  bound('minItems', itemCount, (limit) => `≥ ${limit} items`, (limit) => `min items ${limit}`, (count, limit) => count < limit, (at, limit) => `${at} must have at least ${limit} items.`),
  bound('maxItems', itemCount, (limit) => `≤ ${limit} items`, (limit) => `max items ${limit}`, (count, limit) => count > limit, (at, limit) => `${at} must have at most ${limit} items.`),
  {
    keywords: ['uniqueItems'],
    label: ({uniqueItems}) => (uniqueItems ? 'unique items' : undefined),
    phrases: ({uniqueItems}) => (uniqueItems ? [['unique items']] : []),
    check: (value, {uniqueItems}, pointer) => {
      if (uniqueItems !== true || !Array.isArray(value)) return [];
      const seen = new Map<string, number>();
      return value.flatMap((item, index) => {
        const key = canonicalJson(item);
        const first = seen.get(key);
        if (first === undefined) {
          seen.set(key, index);
          return [];
        }
        return [{pointer: `${pointer}/${index}`, detail: `${pointer}/${index} repeats ${pointer}/${first}: the items must be unique.`}];
      });
    },
  },
  bound('minProperties', propertyCount, (limit) => `≥ ${limit} properties`, (limit) => `min properties ${limit}`, (count, limit) => count < limit, (at, limit) => `${at} must have at least ${limit} properties.`),
  bound('maxProperties', propertyCount, (limit) => `≤ ${limit} properties`, (limit) => `max properties ${limit}`, (count, limit) => count > limit, (at, limit) => `${at} must have at most ${limit} properties.`),
];

/** The page's labels of a schema's rules, pattern last. */
export function ruleLabels(rules: SchemaRules | undefined): string[] {
  if (!rules) return [];
  const labels = SCHEMA_RULES.filter((rule) => !rule.keywords.includes('pattern')).flatMap((rule) => rule.label?.(rules) ?? []);
  const pattern = SCHEMA_RULES.find((rule) => rule.keywords.includes('pattern'))?.label?.(rules);
  return pattern ? [...labels, pattern] : labels;
}

/** The twin's phrases of a schema's rules. */
export function rulePhrases(rules: SchemaRules | undefined, context: {typeLabel: string}): RulePhrase[] {
  return rules ? SCHEMA_RULES.flatMap((rule) => rule.phrases?.(rules, context) ?? []) : [];
}

/** The sandbox's problems with a value under a schema's rules. */
export function ruleProblems(value: unknown, rules: SchemaRules | undefined, pointer: string, at: string): RuleProblem[] {
  return rules ? SCHEMA_RULES.flatMap((rule) => rule.check?.(value, rules, pointer, at) ?? []) : [];
}
