import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';

import {checkApisConfig} from '../../src/apis/apis-config';
import {SpecDocument} from '../../src/spec-reader/spec-document';
import {pagesOfEachType, renderVersions, SECOND_API, secondApiConfig, type VersionsScenario} from '../versions-bench';
import type {MeasuredBuild} from '../build-bench';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, {recursive: true, force: true});
});

describe('the versions part’s second API', () => {
  it('writes a config/apis.ts the site accepts: Meridian first, GitHub under its own prefix', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'versions-bench-'));
    roots.push(root);
    const file = path.join(root, 'apis.ts');
    // The file imports the config type from the site; here it is read as data.
    writeFileSync(file, secondApiConfig('openapi/github.json').replace(/^import .*\n/m, '').replace(' satisfies ApisConfig', ''));
    const {apis} = (await import(file)) as {apis: unknown};
    const [main, github] = checkApisConfig(apis, root);
    expect(main).toMatchObject({id: 'meridian', main: true, routeBasePath: '/docs/api'});
    expect(github).toMatchObject({id: SECOND_API.id, label: 'GitHub', routeBasePath: `/${SECOND_API.outputDir}`, specFile: path.join(root, 'openapi/github.json')});
  });

  it('picks a page of each type by operationId and schema name, else the first', () => {
    const spec = new SpecDocument({
      openapi: '3.1.0',
      info: {title: 'GitHub v3 REST API', version: '1.1.4'},
      paths: {
        '/repos/{owner}/{repo}': {get: {operationId: 'repos/get', summary: 'Get a repository', tags: ['repos'], responses: {'200': {description: 'OK'}}}},
        '/meta': {get: {operationId: 'meta/root', tags: ['meta'], responses: {'200': {description: 'OK'}}}},
      },
      webhooks: {'branch-protection-rule-created': {post: {responses: {'200': {description: 'OK'}}}}},
      components: {schemas: {'simple-user': {type: 'object'}, repository: {type: 'object'}}},
    });
    expect(pagesOfEachType(spec, 'repos/get', 'repository')).toEqual([
      {type: 'overview', pageId: 'git-hub-v-3-rest-api'},
      {type: 'tag', pageId: 'repos'},
      {type: 'operation', pageId: 'repos-get'},
      {type: 'webhook', pageId: 'branch-protection-rule-created'},
      {type: 'schema', pageId: 'schemas/repository'},
    ]);
    expect(pagesOfEachType(spec, 'missing', 'missing').map((page) => page.pageId)).toEqual(['git-hub-v-3-rest-api', 'repos', 'repos-get', 'branch-protection-rule-created', 'schemas/simple-user']);
  });

  it('reports the second API’s first-load JS per page type against the same Meridian page type', () => {
    const build = {htmlPages: 2600, wallSeconds: 900, cpuSeconds: 1500, peakRssMb: 2100} as unknown as MeasuredBuild;
    const load = (route: string, kb: number) => ({route, jsGzipBytes: kb * 1000, jsFiles: 10});
    const scenario: VersionsScenario = {
      name: 'Meridian (2 releases) + GitHub',
      olderVersions: 2,
      build,
      current: [load('/docs', 70), load('/docs/api/meridian-api', 100), load('/docs/api/contacts', 90), load('/docs/api/create-contact', 180), load('/docs/api/reply-received', 150), load('/docs/api/schemas/contact', 110)],
      older: [],
      secondApi: {label: 'GitHub', pages: 2500, loads: [{...load('/docs/apis/github/repos-get', 198), type: 'operation'}]},
    };
    const text = renderVersions([scenario]);
    expect(text).toContain('| Meridian (2 releases) + GitHub | 2 | 2600 | 900 | 1500 | 2100 |');
    expect(text).toContain('GitHub as a second API (Meridian (2 releases) + GitHub): 2500 of its pages in the sitemap, under /docs/apis/github/.');
    expect(text).toContain('| operation | /docs/apis/github/repos-get | 198.0 | 10.0% |');
  });
});
