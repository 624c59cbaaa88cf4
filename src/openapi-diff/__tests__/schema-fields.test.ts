import {describe, expect, it} from 'vitest';

import {dereference} from '../../spec-reader/spec-document';
import {schemaFields} from '../schema-fields';

describe('schemaFields', () => {
  it('lists fields by dotted path, with [] for array items and the body itself as ""', () => {
    const schema = {
      type: 'object',
      required: ['address'],
      properties: {
        address: {type: 'object', required: ['postcode'], properties: {postcode: {type: 'string'}, lines: {type: 'array', items: {type: 'string'}}}},
        state: {type: 'string', enum: ['open', 'closed']},
      },
    };
    expect(Object.fromEntries(schemaFields(schema, 'request'))).toEqual({
      '': {required: true, types: ['object']},
      address: {required: true, types: ['object']},
      'address.postcode': {required: true, types: ['string']},
      'address.lines': {required: false, types: ['array']},
      'address.lines[]': {required: true, types: ['string']},
      state: {required: false, types: ['string'], enum: ['open', 'closed']},
    });
  });

  it('infers object and array types, reads const as a one-value enum, and leaves untyped schemas unrestricted', () => {
    const schema = {properties: {tags: {items: {}}, kind: {const: 'event'}, anything: {}}};
    expect(Object.fromEntries(schemaFields(schema, 'response'))).toEqual({
      '': {required: true, types: ['object']},
      tags: {required: false, types: ['array']},
      'tags[]': {required: true},
      kind: {required: false, enum: ['event']},
      anything: {required: false},
    });
  });

  it('skips readOnly fields in requests and writeOnly fields in responses', () => {
    const schema = {type: 'object', properties: {id: {type: 'string', readOnly: true}, secret: {type: 'string', writeOnly: true}}};
    expect([...schemaFields(schema, 'request').keys()]).toEqual(['', 'secret']);
    expect([...schemaFields(schema, 'response').keys()]).toEqual(['', 'id']);
  });

  it('counts a oneOf field as required only when every variant that has it requires it', () => {
    const schema = {
      oneOf: [
        {type: 'object', required: ['type', 'subject'], properties: {type: {type: 'string', enum: ['email']}, subject: {type: 'string'}}},
        {type: 'object', required: ['type'], properties: {type: {type: 'string', enum: ['call']}, subject: {type: 'string'}}},
      ],
    };
    expect(Object.fromEntries(schemaFields(schema, 'response'))).toEqual({
      '': {required: true, types: ['object']},
      type: {required: true, types: ['string'], enum: ['email', 'call']},
      subject: {required: false, types: ['string']},
    });
  });

  it('intersects allOf members: integer within number, enum values both allow', () => {
    const schema = {allOf: [{type: 'number', enum: [1, 2, 3]}, {type: 'integer', enum: [2, 3, 4]}]};
    expect(schemaFields(schema, 'request').get('')).toEqual({required: true, types: ['integer'], enum: [2, 3]});
  });

  it('walks a recursive schema once', () => {
    const document = dereference({
      Node: {type: 'object', properties: {name: {type: 'string'}, children: {type: 'array', items: {$ref: '#/Node'}}}},
    }) as {Node: unknown};
    expect([...schemaFields(document.Node, 'response').keys()]).toEqual(['', 'name', 'children', 'children[]']);
  });
});
