import {describe, expect, it} from 'vitest';

import {dereference} from '../spec-document';

type Schemas = {components: {schemas: Record<string, Record<string, unknown>>}};

describe('dereference', () => {
  it('replaces internal $refs with their targets and leaves the input untouched', () => {
    const document = {
      paths: {'/a': {get: {responses: {'200': {$ref: '#/components/responses/Ok'}}}}},
      components: {responses: {Ok: {description: 'OK'}}},
    };
    const copy = structuredClone(document);
    expect(dereference(document)).toEqual({
      paths: {'/a': {get: {responses: {'200': {description: 'OK'}}}}},
      components: {responses: {Ok: {description: 'OK'}}},
    });
    expect(document).toEqual(copy);
  });

  it('lets siblings of $ref override the target, as OpenAPI 3.1 allows', () => {
    const document = {
      field: {$ref: '#/components/schemas/Consent', description: 'The consent of this contact.'},
      components: {schemas: {Consent: {type: 'object', description: 'A consent.'}}},
    };
    expect((dereference(document) as {field: unknown}).field).toEqual({type: 'object', description: 'The consent of this contact.'});
  });

  it('decodes JSON Pointer escapes and percent-encoding in the fragment', () => {
    const document = {use: {$ref: '#/paths/~1v1~1things%7Bid%7D'}, paths: {'/v1/things{id}': {summary: 'found'}}};
    expect((dereference(document) as {use: unknown}).use).toEqual({summary: 'found'});
  });

  it('turns a recursive schema into a cycle instead of recursing forever', () => {
    const document = {
      components: {
        schemas: {
          Node: {type: 'object', properties: {children: {type: 'array', items: {$ref: '#/components/schemas/Node'}}}},
        },
      },
    };
    const resolved = dereference(document) as Schemas;
    const node = resolved.components.schemas.Node as {properties: {children: {items: unknown}}};
    expect(node.properties.children.items).toBe(node);
    // A document that already has cycles can be dereferenced again.
    const again = dereference(resolved) as Schemas;
    const nodeAgain = again.components.schemas.Node as {properties: {children: {items: unknown}}};
    expect(nodeAgain.properties.children.items).toBe(nodeAgain);
  });

  it('treats a chain of $refs that loops back on itself as a schema that allows anything', () => {
    const document = {components: {schemas: {A: {$ref: '#/components/schemas/B'}, B: {$ref: '#/components/schemas/A'}}}};
    expect((dereference(document) as Schemas).components.schemas.A).toEqual({});
  });

  it('keeps external references and references to nothing as written, following nothing', () => {
    expect(dereference({schema: {$ref: 'common.yaml#/Thing'}})).toEqual({schema: {$ref: 'common.yaml#/Thing'}});
    expect(dereference({schema: {$ref: '#/components/schemas/Missing', description: 'kept'}})).toEqual({
      schema: {$ref: '#/components/schemas/Missing', description: 'kept'},
    });
    expect(dereference({schema: {$ref: '#/components/schemas/%E0%A4%A'}})).toEqual({schema: {$ref: '#/components/schemas/%E0%A4%A'}});
  });
});

describe('dereference with keys an object reads from its prototype', () => {
  it('copies a key named __proto__ as a key, next to a $ref too', () => {
    const document = JSON.parse(
      '{"components": {"schemas": {"__proto__": {"type": "object", "properties": {"__proto__": {"type": "string"}}}}}, "use": {"$ref": "#/components/schemas/__proto__", "__proto__": {"note": 1}}}',
    ) as Record<string, unknown>;
    const copy = dereference(document) as {components: {schemas: Record<string, unknown>}; use: Record<string, unknown>};
    expect(Object.keys(copy.components.schemas)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(copy.components.schemas)).toBe(Object.prototype);
    expect(JSON.stringify(copy.use)).toBe('{"type":"object","properties":{"__proto__":{"type":"string"}},"__proto__":{"note":1}}');
  });
});
