import {describe, expect, it} from 'vitest';

import {SpecSourceError} from '../../spec-reader/spec-errors.js';
import {parseSpecText} from '../../spec-reader/parse-spec.js';
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

  it('publishes a page id cut to fit a file name and an anchor no page has, each located', async () => {
    const summary = '创建'.repeat(42);
    const text = [
      'openapi: 3.1.0',
      'info: {title: Long, version: "1"}',
      'paths:',
      '  /contacts:',
      '    get:',
      `      summary: ${summary}`,
      '      description: See the [types](#types).',
      '      responses:',
      "        '200': {description: OK}",
      '',
    ].join('\n');
    const checked = await validateSpec(parseSpecText(text), {text});
    // The page id's last ten letters are a hash, left out here.
    const pageId = `${'创建'.repeat(31)}创-`;
    const problems = checked.problems.filter((problem) => problem.kind === 'operation' || problem.kind === 'link');
    expect(problems.map((problem) => ({...problem, message: problem.message.replace(/-[a-z]{10}"$/, '-"')}))).toEqual([
      {
        kind: 'operation',
        pointer: '/paths/~1contacts/get/summary',
        line: 6,
        column: 7,
        message: `the page id from the summary of GET /contacts would be 252 bytes long, more than the 200 a file name leaves it; its page is "${pageId}"`,
      },
      {kind: 'link', pointer: '/paths/~1contacts/get/description', line: 7, column: 20, message: 'link "#types" points to an anchor that no page of this site has; shown as plain text'},
    ]);
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
  it('publishes OpenAPI 3.2 security (a device authorization flow, a metadata URL, a deprecated scheme) with no problems', async () => {
    const text = await fixture('oauth-device-authorization-3.2.yaml');
    const checked = await validateSpec(parseSpecText(text), {text});
    expect(checked.problems).toEqual([]);
  });

  it('locates a problem in a device authorization flow at its pointer, line and column', async () => {
    const text = [
      'openapi: 3.2.0',
      'info: {title: Devices, version: "1"}',
      'paths: {/a: {get: {operationId: getA, responses: {"200": {description: ok}}}}}',
      'components:',
      '  securitySchemes:',
      '    device:',
      '      type: oauth2',
      '      flows:',
      '        deviceAuthorization:',
      '          tokenUrl: 7',
      '          scopes: {}',
      '',
    ].join('\n');
    const checked = await validateSpec(parseSpecText(text), {text});
    expect(checked.problems).toEqual([
      {
        kind: 'schema',
        pointer: '/components/securitySchemes/device/flows/deviceAuthorization',
        line: 9,
        column: 9,
        rule: 'struct',
        message: 'required field "deviceAuthorizationUrl" is missing; the page shows what is there',
      },
      {
        kind: 'schema',
        pointer: '/components/securitySchemes/device/flows/deviceAuthorization/tokenUrl',
        line: 10,
        column: 21,
        rule: 'struct',
        message: 'expected a string, found an integer; shown as far as it can be',
      },
    ]);
  });

  it('reports a $ref to itself as one problem at the $ref, and every other problem of the file', async () => {
    const text = await fixture('self-reference-3.1.yaml');
    const checked = await validateSpec(parseSpecText(text), {text});
    expect(checked.problems).toEqual([
      {
        kind: 'reference',
        pointer: '/components/schemas/Self',
        line: 21,
        column: 7,
        message: '$ref "#/components/schemas/Self" points to itself, so it never reaches a definition; shown as an unresolved reference where it is used',
      },
      {kind: 'schema', pointer: '/paths/~1loops/get/sumary', line: 11, column: 7, rule: 'struct', message: '"sumary" is not an OpenAPI 3.1 keyword here; ignored'},
      {
        kind: 'schema',
        pointer: '/paths/~1loops/get/responses/200',
        line: 13,
        column: 9,
        rule: 'struct',
        message: 'required field "description" is missing; the page shows what is there',
      },
    ]);
  });

  it('reports each $ref of a loop through other $refs, however the loop is reached', async () => {
    const checked = await validateSpec({
      openapi: '3.1.0',
      info: {title: 'Loops', version: '1'},
      paths: {'/a': {get: {operationId: 'getA', responses: {'200': {description: 'ok', content: {'application/json': {schema: {$ref: '#/components/schemas/A'}}}}}}}},
      components: {schemas: {A: {$ref: '#/components/schemas/B'}, B: {$ref: '#/components/schemas/A'}, C: {$ref: '#/components/schemas/C/properties/id'}}},
    });
    expect(checked.problems).toEqual([
      {
        kind: 'reference',
        pointer: '/components/schemas/A',
        message:
          '$ref "#/components/schemas/B" comes back to itself (#/components/schemas/A → #/components/schemas/B → #/components/schemas/A), so it never reaches a definition; shown as an unresolved reference where it is used',
      },
      {
        kind: 'reference',
        pointer: '/components/schemas/B',
        message:
          '$ref "#/components/schemas/A" comes back to itself (#/components/schemas/B → #/components/schemas/A → #/components/schemas/B), so it never reaches a definition; shown as an unresolved reference where it is used',
      },
      {
        kind: 'reference',
        pointer: '/components/schemas/C',
        message: '$ref "#/components/schemas/C/properties/id" points to itself, so it never reaches a definition; shown as an unresolved reference where it is used',
      },
    ]);
  });

  it('converts Swagger 2.0 whose names clash once made URL-safe, with the new names located at the definitions', async () => {
    const text = await fixture('swagger-2.0-sanitised-names.yaml');
    const checked = await validateSpec(parseSpecText(text), {text});
    expect(checked.problems).toEqual([
      {
        kind: 'conversion',
        pointer: '/securityDefinitions/api key',
        line: 27,
        column: 3,
        message: 'security scheme "api key" is published as "api_key_2": OpenAPI 3 names allow only letters, digits, ".", "-" and "_", and "api_key" is another security scheme\'s name',
      },
      {
        kind: 'conversion',
        pointer: '/parameters/page size',
        line: 36,
        column: 3,
        message: 'parameter "page size" is published as "page_size_2": OpenAPI 3 names allow only letters, digits, ".", "-" and "_", and "page_size" is another parameter\'s name',
      },
      {
        kind: 'conversion',
        pointer: '/responses/not found',
        line: 45,
        column: 3,
        message: 'response "not found" is published as "not_found_2": OpenAPI 3 names allow only letters, digits, ".", "-" and "_", and "not_found" is another response\'s name',
      },
    ]);
    const document = checked.document as {security: unknown; paths: {'/keys': {get: Record<string, unknown>}}; components: Record<string, Record<string, {name?: string; in?: string}>>};
    expect(document.security).toEqual([{api_key_2: []}]);
    expect(document.paths['/keys'].get.security).toEqual([{api_key_2: []}, {api_key: []}]);
    expect(document.components.securitySchemes).toEqual({
      api_key_2: {type: 'apiKey', in: 'header', name: 'X-Api-Key'},
      api_key: {type: 'apiKey', in: 'query', name: 'api_key'},
    });
    expect(document.paths['/keys'].get.parameters).toEqual([{$ref: '#/components/parameters/page_size_2'}, {$ref: '#/components/parameters/page_size'}]);
    expect(document.components.parameters.page_size_2).toMatchObject({name: 'size', in: 'query'});
    expect(document.paths['/keys'].get.responses).toMatchObject({'404': {$ref: '#/components/responses/not_found_2'}});
    expect(document.components.responses.not_found_2).toEqual({description: 'Not found.'});
  });

  it('publishes a Swagger 2.0 info that is not a mapping, with the problem where it is', async () => {
    const text = 'swagger: "2.0"\ninfo: Meridian\npaths: {/a: {get: {operationId: getA, responses: {"200": {description: ok}}}}}\n';
    const checked = await validateSpec(parseSpecText(text), {text});
    expect(checked.problems[0]).toEqual({kind: 'schema', pointer: '/info', line: 2, column: 7, rule: 'struct', message: 'expected an Info object, found a string; shown as far as it can be'});
  });

  it('publishes nesting deeper than Redocly\'s YAML parser reads, and locates problems in it', async () => {
    const valid = await fixture('deep-nesting-3.1.yaml');
    expect((await validateSpec(parseSpecText(valid), {text: valid})).problems).toEqual([]);
    // The innermost schema, 120 levels down, with a "required" that is not a list.
    const text = valid.replace(/( +)type: string\n$/, '$1type: string\n$1required: true\n');
    const checked = await validateSpec(parseSpecText(text), {text});
    const innermost = `/paths/~1deep/get/responses/200/content/application~1json/schema${'/properties/inner'.repeat(120)}`;
    expect(checked.problems).toEqual([
      {kind: 'schema', pointer: `${innermost}/required`, line: 379, column: 507, rule: 'struct', message: 'expected an array, found a boolean; shown as far as it can be'},
    ]);
  });
});
