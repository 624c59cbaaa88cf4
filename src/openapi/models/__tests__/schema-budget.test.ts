import {describe, expect, it} from 'vitest';

import {SCHEMA_NODE_BUDGET, schemaNode} from '../schema-model';
import {SpecDocument, type JsonObject} from '../../../spec-reader/spec-document';
import type {SchemaNode} from '../model-types';

/** Objects that each embed every other one as an expandable field, as Stripe's do. */
function embeddingEachOther(count: number): SpecDocument {
  const names = Array.from({length: count}, (_, index) => `Object${index}`);
  const schemas: Record<string, JsonObject> = {};
  for (const name of names) {
    schemas[name] = {
      type: 'object',
      properties: Object.fromEntries([
        ['id', {type: 'string'}],
        ...names.filter((other) => other !== name).map((other) => [other.toLowerCase(), {anyOf: [{type: 'string'}, {$ref: `#/components/schemas/${other}`}]}]),
      ]),
    };
  }
  return new SpecDocument({openapi: '3.1.0', info: {title: 'T', version: '1'}, paths: {}, components: {schemas}});
}

function count(node: SchemaNode | undefined): number {
  if (!node) return 0;
  return (
    1 +
    (node.properties ?? []).reduce((sum, child) => sum + count(child), 0) +
    (node.variants?.options ?? []).reduce((sum, option) => sum + count(option.schema), 0) +
    count(node.items) +
    (typeof node.additionalProperties === 'object' ? count(node.additionalProperties) : 0)
  );
}

function notExpanded(node: SchemaNode | undefined, found: string[] = []): string[] {
  if (!node) return found;
  if (node.notExpandedRef) found.push(node.notExpandedRef);
  for (const child of node.properties ?? []) notExpanded(child, found);
  for (const option of node.variants?.options ?? []) notExpanded(option.schema, found);
  return found;
}

describe('the schema tree of a description whose objects embed each other', () => {
  it('stays within its budget, and names each schema it does not expand', () => {
    // 8 objects embedding each other: without a budget, 8! paths through them.
    const spec = embeddingEachOther(8);
    const tree = schemaNode(spec, {$ref: '#/components/schemas/Object0'}, 'response');
    // The budget counts expanded nodes; a not-expanded reference is one more leaf each.
    expect(count(tree)).toBeLessThan(SCHEMA_NODE_BUDGET * 2);
    const named = notExpanded(tree);
    expect(named.length).toBeGreaterThan(0);
    const others = Array.from({length: 7}, (_, index) => `Object${index + 1}`);
    for (const name of named) expect(others).toContain(name);
  });

  it('expands a small tree in full', () => {
    const tree = schemaNode(embeddingEachOther(3), {$ref: '#/components/schemas/Object0'}, 'response');
    expect(notExpanded(tree)).toEqual([]);
  });
});
