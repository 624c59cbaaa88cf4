import {describe, expect, it} from 'vitest';

import {sampleFromSchema} from '../sample';
import {SpecDocument, type JsonObject} from '../../../spec-reader/spec-document';
import {parseSpecText} from '../../../spec-reader/parse-spec';

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
      required: [__proto__, constructor, name, rules]
      properties:
        __proto__: {type: object, properties: {polluted: {type: string, example: yes}}}
        constructor: {type: string, example: made}
        name: {type: string, example: Ada}
        rules: {type: object, example: {required: [constructor]}}
    Thing:
      allOf:
        - $ref: '#/components/schemas/Base'
        - type: object
          required: [valueOf]
          properties:
            valueOf: {type: integer, example: 3}
`) as JsonObject,
);

describe('examples generated for properties named as Object.prototype members', () => {
  it('holds each as an own key, through allOf too, and leaves Object.prototype alone', () => {
    const sample = sampleFromSchema(spec, {$ref: '#/components/schemas/Thing'}, 'response') as JsonObject;
    expect(Object.keys(sample)).toEqual(['__proto__', 'constructor', 'name', 'rules', 'valueOf']);
    expect(JSON.stringify(sample)).toBe('{"__proto__":{"polluted":"yes"},"constructor":"made","name":"Ada","rules":{"required":["constructor"]},"valueOf":3}');
    expect(Object.getPrototypeOf(sample)).toBe(Object.prototype);
    expect(({} as JsonObject).polluted).toBeUndefined();
  });
});
