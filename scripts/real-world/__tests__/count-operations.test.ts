import {describe, expect, it} from 'vitest';

import {countOperations, parseDescription} from '../count-operations';

describe('countOperations', () => {
  it('counts every HTTP method of every path item, and nothing else in it', () => {
    const document = {
      openapi: '3.0.3',
      paths: {
        '/pets': {
          summary: 'Pets',
          parameters: [{name: 'limit', in: 'query'}],
          get: {responses: {}},
          post: {responses: {}},
          'x-internal': {get: {}},
        },
        '/pets/{id}': {get: {}, put: {}, delete: {}, patch: {}, head: {}, options: {}, trace: {}},
        '/broken': 'not a path item',
      },
    };
    expect(countOperations(document)).toBe(9);
  });

  it('adds the webhooks of OpenAPI 3.1, following a $ref to components/pathItems', () => {
    const document = {
      openapi: '3.1.0',
      paths: {'/a': {$ref: '#/components/pathItems/a'}},
      webhooks: {newPet: {post: {}}, petGone: {$ref: '#/components/pathItems/gone'}},
      components: {pathItems: {a: {get: {}, post: {}}, gone: {post: {}, put: {}}}},
    };
    expect(countOperations(document)).toBe(5);
  });

  it("counts x-webhooks, the extension GitHub's description uses, in place of webhooks", () => {
    expect(countOperations({openapi: '3.0.3', paths: {'/a': {get: {}}}, 'x-webhooks': {push: {post: {}}, ping: {post: {}}}})).toBe(3);
  });

  it('reads Swagger 2.0 paths the same way', () => {
    expect(countOperations({swagger: '2.0', paths: {'/x': {get: {}, post: {}}}})).toBe(2);
  });

  it('gives 0 for what is not a description', () => {
    expect(countOperations(null)).toBe(0);
    expect(countOperations([])).toBe(0);
    expect(countOperations({openapi: '3.1.0', webhooks: 'none'})).toBe(0);
  });
});

describe('parseDescription', () => {
  it('reads JSON and YAML', () => {
    expect(parseDescription('{"openapi": "3.0.0"}')).toEqual({openapi: '3.0.0'});
    expect(parseDescription('openapi: 3.1.0\ninfo: {title: T}\n')).toEqual({openapi: '3.1.0', info: {title: 'T'}});
  });
});
