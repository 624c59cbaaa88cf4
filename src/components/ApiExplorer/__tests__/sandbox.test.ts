import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {readFileSync} from 'node:fs';
import {respondFromSandbox, type ExplorerRequest} from '../sandbox';
import {issueSandboxToken} from '../sandbox-auth';
import {validateAgainstSchema} from '../validate';
import {operationPageModel} from '@site/src/openapi/models/model';
import {assignPageIds} from '@site/src/openapi/generation/page-ids';
import {SpecDocument} from '@site/src/spec-reader/spec-document';
import {schemaNode} from '@site/src/openapi/models/schema-model';
import type {OperationPageModel, SchemaNode} from '@site/src/openapi/models/model-types';

const spec = new SpecDocument(parse(readFileSync(new URL('../../../../openapi/meridian.yaml', import.meta.url), 'utf8')));

function page(operationId: string): OperationPageModel {
  const entry = assignPageIds(spec).byOperationId(operationId);
  if (!entry) throw new Error(operationId);
  return {...operationPageModel(spec, entry), codeSamples: []};
}

/** A token with every scope of the description, as the sandbox's own token endpoint issues it. */
const everyScope = issueSandboxToken(['contacts:read', 'contacts:write'], 'cli_test').token;

function request(overrides: Partial<ExplorerRequest>): ExplorerRequest {
  return {method: 'POST', path: '/v1/contacts', pathParameters: {}, query: {}, headers: {Authorization: `Bearer ${everyScope}`}, ...overrides};
}

describe('respondFromSandbox', () => {
  const createContact = page('createContact');
  const example = createContact.requestBody!.content[0].examples[0].value;

  it('answers a valid request with the first success example', () => {
    const response = respondFromSandbox(createContact, request({contentType: 'application/json', body: example}));
    expect(response.status).toBe(201);
    expect(response.headers['content-type']).toBe('application/json');
    const success = createContact.responses.find((candidate) => candidate.status === '201')!;
    expect(response.body).toBe(success.content[0].examples[0].value);
  });

  it('answers a body that breaks the schema with a 422 problem listing each field', () => {
    const response = respondFromSandbox(createContact, request({contentType: 'application/json', body: '{"first_name": 5, "email": "not-an-email"}'}));
    expect(response.status).toBe(422);
    expect(response.headers['content-type']).toBe('application/problem+json');
    const problem = JSON.parse(response.body) as {status: number; title: string; errors: {pointer: string; detail: string}[]};
    expect(problem.status).toBe(422);
    expect(problem.title).toBe('Unprocessable Content');
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        {pointer: '/first_name', detail: '/first_name must be string, not integer.'},
        {pointer: '/last_name', detail: '/last_name is required.'},
        {pointer: '/email', detail: '/email must be a valid email.'},
      ]),
    );
  });

  it('answers malformed JSON with a 400 problem', () => {
    const response = respondFromSandbox(createContact, request({contentType: 'application/json', body: '{"first_name":'}));
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).detail).toMatch(/^The request body is not valid JSON: /);
  });

  it('answers a missing required path parameter with a 400 problem', () => {
    const getContact = page('getContact');
    const response = respondFromSandbox(getContact, request({method: 'GET', path: '/v1/contacts/', pathParameters: {contactId: ''}}));
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).errors).toEqual([{pointer: 'path/contactId', detail: 'The path parameter "contactId" is required.'}]);
  });

  it('answers a delete with its bodiless success status', () => {
    const deleteContact = page('deleteContact');
    const response = respondFromSandbox(deleteContact, request({method: 'DELETE', path: '/v1/contacts/ct_1', pathParameters: {contactId: 'ct_1'}}));
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
  });
});

describe('validateAgainstSchema', () => {
  const node = (overrides: Partial<SchemaNode>): SchemaNode => ({types: [], typeLabel: 'any', ...overrides});

  it('checks enums, lengths, ranges and item counts', () => {
    expect(validateAgainstSchema('x', node({types: ['string'], enum: [{value: '"a"'}, {value: '"b"'}]}))).toEqual([
      {pointer: '', detail: '/ must be one of "a", "b".'},
    ]);
    expect(validateAgainstSchema('abc', node({types: ['string'], rules: {maxLength: 2}}))).toEqual([
      {pointer: '', detail: '/ must be at most 2 characters long.'},
    ]);
    expect(validateAgainstSchema(0, node({types: ['integer'], rules: {minimum: 1}}))).toEqual([{pointer: '', detail: '/ must be ≥ 1.'}]);
    expect(validateAgainstSchema([], node({types: ['array'], rules: {minItems: 1}}))).toEqual([
      {pointer: '', detail: '/ must have at least 1 items.'},
    ]);
  });

  it('accepts an integer where a number is expected, and null where null is allowed', () => {
    expect(validateAgainstSchema(3, node({types: ['number']}))).toEqual([]);
    expect(validateAgainstSchema(null, node({types: ['string', 'null']}))).toEqual([]);
  });

  it('requires a value to match one of the variants', () => {
    const variants = node({
      variants: {
        kind: 'oneOf',
        options: [
          {label: 'Email', schema: node({types: ['object'], properties: [node({name: 'email', required: true, types: ['string']})]})},
          {label: 'Phone', schema: node({types: ['object'], properties: [node({name: 'phone', required: true, types: ['string']})]})},
        ],
      },
    });
    expect(validateAgainstSchema({email: 'a@b.co'}, variants)).toEqual([]);
    expect(validateAgainstSchema({}, variants)).toEqual([{pointer: '', detail: '/ must match exactly one of: Email, Phone.'}]);
  });

  it('does not descend into circular references', () => {
    expect(validateAgainstSchema({anything: true}, node({circularRef: 'Node'}))).toEqual([]);
  });

  it('checks a tuple position by position, then the further items', () => {
    const tuple = node({types: ['array'], prefixItems: [node({types: ['string']}), node({types: ['number']})], items: node({types: ['boolean']})});
    expect(validateAgainstSchema(['2025-01-31', 2, true], tuple)).toEqual([]);
    expect(validateAgainstSchema([2, 'x', 'y'], tuple)).toEqual([
      {pointer: '/0', detail: '/0 must be string, not integer.'},
      {pointer: '/1', detail: '/1 must be number, not string.'},
      {pointer: '/2', detail: '/2 must be boolean, not string.'},
    ]);
    expect(validateAgainstSchema(['a', 1, true], node({types: ['array'], prefixItems: [node({types: ['string']})], noExtraItems: true}))).toEqual([
      {pointer: '', detail: '/ must have at most 1 items.'},
    ]);
  });

  it('accepts anything where a reference does not resolve', () => {
    expect(validateAgainstSchema({anything: true}, node({typeLabel: 'unresolved reference #/components/schemas/Gone', unresolvedRef: '#/components/schemas/Gone'}))).toEqual([]);
  });
});

describe('validateAgainstSchema: the rest of the object and array rules', () => {
  const node = (overrides: Partial<SchemaNode>): SchemaNode => ({types: [], typeLabel: 'any', ...overrides});
  const name = node({name: 'name', types: ['string']});

  it('refuses properties an object does not declare when additionalProperties is false, except hidden read-only ones', () => {
    const closed = node({types: ['object'], properties: [name], noAdditionalProperties: true, hiddenProperties: ['id']});
    expect(validateAgainstSchema({name: 'a', id: 'x'}, closed)).toEqual([]);
    expect(validateAgainstSchema({name: 'a', extra: 1}, closed)).toEqual([{pointer: '/extra', detail: '/extra is not a property of this object.'}]);
  });

  it('checks further properties against additionalProperties and patternProperties', () => {
    const map = node({types: ['object'], additionalProperties: node({types: ['integer']}), patternProperties: [{pattern: '^x-', schema: node({types: ['string']})}]});
    expect(validateAgainstSchema({a: 1, 'x-note': 'ok'}, map)).toEqual([]);
    expect(validateAgainstSchema({a: 'one', 'x-note': 2}, map)).toEqual([
      {pointer: '/a', detail: '/a must be integer, not string.'},
      {pointer: '/x-note', detail: '/x-note must be string, not integer.'},
    ]);
  });

  it('counts properties', () => {
    expect(validateAgainstSchema({}, node({types: ['object'], rules: {minProperties: 1}}))).toEqual([{pointer: '', detail: '/ must have at least 1 properties.'}]);
    expect(validateAgainstSchema({a: 1, b: 2}, node({types: ['object'], rules: {maxProperties: 1}}))).toEqual([{pointer: '', detail: '/ must have at most 1 properties.'}]);
  });

  it('does not take inherited names for properties', () => {
    const required = node({types: ['object'], properties: [node({name: 'constructor', required: true, types: ['string']}), node({name: 'toString', required: true, types: ['string']})]});
    expect(validateAgainstSchema({}, required).map((problem) => problem.pointer)).toEqual(['/constructor', '/toString']);
  });

  it('finds repeated items, whatever the order of their keys', () => {
    const unique = node({types: ['array'], rules: {uniqueItems: true}});
    expect(validateAgainstSchema([{a: 1, b: 2}, {b: 2, a: 1}, 3], unique)).toEqual([{pointer: '/1', detail: '/1 repeats /0: the items must be unique.'}]);
    expect(validateAgainstSchema([1, '1', [1]], unique)).toEqual([]);
  });

  it('checks multipleOf within floating-point error', () => {
    const tenth = node({types: ['number'], rules: {multipleOf: 0.1}});
    expect(validateAgainstSchema(0.3, tenth)).toEqual([]);
    expect(validateAgainstSchema(0.35, tenth)).toEqual([{pointer: '', detail: '/ must be a multiple of 0.1.'}]);
    expect(validateAgainstSchema(10, node({types: ['integer'], rules: {multipleOf: 5}}))).toEqual([]);
  });

  it('accepts date-times with a lower-case t and z (RFC 3339)', () => {
    const dateTime = node({types: ['string'], rules: {format: 'date-time'}});
    expect(validateAgainstSchema('2025-06-12t10:30:00z', dateTime)).toEqual([]);
    expect(validateAgainstSchema('2025-06-12 10:30', dateTime)).toEqual([{pointer: '', detail: '/ must be a valid date-time.'}]);
  });
});

describe('schemaNode: closed objects', () => {
  it('marks additionalProperties: false, and keeps the names of the read-only fields a request leaves out', () => {
    const document = new SpecDocument({openapi: '3.1.0', info: {title: 't', version: '1'}, paths: {}});
    const schema = {type: 'object', additionalProperties: false, properties: {id: {type: 'string', readOnly: true}, name: {type: 'string'}}};
    const request = schemaNode(document, schema, 'request');
    expect(request).toMatchObject({noAdditionalProperties: true, hiddenProperties: ['id']});
    expect(request.properties?.map((property) => property.name)).toEqual(['name']);
    expect(schemaNode(document, schema, 'response')).not.toHaveProperty('hiddenProperties');
  });
});
