import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {stringify} from 'yaml';

import {readKeptList, writeKeptLists} from '../kept-files';
import {createPageGenerators} from '../page-generators';
import {assignPageIds} from '../page-ids';
import {operationPageModel} from '../../models/model';
import {SpecDocument, type JsonObject} from '../../../spec-reader/spec-document';
import type {RichText} from '../../models/model-types';
import {elementsOf} from '../../test-helpers/rich-text';
import {parsePageModel} from '../../models/model-file';

/**
 * Two APIs' pages generated in one process, one page of each in turn, as
 * `gen-api-docs all` and the development loop run the generators of every
 * API and version: each page's links must lead into its own API.
 */

/** The same links in every place spec text can be, so that a tree rendered for one API would show in the other. */
const LINKS = 'See [the pets](#tag/Pets), [one pet](#operation/getPet), [the guide](/guide) and [the intro](#section/Introduction).';

function description(title: string): JsonObject {
  return {
    openapi: '3.1.0',
    info: {title, version: '1', description: `# Introduction\n\n${LINKS}`},
    tags: [{name: 'Pets', description: LINKS}],
    paths: {
      '/pets/{id}': {
        get: {
          operationId: 'getPet',
          tags: ['Pets'],
          description: LINKS,
          parameters: [{name: 'id', in: 'path', required: true, description: LINKS, schema: {type: 'string'}}],
          security: [{key: []}],
          responses: {
            '200': {
              description: LINKS,
              headers: {'X-Rate-Limit': {description: LINKS, schema: {type: 'integer'}}},
              content: {'application/json': {schema: {$ref: '#/components/schemas/Pet'}, examples: {rex: {description: LINKS, value: {kind: 'dog'}}}}},
            },
          },
        },
      },
    },
    components: {
      securitySchemes: {key: {type: 'apiKey', in: 'header', name: 'X-Key', description: LINKS}},
      schemas: {
        Pet: {
          type: 'object',
          description: LINKS,
          properties: {kind: {type: 'string', description: LINKS, enum: ['dog', 'cat'], 'x-enumDescriptions': {dog: LINKS}}},
        },
      },
    },
  };
}

interface Api {
  title: string;
  /** Route of its pages. */
  base: string;
  /** SPEC_LINK_BASE: where `/guide` resolves. */
  linkBase: string;
  outputDir: string;
  generators: ReturnType<typeof createPageGenerators>;
}

let work: string;
let apis: Api[];

/** Every link in the rich text of the page models an API's generators wrote. */
function hrefsIn(outputDir: string): string[] {
  const hrefs: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      const node = value as {type?: unknown; children?: unknown};
      if (node.type === 'root' && Array.isArray(node.children)) {
        for (const element of elementsOf(value as RichText)) if (element.tagName === 'a') hrefs.push(String(element.properties.href));
      } else Object.values(value).forEach(visit);
    }
  };
  for (const file of readdirSync(outputDir, {recursive: true, encoding: 'utf8'}).filter((name) => name.endsWith('.page.json')).sort()) {
    visit(parsePageModel(readFileSync(path.join(outputDir, file), 'utf8')));
  }
  return hrefs;
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'page-generators-'));
  apis = [
    {title: 'Pet Store', base: '/docs/api', linkBase: 'https://pets.example/'},
    {title: 'Shop', base: '/docs/apis/shop', linkBase: 'https://shop.example/'},
  ].map(({title, base, linkBase}) => {
    const specPath = path.join(work, `${title}.yaml`);
    writeFileSync(specPath, stringify(description(title)));
    const outputDir = path.join(work, title);
    return {title, base, linkBase, outputDir, generators: createPageGenerators({specPath, outputDir, apiDocsBasePath: base, linkBase})};
  });
  // One page of each API in turn, the overview first as the plugin generates it.
  const pages: Array<(generators: Api['generators']) => unknown> = [
    (generators) => generators.createInfoPageMD({id: 'overview', type: 'info'}),
    (generators) => generators.createTagPageMD({id: 'pets', type: 'tag'}),
    (generators) => generators.createApiPageMD({id: 'get-pet', type: 'api', api: {method: 'get', path: '/pets/{id}'}}),
    (generators) => generators.createSchemaPageMD({id: 'pet', type: 'schema'}),
  ];
  for (const page of pages) for (const api of apis) page(api.generators);
});

afterAll(() => {
  if (work) rmSync(work, {recursive: true, force: true});
});

describe('page generators of two APIs in one process', () => {
  it('link every page within its own API, in every place spec text can be', () => {
    for (const {title, base, linkBase, outputDir} of apis) {
      const hrefs = hrefsIn(outputDir);
      const overview = assignPageIds(new SpecDocument(description(title))).overviewId;
      // The overview, the tag, the operation (description, parameter, response, header, example, security, field, enum value) and the schema page.
      expect(hrefs.length).toBeGreaterThanOrEqual(4 * 12);
      expect(new Set(hrefs)).toEqual(new Set([`${base}/pets`, `${base}/get-pet`, new URL('/guide', linkBase).href, `${base}/${overview}#introduction`]));
    }
  });

  it('leave text rendered without an API as written afterwards', () => {
    const spec = new SpecDocument(description('Pet Store'));
    const entry = assignPageIds(spec).operations[0];
    const hrefs = elementsOf(operationPageModel(spec, entry).description ?? null).filter((element) => element.tagName === 'a').map((element) => element.properties.href);
    expect(hrefs).toEqual(['#tag/Pets', '#operation/getPet', '/guide', '#section/Introduction']);
  });
});

describe('page generators staging for a sync', () => {
  /** Generates the four pages of the Pet Store into `staging`, with `published` as the folder a sync copies it to. */
  function generate(staging: string, published: string, title = 'Pet Store'): void {
    const specPath = path.join(work, `staged-${title}.yaml`);
    writeFileSync(specPath, stringify(description(title)));
    const generators = createPageGenerators({specPath, outputDir: staging, publishedDir: published, apiDocsBasePath: '/docs/api'});
    generators.createInfoPageMD({id: 'overview', type: 'info'});
    generators.createTagPageMD({id: 'pets', type: 'tag'});
    generators.createApiPageMD({id: 'get-pet', type: 'api', api: {method: 'get', path: '/pets/{id}'}});
    generators.createSchemaPageMD({id: 'pet', type: 'schema'});
  }
  const models = (dir: string) => readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((name) => name.endsWith('.json') && !name.includes('sidebar')).sort();

  it('list a model the published folder holds with the same bytes as kept instead of writing it, and write the others', () => {
    const published = path.join(work, 'published');
    generate(published, published);
    const written = models(published);
    expect(written).toEqual(expect.arrayContaining(['get-pet.page.json', 'get-pet.page-core.json', 'pets.page.json', 'schemas/pet.page.json']));

    const staging = path.join(work, 'staging');
    generate(staging, published);
    expect(models(staging)).toEqual([]);
    expect(readKeptList(staging)).toEqual([]);
    writeKeptLists();
    const kept = [...readKeptList(staging), ...readKeptList(path.join(staging, 'schemas')).map((name) => `schemas/${name}`)].sort();
    expect(kept).toEqual(written);

    // Another description (its overview has another id): every model differs, so each is written and none kept.
    const changed = path.join(work, 'staging-changed');
    generate(changed, published, 'Shop');
    writeKeptLists();
    expect(models(changed)).toEqual(written.map((name) => name.replace('pet-store', 'shop')).sort());
    expect(readKeptList(changed)).toEqual([]);
  });
});
