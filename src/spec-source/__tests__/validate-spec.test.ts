import {describe, expect, it} from 'vitest';

import {SpecSourceError} from '../errors.js';
import {parseSpecText} from '../parse-spec.js';
import {countOperations, findExternalRef, validateSpec} from '../validate-spec.js';
import {fixture} from './helpers/site-root.js';

async function validationError(value: unknown): Promise<SpecSourceError> {
  try {
    await validateSpec(value);
  } catch (error) {
    if (error instanceof SpecSourceError) return error;
    throw error;
  }
  throw new Error('expected validateSpec to fail');
}

async function parsedFixture(name: string): Promise<unknown> {
  return parseSpecText(await fixture(name));
}

describe('validateSpec', () => {
  it('accepts OpenAPI 3.0 and leaves the document as it was', async () => {
    const parsed = await parsedFixture('petstore-3.0.yaml');
    const copy = structuredClone(parsed);
    const checked = await validateSpec(parsed);
    expect(checked).toMatchObject({
      openapiVersion: '3.0.3',
      title: 'Meridian Test API',
      version: '1.2.0',
      operationCount: 3,
      notices: [],
    });
    // The validator dereferences its input; ours must keep its $refs.
    expect(parsed).toEqual(copy);
    expect(checked.document).toBe(parsed);
  });

  it('accepts OpenAPI 3.1 with a circular $ref', async () => {
    const checked = await validateSpec(await parsedFixture('circular-3.1.yaml'));
    expect(checked).toMatchObject({openapiVersion: '3.1.0', title: 'Meridian Segments API', operationCount: 1});
  });

  it('converts Swagger 2.0 and says so', async () => {
    const checked = await validateSpec(await parsedFixture('swagger-2.0.yaml'));
    expect(checked.openapiVersion).toBe('3.0.0');
    expect(checked.document.swagger).toBeUndefined();
    expect(checked.document.servers).toEqual([{url: 'https://api.meridian.example/v0'}]);
    expect(checked.notices).toEqual([
      'Converted Swagger 2.0 to OpenAPI 3.0.0 with swagger2openapi; the converted document is used.',
    ]);
  });

  it.each([
    ['a list', ['openapi'], 'not an OpenAPI document (the document is a list, not a mapping)'],
    ['a string', 'openapi: 3.1.0', 'not an OpenAPI document (the document is a string, not a mapping)'],
    ['no version field', {info: {}}, 'not an OpenAPI document (no openapi or swagger field)'],
    [
      'an unquoted version',
      {openapi: 3.1},
      'the openapi field must be a string such as "3.1.0", not a number (quote it in YAML)',
    ],
    ['OpenAPI 3.2', {openapi: '3.2.0'}, 'OpenAPI 3.2.0 is not supported (only 3.0.x and 3.1.x)'],
    ['OpenAPI 2', {openapi: '2.0'}, 'OpenAPI 2.0 is not supported (only 3.0.x and 3.1.x)'],
    ['Swagger 1.2', {swagger: '1.2'}, 'Swagger 1.2 is not supported (only 2.0, which is converted)'],
  ])('refuses %s', async (_, value, message) => {
    expect((await validationError(value)).message).toBe(message);
  });

  it('refuses a document that is valid YAML but not OpenAPI', async () => {
    expect((await validationError(await parsedFixture('not-openapi.yaml'))).message).toBe(
      'not an OpenAPI document (no openapi or swagger field)',
    );
  });

  it('lists schema errors, the first in the message and the rest as details', async () => {
    const error = await validationError(await parsedFixture('invalid-schema.yaml'));
    expect(error.message).toBe("invalid OpenAPI 3.0 document: REQUIRED must have required property 'version' (and 1 more)");
    expect(error.details).toEqual(["REQUIRED must have required property 'description'"]);
  });

  it('refuses a $ref that points nowhere', async () => {
    const spec = (await parsedFixture('petstore-3.0.yaml')) as {components: {schemas: Record<string, unknown>}};
    delete spec.components.schemas.Contact;
    expect((await validationError(spec)).message).toBe(
      'invalid OpenAPI 3.0 document: Missing $ref pointer "#/components/schemas/Contact". Token "Contact" does not exist',
    );
  });

  it('refuses an external $ref', async () => {
    const error = await validationError(await parsedFixture('external-ref.yaml'));
    expect(error.message).toBe(
      'external $ref "schemas/contact.yaml#/Contact" at /paths/~1contacts/get/responses/200/content/application~1json/schema; the spec must be one self-contained document',
    );
    expect(error.hint).toBe('Bundle the spec into one file (for example with "redocly bundle") and try again.');
  });

  it('refuses a spec without operations', async () => {
    expect((await validationError(await parsedFixture('no-operations.yaml'))).message).toBe(
      'the spec has no operations (no paths with HTTP methods), so the reference would be empty',
    );
  });
});

describe('countOperations', () => {
  it('counts HTTP methods only, following a local $ref on a path item', () => {
    expect(
      countOperations({
        openapi: '3.1.0',
        paths: {
          '/a': {get: {}, post: {}, parameters: [], summary: 'x', 'x-internal': {}},
          '/b': {$ref: '#/components/pathItems/B'},
          '/c': {$ref: '#/components/pathItems/Missing'},
        },
        components: {pathItems: {B: {delete: {}, trace: {}}}},
      }),
    ).toBe(4);
    expect(countOperations({openapi: '3.1.0'})).toBe(0);
  });
});

describe('findExternalRef', () => {
  it('finds the first $ref that leaves the document', () => {
    expect(findExternalRef({a: [{$ref: '#/x'}, {b: {$ref: 'https://example.com/s.yaml'}}]})).toEqual({
      ref: 'https://example.com/s.yaml',
      pointer: '/a/1/b',
    });
    expect(findExternalRef({a: {$ref: '#/components/schemas/A'}})).toBeUndefined();
  });
});
