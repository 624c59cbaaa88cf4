import {describe, expect, it} from 'vitest';

import {operationPageModel} from '../model';
import {assignPageIds} from '../../generation/page-ids';
import {schemaPageModel, SchemaUsageIndex, SCHEMA_USERS_SHOWN} from '../schema-pages';
import {schemaToMarkdown} from '../../markdown-twin';
import {arrangeSidebarItems} from '../../generation/sidebar-arrangement';
import {SpecDocument, type JsonObject} from '../../../spec-reader/spec-document';
import {parseSpecText} from '../../../spec-reader/parse-spec';

function spec(document: JsonObject): SpecDocument {
  return new SpecDocument({openapi: '3.1.0', info: {title: 'Test', version: '1'}, ...document});
}

const ref = (name: string) => ({$ref: `#/components/schemas/${name}`});
const json = (schema: unknown) => ({content: {'application/json': {schema}}});

const shop = spec({
  paths: {
    '/pets': {
      get: {operationId: 'listPets', responses: {'200': {description: 'ok', ...json({type: 'object', properties: {data: {type: 'array', items: ref('Pet')}}})}}},
      post: {operationId: 'createPet', requestBody: json(ref('Pet')), responses: {'201': {description: 'ok', ...json(ref('Pet'))}}},
    },
    '/owners/{id}': {
      get: {
        operationId: 'getOwner',
        parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}],
        responses: {'200': {description: 'ok', ...json(ref('Owner'))}},
      },
    },
  },
  webhooks: {
    petAdopted: {post: {operationId: 'petAdopted', requestBody: json({type: 'object', properties: {pet: ref('Pet')}}), responses: {'204': {description: 'ok'}}}},
  },
  components: {
    schemas: {
      Pet: {
        allOf: [ref('Animal'), {type: 'object', required: ['name'], properties: {name: {type: 'string'}, owner: ref('Owner'), secret: {type: 'string', writeOnly: true}}}],
        example: {name: 'Rex'},
      },
      Animal: {type: 'object', properties: {species: {type: 'string'}}},
      Owner: {type: 'object', properties: {name: {type: 'string'}, pets: {type: 'array', items: ref('Pet')}}},
      Unused: {type: 'string'},
      pet: {type: 'integer', description: 'Same page id as Pet once kebab-cased.'},
    },
  },
});

describe('schema page ids', () => {
  it('gives every named schema a page in the schemas folder, unique even when names differ only in case', () => {
    const ids = assignPageIds(shop);
    expect(ids.schemas).toEqual([
      {name: 'Pet', pageId: 'schemas/pet'},
      {name: 'Animal', pageId: 'schemas/animal'},
      {name: 'Owner', pageId: 'schemas/owner'},
      {name: 'Unused', pageId: 'schemas/unused'},
      {name: 'pet', pageId: 'schemas/pet-2'},
    ]);
  });

  it('keeps `schemas` for the index page when there are schemas', () => {
    const tagged = spec({
      tags: [{name: 'Schemas'}],
      paths: {'/x': {get: {tags: ['Schemas'], responses: {}}}},
      components: {schemas: {X: {type: 'string'}}},
    });
    expect(assignPageIds(tagged).tagPageId('Schemas')).toBe('schemas-2');
  });
});

describe('schema pages', () => {
  const index = new SchemaUsageIndex(shop, '/docs/api');
  const pet = schemaPageModel(shop, index, 'Pet', '/docs/api');

  it('lists every field of its own, read-only and write-only alike, and its allOf parts', () => {
    expect(pet.schema.properties?.map((property) => property.name)).toEqual(['species', 'name', 'owner', 'secret']);
    expect(pet.allOf).toEqual(['Animal']);
    expect(pet.examples).toEqual([{name: 'Example', value: '{\n  "name": "Rex"\n}'}]);
  });

  it('names a nested named schema and links its page instead of repeating its fields', () => {
    const owner = pet.schema.properties?.find((property) => property.name === 'owner');
    expect(owner).toMatchObject({refName: 'Owner', notExpandedRef: 'Owner'});
    expect(owner?.properties).toBeUndefined();
    expect(pet.schemaLinks).toMatchObject({Owner: '/docs/api/schemas/owner', Animal: '/docs/api/schemas/animal'});
  });

  it('lists every operation, webhook and schema that uses it, each field with its id on that page', () => {
    expect(pet.usedBy).toEqual([
      {
        kind: 'operation',
        permalink: '/docs/api/list-pets',
        title: 'listPets',
        endpoint: 'GET /pets',
        // Owner.pets refers back to Pet: a use too, and a field of the page.
        fields: [
          {path: 'data', anchor: 'response-200.data'},
          {path: 'data[].owner.pets', anchor: 'response-200.data[].owner.pets'},
        ],
      },
      {
        kind: 'operation',
        permalink: '/docs/api/create-pet',
        title: 'createPet',
        endpoint: 'POST /pets',
        fields: [
          {path: 'request body', anchor: 'request-body'},
          {path: 'owner.pets', anchor: 'request-body.owner.pets'},
          {path: '201 response', anchor: 'response-201'},
          {path: 'owner.pets', anchor: 'response-201.owner.pets'},
        ],
      },
      {
        kind: 'operation',
        permalink: '/docs/api/get-owner',
        title: 'getOwner',
        endpoint: 'GET /owners/{id}',
        fields: [{path: 'pets', anchor: 'response-200.pets'}],
      },
      {
        kind: 'webhook',
        permalink: '/docs/api/pet-adopted',
        title: 'petAdopted',
        endpoint: 'petAdopted',
        fields: [
          {path: 'pet', anchor: 'request-body.pet'},
          {path: 'pet.owner.pets', anchor: 'request-body.pet.owner.pets'},
        ],
      },
      {kind: 'schema', permalink: '/docs/api/schemas/owner', title: 'Owner', fields: [{path: 'pets', anchor: 'schema.pets'}]},
    ]);
  });

  it('names a schema that composes another with allOf as its user', () => {
    const animal = schemaPageModel(shop, index, 'Animal', '/docs/api');
    expect(animal.usedBy).toEqual([{kind: 'schema', permalink: '/docs/api/schemas/pet', title: 'Pet', fields: [{path: 'composed with allOf', anchor: ''}]}]);
  });

  it('has a Markdown twin with its fields, its parts, the schemas it links and its users\' field addresses', () => {
    const twin = schemaToMarkdown(pet, {siteUrl: 'https://docs.example'});
    expect(twin).toContain('# Pet\n\nSchema `components.schemas.Pet`.');
    expect(twin).toContain('Composed with `allOf` from [Animal](https://docs.example/docs/api/schemas/animal)');
    expect(twin).toContain('| `owner` | `Owner` | No | Fields not repeated here: see the [`Owner`](https://docs.example/docs/api/schemas/owner) schema');
    expect(twin).toContain('- [createPet](https://docs.example/docs/api/create-pet) (operation, `POST /pets`): [`request body`](https://docs.example/docs/api/create-pet#request-body)');
  });

  it('says when nothing uses a schema', () => {
    expect(schemaPageModel(shop, index, 'Unused', '/docs/api').usedBy).toEqual([]);
  });

  it('gives the same lists whether or not operation pages handed in their models first', () => {
    const warm = new SchemaUsageIndex(shop, '/docs/api');
    for (const entry of assignPageIds(shop).operations) warm.addOperation(entry, operationPageModel(shop, entry));
    expect(schemaPageModel(shop, warm, 'Pet', '/docs/api')).toEqual(pet);
  });

  it('refuses a name that is not a schema of the description, naming it', () => {
    expect(() => schemaPageModel(shop, index, 'Nope', '/docs/api')).toThrow('[api-pages] the description has no schema "Nope" under components.schemas.');
  });

  it('bounds the list of users of a schema every operation uses', () => {
    const paths: JsonObject = {};
    for (let n = 0; n < SCHEMA_USERS_SHOWN + 25; n += 1) {
      paths[`/things/${n}`] = {get: {operationId: `getThing${n}`, responses: {'200': {description: 'ok', ...json(ref('Thing'))}}}};
    }
    const big = spec({paths, components: {schemas: {Thing: {type: 'object', properties: {id: {type: 'string'}}}}}});
    const page = schemaPageModel(big, new SchemaUsageIndex(big, '/docs/api'), 'Thing', '/docs/api');
    expect(page.usedBy).toHaveLength(SCHEMA_USERS_SHOWN);
    expect(page.moreUsers).toBe(25);
  });
});

describe('schema names an object reads from its prototype', () => {
  // YAML, so that `__proto__` is an own key as in a parsed description.
  const named = new SpecDocument(
    parseSpecText(`
openapi: 3.1.0
info: {title: Test, version: '1'}
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}}}}
components:
  schemas:
    __proto__: {type: object}
    constructor: {type: object, properties: {id: {type: string}}}
    Thing:
      allOf: [{$ref: '#/components/schemas/__proto__'}, {$ref: '#/components/schemas/constructor'}]
`) as JsonObject,
  );

  it('links a schema named __proto__ or constructor that an allOf names, on the page and in its twin', () => {
    const thing = schemaPageModel(named, new SchemaUsageIndex(named, '/docs/api'), 'Thing', '/docs/api');
    expect(thing.allOf).toEqual(['__proto__', 'constructor']);
    expect(Object.entries(thing.schemaLinks)).toEqual([
      ['Thing', '/docs/api/schemas/thing'],
      ['__proto__', '/docs/api/schemas/proto'],
      ['constructor', '/docs/api/schemas/constructor'],
    ]);
    expect(schemaToMarkdown(thing, {siteUrl: 'https://example.com'})).toContain(
      'Composed with `allOf` from [\\_\\_proto\\_\\_](https://example.com/docs/api/schemas/proto), [constructor](https://example.com/docs/api/schemas/constructor); their fields are listed with its own.',
    );
  });
});

describe('Used by', () => {
  it('lists an operation whose field is an array of arrays of the schema', () => {
    const steps = spec({
      paths: {'/routes': {get: {operationId: 'getRoutes', responses: {'200': {description: 'ok', ...json({type: 'object', properties: {route: {type: 'array', items: {type: 'array', items: ref('Step')}}}})}}}}},
      components: {schemas: {Step: {type: 'object', properties: {next: ref('Step')}}}},
    });
    const step = schemaPageModel(steps, new SchemaUsageIndex(steps, '/docs/api'), 'Step', '/docs/api');
    expect(step.usedBy.map((user) => [user.title, user.fields.map((field) => field.path)])).toEqual([['getRoutes', ['route', 'route[][].next']]]);
  });

  it("lists an operation whose field names the schema as OpenAPI 3.0 describes a use, {description, allOf: [$ref]} (petstore's Pet.category)", () => {
    const pets = spec({
      paths: {'/pets': {post: {operationId: 'addPet', requestBody: json({type: 'object', properties: {category: {description: 'Its category', allOf: [ref('Category')]}}}), responses: {}}}},
      components: {schemas: {Category: {type: 'object', properties: {name: {type: 'string'}, parent: {description: 'The parent', allOf: [ref('Category')]}}}}},
    });
    const category = schemaPageModel(pets, new SchemaUsageIndex(pets, '/docs/api'), 'Category', '/docs/api');
    expect(category.usedBy.map((user) => [user.title, user.fields.map((field) => field.path)])).toEqual([['addPet', ['category', 'category.parent']]]);
    expect(category.schema.properties?.map((property) => [property.name, property.typeLabel])).toEqual([['name', 'string'], ['parent', 'Category']]);
  });
});

describe('the API sidebar as the site shows it', () => {
  it('moves webhooks into a Webhooks category, names schema pages and collapses their category', () => {
    const arranged = arrangeSidebarItems(
      [
        {type: 'doc', id: 'api/test'},
        {
          type: 'category',
          label: 'Pets',
          link: {type: 'doc', id: 'api/pets'},
          items: [
            {type: 'doc', id: 'api/list-pets', label: 'listPets'},
            {type: 'doc', id: 'api/pet-adopted', label: 'petAdopted'},
          ],
        },
        {type: 'category', label: 'UNTAGGED', items: [{type: 'doc', id: 'api/other-hook', label: 'otherHook'}]},
        {type: 'category', label: 'Schemas', items: [{type: 'doc', id: 'api/schemas/pet-2', label: 'pet-2', className: 'schema'}]},
      ],
      {
        schemaLabels: new Map([['schemas/pet-2', 'pet']]),
        webhookPageIds: new Set(['pet-adopted', 'other-hook']),
        schemasIndexSlug: '/api/schemas',
      },
    );
    expect(arranged).toEqual([
      {type: 'doc', id: 'api/test'},
      {type: 'category', label: 'Pets', link: {type: 'doc', id: 'api/pets'}, items: [{type: 'doc', id: 'api/list-pets', label: 'listPets'}]},
      {
        type: 'category',
        label: 'Webhooks',
        collapsible: true,
        collapsed: true,
        items: [
          {type: 'doc', id: 'api/pet-adopted', label: 'petAdopted'},
          {type: 'doc', id: 'api/other-hook', label: 'otherHook'},
        ],
      },
      {
        type: 'category',
        label: 'Schemas',
        collapsible: true,
        collapsed: true,
        link: {type: 'generated-index', slug: '/api/schemas', title: 'Schemas', description: 'Every data model of the API, with its fields and where it is used.'},
        items: [{type: 'doc', id: 'api/schemas/pet-2', label: 'pet', className: 'schema'}],
      },
    ]);
  });

  const schemasIndex = {type: 'generated-index', slug: '/api/schemas', title: 'Schemas', description: 'Every data model of the API, with its fields and where it is used.'};

  it('finds the schemas category by its pages, not by a tag category labelled "Schemas" or "Webhooks"', () => {
    const arranged = arrangeSidebarItems(
      [
        {type: 'category', label: 'Schemas', link: {type: 'doc', id: 'api/schemas-2'}, items: [{type: 'doc', id: 'api/list-schemas', label: 'List schemas'}]},
        {type: 'category', label: 'Webhooks', link: {type: 'doc', id: 'api/webhooks'}, items: [{type: 'doc', id: 'api/pet-adopted', label: 'petAdopted'}]},
        {type: 'category', label: 'Schemas', items: [{type: 'doc', id: 'api/schemas/pet', label: 'pet', className: 'schema'}]},
      ],
      {schemaLabels: new Map([['schemas/pet', 'Pet']]), webhookPageIds: new Set(['pet-adopted']), schemasIndexSlug: '/api/schemas'},
    );
    expect(arranged).toEqual([
      {type: 'category', label: 'Schemas', link: {type: 'doc', id: 'api/schemas-2'}, items: [{type: 'doc', id: 'api/list-schemas', label: 'List schemas'}]},
      {type: 'category', label: 'Webhooks', link: {type: 'doc', id: 'api/webhooks'}, items: []},
      {type: 'category', label: 'Webhooks', collapsible: true, collapsed: true, items: [{type: 'doc', id: 'api/pet-adopted', label: 'petAdopted'}]},
      {type: 'category', label: 'Schemas', collapsible: true, collapsed: true, link: schemasIndex, items: [{type: 'doc', id: 'api/schemas/pet', label: 'Pet', className: 'schema'}]},
    ]);
  });

  it('lists the webhooks once each, in the order of the description, whatever tag categories the plugin put them in', () => {
    const arranged = arrangeSidebarItems(
      [
        {type: 'category', label: 'B', link: {type: 'doc', id: 'api/b'}, items: [{type: 'doc', id: 'api/second'}]},
        {type: 'category', label: 'C', link: {type: 'doc', id: 'api/c'}, items: [{type: 'doc', id: 'api/first'}, {type: 'doc', id: 'api/second'}]},
        {type: 'category', label: 'UNTAGGED', items: [{type: 'doc', id: 'api/third'}]},
      ],
      {schemaLabels: new Map(), webhookPageIds: new Set(['first', 'second', 'third'])},
    );
    expect(arranged.at(-1)?.items?.map((item) => item.id)).toEqual(['api/first', 'api/second', 'api/third']);
  });
});

describe('callbacks', () => {
  const hooks = spec({
    paths: {
      '/subscriptions': {
        post: {
          operationId: 'subscribe',
          responses: {'201': {description: 'ok'}},
          callbacks: {
            onEvent: {
              '{$request.body#/url}': {
                post: {
                  summary: 'Event delivered',
                  parameters: [{name: 'X-Signature', in: 'header', required: true, schema: {type: 'string'}}],
                  requestBody: {required: true, content: {'application/json': {schema: ref('Event'), example: {id: 'e1'}}}},
                  responses: {'204': {description: 'Received'}},
                },
              },
            },
          },
        },
      },
    },
    components: {schemas: {Event: {type: 'object', properties: {id: {type: 'string'}}}}},
  });
  const model = operationPageModel(hooks, assignPageIds(hooks).operations[0]);

  it('carry the headers, the payload with its example and the answers the reader\'s server should give', () => {
    expect(model.callbacks).toHaveLength(1);
    const [callback] = model.callbacks;
    expect(callback).toMatchObject({name: 'onEvent', expression: '{$request.body#/url}', method: 'post', summary: 'Event delivered'});
    expect(callback.parameters.map(({name, in: location, required}) => ({name, in: location, required}))).toEqual([{name: 'X-Signature', in: 'header', required: true}]);
    expect(callback.requestBody?.content[0]).toMatchObject({mediaType: 'application/json', schema: {refName: 'Event'}, examples: [{name: 'Example', value: '{\n  "id": "e1"\n}'}]});
    expect(callback.responses.map((response) => response.status)).toEqual(['204']);
  });

  it('count as users of the schemas they carry, with the callback\'s field ids', () => {
    const page = schemaPageModel(hooks, new SchemaUsageIndex(hooks, '/docs/api'), 'Event', '/docs/api');
    expect(page.usedBy).toEqual([
      {
        kind: 'operation',
        permalink: '/docs/api/subscribe',
        title: 'subscribe',
        endpoint: 'POST /subscriptions',
        fields: [{path: 'callback onEvent: request body', anchor: 'callback-0-request-body'}],
      },
    ]);
  });
});
