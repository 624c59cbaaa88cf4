import {mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import kebabCase from 'lodash/kebabCase';
import {describe, expect, it} from 'vitest';
import {stringify} from 'yaml';

import {createPageGenerators} from '../page-generators';
import {assignPageIds, MAX_PAGE_ID_BYTES, shortenPageId} from '../page-ids';
import {pageOutline} from '../page-outline';
import {SpecDocument, type JsonObject} from '../../../spec-reader/spec-document';
import {parsePageModel} from '../../models/model-file';

const ok = {responses: {'200': {description: 'OK'}}};

function spec(document: JsonObject): SpecDocument {
  return new SpecDocument({openapi: '3.1.0', info: {title: 'Pets', version: '1'}, ...document});
}

describe('assignPageIds', () => {
  const imperfect = spec({
    tags: [{name: 'Pets', description: 'All about pets'}, {name: 'Unused'}],
    paths: {
      '/pets': {
        get: {operationId: 'listPets', tags: ['Pets'], ...ok},
        post: {operationId: 'listPets', tags: ['Pets', 'Owners'], ...ok},
        put: {summary: 'Replace', ...ok},
        patch: {summary: 'Replace', ...ok},
        delete: {...ok},
      },
      '/index': {get: {operationId: 'index', ...ok}},
      '/changelog': {get: {operationId: 'changelog', ...ok}},
      '/pets-tag': {get: {operationId: 'pets', ...ok}},
    },
    webhooks: {petAdopted: {post: {...ok}}},
  });

  it('gives every operation, webhook and used tag a unique id, and the overview one of its own', () => {
    const ids = assignPageIds(imperfect);
    expect(ids.tags).toEqual([
      {name: 'Pets', pageId: 'pets', declared: true, description: 'All about pets'},
      {name: 'Owners', pageId: 'owners', declared: false},
    ]);
    expect(ids.operations.map((entry) => `${entry.kind} ${entry.method} ${entry.path} -> ${entry.pageId}`)).toEqual([
      'operation get /pets -> list-pets',
      'operation put /pets -> replace',
      'operation post /pets -> list-pets-2',
      'operation delete /pets -> delete-pets',
      'operation patch /pets -> replace-2',
      // Docusaurus makes a doc named index the folder's index page.
      'operation get /index -> index-2',
      // An API's changelog page is <prefix>/changelog.
      'operation get /changelog -> changelog-2',
      // The tag page "pets" came first.
      'operation get /pets-tag -> pets-2',
      'webhook post petAdopted -> pet-adopted',
    ]);
    expect(ids.overviewId).toBe('pets-overview');
    expect(ids.byOperationId('listPets')?.method).toBe('get');
    expect(ids.tagPageId('Owners')).toBe('owners');
    expect(ids.tagPageId('Unused')).toBeUndefined();
    const all = [...ids.tags.map((tag) => tag.pageId), ...ids.operations.map((entry) => entry.pageId), ids.overviewId];
    expect(new Set(all).size).toBe(all.length);
  });

  it('says which ids it had to choose, and where', () => {
    expect(assignPageIds(imperfect).notes).toEqual([
      {kind: 'operation', pointer: '/paths/~1pets/post/operationId', message: 'operationId "listPets" is also used by GET /pets; operationIds must be unique, so this page is "list-pets-2"'},
      {kind: 'operation', pointer: '/paths/~1pets/delete', message: 'DELETE /pets has no operationId and no summary; its page is "delete-pets" (from its method and path)'},
      {kind: 'operation', pointer: '/paths/~1pets/patch', message: 'PATCH /pets has no operationId; its page is "replace-2" (from its summary, which another page has too)'},
      {kind: 'operation', pointer: '/paths/~1index/get/operationId', message: 'the page id "index" of operationId "index" is taken by another page; this page is "index-2"'},
      {kind: 'operation', pointer: '/paths/~1changelog/get/operationId', message: 'the page id "changelog" of operationId "changelog" is taken by another page; this page is "changelog-2"'},
      {kind: 'operation', pointer: '/paths/~1pets-tag/get/operationId', message: 'the page id "pets" of operationId "pets" is taken by another page; this page is "pets-2"'},
    ]);
  });

  it('is the same for the same document', () => {
    const again = assignPageIds(new SpecDocument(structuredClone(imperfect.root)));
    expect(again.operations.map((entry) => entry.pageId)).toEqual(assignPageIds(imperfect).operations.map((entry) => entry.pageId));
  });

  it('falls back to a numbered id for names with no letters or digits', () => {
    const ids = assignPageIds(spec({info: {title: '???', version: '1'}, paths: {'/a': {get: {tags: ['!!!'], ...ok}}}}));
    expect(ids.tags[0].pageId).toBe('tag-1');
    expect(ids.overviewId).toBe('overview');
  });
});

describe('pageOutline', () => {
  it('hands the plugin our ids in the form it keeps as they are, with every used tag declared', () => {
    const outline = pageOutline(spec({
      tags: [{name: 'Pets'}],
      paths: {'/pets': {delete: {tags: ['Pets', 'Owners'], ...ok}, get: {operationId: 'list pets!', summary: 'List', ...ok}}},
    }));
    expect(outline).toEqual({
      openapi: '3.1.0',
      info: {title: 'Pets', version: '1'},
      tags: [
        {name: 'pets', 'x-displayName': 'Pets'},
        {name: 'owners', 'x-displayName': 'Owners'},
      ],
      paths: {
        '/pets': {
          // In the order the description writes them.
          delete: {operationId: 'delete-pets', summary: 'DELETE /pets', tags: ['pets', 'owners'], responses: {default: {description: ''}}},
          get: {operationId: 'list-pets', summary: 'List', responses: {default: {description: ''}}},
        },
      },
    });
    const paths = outline.paths as Record<string, Record<string, {operationId: string}>>;
    for (const operation of Object.values(paths['/pets'])) expect(kebabCase(operation.operationId)).toBe(operation.operationId);
  });

  it('gives a description with only webhooks an empty paths object', () => {
    const outline = pageOutline(spec({webhooks: {petAdopted: {post: {summary: 'Adopted', ...ok}}}}));
    expect(outline.paths).toEqual({});
    expect(outline.webhooks).toEqual({petAdopted: {post: {operationId: 'adopted', summary: 'Adopted', responses: {default: {description: ''}}}}});
  });
});

describe('page ids longer than a file name allows', () => {
  const chineseSummary = '创建'.repeat(42);
  const longOperationId = `get${'VeryLongOperationName'.repeat(15)}`.slice(0, 316);
  const longTitle = 'Meridian '.repeat(223).slice(0, 2000);
  const longTag = `Tag${'x'.repeat(300)}`;
  const longSchema = `Schema${'Y'.repeat(300)}`;
  const long = spec({
    info: {title: longTitle, version: '1'},
    paths: {
      '/a': {
        get: {summary: chineseSummary, tags: [longTag], ...ok},
        put: {operationId: longOperationId, ...ok},
        post: {operationId: `${longOperationId}A`, ...ok},
      },
    },
    components: {schemas: {[longSchema]: {type: 'object'}}},
  });
  const bytes = (id: string) => Buffer.byteLength(id.split('/').pop()!, 'utf8');

  it('cuts them at a character boundary and ends them in a hash of the whole id, so they stay unique and stable', () => {
    const ids = assignPageIds(long);
    const all = [...ids.tags.map((tag) => tag.pageId), ...ids.operations.map((entry) => entry.pageId), ids.overviewId, ...ids.schemas.map((schema) => schema.pageId)];
    for (const id of all) {
      expect(bytes(id)).toBeLessThanOrEqual(MAX_PAGE_ID_BYTES);
      // The plugin kebab-cases the ids it is handed: they must come back as they are.
      expect(kebabCase(id.split('/').pop())).toBe(id.split('/').pop());
    }
    expect(new Set(all).size).toBe(all.length);
    const [chinese, put, post] = ids.operations.map((entry) => entry.pageId);
    expect(chinese).toMatch(/^[创建]{63}-[a-z]{10}$/);
    expect(bytes(chinese)).toBe(200);
    // Two long operationIds that differ only past the cut.
    expect(post.slice(0, 150)).toBe(put.slice(0, 150));
    expect(post).not.toBe(put);
    expect(assignPageIds(new SpecDocument(structuredClone(long.root))).operations.map((entry) => entry.pageId)).toEqual([chinese, put, post]);
    expect(shortenPageId('short-id')).toBe('short-id');
  });

  it('says where an id was shortened', () => {
    const ids = assignPageIds(long);
    const [chinese, put, post] = ids.operations.map((entry) => entry.pageId);
    expect(ids.notes).toEqual([
      {kind: 'tag', pointer: '/paths/~1a/get/tags/0', message: `the page id from tag "Tag${'x'.repeat(57)}…" would be 303 bytes long, more than the 200 a file name leaves it; its page is "${ids.tags[0].pageId}"`},
      {kind: 'operation', pointer: '/paths/~1a/get/summary', message: `the page id from the summary of GET /a would be 252 bytes long, more than the 200 a file name leaves it; its page is "${chinese}"`},
      {kind: 'operation', pointer: '/paths/~1a/put/operationId', message: `the page id from operationId "${longOperationId.slice(0, 60)}…" would be 376 bytes long, more than the 200 a file name leaves it; its page is "${put}"`},
      {kind: 'operation', pointer: '/paths/~1a/post/operationId', message: `the page id from operationId "${longOperationId.slice(0, 60)}…" would be 378 bytes long, more than the 200 a file name leaves it; its page is "${post}"`},
      {kind: 'operation', pointer: '/info/title', message: `the page id from info.title would be 2000 bytes long, more than the 200 a file name leaves it; its page is "${ids.overviewId}"`},
      {kind: 'operation', pointer: `/components/schemas/${longSchema}`, message: `the page id from schema "${longSchema.slice(0, 60)}…" would be 307 bytes long, more than the 200 a file name leaves it; its page is "${ids.schemas[0].pageId}"`},
    ]);
  });

  it('lets the generator write every page and its data, with the full name as the title', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'page-ids-'));
    try {
      const specPath = path.join(dir, 'openapi.yaml');
      writeFileSync(specPath, stringify(long.root));
      const generators = createPageGenerators({specPath, outputDir: dir, apiDocsBasePath: '/docs/api'});
      const ids = assignPageIds(long);
      for (const entry of ids.operations) {
        const item: {id: string; type: 'api'; title?: string} = {id: entry.pageId, type: 'api'};
        generators.createApiPageMD(item);
        expect([chineseSummary, longOperationId, `${longOperationId}A`]).toContain(item.title);
      }
      generators.createTagPageMD({id: ids.tags[0].pageId, type: 'tag'});
      generators.createSchemaPageMD({id: ids.schemas[0].pageId.split('/').pop()!, type: 'schema'});
      expect(readdirSync(dir).filter((file) => file.endsWith('.page-core.json'))).toHaveLength(3);
      const page = parsePageModel<{name: string}>(readFileSync(path.join(dir, `${ids.tags[0].pageId}.page.json`), 'utf8'));
      expect(page.name).toBe(longTag);
      for (const file of [...readdirSync(dir), ...readdirSync(path.join(dir, 'schemas'))]) expect(Buffer.byteLength(file)).toBeLessThanOrEqual(255);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});
