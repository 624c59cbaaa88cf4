import {describe, expect, it} from 'vitest';

import {SpecSourceError} from '../errors.js';
import {parseSpecText} from '../parse-spec.js';
import {validateSpec} from '../validate-spec.js';
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
      'a version that is not a string or a number',
      {openapi: true},
      'the openapi field must be a string such as "3.1.0", not a boolean (quote it in YAML)',
    ],
    ['OpenAPI 3.3', {openapi: '3.3.0'}, 'OpenAPI 3.3.0 is not supported (only 3.0.x, 3.1.x and 3.2.x, and Swagger 2.0)'],
    ['OpenAPI 2', {openapi: '2.0'}, 'OpenAPI 2.0 is not supported (only 3.0.x, 3.1.x and 3.2.x, and Swagger 2.0)'],
    ['Swagger 1.2', {swagger: '1.2'}, 'Swagger 1.2 is not supported (only 2.0, which is converted)'],
  ])('refuses %s', async (_, value, message) => {
    expect((await validationError(value)).message).toBe(message);
  });

  it('refuses a document that is valid YAML but not OpenAPI', async () => {
    expect((await validationError(await parsedFixture('not-openapi.yaml'))).message).toBe(
      'not an OpenAPI document (no openapi or swagger field)',
    );
  });

  it('publishes a document the schema objects to, with each problem located in the text', async () => {
    const text = await fixture('invalid-schema.yaml');
    const checked = await validateSpec(parseSpecText(text), {text});
    expect(checked).toMatchObject({title: 'Invalid API', version: '', operationCount: 1});
    expect(checked.problems).toEqual([
      {kind: 'schema', pointer: '/info', line: 2, column: 1, rule: 'struct', message: 'required field "version" is missing; the page shows what is there'},
      {
        kind: 'schema',
        pointer: '/paths/~1contacts/get/responses/200',
        line: 8,
        column: 9,
        rule: 'struct',
        message: 'required field "description" is missing; the page shows what is there',
      },
      {
        kind: 'schema',
        pointer: '/paths/~1contacts/get/responses/200/summary',
        line: 9,
        column: 11,
        rule: 'struct',
        message: '"summary" is not an OpenAPI 3.0 keyword here; ignored',
      },
      {kind: 'operation', pointer: '/paths/~1contacts/get', line: 6, column: 5, message: 'GET /contacts has no operationId and no summary; its page is "get-contacts" (from its method and path)'},
    ]);
  });

  it('reads an unquoted version as the version it spells, with a problem', async () => {
    const text = 'openapi: 3.1\ninfo: {title: T, version: "1"}\npaths: {/a: {get: {operationId: getA, responses: {"200": {description: ok}}}}}\n';
    const checked = await validateSpec(parseSpecText(text), {text});
    expect(checked.openapiVersion).toBe('3.1');
    expect(checked.problems).toEqual([
      {kind: 'schema', pointer: '/openapi', line: 1, column: 10, message: 'the openapi field must be a string such as "3.1.0", not a number (quote it in YAML); read as "3.1"'},
    ]);
  });

  it.each([
    ['""', 'API', 'overview'],
    ['"  "', 'API', 'overview'],
    ['" Pets "', 'Pets', null],
  ])('publishes the title %s as %j, with a located problem where it is blank', async (title, shown, overviewId) => {
    const text = `openapi: 3.1.0\ninfo: {version: "1", title: ${title}}\npaths: {/a: {get: {operationId: getA, responses: {"200": {description: ok}}}}}\n`;
    const checked = await validateSpec(parseSpecText(text), {text});
    expect(checked.title).toBe(shown);
    expect(checked.problems).toEqual(
      overviewId === null
        ? []
        : [
            {
              kind: 'operation',
              pointer: '/info/title',
              line: 2,
              column: 22,
              message: `info.title is blank: the site calls the API "API", and its overview page is /docs/api/${overviewId}`,
            },
          ],
    );
  });

  it('publishes a $ref that points nowhere, as a reference problem', async () => {
    const spec = (await parsedFixture('petstore-3.0.yaml')) as {components: {schemas: Record<string, unknown>}};
    delete spec.components.schemas.Contact;
    const checked = await validateSpec(spec);
    expect(checked.problems.map(({kind, message}) => ({kind, message}))).toContainEqual({
      kind: 'reference',
      message: '$ref "#/components/schemas/Contact" points to nothing in the document; shown as an unresolved reference where it is used',
    });
    // Without the source text there are pointers but no lines.
    expect(checked.problems.every((problem) => problem.line === undefined)).toBe(true);
  });

  it('publishes an external $ref without following it, as a reference problem', async () => {
    const text = await fixture('external-ref.yaml');
    const checked = await validateSpec(parseSpecText(text), {text});
    expect(checked.problems).toEqual([
      {
        kind: 'reference',
        pointer: '/paths/~1contacts/get/responses/200/content/application~1json/schema',
        line: 14,
        column: 17,
        rule: 'no-unresolved-refs',
        message:
          '$ref "schemas/contact.yaml#/Contact" points outside the document, and the build does not follow such references; shown as an unresolved reference where it is used',
      },
      {kind: 'operation', pointer: '/paths/~1contacts/get', line: 7, column: 5, message: 'GET /contacts has no operationId and no summary; its page is "get-contacts" (from its method and path)'},
    ]);
  });

  it('refuses a spec with nothing to document', async () => {
    expect((await validationError(await parsedFixture('no-operations.yaml'))).message).toBe(
      'nothing to document: the description has no operations (paths with HTTP methods) and no webhooks, so the reference would be empty',
    );
  });

  it('publishes an OpenAPI 3.2 description whose only operation is a query', async () => {
    const checked = await validateSpec({
      openapi: '3.2.0',
      info: {title: 'Search', version: '1'},
      paths: {'/search': {query: {operationId: 'search', responses: {'200': {description: 'ok'}}}}},
    });
    expect(checked).toMatchObject({operationCount: 1, webhookCount: 0});
  });

  it('publishes an OpenAPI 3.2 description whose only operation is an additional operation', async () => {
    const checked = await validateSpec({
      openapi: '3.2.0',
      info: {title: 'Cache', version: '1'},
      paths: {'/cache': {additionalOperations: {PURGE: {operationId: 'purgeCache', responses: {'204': {description: 'purged'}}}}}},
    });
    expect(checked).toMatchObject({operationCount: 1, webhookCount: 0});
  });

  it('publishes an OpenAPI 3.1 description that has only webhooks', async () => {
    const checked = await validateSpec({
      openapi: '3.1.0',
      info: {title: 'Events', version: '1'},
      webhooks: {petAdopted: {post: {requestBody: {content: {'application/json': {schema: {type: 'object'}}}}, responses: {'200': {description: 'ok'}}}}},
    });
    expect(checked).toMatchObject({operationCount: 0, webhookCount: 1});
  });

  it('names duplicate operationIds and the page each one gets', async () => {
    const text = [
      'openapi: 3.0.3',
      'info: {title: Dup, version: "1"}',
      'paths:',
      '  /a:',
      '    get: {operationId: listThings, responses: {"200": {description: ok}}}',
      '  /b:',
      '    get: {operationId: listThings, responses: {"200": {description: ok}}}',
      '    post: {responses: {"200": {description: ok}}}',
      '',
    ].join('\n');
    const checked = await validateSpec(parseSpecText(text), {text});
    expect(checked.problems).toEqual([
      {
        kind: 'operation',
        pointer: '/paths/~1b/get/operationId',
        line: 7,
        column: 11,
        message: 'operationId "listThings" is also used by GET /a; operationIds must be unique, so this page is "list-things-2"',
      },
      {kind: 'operation', pointer: '/paths/~1b/post', line: 8, column: 5, message: 'POST /b has no operationId and no summary; its page is "post-b" (from its method and path)'},
    ]);
  });
});
