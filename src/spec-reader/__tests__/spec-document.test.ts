import {describe, expect, it} from 'vitest';

import {readResolvedSpec, serializeSpec} from '../parse-spec';
import {HTTP_METHODS, SpecDocument, dereference, isHttpMethod, isPre32Operation, operationPointer, pathItemOperations, valueAtRef, type JsonObject} from '../spec-document';

const spec = (root: JsonObject) => new SpecDocument(root);

describe('valueAtRef', () => {
  const root = {
    tags: [{name: 'first'}, {name: 'second'}],
    components: {schemas: {'a/b~c': {type: 'string'}, '%E0%A4%A': {type: 'integer'}, 'Ünïcode': {type: 'boolean'}}},
  };

  it('decodes ~1, ~0 and percent-encoding, and reads array indexes', () => {
    expect(valueAtRef(root, '#/components/schemas/a~1b~0c')).toEqual({type: 'string'});
    expect(valueAtRef(root, '#/components/schemas/%C3%9Cn%C3%AFcode')).toEqual({type: 'boolean'});
    expect(valueAtRef(root, '#/tags/1/name')).toBe('second');
    expect(valueAtRef(root, '#')).toBe(root);
  });

  it('keeps bad percent-encoding as written instead of throwing URIError', () => {
    expect(() => valueAtRef(root, '#/components/schemas/%E0%A4%A')).not.toThrow();
    expect(valueAtRef(root, '#/components/schemas/%E0%A4%A')).toEqual({type: 'integer'});
    expect(valueAtRef(root, '#/components/%ZZ/%E0%A4%A')).toBeUndefined();
  });

  it('finds nothing for refs to other files, fragments that are not pointers, and keys that are not own keys', () => {
    expect(valueAtRef(root, 'other.yaml#/components/schemas/a~1b~0c')).toBeUndefined();
    expect(valueAtRef(root, 'https://example.com/schemas.json#/Pet')).toBeUndefined();
    expect(valueAtRef(root, '#components/schemas')).toBeUndefined();
    expect(valueAtRef(root, '#/__proto__')).toBeUndefined();
    expect(valueAtRef(root, '#/components/constructor')).toBeUndefined();
    expect(valueAtRef(root, '#/tags/length')).toBeUndefined();
    expect(valueAtRef(root, '#/tags/01')).toBeUndefined();
    expect(valueAtRef(root, '#/tags/1e0')).toBeUndefined();
  });

  it('skips empty segments, as Redocly (which reports unresolved refs in the spec step) does', () => {
    expect(valueAtRef(root, '#/components//schemas/a~1b~0c/')).toEqual({type: 'string'});
  });
});

describe('SpecDocument.resolve', () => {
  it('follows a chain and lets siblings of $ref override the target', () => {
    const document = spec({
      components: {schemas: {Alias: {$ref: '#/components/schemas/Pet'}, Pet: {type: 'object', description: 'A pet.'}}},
    });
    expect(document.resolve({$ref: '#/components/schemas/Alias', description: 'Here.'})).toEqual({
      value: {type: 'object', description: 'Here.'},
      refName: 'Pet',
      ref: '#/components/schemas/Pet',
    });
  });

  it('ends a $ref cycle as an unresolved reference instead of looping', () => {
    const document = spec({
      components: {
        schemas: {A: {$ref: '#/components/schemas/B'}, B: {$ref: '#/components/schemas/A'}, Self: {$ref: '#/components/schemas/Self'}},
      },
    });
    expect(document.resolve({$ref: '#/components/schemas/A'}).unresolvedRef).toMatch(/^#\/components\/schemas\/[AB]$/);
    expect(document.resolve({$ref: '#/components/schemas/Self'})).toMatchObject({value: {}, unresolvedRef: '#/components/schemas/Self'});
  });

  it('fetches nothing for a ref to another file and keeps the keys written next to it', () => {
    expect(spec({}).resolve({$ref: 'pets.yaml#/components/schemas/Pet', description: 'Shown anyway.'})).toEqual({
      value: {description: 'Shown anyway.'},
      refName: 'Pet',
      ref: 'pets.yaml#/components/schemas/Pet',
      unresolvedRef: 'pets.yaml#/components/schemas/Pet',
    });
  });

  it('reads bad percent-encoding as written, in the ref and in its name', () => {
    expect(spec({}).resolve({$ref: '#/components/schemas/%E0%A4%A'})).toMatchObject({refName: '%E0%A4%A', unresolvedRef: '#/components/schemas/%E0%A4%A'});
  });
});

describe('the operation walk', () => {
  const document = spec({
    openapi: '3.1.0',
    paths: {
      '/pets': {
        summary: 'Pets',
        parameters: [{name: 'tenant', in: 'query'}],
        servers: [{url: 'https://pets.example'}],
        'x-get': {summary: 'an extension, not an operation'},
        GET: {summary: 'upper case: not a method of a path item'},
        query: {operationId: 'searchPets'},
        additionalOperations: {COPY: {operationId: 'copyPets'}},
        post: {operationId: 'createPet'},
        get: {operationId: 'listPets'},
        delete: null,
        put: ['not', 'an', 'operation'],
      },
      '/pets/{id}': {$ref: '#/components/pathItems/Pet'},
      '/broken': {$ref: '#/components/pathItems/Missing'},
      '/not-an-object': 'text',
    },
    components: {pathItems: {Pet: {patch: {operationId: 'updatePet'}, trace: {operationId: 'tracePet'}}}},
    webhooks: {petAdopted: {post: {operationId: 'petAdopted'}}},
  });

  it('yields each path item’s HTTP methods in HTTP_METHODS order, following a path item $ref', () => {
    expect(document.operations().map(({method, path, operation}) => `${method} ${path} ${String(operation.operationId)}`)).toEqual([
      'get /pets listPets',
      'post /pets createPet',
      'query /pets searchPets',
      'COPY /pets copyPets',
      'patch /pets/{id} updatePet',
      'trace /pets/{id} tracePet',
    ]);
    expect(document.operations()[4].pathItem).toEqual({patch: {operationId: 'updatePet'}, trace: {operationId: 'tracePet'}});
  });

  it('walks webhooks, and x-webhooks first when both are there (as the docs plugin reads them)', () => {
    expect(document.webhooksKey()).toBe('webhooks');
    expect(document.webhooks().map(({method, path}) => `${method} ${path}`)).toEqual(['post petAdopted']);
    const both = spec({webhooks: {a: {post: {}}}, 'x-webhooks': {b: {put: {}}}});
    expect(both.webhooksKey()).toBe('x-webhooks');
    expect(both.webhooks().map(({method, path}) => `${method} ${path}`)).toEqual(['put b']);
  });

  it('names the HTTP methods once', () => {
    expect(HTTP_METHODS).toEqual(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);
    expect(['get', 'trace', 'GET', 'query', 'parameters', 'x-get', '$ref', 'additionalOperations', 'COPY'].filter(isHttpMethod)).toEqual(['get', 'trace', 'query']);
  });

  it('walks OpenAPI 3.2’s query and additionalOperations, each with its pointer', () => {
    const document32 = spec({
      paths: {
        '/x': {
          additionalOperations: {COPY: {operationId: 'copyX'}, PURGE: {operationId: 'purgeX'}, LINK: 'not an operation'},
          query: {operationId: 'queryX'},
          get: {operationId: 'getX'},
        },
        '/only/query': {query: {operationId: 'onlyQuery'}},
      },
      webhooks: {cacheCleared: {additionalOperations: {NOTIFY: {operationId: 'notify'}}}},
    });
    const listed = document32.operations().map((entry) => `${entry.method} ${entry.path} ${String(entry.operation.operationId)} ${operationPointer('paths', entry)}`);
    expect(listed).toEqual([
      'get /x getX /paths/~1x/get',
      'query /x queryX /paths/~1x/query',
      'COPY /x copyX /paths/~1x/additionalOperations/COPY',
      'PURGE /x purgeX /paths/~1x/additionalOperations/PURGE',
      'query /only/query onlyQuery /paths/~1only~1query/query',
    ]);
    expect(document32.operations().map(isPre32Operation)).toEqual([true, false, false, false, false]);
    expect(document32.webhooks().map((entry) => operationPointer('webhooks', entry))).toEqual(['/webhooks/cacheCleared/additionalOperations/NOTIFY']);
    // A callback lists them in the path item's own order.
    expect(pathItemOperations(document32.paths['/x'] as JsonObject, {documentOrder: true}).map(({method}) => method)).toEqual(['query', 'get', 'COPY', 'PURGE']);
  });
});

describe('SpecDocument.parameters', () => {
  const document = spec({
    components: {parameters: {Tenant: {name: 'tenant', in: 'query', description: 'shared'}}},
  });

  it('lets the operation replace a path-level parameter of the same location and name, in the path-level place', () => {
    const pathItem = {
      parameters: [{$ref: '#/components/parameters/Tenant'}, {name: 'id', in: 'path', required: true}, {name: 'X-Trace', in: 'header'}],
    };
    const operation = {
      parameters: [{name: 'tenant', in: 'query', description: 'own'}, {name: 'x-trace', in: 'header', required: true}, {name: 'id', in: 'query'}],
    };
    expect(document.parameters(pathItem, operation)).toEqual({
      parameters: [
        {name: 'tenant', in: 'query', description: 'own'},
        {name: 'id', in: 'path', required: true},
        {name: 'x-trace', in: 'header', required: true},
        {name: 'id', in: 'query'},
      ],
      unresolved: [],
    });
  });

  it('lists each unresolvable $ref once and leaves out parameters without a name or location', () => {
    const operation = {
      parameters: [{$ref: '#/components/parameters/Missing'}, {$ref: '#/components/parameters/Missing'}, {name: '', in: 'query'}, {in: 'query'}, 'text'],
    };
    expect(document.parameters({}, operation)).toEqual({parameters: [], unresolved: ['#/components/parameters/Missing']});
  });
});

describe('security', () => {
  const document = spec({
    security: [{bearer: []}],
    components: {
      securitySchemes: {bearer: {type: 'http', scheme: 'bearer'}, shared: {$ref: '#/components/x-schemes/key'}, broken: {$ref: '#/nowhere'}},
      'x-schemes': {key: {type: 'apiKey', in: 'header', name: 'X-Key'}},
    },
  });

  it('lists the schemes in document order with each $ref followed', () => {
    expect([...document.securitySchemes()]).toEqual([
      ['bearer', {type: 'http', scheme: 'bearer'}],
      ['shared', {type: 'apiKey', in: 'header', name: 'X-Key'}],
      ['broken', {}],
    ]);
    expect(spec({}).securitySchemes().size).toBe(0);
  });

  it('takes an operation’s own requirements, `[]` included, else the document’s', () => {
    expect(document.security({})).toEqual([{bearer: []}]);
    expect(document.security({security: []})).toEqual([]);
    expect(spec({}).security({})).toBeUndefined();
  });
});

describe('dereference and resolve agree on what a $ref points to', () => {
  it('keeps the refs that resolve cannot follow as written', () => {
    const root = {
      tags: [{name: 'first'}],
      notPointer: {$ref: '#tags'},
      prototype: {$ref: '#/__proto__'},
      badEncoding: {$ref: '#/tags/%E0%A4%A'},
      emptySegments: {$ref: '#//tags/0/'},
    };
    expect(dereference(root)).toEqual({
      tags: [{name: 'first'}],
      notPointer: {$ref: '#tags'},
      prototype: {$ref: '#/__proto__'},
      badEncoding: {$ref: '#/tags/%E0%A4%A'},
      emptySegments: {name: 'first'},
    });
    const document = spec(root);
    expect(['notPointer', 'prototype', 'badEncoding', 'emptySegments'].map((key) => document.resolve(root[key as keyof typeof root]).unresolvedRef)).toEqual([
      '#tags',
      '#/__proto__',
      '#/tags/%E0%A4%A',
      undefined,
    ]);
  });
});

describe('readResolvedSpec: the one alias policy for .spec/openapi.yaml', () => {
  const aliases = (count: number) => `openapi: 3.1.0\ninfo: {title: &title T, version: '1'}\nx-list: [${Array(count).fill('*title').join(', ')}]\n`;
  const read = (text: string) => readResolvedSpec(text, {prefix: '[api-pages]', file: '.spec/openapi.yaml'});

  // `yaml` counts the anchor's own value too: 99 aliases make 100 uses.
  it('reads what the spec step accepts: a value used up to 100 times', () => {
    expect(read(aliases(99)).root['x-list']).toHaveLength(99);
  });

  it('refuses more, with the spec step’s message, the reader and the file', () => {
    expect(() => read(aliases(100))).toThrow(
      '[api-pages] .spec/openapi.yaml cannot be read (YAML error at line 3, column 802: too many alias expansions (limit 100); the document looks like an alias bomb); run "npm run spec".',
    );
  });

  it('reads back what the spec step writes, shared objects and all', () => {
    const schema = {type: 'string'};
    const written = serializeSpec({openapi: '3.1.0', info: {title: 'T', version: '1'}, paths: {'/a': {get: {x: schema}, put: {x: schema}}}});
    expect(written).toContain('&a');
    expect(read(written).operations().map(({operation}) => operation.x)).toEqual([schema, schema]);
  });

  it('refuses a document that is not a mapping', () => {
    expect(() => read('- openapi\n')).toThrow('[api-pages] .spec/openapi.yaml is not an OpenAPI document; run "npm run spec".');
  });
});

describe('SpecDocument.title', () => {
  it.each([
    [{title: 'Pets'}, 'Pets'],
    [{title: '  Pets  '}, 'Pets'],
    [{title: ''}, 'API'],
    [{title: ' \n '}, 'API'],
    [{title: 42}, 'API'],
    [{}, 'API'],
    [undefined, 'API'],
  ])('is the API name the site shows for info %j: %j', (info, title) => {
    expect(new SpecDocument({openapi: '3.1.0', ...(info === undefined ? {} : {info})}).title).toBe(title);
  });
});
