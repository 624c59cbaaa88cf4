import {renderMarkdown, type SpecTextOptions} from './markdown';
import {wellFormed} from '../../spec-reader/well-formed';
import {ownValue, setOwn} from '../../spec-reader/own-keys';
import {asString, decodePointerSegment, escapePointerSegment, isObject, type JsonObject, type SpecDocument} from '../../spec-reader/spec-document';
import type {LinkContext} from '../links/spec-links';
import type {EnumValue, SchemaNode, SchemaRules} from './model-types';

/** Past this depth a schema tree stops expanding (deep but not circular specs). */
const MAX_DEPTH = 16;

/**
 * Fields one schema tree may hold before a named schema met again is no
 * longer expanded; past it, the field names the schema and links its page
 * (`/docs/api/schemas/<name>`), which lists its fields: one click away, with
 * JavaScript off too. A description whose objects embed each other (Stripe's
 * expandable fields: `anyOf: [string, Customer]` in every object) expands
 * combinatorially, past what a page model or even a string can hold.
 *
 * Why 1,000: that many fields weigh about as much as the heaviest operation
 * page of a large real API, and far more than any tree of the bundled spec,
 * which is never cut; with schema pages a cut costs a click, not the field.
 */
export const SCHEMA_NODE_BUDGET = 1_000;

export const RULE_KEYS: (keyof SchemaRules)[] = [
  'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties',
];

/** `schema`: a schema page, which lists read-only and write-only fields alike. */
export type SchemaDirection = 'request' | 'response' | 'schema';

/** Whether a field with these flags is left out in this direction. */
export function hiddenInDirection(flags: {readOnly?: unknown; writeOnly?: unknown}, direction: SchemaDirection): boolean {
  if (direction === 'request') return flags.readOnly === true;
  if (direction === 'response') return flags.writeOnly === true;
  return false;
}

interface WalkState {
  /** `$ref`s on the path from the root, to stop at circular references. */
  ancestors: string[];
  depth: number;
  direction: SchemaDirection;
  /** Nodes the whole tree may still create (shared by every branch). */
  budget: {remaining: number};
  /** A schema page's tree: a named schema below the root is named (and
   * linked to its own page), not expanded, so the page holds the schema's own fields. */
  ownFieldsOnly?: boolean;
  /** The links of the API whose pages the tree is for (markdown.ts). */
  links: LinkContext | undefined;
}

/** JSON text of a value, safe for any input (lone surrogates, BigInt-free JSON). */
export function jsonText(value: unknown, indent = 0): string {
  return wellFormed(JSON.stringify(value, null, indent) ?? 'null');
}

/** The `$ref`s an `allOf` merge followed, those it skipped as circular, and those that did not resolve. */
export interface AllOfTrace {
  followed: string[];
  circular: string[];
  unresolved: string[];
}

/**
 * Flattens `allOf` into one schema: properties and `required` are merged, the
 * first member's other keywords win over later ones, the outer schema's over
 * all of them. Members are resolved through `$ref`; `trace` collects the refs
 * followed, so that callers can treat them as ancestors of the merged
 * schema's children (else `friend: {allOf: [$ref: Pet]}` inside `Pet`
 * expands again at every level).
 */
export function mergeAllOf(spec: SpecDocument, schema: JsonObject, ancestors: string[] = [], trace?: AllOfTrace): JsonObject {
  if (!Array.isArray(schema.allOf)) return schema;
  const merged: JsonObject = {};
  const properties: JsonObject = {};
  const required = new Set<string>();
  const members = [...schema.allOf, {...schema, allOf: undefined}];
  for (const member of members) {
    const {value: resolved, ref, unresolvedRef} = spec.resolve(member);
    if (unresolvedRef) trace?.unresolved.push(unresolvedRef);
    if (ref && ancestors.includes(ref)) {
      trace?.circular.push(ref);
      continue;
    }
    if (ref) trace?.followed.push(ref);
    const flat = mergeAllOf(spec, resolved, ref ? [...ancestors, ref] : ancestors, trace);
    for (const [key, value] of Object.entries(flat)) {
      if (value === undefined || key === 'allOf') continue;
      // Own keys only, set as own keys: a property named `__proto__` or `constructor` is a field like any other.
      if (key === 'properties' && isObject(value)) for (const [name, property] of Object.entries(value)) setOwn(properties, name, property);
      else if (key === 'required' && Array.isArray(value)) value.forEach((name) => typeof name === 'string' && required.add(name));
      else if (!Object.hasOwn(merged, key) || member === members[members.length - 1]) setOwn(merged, key, value);
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  if (!merged.type && merged.properties) merged.type = 'object';
  return merged;
}

function schemaTypes(schema: JsonObject): string[] {
  const types = new Set<string>();
  if (typeof schema.type === 'string') types.add(schema.type);
  if (Array.isArray(schema.type)) schema.type.forEach((type) => typeof type === 'string' && types.add(type));
  if (types.size === 0) {
    if (isObject(schema.properties) || schema.additionalProperties !== undefined || isObject(schema.patternProperties)) types.add('object');
    else if (schema.items !== undefined || Array.isArray(schema.prefixItems)) types.add('array');
    else if (Array.isArray(schema.enum) && schema.enum.length > 0) {
      for (const value of schema.enum) types.add(value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value);
    } else if (schema.const !== undefined) {
      const value = schema.const;
      types.add(value === null ? 'null' : typeof value === 'number' ? 'number' : typeof value);
    }
  }
  if (schema.nullable === true) types.add('null');
  return [...types];
}

function pickRules(schema: JsonObject): SchemaRules | undefined {
  const rules: SchemaRules = {};
  for (const key of RULE_KEYS) {
    const value = schema[key];
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') {
      (rules as Record<string, unknown>)[key] = key === 'pattern' || key === 'format' ? wellFormed(String(value)) : value;
    }
  }
  // OpenAPI 3.0 writes exclusive bounds as booleans next to minimum/maximum.
  if ((rules.exclusiveMinimum as unknown) === true && rules.minimum !== undefined) {
    rules.exclusiveMinimum = rules.minimum;
    delete rules.minimum;
  } else if (typeof rules.exclusiveMinimum !== 'number') delete rules.exclusiveMinimum;
  if ((rules.exclusiveMaximum as unknown) === true && rules.maximum !== undefined) {
    rules.exclusiveMaximum = rules.maximum;
    delete rules.maximum;
  } else if (typeof rules.exclusiveMaximum !== 'number') delete rules.exclusiveMaximum;
  return Object.keys(rules).length > 0 ? rules : undefined;
}

function enumValues(schema: JsonObject, links: LinkContext | undefined): EnumValue[] | undefined {
  if (!Array.isArray(schema.enum)) return undefined;
  const descriptions = isObject(schema['x-enumDescriptions'])
    ? schema['x-enumDescriptions']
    : isObject(schema['x-enum-descriptions'])
      ? schema['x-enum-descriptions']
      : {};
  const varNames = Array.isArray(schema['x-enum-varnames']) ? schema['x-enum-varnames'] : [];
  return schema.enum.map((value, index) => {
    const description = ownValue(descriptions, String(value)) ?? (Array.isArray(schema['x-enum-descriptions']) ? schema['x-enum-descriptions'][index] : undefined) ?? varNames[index];
    const entry: EnumValue = {value: jsonText(value)};
    const rendered = renderMarkdown(description, {topHeadingLevel: 5, links});
    if (rendered) entry.description = rendered;
    return entry;
  });
}

function firstExample(schema: JsonObject): unknown {
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  return undefined;
}

function typeLabelOf(node: SchemaNode, schema: JsonObject): string {
  const format = asString(schema.format);
  const labels = node.types.filter((type) => type !== 'null').map((type) => {
    if (type === 'array' && node.prefixItems) return tupleLabel(node);
    if (type === 'array') return node.items?.unresolvedRef && node.items.types.length === 0 ? `(${node.items.typeLabel})[]` : `${node.items?.typeLabel ?? 'any'}[]`;
    if (type === 'object' && node.refName) return node.refName;
    if (format && (type === 'string' || type === 'integer' || type === 'number')) return `${type}<${format}>`;
    return type;
  });
  if (node.variants) {
    const options = node.variants.options.map((option) => option.label);
    labels.push(options.join(node.variants.kind === 'oneOf' ? ' | ' : ' | '));
  }
  if (labels.length === 0 && node.circularRef) labels.push(node.circularRef);
  if (labels.length === 0 && node.unresolvedRef) labels.push(`unresolved reference ${node.unresolvedRef}`);
  if (labels.length === 0) labels.push(node.refName ?? 'any');
  if (node.types.includes('null')) labels.push('null');
  return [...new Set(labels)].join(' | ');
}

/** Levels of nested arrays a label below MAX_DEPTH names before it says `any`. */
const MAX_LABEL_LEVELS = 256;

/** The type label of the items of an array the tree no longer expands (below MAX_DEPTH), without building their nodes. */
function cutItemsLabel(spec: SpecDocument, rawItems: unknown, ancestors: string[], levels = 0): string {
  const {value, refName, ref} = spec.resolve(rawItems);
  const named = ref?.startsWith('#/components/schemas/') ? refName : undefined;
  // A reference back to an ancestor is named, as a circular field is.
  if (levels >= MAX_LABEL_LEVELS || (ref && ancestors.includes(ref))) return named ?? 'any';
  const schema = mergeAllOf(spec, value, ref ? [...ancestors, ref] : ancestors);
  const node: SchemaNode = {types: schemaTypes(schema), typeLabel: '', ...(named ? {refName: named} : {})};
  const {positional, rest} = arrayItems(schema);
  if (node.types.includes('array') && !positional && isObject(rest)) {
    node.items = {types: [], typeLabel: cutItemsLabel(spec, rest, ref ? [...ancestors, ref] : ancestors, levels + 1)};
  }
  return typeLabelOf(node, schema);
}

/** `[string, number, ...string]`: the positional types, then the type of any further items. */
function tupleLabel(node: SchemaNode): string {
  const positions = (node.prefixItems ?? []).map((item) => item.typeLabel);
  if (!node.noExtraItems) positions.push(node.items ? `...${node.items.typeLabel}` : '...');
  return `[${positions.join(', ')}]`;
}

/** Positional item schemas and the schema of the items after them. OpenAPI 3.1
 * (JSON Schema 2020-12) writes `prefixItems` and `items`; 3.0 and older drafts
 * write `items` as a list and `additionalItems`, which means nothing without it. */
function arrayItems(schema: JsonObject): {positional?: unknown[]; rest?: unknown} {
  if (Array.isArray(schema.prefixItems)) return {positional: schema.prefixItems, rest: schema.items};
  if (Array.isArray(schema.items)) return {positional: schema.items, rest: schema.additionalItems};
  return {rest: schema.items};
}

/** What stands where a schema should be but is not one (`properties: {type: string}`). */
function isSchemaLike(value: unknown): boolean {
  return value === undefined || typeof value === 'boolean' || isObject(value);
}

function variantLabel(spec: SpecDocument, option: unknown, index: number, mapping: Record<string, string>): string {
  const {value, refName, ref} = spec.resolve(option);
  for (const [key, target] of Object.entries(mapping)) {
    if (ref && (target === ref || target === refName)) return key;
  }
  return asString(value.title) ?? refName ?? `Option ${index + 1}`;
}

/** The tree of a named schema for its own page: every field of its own (its
 * `allOf` parts merged), read-only and write-only alike, and the named schemas
 * it uses by name only. */
export function ownFieldsNode(spec: SpecDocument, name: string, {links}: SpecTextOptions = {}): SchemaNode {
  return walkSchema(spec, {$ref: `#/components/schemas/${escapePointerSegment(name)}`}, 'schema', {
    ancestors: [],
    depth: 0,
    direction: 'schema',
    budget: {remaining: SCHEMA_NODE_BUDGET},
    ownFieldsOnly: true,
    links,
  });
}

/** Builds the display and validation tree of a schema. */
export function schemaNode(spec: SpecDocument, rawSchema: unknown, direction: SchemaDirection, {links}: SpecTextOptions = {}): SchemaNode {
  return walkSchema(spec, rawSchema, direction, {ancestors: [], depth: 0, direction, budget: {remaining: SCHEMA_NODE_BUDGET}, links});
}

function walkSchema(spec: SpecDocument, rawSchema: unknown, direction: SchemaDirection, state: WalkState): SchemaNode {
  // A string or a number where a schema belongs says nothing about the value.
  if (!isSchemaLike(rawSchema)) return {types: [], typeLabel: 'unknown'};
  const {value: resolvedSchema, refName, ref, unresolvedRef} = spec.resolve(rawSchema);
  if (ref && state.ancestors.includes(ref)) {
    return {types: [], typeLabel: refName ?? 'circular', refName, circularRef: refName ?? ref};
  }
  if ((state.budget.remaining <= 0 || state.ownFieldsOnly) && refName && ref?.startsWith('#/components/schemas/') && state.depth > 0) {
    // Named, so the reader can find its fields in the description: said, not dropped.
    return {types: [], typeLabel: refName, refName, notExpandedRef: refName};
  }
  state.budget.remaining -= 1;
  const ancestors = ref ? [...state.ancestors, ref] : state.ancestors;
  const trace: AllOfTrace = {followed: [], circular: [], unresolved: []};
  const schema = mergeAllOf(spec, resolvedSchema, ancestors, trace);
  const next: WalkState = {...state, ancestors: [...ancestors, ...trace.followed], depth: state.depth + 1};
  const node: SchemaNode = {types: schemaTypes(schema), typeLabel: ''};
  if (refName && ref?.startsWith('#/components/schemas/') && !unresolvedRef) node.refName = refName;
  else if (!ref && Array.isArray(resolvedSchema.allOf) && resolvedSchema.allOf.length === 1) {
    // `{description: …, allOf: [$ref: Category]}`, OpenAPI 3.0's way to describe a use of a named schema, names it as a `$ref` does.
    const member = spec.resolve(resolvedSchema.allOf[0]);
    if (member.refName && member.ref?.startsWith('#/components/schemas/') && !member.unresolvedRef) node.refName = member.refName;
  }
  const unresolved = unresolvedRef ?? trace.unresolved[0];
  if (unresolved) node.unresolvedRef = unresolved;
  const circularMember = trace.circular[0];
  if (circularMember && node.types.length === 0 && !isObject(schema.properties) && !schema.oneOf && !schema.anyOf) {
    // Only a reference back to an ancestor (`friend: {allOf: [$ref: Pet]}`).
    const circularName = decodePointerSegment(circularMember.split('/').pop() ?? circularMember);
    const circular: SchemaNode = {types: [], typeLabel: circularName, refName: circularName, circularRef: circularName};
    const circularDescription = renderMarkdown(schema.description, {topHeadingLevel: 5, links: state.links});
    if (circularDescription) circular.description = circularDescription;
    return circular;
  }
  const title = asString(schema.title);
  if (title) node.title = wellFormed(title);
  const description = renderMarkdown(schema.description, {topHeadingLevel: 5, links: state.links});
  if (description) node.description = description;
  if (schema.deprecated === true) node.deprecated = true;
  if (schema.readOnly === true) node.readOnly = true;
  if (schema.writeOnly === true) node.writeOnly = true;
  const rules = pickRules(schema);
  if (rules) node.rules = rules;
  const values = enumValues(schema, state.links);
  if (values) node.enum = values;
  if (schema.const !== undefined) node.const = jsonText(schema.const);
  if (schema.default !== undefined) node.default = jsonText(schema.default);
  const example = firstExample(schema);
  if (example !== undefined) node.example = jsonText(example);

  if (state.depth >= MAX_DEPTH) {
    // The items are not expanded here, but their type is still named: `string[][]`, not `any[]`.
    const {positional, rest} = arrayItems(schema);
    const labelled = node.types.includes('array') && !positional && isObject(rest) ? {...node, items: {types: [], typeLabel: cutItemsLabel(spec, rest, ancestors)}} : node;
    node.typeLabel = wellFormed(typeLabelOf(labelled, schema));
    return node;
  }
  if (isObject(schema.properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : []);
    node.properties = Object.entries(schema.properties)
      .map(([name, property]) => ({...walkSchema(spec, property, direction, next), name: wellFormed(name), required: required.has(name)}))
      // A request never sends read-only fields, a response never returns write-only ones.
      .filter((property) => !hiddenInDirection(property, direction));
  }
  if (schema.additionalProperties === true || (isObject(schema.additionalProperties) && Object.keys(schema.additionalProperties).length === 0)) {
    node.additionalProperties = true;
  } else if (schema.additionalProperties === false) {
    node.noAdditionalProperties = true;
    // Read-only (or write-only) fields left out of this direction are still declared, not "additional".
    const hidden = isObject(schema.properties) ? Object.keys(schema.properties).filter((name) => !node.properties?.some((property) => property.name === name)) : [];
    if (hidden.length > 0) node.hiddenProperties = hidden.map(wellFormed);
  } else if (isObject(schema.additionalProperties)) {
    node.additionalProperties = walkSchema(spec, schema.additionalProperties, direction, next);
  }
  if (isObject(schema.patternProperties)) {
    const patterned = Object.entries(schema.patternProperties).map(([pattern, property]) => ({
      pattern: wellFormed(pattern),
      schema: walkSchema(spec, property, direction, next),
    }));
    if (patterned.length > 0) node.patternProperties = patterned;
  }
  const {positional, rest} = arrayItems(schema);
  if (positional && positional.length > 0) {
    node.prefixItems = positional.map((item) => walkSchema(spec, item, direction, next));
    if (rest === false) node.noExtraItems = true;
  }
  // `items: true` or `{}` after positional items allow anything, as no `items` does.
  if (rest !== undefined && typeof rest !== 'boolean' && !(node.prefixItems && isObject(rest) && Object.keys(rest).length === 0)) {
    node.items = walkSchema(spec, rest, direction, next);
  }
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const options = schema[kind];
    if (!Array.isArray(options) || options.length === 0 || node.variants) continue;
    const discriminator = isObject(schema.discriminator) ? schema.discriminator : undefined;
    const mapping: Record<string, string> = {};
    if (discriminator && isObject(discriminator.mapping)) {
      for (const [key, target] of Object.entries(discriminator.mapping)) if (typeof target === 'string') setOwn(mapping, key, target);
    }
    node.variants = {
      kind,
      options: options.map((option, index) => ({
        label: wellFormed(variantLabel(spec, option, index, mapping)),
        schema: walkSchema(spec, option, direction, next),
      })),
    };
    const propertyName = discriminator ? asString(discriminator.propertyName) : undefined;
    if (propertyName) node.variants.discriminator = {propertyName: wellFormed(propertyName), mapping};
  }
  node.typeLabel = wellFormed(typeLabelOf(node, schema));
  return node;
}

