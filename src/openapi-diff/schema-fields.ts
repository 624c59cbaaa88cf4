import {isObject} from '../spec-reader/spec-document';

/**
 * Which way data flows through a schema. It decides which fields exist
 * (`readOnly` fields are never sent, `writeOnly` ones never returned) and,
 * in the rules, whether a change is safe.
 */
export type Direction = 'request' | 'response';

/** What a client can rely on about one field of a body. */
export interface FieldShape {
  /** JSON types the field may have, sorted; undefined when the schema allows any. */
  types?: string[];
  /** The allowed values, when the schema lists them. */
  enum?: unknown[];
  /** Listed in its parent's `required`. The body itself and array items count as required. */
  required: boolean;
}

/**
 * The fields of a schema by dotted path: `address.postcode`, with `[]` for
 * the items of an array (`items[].sku`) and `''` for the body itself.
 */
export type FieldMap = Map<string, FieldShape>;

type Combine = 'all' | 'any';

/**
 * A schema with `allOf`, `oneOf` and `anyOf` folded in, one level deep. Child
 * schemas stay unresolved until a walk reaches them, which keeps the fold
 * finite on recursive schemas.
 */
interface SchemaView {
  types?: Set<string>;
  enum?: unknown[];
  properties: Map<string, {schemas: unknown[]; combine: Combine}>;
  /** For `oneOf`/`anyOf`, a property counts as required when every variant that has it requires it. */
  required: Set<string>;
  items: unknown[];
  readOnly: boolean;
  writeOnly: boolean;
}

// Display order: the usual types first, `null` last, so that a nullable string reads `string | null`.
const ALL_TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array', 'null'];

/** Stops pathological nesting (and cycles the identity check might miss) from running away. */
const MAX_DEPTH = 32;

function valueKey(value: unknown): string {
  return JSON.stringify(value) ?? 'undefined';
}

function uniqueValues(values: unknown[]): unknown[] {
  const seen = new Map<string, unknown>();
  for (const value of values) if (!seen.has(valueKey(value))) seen.set(valueKey(value), value);
  return [...seen.values()];
}

function ownView(schema: Record<string, unknown>): SchemaView {
  const types = new Set<string>();
  const declared = schema.type;
  if (typeof declared === 'string') types.add(declared);
  else if (Array.isArray(declared)) for (const type of declared) if (typeof type === 'string') types.add(type);
  // OpenAPI 3.0 spells "may be null" as `nullable: true`.
  if (types.size > 0 && schema.nullable === true) types.add('null');
  if (types.size === 0 && isObject(schema.properties)) types.add('object');
  if (types.size === 0 && schema.items !== undefined) types.add('array');

  let enumValues: unknown[] | undefined;
  if (Array.isArray(schema.enum)) enumValues = uniqueValues(schema.enum);
  else if (Object.hasOwn(schema, 'const')) enumValues = [schema.const];

  const properties = new Map<string, {schemas: unknown[]; combine: Combine}>();
  if (isObject(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) properties.set(name, {schemas: [child], combine: 'all'});
  }
  const required = new Set<string>();
  if (Array.isArray(schema.required)) for (const name of schema.required) if (typeof name === 'string') required.add(name);

  return {
    types: types.size > 0 ? types : undefined,
    enum: enumValues,
    properties,
    required,
    items: schema.items === undefined ? [] : [schema.items],
    readOnly: schema.readOnly === true,
    writeOnly: schema.writeOnly === true,
  };
}

/** Both views hold at once (`allOf`, or a schema's own keywords next to a composition). */
function intersectViews(left: SchemaView, right: SchemaView): SchemaView {
  let types = left.types ?? right.types;
  if (left.types && right.types) {
    types = new Set([...left.types].filter((type) => right.types?.has(type) || (type === 'integer' && right.types?.has('number'))));
    for (const type of right.types) if (type === 'integer' && left.types.has('number')) types.add('integer');
  }
  let enumValues = left.enum ?? right.enum;
  if (left.enum && right.enum) {
    const rightKeys = new Set(right.enum.map(valueKey));
    enumValues = left.enum.filter((value) => rightKeys.has(valueKey(value)));
  }
  const properties = new Map(left.properties);
  for (const [name, entry] of right.properties) {
    const existing = properties.get(name);
    properties.set(name, existing ? {schemas: [...existing.schemas, ...entry.schemas], combine: 'all'} : entry);
  }
  return {
    types,
    enum: enumValues,
    properties,
    required: new Set([...left.required, ...right.required]),
    items: [...left.items, ...right.items],
    readOnly: left.readOnly || right.readOnly,
    writeOnly: left.writeOnly || right.writeOnly,
  };
}

/** One of the views holds (`oneOf`, `anyOf`): anything any variant allows is possible. */
function uniteViews(variants: SchemaView[]): SchemaView {
  const anyUnrestricted = variants.some((variant) => variant.types === undefined);
  const types = anyUnrestricted ? undefined : new Set(variants.flatMap((variant) => [...(variant.types ?? [])]));
  const anyFreeValues = variants.some((variant) => variant.enum === undefined);
  const enumValues = anyFreeValues ? undefined : uniqueValues(variants.flatMap((variant) => variant.enum ?? []));
  const properties = new Map<string, {schemas: unknown[]; combine: Combine}>();
  for (const variant of variants) {
    for (const [name, entry] of variant.properties) {
      const existing = properties.get(name);
      properties.set(name, {schemas: [...(existing?.schemas ?? []), ...entry.schemas], combine: 'any'});
    }
  }
  const required = new Set<string>();
  for (const name of properties.keys()) {
    const holders = variants.filter((variant) => variant.properties.has(name));
    if (holders.every((variant) => variant.required.has(name))) required.add(name);
  }
  return {
    types,
    enum: enumValues,
    properties,
    required,
    items: variants.flatMap((variant) => variant.items),
    readOnly: variants.every((variant) => variant.readOnly),
    writeOnly: variants.every((variant) => variant.writeOnly),
  };
}

function emptyView(): SchemaView {
  return {properties: new Map(), required: new Set(), items: [], readOnly: false, writeOnly: false};
}

function viewOf(schema: unknown, folding: Set<unknown> = new Set()): SchemaView {
  // `true`, `{}` and anything that is not a schema object allow any value.
  if (!isObject(schema) || folding.has(schema)) return emptyView();
  folding.add(schema);
  let view = ownView(schema);
  if (Array.isArray(schema.allOf)) {
    for (const member of schema.allOf) view = intersectViews(view, viewOf(member, folding));
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const variants = schema[keyword];
    if (Array.isArray(variants) && variants.length > 0) {
      view = intersectViews(view, uniteViews(variants.map((variant) => viewOf(variant, folding))));
    }
  }
  folding.delete(schema);
  return view;
}

/** The view of a field declared by several schemas at once (allOf) or in several variants (oneOf). */
function viewOfAll(schemas: unknown[], combine: Combine): SchemaView {
  const views = schemas.map((schema) => viewOf(schema));
  if (views.length === 1) return views[0] as SchemaView;
  return combine === 'all' ? views.reduce(intersectViews) : uniteViews(views);
}

function shapeOf(view: SchemaView, required: boolean): FieldShape {
  const shape: FieldShape = {required};
  if (view.types) shape.types = ALL_TYPES.filter((type) => view.types?.has(type));
  if (view.enum) shape.enum = view.enum;
  return shape;
}

function childPath(parent: string, name: string): string {
  return parent === '' ? name : `${parent}.${name}`;
}

/**
 * Flattens a (dereferenced) schema into its fields. Recursive schemas are
 * walked once: when a walk meets a schema that is already on its own path,
 * it records that field but does not descend into it again.
 */
export function schemaFields(schema: unknown, direction: Direction): FieldMap {
  const fields: FieldMap = new Map();
  const onPath = new Set<unknown>();

  function walk(schemas: unknown[], combine: Combine, path: string, required: boolean, depth: number): void {
    const view = viewOfAll(schemas, combine);
    fields.set(path, shapeOf(view, required));
    const recursive = schemas.some((schema) => onPath.has(schema));
    if (recursive || depth >= MAX_DEPTH) return;
    for (const schema of schemas) onPath.add(schema);
    for (const [name, entry] of view.properties) {
      const childView = viewOfAll(entry.schemas, entry.combine);
      // A client never sends what the server owns, and never sees what it only sends.
      if (direction === 'request' && childView.readOnly) continue;
      if (direction === 'response' && childView.writeOnly) continue;
      walk(entry.schemas, entry.combine, childPath(path, name), view.required.has(name), depth + 1);
    }
    if (view.items.length > 0) walk(view.items, 'any', `${path}[]`, true, depth + 1);
    for (const schema of schemas) onPath.delete(schema);
  }

  walk([schema], 'all', '', true, 0);
  return fields;
}
