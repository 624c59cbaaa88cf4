import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {stringify} from 'yaml';

import {richTextToPlainText} from '../markdown';
import {operationPageModel, sampleRequest} from '../model';
import {tagPageModel} from '../model-overview';
import {examplesShown, isOperationPageCore, operationPageCore, PAGE_CORE_SUFFIX} from '../page-core';
import {assignPageIds} from '../../generation/page-ids';
import {pageOutline} from '../../generation/page-outline';
import {createPageGenerators} from '../../generation/page-generators';
import {sampleFromSchema} from '../sample';
import {schemaNode} from '../schema-model';
import {arrangedApiSidebar, arrangeSidebarItems, parseArrangement, serializeArrangement, SIDEBAR_ARRANGEMENT_FILE} from '../../generation/sidebar-arrangement';
import {SpecDocument, type JsonObject} from '../../../spec-reader/spec-document';
import type {OperationPageCore, OperationPageModel, SchemaNode} from '../model-types';
import {parsePageModel} from '../model-file';

/**
 * Regression tests for specs of the corpus (`npm run test:corpus`) that the
 * generator got wrong: each names the demo spec that showed the bug.
 */

function spec(document: JsonObject): SpecDocument {
  return new SpecDocument({openapi: '3.1.0', info: {title: 'Test', version: '1'}, ...document});
}

function nodeCount(node: SchemaNode | undefined): number {
  if (!node) return 0;
  const additional = node.additionalProperties === true ? undefined : node.additionalProperties;
  return (
    1 +
    (node.properties ?? []).reduce((sum, property) => sum + nodeCount(property), 0) +
    nodeCount(node.items) +
    nodeCount(additional) +
    (node.variants?.options ?? []).reduce((sum, option) => sum + nodeCount(option.schema), 0)
  );
}

describe('schemas that refer back to themselves through allOf (petstore.yaml)', () => {
  // Pet.friend is `allOf: [$ref: Pet]` and the request body wraps Pet in an
  // inline allOf; each expanded Pet again down to the depth limit, which made
  // the page model for PUT /pet huge and slow to build.
  const petstore = spec({
    paths: {
      '/pet': {
        put: {
          requestBody: {content: {'application/json': {schema: {allOf: [{description: 'My Pet'}, {$ref: '#/components/schemas/Pet'}]}}}},
          responses: {'200': {description: 'OK'}},
        },
      },
    },
    components: {
      schemas: {
        Pet: {
          type: 'object',
          properties: {
            name: {type: 'string'},
            friend: {description: 'Another pet', allOf: [{$ref: '#/components/schemas/Pet'}]},
            category: {allOf: [{$ref: '#/components/schemas/Category'}]},
            kind: {oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]},
          },
        },
        Category: {type: 'object', properties: {name: {type: 'string'}, parent: {allOf: [{$ref: '#/components/schemas/Category'}]}}},
        Cat: {allOf: [{$ref: '#/components/schemas/Pet'}, {type: 'object', properties: {purrs: {type: 'boolean'}}}]},
        Dog: {allOf: [{$ref: '#/components/schemas/Pet'}, {type: 'object', properties: {barks: {type: 'boolean'}}}]},
      },
    },
  });

  it('stops at the first reference back to an ancestor merged through allOf', () => {
    const schema = petstore.paths['/pet'] as {put: {requestBody: {content: {'application/json': {schema: unknown}}}}};
    const node = schemaNode(petstore, schema.put.requestBody.content['application/json'].schema, 'request');
    const friend = node.properties?.find((property) => property.name === 'friend');
    expect(friend).toMatchObject({circularRef: 'Pet', typeLabel: 'Pet', description: {type: 'root'}});
    const parent = node.properties?.find((property) => property.name === 'category')?.properties?.find((property) => property.name === 'parent');
    expect(parent?.circularRef).toBe('Category');
    const cat = node.properties?.find((property) => property.name === 'kind')?.variants?.options[0].schema;
    // Cat is `allOf: [Pet, {purrs}]` inside Pet: the Pet part is the ancestor shown above.
    expect(cat?.properties?.map((property) => property.name)).toEqual(['purrs']);
    expect(nodeCount(node)).toBeLessThan(60);
  });

  it('builds the whole operation model small: the request schema once, cut where schemaNode cuts it', () => {
    // The size of what is built, not a time bound, which a slow host could
    // fail and a fast one hide.
    const [entry] = assignPageIds(petstore).operations;
    const model = operationPageModel(petstore, entry);
    const schema = petstore.paths['/pet'] as {put: {requestBody: {content: {'application/json': {schema: unknown}}}}};
    const [content] = model.requestBody?.content ?? [];
    expect(content?.schema).toEqual(schemaNode(petstore, schema.put.requestBody.content['application/json'].schema, 'request'));
    expect(JSON.stringify(model).length).toBeLessThan(10_000);
  });

  it('samples a self-referencing schema without repeating it', () => {
    // The circular field is an empty object, as openapi-sampler (Redoc's) writes it.
    expect(sampleFromSchema(petstore, {$ref: '#/components/schemas/Category'}, 'response')).toEqual({name: 'string', parent: {}});
  });
});

describe('webhooks (petstore.yaml x-webhooks, petstore-3.1.yaml webhooks)', () => {
  const withWebhooks = (key: 'webhooks' | 'x-webhooks') =>
    spec({
      paths: {'/pet': {get: {operationId: 'getPet', responses: {'200': {description: 'OK'}}}}},
      [key]: {
        newPet: {
          post: {
            summary: 'New pet',
            operationId: 'newPet',
            requestBody: {content: {'application/json': {schema: {type: 'object', properties: {name: {type: 'string'}}}}}},
            responses: {'200': {description: 'Received'}},
          },
        },
        petGone: {delete: {responses: {'204': {description: 'Gone'}}}},
      },
    });

  it.each(['webhooks', 'x-webhooks'] as const)('gives each %s operation a page id', (key) => {
    const ids = assignPageIds(withWebhooks(key));
    expect(ids.operationPage('webhook', 'post', 'newPet')).toMatchObject({pageId: 'new-pet', kind: 'webhook'});
    // No operationId and no summary: named after the event.
    expect(ids.operationPage('webhook', 'delete', 'petGone')).toMatchObject({pageId: 'pet-gone'});
    expect(ids.operationPage('operation', 'get', '/pet')).toMatchObject({pageId: 'get-pet', kind: 'operation'});
  });

  it('builds each page model with the id page-ids.ts gave the page, never one of its own', () => {
    const document = withWebhooks('webhooks');
    const ids = assignPageIds(document);
    // Before, a webhook's model was named `kebabCase(method path)`, "delete-pet-gone", until the generator replaced it.
    expect(ids.operations.map((entry) => operationPageModel(document, entry).id)).toEqual(['get-pet', 'new-pet', 'pet-gone']);
    expect(() => tagPageModel(document, 'Unused', '/docs/api')).toThrow('[api-pages] no operation or webhook uses the tag "Unused", so it has no page');
  });

  describe('page generation', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'api-pages-'));
    });
    afterEach(() => rmSync(dir, {recursive: true, force: true}));

    it('writes a webhook page, with no servers, code samples or explorer, instead of failing the generation', () => {
      const specPath = path.join(dir, 'openapi.yaml');
      writeFileSync(specPath, stringify(withWebhooks('webhooks').root));
      const generators = createPageGenerators({specPath, outputDir: dir, apiDocsBasePath: '/docs/api'});
      const item = {id: 'new-pet', type: 'api' as const, api: {method: 'event', path: 'newPet'}};
      expect(generators.createApiPageMD(item)).toContain("import page from './new-pet.page.json';");
      const page = parsePageModel<OperationPageModel>(readFileSync(path.join(dir, 'new-pet.page.json'), 'utf8'));
      expect(page).toMatchObject({id: 'new-pet', method: 'post', path: 'newPet', summary: 'New pet', webhook: true, servers: [], codeSamples: []});
      expect(page.requestBody?.content[0].mediaType).toBe('application/json');
    });

    it("writes an operation page's core next to its model: what the page hydrates with, without schemas, examples or code", () => {
      const specPath = path.join(dir, 'openapi.yaml');
      const document = spec({
        servers: [{url: 'https://api.example.com'}],
        components: {securitySchemes: {token: {type: 'http', scheme: 'bearer'}}},
        security: [{token: []}],
        paths: {
          '/pets': {
            post: {
              operationId: 'addPet',
              summary: 'Add a pet',
              description: 'A **long** description.',
              tags: ['pets'],
              requestBody: {content: {'application/json': {schema: {type: 'object', properties: {name: {type: 'string'}}}, example: {name: 'Rex'}}}},
              responses: {'201': {description: 'Added', content: {'application/json': {schema: {type: 'object'}, example: {id: 1}}}}, '400': {description: 'Bad'}},
            },
          },
        },
      });
      writeFileSync(specPath, stringify(document.root));
      const generators = createPageGenerators({specPath, outputDir: dir, apiDocsBasePath: '/docs/api'});
      generators.createApiPageMD({id: 'add-pet', type: 'api', api: {method: 'post', path: '/pets'}});
      const page = parsePageModel<OperationPageModel>(readFileSync(path.join(dir, 'add-pet.page.json'), 'utf8'));
      const core = JSON.parse(readFileSync(path.join(dir, `add-pet${PAGE_CORE_SUFFIX}`), 'utf8')) as OperationPageCore;
      expect(core).toEqual(operationPageCore(page));
      expect(core).toEqual({
        kind: 'operation',
        id: 'add-pet',
        operationId: 'addPet',
        method: 'post',
        path: '/pets',
        summary: 'Add a pet',
        deprecated: false,
        tags: ['pets'],
        servers: page.servers,
        security: page.security,
        authSchemes: page.authSchemes,
        codeSamples: page.codeSamples.map(({id, label, language}) => ({id, label, language})),
        examples: {request: true, responses: true},
      });
      expect(core.codeSamples).toHaveLength(9);
      expect(core.security).toEqual([[{scheme: 'token', kind: 'http bearer', scopes: []}]]);
      expect(isOperationPageCore(core)).toBe(true);
      expect(isOperationPageCore(page)).toBe(false);
      expect(examplesShown(page)).toEqual(examplesShown(core));
      expect(examplesShown({...page, requestBody: undefined, responses: page.responses.filter(({status}) => status === '400')})).toEqual({request: false, responses: false});
    });

    it('still names an operation it cannot find', () => {
      const specPath = path.join(dir, 'openapi.yaml');
      writeFileSync(specPath, stringify(withWebhooks('webhooks').root));
      const generators = createPageGenerators({specPath, outputDir: dir, apiDocsBasePath: '/docs/api'});
      expect(() => generators.createApiPageMD({id: 'nope', type: 'api', api: {method: 'event', path: 'webhook'}})).toThrow(
        `[api-pages] no operation or webhook has page id "nope" in ${specPath}; run "npm run spec" again.`,
      );
    });
  });
});

describe('an overview page whose id a tag page also has (const.yaml, nestedArrays.yaml)', () => {
  const constSpec = spec({
    info: {title: 'Const', version: '1'},
    tags: [{name: 'const'}],
    paths: {'/const': {get: {tags: ['const'], summary: 'const with primitives', responses: {'200': {description: 'OK'}}}}},
  });

  it('moves the overview to <id>-overview when a tag or operation page has its id', () => {
    expect(assignPageIds(constSpec).overviewId).toBe('const-overview');
    expect(assignPageIds(spec({info: {title: 'Ping', version: '1'}, paths: {'/ping': {get: {operationId: 'ping', responses: {}}}}})).overviewId).toBe('ping-overview');
    expect(assignPageIds(spec({info: {title: 'Meridian API', version: '1'}, paths: {}})).overviewId).toBe('meridian-api');
  });

  it('keeps the id when only an unused tag has it', () => {
    expect(assignPageIds(spec({tags: [{name: 'Test'}], paths: {}})).overviewId).toBe('test');
  });

  describe('the generated sidebar', () => {
    let dir: string;
    /** The plugin's sidebar items, as its sidebar.ts exports them, with the overview under `overviewId`. */
    const pluginSidebar = (overviewId: string) => [
      {type: 'doc', id: `api/${overviewId}`},
      {
        type: 'category',
        label: 'const',
        link: {type: 'doc', id: 'api/const'},
        items: [{type: 'doc', id: 'api/const', label: 'const with primitives', className: 'api-method get'}],
      },
    ];
    beforeEach(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'api-sidebar-'));
    });
    afterEach(() => rmSync(dir, {recursive: true, force: true}));

    it('points the overview entry at the new id and leaves tag links and operations alone', () => {
      const arrangement = {overview: {from: 'const', to: 'const-overview'}, schemaLabels: new Map(), webhookPageIds: new Set<string>()};
      expect(arrangeSidebarItems(pluginSidebar('const'), arrangement)).toEqual(pluginSidebar('const-overview'));
    });

    it('generates the overview under the new id and writes its rename beside the sidebar, which sidebars.ts applies', () => {
      const specPath = path.join(dir, 'openapi.yaml');
      writeFileSync(specPath, stringify(constSpec.root));
      const generators = createPageGenerators({specPath, outputDir: dir, apiDocsBasePath: '/docs/api'});
      const item = {id: 'const', type: 'info' as const};
      expect(generators.createInfoPageMD(item)).toContain("import page from './const-overview.page.json';");
      expect(item.id).toBe('const-overview');
      expect(JSON.parse(readFileSync(path.join(dir, SIDEBAR_ARRANGEMENT_FILE), 'utf8'))).toMatchObject({overview: {from: 'const', to: 'const-overview'}});
      expect(arrangedApiSidebar(pluginSidebar('const'), dir)).toEqual(pluginSidebar('const-overview'));
    });

    it('names the file, the member and the fix when the arrangement is missing or not what the generators write', () => {
      const file = path.join(dir, SIDEBAR_ARRANGEMENT_FILE);
      expect(() => arrangedApiSidebar(pluginSidebar('const'), dir)).toThrow(
        `[sidebars] ${file} is missing: the API pages were generated by an older version of the page generators; run "npm run gen" again.`,
      );
      writeFileSync(file, '{"schemaLabels": [], "webhookPageIds": [1]}');
      expect(() => arrangedApiSidebar(pluginSidebar('const'), dir)).toThrow(`[sidebars] ${file}: /webhookPageIds is not what the page generators write; run "npm run gen" again.`);
      writeFileSync(file, '{"webhookPageIds": []}');
      expect(() => arrangedApiSidebar(pluginSidebar('const'), dir)).toThrow(`[sidebars] ${file}: /schemaLabels is missing; run "npm run gen" again.`);
      writeFileSync(file, '{"schemaLabels": [');
      expect(() => arrangedApiSidebar(pluginSidebar('const'), dir)).toThrow(`[sidebars] ${file}: not JSON (`);
    });

    it('reads back every member it writes', () => {
      const arrangement = {
        overview: {from: 'a', to: 'a-overview'},
        schemaLabels: new Map([['schemas/contact', 'Contact']]),
        webhookPageIds: new Set(['new-pet']),
        schemasIndexSlug: '/api/schemas',
        schemasIndexTitle: 'Schemas (2.2.0)',
        labelTags: new Set(['beta']),
        tagParents: new Map([['refunds', 'orders']]),
        methodClasses: new Map([['purge-items', 'query']]),
      };
      expect(parseArrangement(serializeArrangement(arrangement))).toEqual(arrangement);
      expect(parseArrangement(serializeArrangement({schemaLabels: new Map(), webhookPageIds: new Set()}))).toEqual({schemaLabels: new Map(), webhookPageIds: new Set()});
    });
  });
});

describe('lone surrogates (tests/fixtures/hostile.yaml)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'api-pages-'));
  });
  afterEach(() => rmSync(dir, {recursive: true, force: true}));

  it('never writes one into page data, where Rspack would refuse the JSON', () => {
    // A spec placed by hand (npm run spec would already have replaced them).
    const specPath = path.join(dir, 'openapi.yaml');
    writeFileSync(
      specPath,
      [
        'openapi: 3.1.0',
        'info: {title: Lone, version: "1"}',
        'paths:',
        '  /lone:',
        '    post:',
        '      operationId: lone',
        '      summary: "Lone \\ud800 summary"',
        '      requestBody:',
        '        content:',
        '          application/json:',
        '            example: {name: "\\udc00 lone"}',
        '      responses: {"200": {description: OK}}',
        '',
      ].join('\n'),
    );
    const generators = createPageGenerators({specPath, outputDir: dir, apiDocsBasePath: '/docs/api'});
    generators.createApiPageMD({id: 'lone', type: 'api', api: {method: 'post', path: '/lone'}});
    const page = parsePageModel<OperationPageModel>(readFileSync(path.join(dir, 'lone.page.json'), 'utf8'));
    const strings: string[] = [];
    const collect = (value: unknown) => {
      if (typeof value === 'string') strings.push(value);
      else if (typeof value === 'object' && value !== null) Object.values(value).forEach(collect);
    };
    collect(page);
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    expect(strings.filter((text) => lone.test(text))).toEqual([]);
    expect(page.summary).toBe('Lone \uFFFD summary');
    // The JavaScript sample parses the example JSON, where "\udc00" is a lone surrogate.
    expect(page.codeSamples.find((sample) => sample.id === 'javascript')?.code).toContain("name: '\uFFFD lone'");
  });
});

describe('tag page titles (structure.spec: every page has a title of its own)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'api-pages-'));
  });
  afterEach(() => rmSync(dir, {recursive: true, force: true}));

  it('titles a tag page "<tag> API", so a tag named Tags does not share the blog tag index\'s title', () => {
    const specPath = path.join(dir, 'openapi.yaml');
    writeFileSync(specPath, stringify(spec({tags: [{name: 'Tags'}], paths: {'/tags': {get: {tags: ['Tags'], operationId: 'listTags', responses: {}}}}}).root));
    const generators = createPageGenerators({specPath, outputDir: dir, apiDocsBasePath: '/docs/api'});
    const item: {id: string; type: 'tag'; tag: {name: string}; title?: string} = {id: 'tags', type: 'tag', tag: {name: 'Tags'}};
    generators.createTagPageMD(item);
    expect(item.title).toBe('Tags API');
    expect(parsePageModel(readFileSync(path.join(dir, 'tags.page.json'), 'utf8'))).toMatchObject({kind: 'tag', name: 'Tags'});
  });
});

describe('examples generated from the schema (petstore.yaml has no examples)', () => {
  const document = spec({
    paths: {
      '/pets': {
        post: {
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['name'],
                  properties: {
                    id: {type: 'integer', readOnly: true},
                    name: {type: 'string', example: 'Rex'},
                    status: {type: 'string', enum: ['available', 'sold']},
                    password: {type: 'string', writeOnly: true},
                  },
                },
              },
              'application/xml': {example: '<pet/>'},
            },
          },
          responses: {
            '201': {
              description: 'Created',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {id: {type: 'integer', readOnly: true}, name: {type: 'string'}, password: {type: 'string', writeOnly: true}},
                  },
                },
              },
            },
          },
        },
      },
    },
  });
  const [entry] = assignPageIds(document).operations;
  const model = operationPageModel(document, entry);

  it('builds a request example without read-only fields, marked as generated', () => {
    const [json, xml] = model.requestBody?.content ?? [];
    expect(json.examples).toHaveLength(1);
    expect(json.examples[0]).toMatchObject({name: 'Generated from the schema', generated: true});
    expect(JSON.parse(json.examples[0].value)).toEqual({name: 'Rex', status: 'available', password: 'string'});
    // A media type with its own example keeps it and gets no generated one.
    expect(xml.examples).toEqual([{name: 'Example', value: '<pet/>'}]);
  });

  it('builds a response example without write-only fields', () => {
    const [json] = model.responses[0].content;
    expect(json.examples[0].generated).toBe(true);
    expect(JSON.parse(json.examples[0].value)).toEqual({id: 0, name: 'string'});
  });
});

describe('parameter examples (tests/paramDefaults.yaml: defaults are pre-filled and sent)', () => {
  const document = spec({
    paths: {
      '/headers': {
        get: {
          parameters: [
            {name: 'X-Region', in: 'header', required: true, schema: {type: 'string', enum: ['us-east-1', 'us-west-2'], default: 'us-west-2'}},
            {name: 'order', in: 'query', required: true, schema: {$ref: '#/components/schemas/Order'}},
            {name: 'limit', in: 'query', schema: {type: 'integer', default: 20, example: 50}},
            {name: 'mode', in: 'query', schema: {type: 'string', enum: ['fast', 'slow']}},
            {name: 'cursor', in: 'query', schema: {type: ['string', 'null'], default: null}},
          ],
          responses: {'204': {description: 'No content'}},
        },
      },
    },
    components: {schemas: {Order: {type: 'string', enum: ['asc', 'desc'], default: 'desc'}}},
  });
  const [entry] = assignPageIds(document).operations;
  const model = operationPageModel(document, entry);
  const example = (name: string) => model.parameters.find((parameter) => parameter.name === name)?.example;

  it("takes the schema's default before an enum's first value, through a $ref too", () => {
    expect(example('X-Region')).toBe('"us-west-2"');
    expect(example('order')).toBe('"desc"');
  });

  it("keeps the schema's own example before its default, and an enum's first value without a default", () => {
    expect(example('limit')).toBe('50');
    expect(example('mode')).toBe('"fast"');
    // A null default is left to the sampler, which keeps it where the schema allows null.
    expect(example('cursor')).toBe('null');
  });

  it('sends the default in the code samples and the request the explorer starts from', () => {
    expect(sampleRequest(model).headers).toContainEqual({name: 'X-Region', value: 'us-west-2'});
    expect(sampleRequest(model).queryString).toContainEqual({name: 'order', value: 'desc'});
  });
});

describe("a generated body's fields take their schema's default before an enum's first value", () => {
  const document = spec({
    paths: {
      '/actions': {
        post: {
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    priority: {type: 'string', enum: ['low', 'normal', 'high'], default: 'normal'},
                    order: {$ref: '#/components/schemas/Order'},
                    channels: {type: 'array', items: {type: 'string', enum: ['email', 'sms'], default: 'sms'}},
                    level: {type: 'integer', enum: [1, 2, 3], default: 2, example: 3},
                    mode: {type: 'string', enum: ['fast', 'slow']},
                    cursor: {type: ['string', 'null'], enum: ['a', null], default: null},
                    size: {type: 'string', default: 'large'},
                  },
                },
              },
            },
          },
          responses: {'204': {description: 'No content'}},
        },
      },
    },
    components: {schemas: {Order: {type: 'string', enum: ['asc', 'desc'], default: 'desc'}}},
  });
  const [entry] = assignPageIds(document).operations;
  const model = operationPageModel(document, entry);
  const body = JSON.parse(model.requestBody?.content[0].examples[0].value ?? '{}');

  it('uses the default, through a $ref and in array items too', () => {
    expect(body).toMatchObject({priority: 'normal', order: 'desc', channels: ['sms'], size: 'large'});
  });

  it("keeps the schema's own example, an enum's first value without a default, and leaves a null default to the sampler", () => {
    expect(body).toMatchObject({level: 3, mode: 'fast', cursor: 'a'});
  });

  it('sends it in the code samples', () => {
    expect(JSON.parse(sampleRequest(model).postData?.text ?? '{}')).toMatchObject({priority: 'normal', order: 'desc'});
  });
});

describe('a summary that is a paragraph is not the title (GitHub: every webhook)', () => {
  const ok = {responses: {'200': {description: 'OK'}}};
  const paragraph =
    'This event occurs when there is activity relating to a merge group in a merge queue. For more information, see "[Managing a merge queue](https://docs.github.com/merge-queue)."\n\nTo subscribe to this event, a GitHub App must have at least read-level access.';
  const document = spec({
    tags: [{name: 'merge-group'}],
    paths: {
      '/long': {get: {summary: `Get ${'a very long thing '.repeat(12)}`, ...ok}},
      '/exact': {get: {summary: `  ${'x'.repeat(200)}  `, ...ok}},
      '/linked': {get: {operationId: 'linked', summary: 'See [the guide](https://example.com)', description: 'Own text.', ...ok}},
    },
    webhooks: {
      'merge-group-destroyed': {post: {operationId: 'merge-group/destroyed', tags: ['merge-group'], summary: paragraph, description: 'The merge group was destroyed.', ...ok}},
      'merge-group-checks-requested': {post: {tags: ['merge-group'], summary: paragraph, ...ok}},
    },
  });
  const entries = assignPageIds(document).operations;
  const models = new Map(entries.map((entry) => [entry.path, operationPageModel(document, entry)]));
  const text = (path: string) => richTextToPlainText(models.get(path)?.description ?? null);

  it('titles the page by its operationId, else its method and path or event name, and keeps a summary of one line up to 200 characters', () => {
    expect(models.get('merge-group-destroyed')?.summary).toBe('merge-group/destroyed');
    expect(models.get('merge-group-checks-requested')?.summary).toBe('merge-group-checks-requested');
    expect(models.get('/linked')?.summary).toBe('linked');
    expect(models.get('/long')?.summary).toBe('GET /long');
    expect(models.get('/exact')?.summary).toBe('x'.repeat(200));
  });

  it('leads the description with the summary, its Markdown rendered, so nothing is lost', () => {
    expect(text('merge-group-destroyed')).toBe(
      'This event occurs when there is activity relating to a merge group in a merge queue. For more information, see "Managing a merge queue." To subscribe to this event, a GitHub App must have at least read-level access. The merge group was destroyed.',
    );
    expect(text('merge-group-checks-requested')).toMatch(/^This event occurs .* read-level access\.$/);
    expect(text('/linked')).toBe('See the guide Own text.');
    expect(models.get('merge-group-destroyed')?.plainDescription).toMatch(/^This event occurs when there is activity relating to a merge group/);
    expect(models.get('/exact')?.description).toBeUndefined();
  });

  it('gives the sidebar (the outline the plugin reads) and the tag page the same titles', () => {
    const webhooks = pageOutline(document).webhooks as Record<string, {post: {summary: string}}>;
    expect(webhooks['merge-group-destroyed'].post.summary).toBe('merge-group/destroyed');
    expect(webhooks['merge-group-checks-requested'].post.summary).toBe('merge-group-checks-requested');
    expect(tagPageModel(document, 'merge-group', '/docs/api').operations.map((operation) => operation.summary)).toEqual([
      'merge-group/destroyed',
      'merge-group-checks-requested',
    ]);
  });
});
