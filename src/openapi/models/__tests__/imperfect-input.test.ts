import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';

import {operationToMarkdown} from '../../markdown-twin';
import {operationPageModel, sampleRequest} from '../model';
import {pathTemplateNames} from '../model-operation-parts';
import {assignPageIds} from '../../generation/page-ids';
import {sampleFromSchema} from '../sample';
import {schemaNode} from '../schema-model';
import {SpecDocument, type JsonObject} from '../../../spec-reader/spec-document';
import type {OperationPageModel, SchemaNode} from '../model-types';

/**
 * What the generator does with imperfect descriptions (src/openapi/README.md, "What the
 * generator does with imperfect input"): one `describe` per rule, each
 * against the operation of tests/fixtures/imperfect.yaml that holds the case,
 * plus small inline documents for the details.
 */

const FIXTURE = path.resolve(__dirname, '../../../../tests/fixtures/imperfect.yaml');
const fixture = new SpecDocument(parse(readFileSync(FIXTURE, 'utf8')) as JsonObject);

/** The page model of the fixture's operation with this summary. */
function page(summary: string): Omit<OperationPageModel, 'codeSamples'> {
  const entry = assignPageIds(fixture).operations.find(({operation}) => operation.summary === summary);
  if (!entry) throw new Error(`no operation "${summary}" in ${FIXTURE}`);
  return operationPageModel(fixture, entry);
}

/** The Markdown twin of that page, without code samples. */
function twin(summary: string): string {
  return operationToMarkdown({...page(summary), codeSamples: []}, {siteUrl: 'https://docs.example.com'});
}

function property(node: SchemaNode | undefined, name: string): SchemaNode | undefined {
  return node?.properties?.find((candidate) => candidate.name === name);
}

function spec(document: JsonObject): SpecDocument {
  return new SpecDocument({openapi: '3.0.3', info: {title: 'Test', version: '1'}, paths: {}, ...document});
}

describe('1. $refs that do not resolve', () => {
  const document = spec({
    components: {
      schemas: {
        Pet: {type: 'object'},
        Loop: {$ref: '#/components/schemas/Loop'},
        Title: 'not an object',
      },
    },
  });

  it('reports the ref that gave no object, and never throws or fetches', () => {
    expect(document.resolve({$ref: '#/components/schemas/Missing'})).toEqual({
      value: {},
      refName: 'Missing',
      ref: '#/components/schemas/Missing',
      unresolvedRef: '#/components/schemas/Missing',
    });
    expect(document.resolve({$ref: 'other.yaml#/Pet'}).unresolvedRef).toBe('other.yaml#/Pet');
    expect(document.resolve({$ref: 'https://example.com/schemas/pet.json'}).unresolvedRef).toBe('https://example.com/schemas/pet.json');
    expect(document.resolve({$ref: '#/components/schemas/Title'}).unresolvedRef).toBe('#/components/schemas/Title');
    expect(document.resolve({$ref: '#/components/schemas/Loop'}).unresolvedRef).toBe('#/components/schemas/Loop');
  });

  it('keeps what is written next to an unresolved ref', () => {
    expect(document.resolve({$ref: '#/components/schemas/Missing', description: 'The owner'}).value).toEqual({description: 'The owner'});
  });

  it('leaves refs that resolve unmarked', () => {
    expect(document.resolve({$ref: '#/components/schemas/Pet'})).toEqual({value: {type: 'object'}, refName: 'Pet', ref: '#/components/schemas/Pet'});
    expect(document.resolve({type: 'string'})).toEqual({value: {type: 'string'}, refName: undefined, ref: undefined});
  });

  it('reads bad percent-encoding in a pointer as written instead of throwing URIError', () => {
    expect(document.resolve({$ref: '#/components/schemas/%E0%A4%A'})).toMatchObject({
      value: {},
      refName: '%E0%A4%A',
      unresolvedRef: '#/components/schemas/%E0%A4%A',
    });
    expect(spec({components: {schemas: {'%E0%A4%A': {type: 'string'}}}}).resolve({$ref: '#/components/schemas/%E0%A4%A'}).value).toEqual({type: 'string'});
  });
});

describe('1. unresolved $refs in schemas', () => {
  const response = page('Transfer a pet to another owner').responses.find(({status}) => status === '200');
  const schema = response?.content[0].schema;

  it('shows each as a node of type "unresolved reference <ref>"', () => {
    expect(property(schema, 'pet')).toEqual({
      name: 'pet',
      required: false,
      types: [],
      typeLabel: 'unresolved reference other.yaml#/Pet',
      unresolvedRef: 'other.yaml#/Pet',
    });
    expect(property(schema, 'owner')?.typeLabel).toBe('unresolved reference https://example.com/schemas/owner.json');
    expect(property(schema, 'badPointer')?.typeLabel).toBe('unresolved reference #/components/schemas/%E0%A4%A');
    expect(property(schema, 'previousOwners')).toMatchObject({
      typeLabel: '(unresolved reference #/components/schemas/MissingOwner)[]',
      items: {unresolvedRef: '#/components/schemas/MissingOwner'},
    });
  });

  it('leaves unresolved fields out of the generated example', () => {
    expect(JSON.parse(response?.content[0].examples[0].value ?? '')).toEqual({previousOwners: []});
  });

  it('keeps the rest of an allOf whose part does not resolve, and says which part is missing', () => {
    const document = spec({});
    const node = schemaNode(document, {allOf: [{$ref: '#/components/schemas/Base'}, {type: 'object', properties: {id: {type: 'string'}}}]}, 'response');
    expect(node).toMatchObject({typeLabel: 'object', unresolvedRef: '#/components/schemas/Base', properties: [{name: 'id'}]});
    expect(schemaNode(document, {$ref: '#/components/schemas/Gone', description: 'Kept'}, 'response')).toMatchObject({
      typeLabel: 'unresolved reference #/components/schemas/Gone',
      description: {type: 'root'},
    });
  });
});

describe('2. additionalItems, patternProperties, const, prefixItems', () => {
  const schema = page("List a pet's measurements").responses[0].content[0].schema;

  it('shows const as the only value, its type taken from it', () => {
    expect(property(schema, 'unit')).toMatchObject({types: ['string'], typeLabel: 'string', const: '"kg"'});
  });

  it('shows prefixItems as positional types, then the type of further items', () => {
    const reading = property(schema, 'reading');
    expect(reading?.typeLabel).toBe('[string<date>, number, ...string]');
    expect(reading?.prefixItems?.map((item) => item.typeLabel)).toEqual(['string<date>', 'number']);
    expect(reading?.items?.typeLabel).toBe('string');
  });

  it('reads the list form of items with additionalItems (3.0) the same way', () => {
    const legacy = property(schema, 'legacyReading');
    expect(legacy?.typeLabel).toBe('[string<date>, number, ...string]');
    expect(legacy?.prefixItems?.map((item) => item.typeLabel)).toEqual(['string<date>', 'number']);
    expect(legacy?.items?.typeLabel).toBe('string');
  });

  it('marks a tuple closed by items: false or additionalItems: false, and open without either', () => {
    const document = spec({});
    expect(schemaNode(document, {type: 'array', prefixItems: [{type: 'string'}], items: false}, 'response')).toMatchObject({
      typeLabel: '[string]',
      noExtraItems: true,
    });
    expect(schemaNode(document, {items: [{type: 'string'}], additionalItems: false}, 'response').typeLabel).toBe('[string]');
    expect(schemaNode(document, {type: 'array', prefixItems: [{type: 'integer'}]}, 'response').typeLabel).toBe('[integer, ...]');
    // additionalItems without a list of items means nothing in JSON Schema.
    expect(schemaNode(document, {type: 'array', items: {type: 'string'}, additionalItems: {type: 'integer'}}, 'response').typeLabel).toBe('string[]');
  });

  it('generates a tuple example position by position', () => {
    expect(JSON.parse(page("List a pet's measurements").responses[0].content[0].examples[0].value)).toMatchObject({
      // openapi-sampler's date.
      reading: ['2019-08-24', 0],
      legacyReading: ['2019-08-24', 0],
    });
    expect(sampleFromSchema(spec({}), {type: 'array', prefixItems: [{type: 'boolean'}, {type: 'integer', minimum: 3}]}, 'response')).toEqual([true, 3]);
  });

  it('shows patternProperties as the properties matching each pattern', () => {
    expect(property(schema, 'labels')).toMatchObject({
      types: ['object'],
      patternProperties: [{pattern: '^x-', schema: {typeLabel: 'string'}}],
    });
    expect(schemaNode(spec({}), {patternProperties: {'^[0-9]+$': {type: 'integer'}}}, 'response').types).toEqual(['object']);
  });
});

describe('3. type as a list in a 3.0 description', () => {
  it('shows every type, null last', () => {
    const body = page("Set a pet's nickname").requestBody?.content[0];
    expect(property(body?.schema, 'nickname')).toMatchObject({types: ['string', 'null'], typeLabel: 'string | null'});
    expect(JSON.parse(body?.examples[0].value ?? '')).toEqual({nickname: 'string'});
  });
});

describe('7. enum values that are not strings', () => {
  it('shows each as a JSON literal', () => {
    const schema = page("Update a pet's settings").requestBody?.content[0].schema;
    expect(property(schema, 'feedings')?.enum?.map(({value}) => value)).toEqual(['1', '2', '3']);
    expect(property(schema, 'indoor')?.enum?.map(({value}) => value)).toEqual(['true', 'false']);
    expect(property(schema, 'collar')).toMatchObject({typeLabel: 'string | null', enum: [{value: '"small"'}, {value: 'null'}]});
    expect(property(schema, 'preset')?.enum?.map(({value}) => value)).toEqual(['{"mode":"quiet"}', '{"mode":"playful","level":2}']);
  });
});

describe('9. a schema that is not one', () => {
  it('shows a string, number or null where a schema belongs as type "unknown"', () => {
    const error = page("List a pet's vaccinations").responses.find(({status}) => status === '400');
    expect(property(error?.content[0].schema, 'type')).toEqual({name: 'type', required: false, types: [], typeLabel: 'unknown'});
    expect(property(error?.content[0].schema, 'message')?.typeLabel).toBe('string');
    expect(schemaNode(spec({}), {type: 'array', items: 'string'}, 'response').typeLabel).toBe('unknown[]');
    expect(schemaNode(spec({}), {properties: {a: null, b: 3}}, 'response').properties?.map(({typeLabel}) => typeLabel)).toEqual(['unknown', 'unknown']);
  });
});

describe('1. unresolved $refs in parameters, request bodies and responses', () => {
  const transfer = page('Transfer a pet to another owner');

  it('lists parameter refs that do not resolve apart from the parameters, which keep their order', () => {
    expect(transfer.parameters.map(({name, in: location}) => `${location}:${name}`)).toEqual(['path:petId']);
    expect(transfer.unresolvedParameters).toEqual(['#/components/parameters/MissingParameter', 'other.yaml#/components/parameters/Locale']);
  });

  it('keeps a request body that does not resolve, with no content and its ref', () => {
    expect(transfer.requestBody).toEqual({required: false, content: [], unresolvedRef: '#/components/requestBodies/MissingTransfer'});
  });

  it('lists a response that does not resolve by its status, with its ref', () => {
    expect(transfer.responses.find(({status}) => status === '404')).toEqual({
      status: '404',
      headers: [],
      content: [],
      unresolvedRef: '#/components/responses/MissingNotFound',
    });
  });

  it('types a response header that does not resolve as the missing reference, and skips examples that do not', () => {
    const document = spec({
      paths: {
        '/pets': {
          post: {
            requestBody: {
              content: {'application/json': {schema: {type: 'integer'}, examples: {gone: {$ref: '#/components/examples/Gone'}}}},
            },
            responses: {'200': {description: 'OK', headers: {'X-Rate-Limit': {$ref: '#/components/headers/RateLimit'}}}},
          },
        },
      },
    });
    const model = operationPageModel(document, assignPageIds(document).operations[0]);
    expect(model.responses[0].headers).toEqual([
      {
        name: 'X-Rate-Limit',
        required: false,
        schema: {types: [], typeLabel: 'unresolved reference #/components/headers/RateLimit', unresolvedRef: '#/components/headers/RateLimit'},
      },
    ]);
    expect(model.requestBody?.content[0].examples).toEqual([{name: 'Generated from the schema', value: '0', generated: true}]);
  });
});

describe('4. parameters without a schema', () => {
  const [filter, q, trace] = page('Search pets with a JSON filter').parameters;

  it('takes the schema, example and media type of a parameter described by content', () => {
    expect(filter).toMatchObject({name: 'filter', in: 'query', mediaType: 'application/json', schema: {typeLabel: 'object'}, example: '{"species":"string"}'});
    const document = spec({
      paths: {
        '/pets': {
          get: {
            parameters: [{name: 'filter', in: 'query', content: {'application/json': {schema: {type: 'object'}, example: {species: 'cat'}}}}],
          },
        },
      },
    });
    expect(operationPageModel(document, assignPageIds(document).operations[0]).parameters[0].example).toBe('{"species":"cat"}');
  });

  it('lists a parameter with neither schema nor content with what it has, typed any', () => {
    expect(q).toEqual({name: 'q', in: 'query', required: false, description: expect.objectContaining({type: 'root'}), schema: {types: [], typeLabel: 'any'}});
    expect(trace).toEqual({name: 'X-Trace', in: 'header', required: true, schema: {types: [], typeLabel: 'any'}});
  });
});

describe('5. no responses', () => {
  it('gives an empty list for responses: {} and for no responses at all', () => {
    expect(page('Check that a pet exists').responses).toEqual([]);
    expect(page('List the methods a pet allows').responses).toEqual([]);
  });
});

describe('6. a path template parameter that is not declared', () => {
  it('lists it as a required string path parameter, marked undeclared, after the declared ones', () => {
    expect(page('Get a photo of a pet').parameters).toEqual([
      {name: 'photoId', in: 'path', required: true, schema: {types: ['integer'], typeLabel: 'integer'}, example: '0'},
      {name: 'petId', in: 'path', required: true, undeclared: true, schema: {types: ['string'], typeLabel: 'string'}},
    ]);
  });

  it('fills it in the code samples with its name rather than sending `{petId}`', () => {
    expect(sampleRequest(page('Get a photo of a pet')).url).toBe('https://api.example.com/v1/pets/petId/photos/0');
  });

  it('reads each name of a template once, in order', () => {
    expect(pathTemplateNames('/a/{x}/b/{y}.{format}/{x}')).toEqual(['x', 'y', 'format']);
    expect(pathTemplateNames('/pets')).toEqual([]);
  });

  it('adds nothing to a webhook, whose path is an event name', () => {
    const document = spec({openapi: '3.1.0', webhooks: {'{pet}.created': {post: {responses: {'200': {description: 'OK'}}}}}});
    expect(operationPageModel(document, assignPageIds(document).operations[0]).parameters).toEqual([]);
  });
});

describe('8. examples that do not match their schema', () => {
  const age = page("Get a pet's age");

  it('shows them as given', () => {
    expect(age.parameters[0]).toMatchObject({name: 'petId', schema: {typeLabel: 'integer'}, example: '"rex"'});
    expect(property(age.responses[0].content[0].schema, 'years')?.example).toBe('"three"');
    expect(JSON.parse(age.responses[0].content[0].examples[0].value)).toEqual({years: '3', unexpected: true});
  });
});

describe('9. null where a response or a media type belongs', () => {
  const responses = page("List a pet's vaccinations").responses;

  it('lists a null response by its status alone', () => {
    expect(responses.find(({status}) => status === '304')).toEqual({status: '304', headers: [], content: []});
  });

  it('lists a null media type by its name alone', () => {
    expect(responses[0].content.map(({mediaType, schema, examples}) => ({mediaType, typeLabel: schema?.typeLabel, examples: examples.length}))).toEqual([
      {mediaType: 'application/json', typeLabel: undefined, examples: 0},
      {mediaType: 'text/csv', typeLabel: 'string', examples: 1},
    ]);
  });
});

describe('10. repeated and missing summaries', () => {
  it('gives every operation its own page', () => {
    const ids = assignPageIds(fixture).operations.map(({pageId}) => pageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(assignPageIds(fixture).operations.filter(({path}) => path.startsWith('/owners')).map(({pageId}) => pageId)).toEqual([
      'list-owners',
      'list-owners-2',
      'get-owners-owner-id',
      'delete-owners-owner-id',
    ]);
  });

  it('titles an operation without summary or operationId by its method and path', () => {
    const entry = assignPageIds(fixture).operationPage('operation', 'delete', '/owners/{ownerId}');
    expect(entry && operationPageModel(fixture, entry).summary).toBe('DELETE /owners/{ownerId}');
  });

  it('builds a page model for every operation of the fixture', () => {
    for (const entry of assignPageIds(fixture).operations) {
      expect(() => operationPageModel(fixture, entry), entry.pageId).not.toThrow();
    }
  });
});

describe('the Markdown twin of imperfect pages', () => {
  it('1. names every unresolved reference where it is used', () => {
    const markdown = twin('Transfer a pet to another owner');
    expect(markdown).toContain(
      [
        '### Unresolved parameters',
        'These parameter references do not resolve within the API description, so their names and locations are unknown:',
        '- `#/components/parameters/MissingParameter`\n- `other.yaml#/components/parameters/Locale`',
        '## Request body',
        'Optional. `#/components/requestBodies/MissingTransfer` does not resolve within the API description, so the request body is not shown.',
      ].join('\n\n'),
    );
    expect(markdown).toContain(
      '| `pet` | `unresolved reference other.yaml#/Pet` | No | `other.yaml#/Pet` does not resolve within the API description, so what it defines is not shown. | |',
    );
    expect(markdown).toContain(
      '### 404 Not Found\n\n`#/components/responses/MissingNotFound` does not resolve within the API description, so this response is not shown.',
    );
  });

  it('1. says which allOf part of a body is missing above its fields', () => {
    const document = spec({
      paths: {
        '/pets': {
          post: {
            requestBody: {content: {'application/json': {schema: {allOf: [{$ref: '#/components/schemas/Base'}, {properties: {id: {type: 'string'}}}]}}}},
          },
        },
      },
    });
    const markdown = operationToMarkdown({...operationPageModel(document, assignPageIds(document).operations[0]), codeSamples: []}, {siteUrl: 'https://docs.example.com'});
    expect(markdown).toContain(
      '`#/components/schemas/Base` does not resolve within the API description, so what it defines is not shown.\n\n| Field | Type |',
    );
  });

  it('2. lists tuple positions and pattern properties as rows', () => {
    const markdown = twin("List a pet's measurements");
    expect(markdown).toContain(
      [
        '| `reading` | `[string<date>, number, ...string]` | No | Date, weight, and then any number of notes. | |',
        '| `reading[0]` | `string<date>` | No | | |',
        '| `reading[1]` | `number` | No | | |',
        '| `reading[2…]` | `string` | No | | |',
      ].join('\n'),
    );
    expect(markdown).toContain('| `labels.<key matching /^x-/>` | `string` | No | | |');
    expect(markdown).toContain('| `unit` | `string` | No | | always `kg` |');
  });

  it('4. says how a content parameter is serialized', () => {
    expect(twin('Search pets with a JSON filter')).toContain(
      '| `filter` | `object` | No | A JSON filter object. Serialized as `application/json`. | `{"species":"string"}` |',
    );
  });

  it('5. says that the description lists no responses', () => {
    for (const summary of ['Check that a pet exists', 'List the methods a pet allows']) {
      expect(twin(summary)).toMatch(/\n## Responses\n\nThe API description lists no responses for this operation\.\n$/);
    }
  });

  it('6. marks an undeclared path parameter', () => {
    expect(twin('Get a photo of a pet')).toContain('| `petId` | `string` | Yes | Not declared in the description. | |');
  });

  it('7. shows non-string enum values as JSON', () => {
    expect(twin("Update a pet's settings")).toContain('one of: `{"mode":"quiet"}`, `{"mode":"playful","level":2}`');
  });
});
