import {describe, expect, it} from 'vitest';

import {mergeAllOf, schemaNode} from '../schema-model';
import {SpecDocument, type JsonObject} from '../../../spec-reader/spec-document';
import {parseSpecText} from '../../../spec-reader/parse-spec';
import type {SchemaNode} from '../model-types';

// YAML, so that `__proto__` is an own key as in a parsed description.
const spec = new SpecDocument(
  parseSpecText(`
openapi: 3.1.0
info: {title: Names, version: '1'}
paths: {}
components:
  schemas:
    Base:
      type: object
      required: [__proto__, constructor]
      properties:
        __proto__: {type: string}
        constructor: {type: integer}
    Thing:
      allOf:
        - $ref: '#/components/schemas/Base'
        - type: object
          properties:
            toString: {type: boolean}
    Kind:
      type: string
      enum: [constructor, toString, __proto__, valueOf, plain]
      x-enum-varnames: [Constructor, ToString, Proto, ValueOf, Plain]
`) as JsonObject,
);

const nestedArrays = (depth: number, leaf: JsonObject): JsonObject => (depth === 0 ? leaf : {type: 'array', items: nestedArrays(depth - 1, leaf)});

describe('schema trees', () => {
  it('merges a property named __proto__ of an allOf part as a field like any other', () => {
    const merged = mergeAllOf(spec, {allOf: [{$ref: '#/components/schemas/Base'}, {type: 'object', properties: {toString: {type: 'boolean'}}}]});
    expect(Object.keys(merged.properties as JsonObject)).toEqual(['__proto__', 'constructor', 'toString']);
    const node = schemaNode(spec, {$ref: '#/components/schemas/Thing'}, 'response');
    expect(node.properties?.map((property) => [property.name, property.typeLabel, property.required])).toEqual([
      ['__proto__', 'string', true],
      ['constructor', 'integer', true],
      ['toString', 'boolean', false],
    ]);
    expect(({} as JsonObject).type).toBeUndefined();
  });

  it('describes the enum values constructor, toString, __proto__ and valueOf by their x-enum-varnames', () => {
    const node = schemaNode(spec, {$ref: '#/components/schemas/Kind'}, 'response');
    const text = (value: NonNullable<SchemaNode['enum']>[number]) => JSON.stringify(value.description ?? null).match(/"value":"([^"]*)"/)?.[1];
    expect(node.enum?.map(text)).toEqual(['Constructor', 'ToString', 'Proto', 'ValueOf', 'Plain']);
  });

  it('names the type of arrays nested deeper than the tree expands, not any[]', () => {
    expect(schemaNode(spec, nestedArrays(60, {type: 'string'}), 'response').typeLabel).toBe(`string${'[]'.repeat(60)}`);
    expect(schemaNode(spec, nestedArrays(20, {$ref: '#/components/schemas/Base'}), 'response').typeLabel).toBe(`Base${'[]'.repeat(20)}`);
    const cyclic = new SpecDocument({openapi: '3.1.0', info: {title: 'T', version: '1'}, components: {schemas: {Matrix: nestedArrays(20, {$ref: '#/components/schemas/Matrix'})}}});
    expect(schemaNode(cyclic, {$ref: '#/components/schemas/Matrix'}, 'response').typeLabel).toBe(`Matrix${'[]'.repeat(20)}`);
  });
});
