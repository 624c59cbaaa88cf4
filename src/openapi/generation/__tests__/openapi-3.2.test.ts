import {describe, expect, it} from 'vitest';

import {operationsOf} from '../../../openapi-diff/operations';
import {respondFromSandbox} from '../../../components/ApiExplorer/sandbox';
import {buildPostmanCollection, requestItems} from '../../../plugins/spec-downloads/postman';
import {generateCodeSamples} from '../../models/code-samples';
import {operationPageModel, sampleRequest} from '../../models/model';
import {querystringText, streamText} from '../../models/model-operation-parts';
import {securitySchemeModels} from '../../models/model-security';
import {serverModels} from '../../models/model-urls';
import {operationToMarkdown} from '../../markdown-twin/operation';
import {assignPageIds} from '../page-ids';
import {methodClassName, tagParentPageIds} from '../page-generators';
import {pageOutline} from '../page-outline';
import {arrangeSidebarItems} from '../sidebar-arrangement';
import {SpecDocument, type JsonObject} from '../../../spec-reader/spec-document';

/** OpenAPI 3.2's additions, as the pages, the outline and the samples show them. */

function spec(document: JsonObject): SpecDocument {
  return new SpecDocument({openapi: '3.2.0', info: {title: 'Cache', version: '1'}, servers: [{url: 'https://api.example'}], ...document});
}

const ok = {'200': {description: 'ok'}};

describe('the query method and additionalOperations', () => {
  const document = spec({
    paths: {
      '/items': {
        get: {operationId: 'listItems', tags: ['Items'], responses: ok},
        query: {
          operationId: 'searchItems',
          tags: ['Items'],
          requestBody: {content: {'application/json': {schema: {type: 'object', properties: {q: {type: 'string'}}}, example: {q: 'red'}}}},
          responses: ok,
        },
        additionalOperations: {
          PURGE: {tags: ['Items'], responses: {'204': {description: 'purged'}}},
          'VERSION-CONTROL': {operationId: 'versionItems', responses: ok},
        },
      },
    },
  });
  const ids = assignPageIds(document);

  it('gives each one a page, with its pointer', () => {
    expect(ids.operations.map(({pageId, method, pointer}) => `${pageId} ${method} ${pointer}`)).toEqual([
      'list-items get /paths/~1items/get',
      'search-items query /paths/~1items/query',
      'purge-items PURGE /paths/~1items/additionalOperations/PURGE',
      'version-items VERSION-CONTROL /paths/~1items/additionalOperations/VERSION-CONTROL',
    ]);
  });

  it('outlines them for the plugin as GETs of paths of their own, next to their path', () => {
    const outline = pageOutline(document) as {paths: Record<string, Record<string, JsonObject>>};
    expect(Object.entries(outline.paths).map(([key, item]) => `${key}: ${Object.keys(item).join(',')} ${Object.values(item).map((o) => String(o.operationId)).join(',')}`)).toEqual([
      '/items: get list-items',
      '/items query: get search-items',
      '/items PURGE: get purge-items',
      '/items VERSION-CONTROL: get version-items',
    ]);
    expect(outline.paths['/items PURGE'].get.summary).toBe('PURGE /items');
  });

  it('builds their page models and sample requests with the method as written', () => {
    const query = operationPageModel(document, ids.operations[1]);
    expect(query.method).toBe('query');
    expect(sampleRequest(query)).toMatchObject({method: 'QUERY', url: 'https://api.example/items', postData: {mimeType: 'application/json'}});
    const purge = operationPageModel(document, ids.operations[2]);
    expect(purge).toMatchObject({method: 'PURGE', path: '/items', summary: 'PURGE /items'});
    expect(sampleRequest(purge).method).toBe('PURGE');
  });

  it('sends an additional operation\'s method spelt as its key, which OpenAPI 3.2 says the request uses', () => {
    const mixed = spec({paths: {'/cache': {additionalOperations: {Purge: {operationId: 'purgeCache', security: [], responses: ok}}}}});
    const model = operationPageModel(mixed, assignPageIds(mixed).operations[0]);
    expect(model).toMatchObject({method: 'Purge', requestMethod: 'Purge'});
    expect(sampleRequest(model).method).toBe('Purge');
    const samples = generateCodeSamples(sampleRequest(model));
    expect(samples.find(({id}) => id === 'curl')?.code).toMatch(/^curl --request Purge /);
    expect(samples.find(({id}) => id === 'python')?.code).toContain('requests.request("Purge", url)');
    expect(operationPageModel(document, ids.operations[1]).requestMethod).toBe('QUERY');
  });

  it('names the real method in the sidebar item the plugin wrote with GET', () => {
    expect(methodClassName('VERSION-CONTROL')).toBe('version-control');
    expect(methodClassName('A"B C')).toBe('a-b-c');
    const arranged = arrangeSidebarItems([{type: 'doc', id: 'api/purge-items', className: 'api-method get'}], {
      schemaLabels: new Map(),
      webhookPageIds: new Set(),
      methodClasses: new Map([['purge-items', 'purge']]),
    });
    expect(arranged).toEqual([{type: 'doc', id: 'api/purge-items', className: 'api-method purge'}]);
  });

  it('are operations to the changelog’s diff', () => {
    expect([...operationsOf(document.root).keys()]).toEqual(['GET /items', 'QUERY /items', 'PURGE /items', 'VERSION-CONTROL /items']);
  });

  it('lists a callback’s query and additional operations', () => {
    const withCallback = spec({
      paths: {
        '/subscribe': {
          post: {
            operationId: 'subscribe',
            responses: ok,
            callbacks: {onEvent: {'{$request.body#/url}': {query: {responses: ok}, additionalOperations: {NOTIFY: {responses: ok}}}}},
          },
        },
      },
    });
    const page = operationPageModel(withCallback, assignPageIds(withCallback).operations[0]);
    expect(page.callbacks.map(({method}) => method)).toEqual(['query', 'NOTIFY']);
  });
});

describe('a querystring parameter (the whole query string)', () => {
  const document = spec({
    paths: {
      '/search': {
        get: {
          operationId: 'search',
          parameters: [
            {name: 'limit', in: 'query', schema: {type: 'integer'}},
            {
              name: 'filter',
              in: 'querystring',
              required: true,
              content: {
                'application/x-www-form-urlencoded': {
                  schema: {type: 'object', properties: {q: {type: 'string'}, tag: {type: 'array', items: {type: 'string'}}}},
                  example: {q: 'red shoes', tag: ['a', 'b']},
                },
              },
            },
          ],
          responses: ok,
        },
      },
    },
  });
  const page = operationPageModel(document, assignPageIds(document).operations[0]);

  it('is a parameter of its own kind, with its media type, schema and the query string as its example', () => {
    const parameter = page.parameters.find(({name}) => name === 'filter');
    expect(parameter).toMatchObject({in: 'querystring', required: true, mediaType: 'application/x-www-form-urlencoded', example: '"q=red+shoes&tag=a&tag=b"'});
    expect(parameter?.schema.properties?.map(({name}) => name)).toEqual(['q', 'tag']);
    expect(page.parameters.map(({in: location}) => location)).toEqual(['query', 'querystring']);
  });

  it('is sent as the whole query string by the code samples', () => {
    expect(sampleRequest(page).queryString).toEqual([
      {name: 'q', value: 'red shoes'},
      {name: 'tag', value: 'a'},
      {name: 'tag', value: 'b'},
    ]);
    const curl = generateCodeSamples(sampleRequest(page)).find(({id}) => id === 'curl');
    expect(curl?.code).toContain('/search?q=red%20shoes&tag=a&tag=b');
  });

  it('serialises other media types as their JSON, percent-encoded, and text as written', () => {
    expect(querystringText({a: 1}, 'application/json')).toBe('%7B%22a%22%3A1%7D');
    expect(querystringText('?a=1&b=2', 'text/plain')).toBe('a=1&b=2');
    expect(querystringText({n: 1, flag: true}, undefined)).toBe('n=1&flag=true');
  });
});

describe('the explorer’s sandbox', () => {
  const document = spec({
    paths: {
      '/files/{name}': {
        parameters: [{name: 'name', in: 'path', required: true, schema: {type: 'string'}}],
        additionalOperations: {
          COPY: {
            operationId: 'copyFile',
            parameters: [{name: 'options', in: 'querystring', required: true, content: {'application/x-www-form-urlencoded': {schema: {type: 'object'}}}}],
            responses: {'201': {description: 'copied', content: {'application/json': {example: {copied: true}}}}},
          },
        },
      },
    },
  });
  const page = {...operationPageModel(document, assignPageIds(document).operations[0]), codeSamples: []};
  const request = {method: 'COPY', path: '/files/a.txt', pathParameters: {name: 'a.txt'}, headers: {}};

  it('answers a custom method from its examples', () => {
    const response = respondFromSandbox(page, {...request, query: {to: 'b.txt'}});
    expect(response.status).toBe(201);
    expect(JSON.parse(response.body)).toEqual({copied: true});
  });

  it('asks for a required query string', () => {
    const response = respondFromSandbox(page, {...request, query: {}});
    expect(response.status).toBe(400);
    expect(response.body).toContain('The query string \\"options\\" is required.');
  });
});

describe('streams of itemSchema items', () => {
  const event = {type: 'object', required: ['id'], properties: {id: {type: 'integer', example: 7}, status: {type: 'string', example: 'done'}}};
  const document = spec({
    paths: {
      '/jobs/{id}/events': {
        get: {
          operationId: 'jobEvents',
          parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}],
          responses: {
            '200': {
              description: 'events',
              content: {
                'text/event-stream': {itemSchema: {$ref: '#/components/schemas/JobEvent'}},
                'application/jsonl': {itemSchema: {$ref: '#/components/schemas/JobEvent'}, example: [{id: 1}, {id: 2}]},
                'application/x-ndjson': {itemSchema: event, examples: {two: {dataValue: [{id: 1}, {id: 2, status: 'done'}]}}},
                'application/json-seq': {itemSchema: event, examples: {wire: {serializedValue: '\u001e{"id":1}\n'}}},
              },
            },
          },
        },
      },
    },
    components: {schemas: {JobEvent: event}},
  });
  const page = operationPageModel(document, assignPageIds(document).operations[0]);
  const [sse, jsonl, ndjson, seq] = page.responses[0].content;

  it('describes each item with the item schema, and says how items are framed', () => {
    expect(page.responses[0].content.map(({mediaType, stream}) => `${mediaType} ${stream}`)).toEqual([
      'text/event-stream event-stream',
      'application/jsonl json-lines',
      'application/x-ndjson json-lines',
      'application/json-seq json-seq',
    ]);
    expect(sse.schema).toMatchObject({refName: 'JobEvent', typeLabel: 'JobEvent'});
    expect(sse.schema?.properties?.map(({name}) => name)).toEqual(['id', 'status']);
  });

  it('frames examples in the media type: SSE data lines, one JSON text per line, RS-prefixed', () => {
    expect(sse.examples[0]).toMatchObject({generated: true, value: 'data: {"id":7,"status":"done"}\n\ndata: {"id":7,"status":"done"}\n\ndata: {"id":7,"status":"done"}\n'});
    expect(jsonl.examples[0].value).toBe('{"id":1}\n{"id":2}\n');
    expect(ndjson.examples[0].value).toBe('{"id":1}\n{"id":2,"status":"done"}\n');
    // Shown with the symbol for the separator: HTML allows no control character in text.
    expect(seq.examples[0].value).toBe('␞{"id":1}\n');
    expect(streamText([{id: 1}, {id: 2}], 'application/json-seq')).toBe('\u001e{"id":1}\n\u001e{"id":2}\n');
    expect(streamText([{event: 'done', data: 'line 1\nline 2', id: '9'}], 'text/event-stream')).toBe('event: done\ndata: line 1\ndata: line 2\nid: 9\n');
  });

  it('says "Stream of" in the Markdown twin', () => {
    const twin = operationToMarkdown({...page, codeSamples: []}, {siteUrl: 'https://docs.example'});
    expect(twin).toContain('Stream of `JobEvent`: one server-sent event per item. Each item:');
    expect(twin).toContain('Stream of `object`: each item a JSON text after a record separator (RFC 7464), shown as ␞. Each item:');
  });
});

describe('Example Objects’ dataValue and serializedValue', () => {
  const document = spec({
    paths: {
      '/notes': {
        post: {
          operationId: 'createNote',
          parameters: [{name: 'lang', in: 'query', schema: {type: 'string'}, examples: {french: {dataValue: 'fr'}}}],
          requestBody: {
            content: {
              'application/json': {examples: {data: {summary: 'As data', dataValue: {text: 'hi'}}, wire: {serializedValue: '{"text": "hi"}'}}},
              'application/x-www-form-urlencoded': {examples: {form: {dataValue: {text: 'hi there'}}}},
            },
          },
          responses: ok,
        },
      },
    },
  });
  const page = operationPageModel(document, assignPageIds(document).operations[0]);

  it('shows dataValue as the example value and serializedValue as written', () => {
    const [json, form] = page.requestBody!.content;
    expect(json.examples.map(({name, summary, value}) => [name, summary, value])).toEqual([
      ['data', 'As data', '{\n  "text": "hi"\n}'],
      ['wire', undefined, '{"text": "hi"}'],
    ]);
    expect(form.examples[0].value).toBe('text=hi%20there');
    expect(page.parameters[0].example).toBe('"fr"');
  });
});

describe('response summaries and OpenAPI 3.2 security schemes', () => {
  const document = spec({
    paths: {
      '/devices': {
        get: {
          operationId: 'listDevices',
          security: [{legacyKey: []}, {device: ['devices:read']}],
          responses: {'200': {summary: 'The devices', description: 'Every device of the account.'}, '404': {description: 'none'}},
        },
      },
    },
    components: {
      securitySchemes: {
        legacyKey: {type: 'apiKey', in: 'header', name: 'X-Key', deprecated: true},
        device: {
          type: 'oauth2',
          oauth2MetadataUrl: 'https://auth.example/.well-known/oauth-authorization-server',
          flows: {
            deviceAuthorization: {deviceAuthorizationUrl: 'https://auth.example/device', tokenUrl: 'https://auth.example/token', scopes: {'devices:read': 'Read devices'}},
          },
        },
      },
    },
  });
  const page = operationPageModel(document, assignPageIds(document).operations[0]);

  it('carries a response’s summary as its short label', () => {
    expect(page.responses.map(({status, summary}) => [status, summary])).toEqual([
      ['200', 'The devices'],
      ['404', undefined],
    ]);
    expect(operationToMarkdown({...page, codeSamples: []}, {siteUrl: 'https://docs.example'})).toContain('### 200 The devices');
  });

  it('marks deprecated schemes, and carries the device flow and the metadata URL', () => {
    expect(page.security.map((alternative) => alternative.map(({scheme, deprecated}) => [scheme, deprecated]))).toEqual([[['legacyKey', true]], [['device', undefined]]]);
    expect(securitySchemeModels(document)).toMatchObject([
      {key: 'legacyKey', deprecated: true},
      {
        key: 'device',
        oauth2MetadataUrl: 'https://auth.example/.well-known/oauth-authorization-server',
        flows: [{type: 'deviceAuthorization', deviceAuthorizationUrl: 'https://auth.example/device', tokenUrl: 'https://auth.example/token', scopes: [{name: 'devices:read'}]}],
      },
    ]);
    expect(page.authSchemes.map(({key, deprecated}) => [key, deprecated])).toEqual([['legacyKey', true], ['device', undefined]]);
  });
});

describe('tags with a parent and a kind', () => {
  const document = spec({
    tags: [
      {name: 'Store', kind: 'nav'},
      {name: 'Orders', parent: 'Store'},
      {name: 'Refunds', parent: 'Orders', kind: 'nav'},
      {name: 'Loop A', parent: 'Loop B'},
      {name: 'Loop B', parent: 'Loop A'},
      {name: 'Beta', kind: 'badge'},
    ],
    paths: {
      '/store': {get: {operationId: 'getStore', tags: ['Store'], responses: ok}},
      '/orders': {get: {operationId: 'listOrders', tags: ['Orders', 'Beta'], responses: ok}},
      '/refunds': {get: {operationId: 'listRefunds', tags: ['Refunds'], responses: ok}},
      '/loop': {get: {operationId: 'loop', tags: ['Loop A', 'Loop B'], responses: ok}},
    },
  });
  const ids = assignPageIds(document);

  it('shows a tag of another kind than nav as a label, not a sidebar category', () => {
    const page = operationPageModel(document, ids.operations[1]);
    expect(page.tagBadges).toEqual([{name: 'Beta', kind: 'badge'}]);
    expect(operationPageModel(document, ids.operations[0]).tagBadges).toBeUndefined();
    // The plugin still writes the label's page (the overview links to it); its category leaves the sidebar.
    const outline = pageOutline(document) as {paths: Record<string, Record<string, JsonObject>>};
    expect(outline.paths['/orders'].get.tags).toEqual(['orders', 'beta']);
    const doc = (id: string) => ({type: 'doc', id: `api/${id}`});
    const arrangement = {schemaLabels: new Map(), webhookPageIds: new Set<string>(), labelTags: new Set(['beta'])};
    const orders = {type: 'category', label: 'Orders', link: doc('orders'), items: [doc('list-orders')]};
    const beta = (...pages: string[]) => ({type: 'category', label: 'Beta', link: doc('beta'), items: pages.map(doc)});
    expect(arrangeSidebarItems([orders, beta('list-orders')], arrangement)).toEqual([orders]);
    // A page only a label tag holds keeps the category, so it stays in the sidebar.
    expect(arrangeSidebarItems([orders, beta('list-orders', 'beta-only')], arrangement)).toEqual([orders, beta('list-orders', 'beta-only')]);
  });

  it('nests a tag’s category in its parent’s, after its pages, and leaves loops where they were', () => {
    const parents = tagParentPageIds(document, ids);
    expect([...parents]).toEqual([
      ['orders', 'store'],
      ['refunds', 'orders'],
      ['loop-a', 'loop-b'],
      ['loop-b', 'loop-a'],
    ]);
    const category = (id: string) => ({type: 'category', label: id, link: {type: 'doc', id: `api/${id}`}, items: [{type: 'doc', id: `api/page-of-${id}`}]});
    const arranged = arrangeSidebarItems(['store', 'orders', 'refunds', 'loop-a', 'loop-b'].map(category), {schemaLabels: new Map(), webhookPageIds: new Set(), tagParents: parents});
    expect(arranged).toEqual([
      {...category('store'), items: [{type: 'doc', id: 'api/page-of-store'}, {...category('orders'), items: [{type: 'doc', id: 'api/page-of-orders'}, category('refunds')]}]},
      category('loop-a'),
      category('loop-b'),
    ]);
  });
});

describe('$self, the document’s own URL', () => {
  it('resolves relative server URLs against it, keeping their variables', () => {
    const document = new SpecDocument({openapi: '3.2.0', $self: 'https://api.example/specs/v2/openapi.yaml', info: {title: 'T', version: '1'}, paths: {}});
    expect(serverModels(document, [{url: '/v2'}, {url: 'sandbox/{region}', variables: {region: {default: 'eu'}}}, {url: 'https://other.example'}])).toEqual([
      {url: 'https://api.example/v2'},
      {url: 'https://api.example/specs/v2/sandbox/eu', template: 'https://api.example/specs/v2/sandbox/{region}', variables: [{name: 'region', default: 'eu'}]},
      {url: 'https://other.example'},
    ]);
    expect(serverModels(document)).toEqual([{url: 'https://api.example/'}]);
  });

  it('is ignored when it is not an absolute web URL', () => {
    const document = new SpecDocument({openapi: '3.2.0', $self: '/openapi.yaml', info: {title: 'T', version: '1'}, paths: {}});
    expect(serverModels(document, [{url: '/v2'}])).toEqual([{url: '/v2'}]);
  });
});

describe('the Postman collection', () => {
  it('has a request for each query and additional operation, in its tag’s folder', async () => {
    const document = spec({
      paths: {
        '/items': {
          get: {operationId: 'listItems', tags: ['Items'], responses: ok},
          query: {
            operationId: 'searchItems',
            summary: 'Search items',
            tags: ['Items'],
            requestBody: {content: {'application/json': {examples: {red: {dataValue: {colour: 'red'}}}}}},
            responses: {'200': {description: 'ok', content: {'application/json': {schema: {type: 'array'}}}}},
          },
        },
        '/items/{itemId}': {additionalOperations: {COPY: {operationId: 'copyItem', security: [], responses: ok}}},
      },
    });
    const collection = await buildPostmanCollection(document);
    const items = collection.item.find(({name}) => name === 'Items')?.item ?? [];
    expect(items.map(({name, request}) => `${name} ${request?.method}`)).toEqual(['list Items GET', 'Search items QUERY']);
    expect(items[1].request).toMatchObject({
      header: [
        {key: 'Accept', value: 'application/json'},
        {key: 'Content-Type', value: 'application/json'},
      ],
      url: {raw: '{{baseUrl}}/items', host: ['{{baseUrl}}'], path: ['items']},
      body: {mode: 'raw', raw: '{\n  "colour": "red"\n}'},
    });
    const copy = requestItems(collection.item).find(({request}) => request?.method === 'COPY');
    expect(copy?.request).toMatchObject({url: {path: ['items', ':itemId'], variable: [{key: 'itemId', value: ''}]}, auth: {type: 'noauth'}});
    expect(copy?.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
