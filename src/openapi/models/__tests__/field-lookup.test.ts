import {describe, expect, it} from 'vitest';

import {findFieldAnchor} from '../field-lookup';
import {operationPageModel} from '../model';
import {assignPageIds} from '../../generation/page-ids';
import {SpecDocument} from '../../../spec-reader/spec-document';

const spec = new SpecDocument({
  openapi: '3.1.0',
  info: {title: 'T', version: '1'},
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      id: {type: 'string'},
                      'a.b': {type: 'string'},
                      kind: {oneOf: [{type: 'object', properties: {bark: {type: 'boolean'}}}, {type: 'object', properties: {meow: {type: 'boolean'}}}]},
                      tags: {type: 'array', items: {type: 'string'}},
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
const page = operationPageModel(spec, assignPageIds(spec).operations[0]);
const at = (path: string, status = '200') => findFieldAnchor(page, {in: 'response', status, path});

describe('findFieldAnchor', () => {
  it('finds a field by the diff\'s dotted path, through array items and oneOf options', () => {
    expect(at('')).toBe('response-200');
    expect(at('[]')).toBe('response-200');
    expect(at('[].id')).toBe('response-200[].id');
    expect(at('[].kind.meow')).toBe('response-200[].kind(1).meow');
    expect(at('[].tags[]')).toBe('response-200[].tags');
  });

  it('finds a property whose name holds a dot, and escapes it in the id', () => {
    expect(at('[].a.b')).toBe('response-200[].a~2e_b');
  });

  it('finds nothing for a field or a response the page does not show', () => {
    expect(at('[].missing')).toBeUndefined();
    expect(at('[].id', '404')).toBeUndefined();
    expect(findFieldAnchor(page, {in: 'request', path: 'id'})).toBeUndefined();
  });
});
