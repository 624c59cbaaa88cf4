// postman-collection ships its types as an ambient module (types/index.d.ts)
// that its package.json does not point to, so no import can reach them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../../node_modules/postman-collection/types/index.d.ts" />
import {mkdtemp, readdir, readFile, rm, stat, writeFile, mkdir} from 'node:fs/promises';
import {randomBytes} from 'node:crypto';
import {gunzipSync} from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {Collection, Item, ItemGroup} from 'postman-collection';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {parse, stringify} from 'yaml';

import specDownloadsPlugin, {
  compressedRedirects,
  fitDownloads,
  parseSpec,
  publishedDownloads,
  specDownloads,
  specDownloadsInWorker,
  type SpecDownloadsContent,
} from '../index';
import {DEFAULT_OPTIONS, validateOptions} from '../downloads-options';
import {sampleFromSchema} from '../../../openapi/models/sample';
import type {SpecDocument} from '../../../spec-reader/spec-document';
import {
  POSTMAN_SCHEMA_V21,
  baseUrlOf,
  buildPostmanCollection,
  requestItems,
  stableId,
  type PostmanCollectionJson,
} from '../postman';

/** The `type` of a postman-collection auth object (its types say `toJSON(): void`). */
const authType = (auth: unknown) => (JSON.parse(JSON.stringify(auth ?? null)) as {type?: string} | null)?.type;

const bundledSpecPath = path.resolve(__dirname, '../../../../openapi/meridian.yaml');

describe('validateOptions', () => {
  it('fills in the defaults', () => {
    expect(validateOptions(undefined)).toEqual(DEFAULT_OPTIONS);
    expect(validateOptions({id: 'default'})).toEqual({...DEFAULT_OPTIONS, id: 'default'});
    expect(validateOptions({postmanFilename: 'downloads/meridian.json'}).postmanFilename).toBe('downloads/meridian.json');
  });

  it('names the option and the value it refuses', () => {
    expect(() => validateOptions('x')).toThrow('[spec-downloads] options must be an object, got "x"');
    expect(() => validateOptions({specPath: ''})).toThrow('[spec-downloads] option "specPath" must be a non-empty path, got ""');
    expect(() => validateOptions({postmanFilename: '../collection.json'})).toThrow(
      '[spec-downloads] option "postmanFilename" must be a relative path inside the build output ending in ".json", got "../collection.json"',
    );
    expect(() => validateOptions({yamlFilename: 'openapi.json'})).toThrow(
      '[spec-downloads] option "yamlFilename" must be a relative path inside the build output ending in ".yaml" or ".yml", got "openapi.json"',
    );
    expect(() => validateOptions({jsonFilename: '/openapi.json'})).toThrow(
      '[spec-downloads] option "jsonFilename" must be a relative path inside the build output ending in ".json", got "/openapi.json"',
    );
    expect(() => validateOptions({postmanFilename: 'openapi.json'})).toThrow(
      '[spec-downloads] options "yamlFilename", "jsonFilename" and "postmanFilename" must differ, got ["openapi.yaml","openapi.json","openapi.json"]',
    );
    expect(() => validateOptions({postmanFile: 'x.json'})).toThrow(
      '[spec-downloads] unknown option "postmanFile"; known options: specPath, yamlFilename, jsonFilename, postmanFilename, maxFileBytes',
    );
    expect(() => validateOptions({maxFileBytes: 25e6 + 0.5})).toThrow(
      '[spec-downloads] option "maxFileBytes" must be a whole number of bytes, at least 1024, got 25000000.5',
    );
  });
});

describe('parseSpec', () => {
  it('refuses YAML that is not an OpenAPI document with operations', () => {
    expect(() => parseSpec('a: [', 'spec.yaml')).toThrow(/^\[spec-downloads\] spec\.yaml is not valid YAML: /);
    expect(() => parseSpec('swagger: "2.0"', 'spec.yaml')).toThrow(
      '[spec-downloads] spec.yaml is not an OpenAPI document (no "openapi" version field). Run "npm run spec" again.',
    );
    expect(() => parseSpec('openapi: 3.1.0\ninfo: {title: x, version: "1"}\npaths: {}', 'spec.yaml')).toThrow(
      '[spec-downloads] spec.yaml has no operations and no webhooks; refusing to publish an empty API description.',
    );
  });

  it('publishes a description of webhooks only, with an empty Postman collection', async () => {
    const yamlText = 'openapi: 3.1.0\ninfo: {title: Events, version: "2"}\nwebhooks:\n  petAdopted:\n    post: {responses: {"200": {description: ok}}}\n';
    const files = await specDownloads(yamlText, {...DEFAULT_OPTIONS, specPath: 'spec.yaml'});
    const collection = JSON.parse(files.find((file) => file.filename === DEFAULT_OPTIONS.postmanFilename)!.contents) as {info: {name: string}; item: unknown[]};
    expect(collection.info.name).toBe('Events');
    expect(collection.item).toEqual([]);
  });

  it('reads `security: []` as no authentication, and a `security` that is not a list as inherited auth instead of failing', async () => {
    const yamlText = [
      'openapi: 3.1.0',
      'info: {title: Pets, version: "1"}',
      'security: [{bearer: []}]',
      'components: {securitySchemes: {bearer: {type: http, scheme: bearer}}}',
      'paths:',
      '  /open: {get: {summary: Open, security: [], responses: {"200": {description: ok}}}}',
      '  /odd: {get: {summary: Odd, security: {bearer: []}, responses: {"200": {description: ok}}}}',
      '',
    ].join('\n');
    const files = await specDownloads(yamlText, {...DEFAULT_OPTIONS, specPath: 'spec.yaml'});
    const collection = JSON.parse(files.find((file) => file.filename === DEFAULT_OPTIONS.postmanFilename)!.contents) as PostmanCollectionJson;
    const auth = Object.fromEntries(requestItems(collection.item).map((item) => [item.name, item.request?.auth]));
    expect(auth).toEqual({Open: {type: 'noauth'}, Odd: undefined});
  });
});

describe('bodies in the Postman collection', () => {
  /** `count` entities, each with a link to every other (Microsoft Graph's navigation properties). */
  function entitiesSpec(count: number): string {
    const names = Array.from({length: count}, (_, index) => `entity${index}`);
    const schemas = Object.fromEntries(
      names.map((name) => [
        name,
        {
          type: 'object',
          properties: {
            id: {type: 'string', example: `${name}-id`},
            ...Object.fromEntries(names.filter((other) => other !== name).map((other) => [other, {type: 'array', items: {$ref: `#/components/schemas/${other}`}}])),
          },
        },
      ]),
    );
    const json = (name: string) => ({content: {'application/json': {schema: {$ref: `#/components/schemas/${name}`}}}});
    const paths = Object.fromEntries(
      names.map((name) => [
        `/${name}`,
        {post: {operationId: `create-${name}`, requestBody: json(name), responses: {'201': {description: 'Created', ...json(name)}}}},
      ]),
    );
    return JSON.stringify({openapi: '3.0.3', info: {title: 'Entities', version: '1'}, servers: [{url: 'https://example.test'}], paths, components: {schemas}});
  }

  it('are the examples the pages show, so that schemas reaching each other do not blow up the conversion', async () => {
    // openapi-to-postmanv2 alone resolves each body ten references deep: 12^10 here.
    const spec = parseSpec(entitiesSpec(12), 'entities.json');
    const before = structuredClone(spec.root);
    const collection = await buildPostmanCollection(spec);
    const requests = requestItems(collection.item);
    expect(requests).toHaveLength(12);
    const request = requests.find((item) => (item.request?.url as {path: string[]}).path.join('/') === 'entity3')!;
    const body = (request.request as {body?: {raw?: string}}).body;
    const shown = sampleFromSchema(spec, {$ref: '#/components/schemas/entity3'}, 'request');
    expect(shown).toHaveProperty('id', 'entity3-id');
    expect(JSON.parse(body!.raw!)).toEqual(shown);
    const response = (request.response as {code?: number; body?: string}[]).find((saved) => saved.code === 201)!;
    expect(JSON.parse(response.body!)).toEqual(sampleFromSchema(spec, {$ref: '#/components/schemas/entity3'}, 'response'));
    // The converter changes what it is given; the published spec stays as it was.
    expect(spec.root).toEqual(before);
  });

  it('keeps the fields of a form from its schema, and an example the spec gives', async () => {
    const spec = parseSpec(await readFile(bundledSpecPath, 'utf8'), bundledSpecPath);
    const requests = requestItems((await buildPostmanCollection(spec)).item);
    const token = requests.find((item) => item.request?.method === 'POST' && (item.request.url as {path: string[]}).path.join('/') === 'v1/oauth/token')!;
    const form = (token.request as {body?: {mode: string; urlencoded: {key: string; value: string}[]}}).body!;
    expect(form.mode).toBe('urlencoded');
    expect(form.urlencoded.map((field) => field.key)).toEqual(['grant_type', 'client_id', 'client_secret', 'scope']);
    expect(form.urlencoded.find((field) => field.key === 'client_secret')?.value).toBe('YOUR_CLIENT_SECRET');
  });
});

describe('parameters and headers in the Postman collection', () => {
  // None has an example: openapi-to-postmanv2 fakes one with Math.random and the day's date.
  const spec = () =>
    parseSpec(
      JSON.stringify({
        openapi: '3.0.3',
        info: {title: 'Params', version: '1'},
        servers: [{url: 'https://example.test'}],
        paths: {
          '/items/{itemId}': {
            parameters: [{name: 'itemId', in: 'path', required: true, schema: {type: 'integer', minimum: 10}}],
            get: {
              operationId: 'get-item',
              parameters: [
                {$ref: '#/components/parameters/since'},
                {name: 'region', in: 'query', required: true, schema: {type: 'string', enum: ['us-east-1', 'us-west-2'], default: 'us-west-2'}},
                {name: 'X-Trace', in: 'header', required: true, schema: {type: 'string', format: 'uuid'}},
                {name: 'ids', in: 'query', required: true, schema: {type: 'array', items: {type: 'number'}}},
                {name: 'filter', in: 'query', required: true, content: {'application/json': {schema: {type: 'object', properties: {n: {type: 'integer', minimum: 3}}}}}},
              ],
              responses: {'200': {description: 'OK', headers: {'X-Rate-Limit': {schema: {type: 'integer', minimum: 5}}}, content: {'application/json': {schema: {type: 'object'}}}}},
            },
          },
        },
        components: {parameters: {since: {name: 'since', in: 'query', required: true, schema: {type: 'string', format: 'date-time'}}}},
      }),
      'params.json',
    );

  it('are the values the pages show (a default first), the same on every build', async () => {
    const first = await buildPostmanCollection(spec());
    const [request] = requestItems(first.item);
    const url = request.request!.url as unknown as {query: {key: string; value: string}[]; variable: {key: string; value: string}[]};
    const query = Object.fromEntries(url.query.map((field) => [field.key, field.value]));
    const parsed = spec();
    const shown = (schema: unknown) => sampleFromSchema(parsed, schema, 'request');
    expect(url.variable).toEqual([expect.objectContaining({key: 'itemId', value: String(shown({type: 'integer', minimum: 10}))})]);
    expect(query.since).toBe(shown({type: 'string', format: 'date-time'}));
    expect(query.region).toBe('us-west-2');
    expect(url.query.filter((field) => field.key === 'ids').map((field) => field.value)).toEqual((shown({type: 'array', items: {type: 'number'}}) as number[]).map(String));
    const headers = (request.request as unknown as {header: {key: string; value: string}[]}).header;
    expect(headers.find((header) => header.key === 'X-Trace')?.value).toBe(shown({type: 'string', format: 'uuid'}));
    const saved = (request.response as unknown as {header: {key: string; value: string}[]}[])[0];
    expect(saved.header.find((header) => header.key === 'X-Rate-Limit')?.value).toBe(String(shown({type: 'integer', minimum: 5})));
    // Math.random differs between the two conversions; the files do not.
    expect(JSON.stringify(await buildPostmanCollection(spec()))).toBe(JSON.stringify(first));
  });
});

describe('helpers', () => {
  it('takes the base URL from the first server, with variables at their defaults', () => {
    expect(baseUrlOf({servers: [{url: 'https://{region}.api.example/v1/', variables: {region: {default: 'eu'}}}]})).toBe(
      'https://eu.api.example/v1',
    );
    expect(baseUrlOf({})).toBe('/');
  });

  it('derives stable UUID-shaped ids', () => {
    expect(stableId('a')).toBe(stableId('a'));
    expect(stableId('a')).not.toBe(stableId('b'));
    expect(stableId('a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('the Postman collection of the bundled spec', () => {
  let yamlText: string;
  let spec: SpecDocument;
  let collection: PostmanCollectionJson;

  beforeAll(async () => {
    yamlText = await readFile(bundledSpecPath, 'utf8');
    spec = parseSpec(yamlText, bundledSpecPath);
    collection = await buildPostmanCollection(spec);
  });

  it('is a v2.1 collection named after the API', () => {
    expect(collection.info.schema).toBe(POSTMAN_SCHEMA_V21);
    expect(collection.info.name).toBe('Meridian API');
    expect(collection.info.version).toBe(spec.info.version);
  });

  it('has one request per operation (24), each in the folder of its first tag', () => {
    expect(spec.operations()).toHaveLength(24);
    const requests = requestItems(collection.item);
    expect(requests).toHaveLength(24);

    const paths = spec.root.paths as Record<string, Record<string, {tags?: string[]}>>;
    const tags = (spec.root.tags as {name: string}[]).map(({name}) => name);
    expect(collection.item.map((folder) => folder.name)).toEqual(tags);
    for (const folder of collection.item) {
      expect(folder.request, `${folder.name} is a folder`).toBeUndefined();
      for (const request of folder.item ?? []) {
        const url = request.request?.url as {path: string[]};
        const pathName = `/${url.path.map((segment) => segment.replace(/^:(.+)$/, '{$1}')).join('/')}`;
        const operation = paths[pathName]?.[String(request.request?.method).toLowerCase()];
        expect(operation, `${request.request?.method} ${pathName}`).toBeDefined();
        expect(operation.tags?.[0]).toBe(folder.name);
      }
    }
  });

  it('uses {{baseUrl}} set to the first server and the bearer token {{accessToken}}', () => {
    expect(collection.variable).toContainEqual(expect.objectContaining({key: 'baseUrl', value: 'https://api.meridian.example'}));
    expect(collection.variable).toContainEqual(expect.objectContaining({key: 'accessToken', value: ''}));
    expect(collection.auth).toEqual({type: 'bearer', bearer: [{key: 'token', value: '{{accessToken}}', type: 'string'}]});
    for (const request of requestItems(collection.item)) {
      expect((request.request?.url as {host: string[]}).host).toEqual(['{{baseUrl}}']);
    }
    const tokenRequest = requestItems(collection.item).find((item) => item.name === 'Get an access token');
    expect(tokenRequest?.request?.auth).toEqual({type: 'noauth'});
    const listContacts = requestItems(collection.item).find((item) => item.name === 'List contacts');
    expect(listContacts?.request).not.toHaveProperty('auth');
  });

  it('parses with postman-collection and keeps every request through a round trip', () => {
    const definition = collection as unknown as Collection.definition;
    expect(Collection.isCollection(new Collection(definition))).toBe(true);
    const parsed = new Collection(definition);
    const folders = parsed.items.all() as unknown as ItemGroup[];
    expect(folders.every((folder) => ItemGroup.isItemGroup(folder))).toBe(true);
    const requests = folders.flatMap((folder) => folder.items.all() as unknown as Item[]);
    expect(requests).toHaveLength(24);
    for (const item of requests) {
      expect(Item.isItem(item)).toBe(true);
      expect(item.request.method).toMatch(/^(GET|POST|PUT|PATCH|DELETE)$/);
      expect(item.request.url.toString()).toMatch(/^\{\{baseUrl\}\}\/v1\//);
      expect([undefined, 'noauth']).toContain(authType(item.request.auth));
    }
    expect(parsed.toJSON().auth.type).toBe('bearer');
    const roundTrip = JSON.parse(JSON.stringify(parsed.toJSON())) as PostmanCollectionJson;
    expect(requestItems(roundTrip.item)).toHaveLength(24);
    expect(roundTrip.info.schema).toBe(POSTMAN_SCHEMA_V21);
  });

  it('is the same file on every build', async () => {
    expect(JSON.stringify(await buildPostmanCollection(spec))).toBe(JSON.stringify(collection));
  });
});

describe('the plugin', () => {
  let siteDir: string;

  beforeAll(async () => {
    siteDir = await mkdtemp(path.join(os.tmpdir(), 'spec-downloads-'));
    await mkdir(path.join(siteDir, '.spec'));
    await mkdir(path.join(siteDir, 'build'));
    await writeFile(path.join(siteDir, '.spec/openapi.yaml'), await readFile(bundledSpecPath));
  });

  afterAll(async () => {
    await rm(siteDir, {recursive: true, force: true});
  });

  it('writes the YAML byte for byte, the same document as JSON, and the collection', async () => {
    const plugin = specDownloadsPlugin({siteDir} as LoadContext, {}) as Plugin<SpecDownloadsContent>;
    expect(plugin.name).toBe('spec-downloads');
    const content = (await plugin.loadContent?.()) as SpecDownloadsContent;
    const outDir = path.join(siteDir, 'build');
    await plugin.postBuild?.({outDir, content} as Parameters<NonNullable<typeof plugin.postBuild>>[0]);

    const source = await readFile(bundledSpecPath);
    expect((await readFile(path.join(outDir, 'openapi.yaml'))).equals(source)).toBe(true);
    const json = await readFile(path.join(outDir, 'openapi.json'), 'utf8');
    expect(JSON.parse(json)).toEqual(parse(source.toString('utf8')));
    expect(json).toBe(`${JSON.stringify(JSON.parse(json), null, 2)}\n`);
    const collection = JSON.parse(await readFile(path.join(outDir, 'meridian.postman_collection.json'), 'utf8'));
    expect(requestItems(collection.item)).toHaveLength(24);
  });

  it('says what to do when the resolved spec is missing', async () => {
    const plugin = specDownloadsPlugin({siteDir: path.join(siteDir, 'nowhere')} as LoadContext, {});
    await expect(plugin.loadContent?.()).rejects.toThrow(/^\[spec-downloads\] cannot read the resolved spec at .*: .*\. Run "npm run spec" first\.$/);
  });

  it('builds the same files in a worker thread, and passes its errors on', async () => {
    const yamlText = await readFile(bundledSpecPath, 'utf8');
    expect(await specDownloadsInWorker(yamlText, DEFAULT_OPTIONS)).toEqual(await publishedDownloads(yamlText, DEFAULT_OPTIONS));
    expect(await publishedDownloads(yamlText, DEFAULT_OPTIONS)).toEqual(await specDownloads(yamlText, DEFAULT_OPTIONS));
    await expect(specDownloadsInWorker('openapi: [', {...DEFAULT_OPTIONS, specPath: 'broken.yaml'})).rejects.toThrow(
      /^\[spec-downloads\] broken\.yaml is not valid YAML: /,
    );
  });

  it('publishes a download over maxFileBytes compressed, its URL sent there, and no file over the limit', async () => {
    // A generated description of 150 operations, each download over 16 KB.
    const paths: Record<string, unknown> = {};
    for (let n = 0; n < 150; n += 1) {
      paths[`/things/${n}/parts`] = {
        get: {operationId: `listParts${n}`, tags: [`Things ${n % 40}`], summary: `List the parts of thing ${n}`, responses: {200: {description: 'The parts.'}}},
      };
    }
    const yamlText = stringify({openapi: '3.1.0', info: {title: 'Large', version: '1.0.0'}, servers: [{url: 'https://api.example'}], paths});
    const maxFileBytes = 16 * 1024;
    const large = path.join(siteDir, 'large');
    await mkdir(path.join(large, '.spec'), {recursive: true});
    await writeFile(path.join(large, '.spec/openapi.yaml'), yamlText);
    const plugin = specDownloadsPlugin({siteDir: large, baseUrl: '/site/'} as LoadContext, {maxFileBytes}) as Plugin<SpecDownloadsContent>;
    const outDir = path.join(large, 'build');
    await plugin.postBuild?.({outDir, content: (await plugin.loadContent?.()) as SpecDownloadsContent} as Parameters<NonNullable<typeof plugin.postBuild>>[0]);

    const written = (await readdir(outDir)).sort();
    expect(written).toEqual(['_redirects', 'meridian.postman_collection.json.gz', 'openapi.json.gz', 'openapi.yaml.gz']);
    for (const file of written) expect((await stat(path.join(outDir, file))).size, file).toBeLessThanOrEqual(maxFileBytes);
    expect(gunzipSync(await readFile(path.join(outDir, 'openapi.yaml.gz'))).toString('utf8')).toBe(yamlText);
    expect(JSON.parse(gunzipSync(await readFile(path.join(outDir, 'openapi.json.gz'))).toString('utf8'))).toEqual(parse(yamlText));
    const collection = JSON.parse(gunzipSync(await readFile(path.join(outDir, 'meridian.postman_collection.json.gz'))).toString('utf8'));
    expect(requestItems(collection.item)).toHaveLength(150);
    expect(await readFile(path.join(outDir, '_redirects'), 'utf8')).toBe(
      [
        '/site/openapi.yaml /site/openapi.yaml.gz 302',
        '/site/openapi.json /site/openapi.json.gz 302',
        '/site/meridian.postman_collection.json /site/meridian.postman_collection.json.gz 302',
        '',
      ].join('\n'),
    );
  });

  it('cuts a download still over the limit once compressed into pieces that join up', () => {
    // Random bytes as hex compress only to half: 300 KB of text stays over 64 KB compressed.
    const contents = randomBytes(150_000).toString('hex');
    const files = fitDownloads([{filename: 'big.json', contents}, {filename: 'small.yaml', contents: 'a: 1\n'}], 64 * 1024);
    const pieces = files.filter((file) => file.filename.startsWith('big.json.gz.part-'));
    expect(pieces.length).toBeGreaterThan(1);
    expect(files.map((file) => file.filename)).toEqual([...pieces.map((_, n) => `big.json.gz.part-${n + 1}`), 'small.yaml']);
    for (const piece of pieces) expect(Buffer.byteLength(piece.contents)).toBeLessThanOrEqual(64 * 1024);
    expect(gunzipSync(Buffer.concat(pieces.map((piece) => piece.contents as Uint8Array))).toString('utf8')).toBe(contents);
    expect(compressedRedirects(files, '/')).toEqual([]);
  });

  it('returns the files it would write', async () => {
    const files = await specDownloads(await readFile(bundledSpecPath, 'utf8'), {...DEFAULT_OPTIONS, postmanFilename: 'x/api.json'});
    expect(files.map(({filename}) => filename)).toEqual(['openapi.yaml', 'openapi.json', 'x/api.json']);
  });
});
