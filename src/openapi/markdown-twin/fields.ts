/**
 * How the twins word a schema: its constraints as short phrases, its fields
 * as a table of dotted paths (`address.postcode`, `items[].id`), and what the
 * table cannot show (a circular or unresolved reference) as a sentence.
 */
import type {PhrasingContent, RootContent} from 'mdast';

import {furtherItemsName, patternKeyName} from '../models/model-text';
import {ownValue} from '../../spec-reader/own-keys';
import {rulePhrases} from '../models/schema-rules';
import type {RichText, SchemaNode} from '../models/model-types';
import {inlineContent, resolveHref, richTextBlocks, type LinkOptions} from './hast';
import {code, emphasis, joined, link, paragraph, table, type Inline} from './mdast';

export interface MarkdownOptions extends LinkOptions {
  /** Routes of the schema pages by schema name: a schema not repeated in a field table links there. */
  schemaLinks?: Record<string, string>;
}

/** A JSON-encoded value for reading: strings unquoted, everything else as JSON, in a code span. */
export function displayValue(json: string): PhrasingContent {
  try {
    const value: unknown = JSON.parse(json);
    return code(typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    return code(json);
  }
}

/** A description on one line, for a table cell or a list item. */
export function cellText(richText: RichText | undefined, options: MarkdownOptions): PhrasingContent[] {
  return inlineContent(richTextBlocks(richText, options));
}

/** The constraints of a schema as short phrases: `minimum 1`, ``one of: `a`, `b` ``. */
export function schemaConstraints(schema: SchemaNode): Inline[][] {
  const phrases: Inline[][] = rulePhrases(schema.rules, {typeLabel: schema.typeLabel}).map((phrase) =>
    phrase.map((part) => (typeof part === 'string' ? part : code(part.code))),
  );
  if (schema.enum && schema.enum.length > 0) phrases.push(['one of: ', ...joined(schema.enum.map(({value}) => [displayValue(value)]), ', ')]);
  if (schema.const !== undefined) phrases.push(['always ', displayValue(schema.const)]);
  if (schema.default !== undefined) phrases.push(['default ', displayValue(schema.default)]);
  if (schema.readOnly) phrases.push(['read-only']);
  if (schema.writeOnly) phrases.push(['write-only']);
  if (schema.deprecated) phrases.push(['deprecated']);
  return phrases;
}

/** `Constraints: a; b.`, or nothing. */
export function constraintsSentence(phrases: Inline[][]): Inline[] {
  return phrases.length > 0 ? ['Constraints: ', ...joined(phrases, '; '), '.'] : [];
}

interface FieldRow {
  path: string;
  schema: SchemaNode;
  note?: Inline[];
}

/** `schema`: a schema page, which lists read-only and write-only fields alike. */
export type Direction = 'request' | 'response' | 'schema';

/** Properties that belong in this direction: read-only fields are never sent, write-only never returned. */
function visibleProperties(schema: SchemaNode, direction: Direction): SchemaNode[] {
  if (direction === 'schema') return schema.properties ?? [];
  return (schema.properties ?? []).filter((property) =>
    direction === 'request' ? !property.readOnly : !property.writeOnly,
  );
}

const MAX_FIELD_DEPTH = 10;

/** Rows for the fields under `schema`, with dotted paths (`address.postcode`, `items[].id`). */
function childRows(schema: SchemaNode, prefix: string, direction: Direction, depth: number, note?: Inline[]): FieldRow[] {
  if (depth > MAX_FIELD_DEPTH || schema.circularRef || schema.notExpandedRef) return [];
  const rows: FieldRow[] = [];
  for (const property of visibleProperties(schema, direction)) {
    const path = prefix ? `${prefix}.${property.name ?? ''}` : property.name ?? '';
    rows.push({path, schema: property, note});
    rows.push(...childRows(property, path, direction, depth + 1, note));
  }
  if (schema.additionalProperties && schema.additionalProperties !== true) {
    const path = prefix ? `${prefix}.<key>` : '<key>';
    rows.push({path, schema: schema.additionalProperties, note});
    rows.push(...childRows(schema.additionalProperties, path, direction, depth + 1, note));
  }
  for (const {pattern, schema: patterned} of schema.patternProperties ?? []) {
    const path = prefix ? `${prefix}.${patternKeyName(pattern)}` : patternKeyName(pattern);
    rows.push({path, schema: patterned, note});
    rows.push(...childRows(patterned, path, direction, depth + 1, note));
  }
  if (schema.prefixItems && schema.prefixItems.length > 0) {
    // Positions get a row each, as fields do: `reading[0]`, `reading[1]`, `reading[2…]`.
    const positions = schema.prefixItems.map((item, index) => ({path: `${prefix}[${index}]`, item}));
    if (schema.items) positions.push({path: `${prefix}${furtherItemsName(schema.prefixItems.length)}`, item: schema.items});
    for (const {path, item} of positions) {
      rows.push({path, schema: item, note});
      rows.push(...childRows(item, path, direction, depth + 1, note));
    }
  } else if (schema.items) {
    rows.push(...childRows(schema.items, `${prefix}[]`, direction, depth + 1, note));
  }
  if (schema.variants) {
    const {discriminator, options} = schema.variants;
    for (const option of options) {
      const value = discriminator ? ownValue(discriminator.mapping, option.label) : undefined;
      const variantNote: Inline[] = discriminator && value !== undefined
        ? ['when ', code(discriminator.propertyName), ' is ', code(value)]
        : ['in variant ', emphasis(option.label)];
      rows.push(...childRows(option.schema, prefix, direction, depth + 1, note ? [...note, ', ', ...variantNote] : variantNote));
    }
  }
  return rows;
}

/** The sentence for a `$ref` that gives nothing, where it is used. */
export function unresolvedNote(reference: string, what: string): Inline[] {
  return [code(reference), ` does not resolve within the API description, so ${what} is not shown.`];
}

/** What the field list cannot show, said in words: a circular or an unresolved reference. */
export function referenceNote(schema: SchemaNode, options: MarkdownOptions = {}): Inline[] {
  if (schema.circularRef) return ['Same structure as ', code(schema.circularRef), '.'];
  if (schema.notExpandedRef) {
    const page = ownValue(options.schemaLinks, schema.notExpandedRef);
    const name = page ? link(resolveHref(page, options), code(schema.notExpandedRef)) : code(schema.notExpandedRef);
    return ['Fields not repeated here: see the ', name, ' schema (', code(`components.schemas.${schema.notExpandedRef}`), ').'];
  }
  if (schema.unresolvedRef) return unresolvedNote(schema.unresolvedRef, 'what it defines');
  return [];
}

/** Sentences joined by a space, empty ones left out. */
export function sentences(...parts: (readonly Inline[])[]): Inline[] {
  return joined(parts, ' ');
}

/** The field table of a body schema, or a one-line type for bodies without fields. */
export function fieldTable(schema: SchemaNode, direction: Direction, options: MarkdownOptions): RootContent[] {
  const rows = childRows(schema, '', direction, 0);
  if (rows.length === 0) {
    return [
      paragraph(
        ...sentences(
          ['Type: ', code(schema.typeLabel || 'any'), '.'],
          referenceNote(schema, options),
          cellText(schema.description, options),
          constraintsSentence(schemaConstraints(schema)),
        ),
      ),
    ];
  }
  return [
    // A part of the body's schema (an allOf member) is missing; its fields follow.
    ...(schema.unresolvedRef ? [paragraph(...referenceNote(schema, options))] : []),
    table(
      ['Field', 'Type', 'Required', 'Description', 'Constraints'],
      rows.map(({path, schema: field, note}) => [
        [code(path)],
        [code(field.typeLabel || 'any')],
        [field.required ? 'Yes' : 'No'],
        sentences(referenceNote(field, options), cellText(field.description, options)),
        joined(
          [
            ...(note ? [note] : []),
            // Every returned field is read-only to the client; saying so is noise.
            ...schemaConstraints(field).filter((phrase) => !(direction === 'response' && phrase.length === 1 && phrase[0] === 'read-only')),
          ],
          '; ',
        ),
      ]),
    ),
  ];
}
