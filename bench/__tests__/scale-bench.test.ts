import {mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

import {addToDescription, HOST_FILE_LIMIT_BYTES, htmlFileOfRoute, measureBuildOutput, namedOperationRoutes, pickScalePages, REBUILD_EDIT, routeOfHtmlFile, type ScaleResult} from '../scale-bench';
import {renderScaleOutputTable} from '../report';

describe('routeOfHtmlFile', () => {
  it('maps build files to routes the way trailingSlash: false writes them', () => {
    expect(routeOfHtmlFile('docs/api/create-contact.html')).toBe('/docs/api/create-contact');
    expect(routeOfHtmlFile('docs/api/schemas/contact.html')).toBe('/docs/api/schemas/contact');
    expect(routeOfHtmlFile('docs/index.html')).toBe('/docs');
    expect(routeOfHtmlFile('index.html')).toBe('/');
  });

  it('has htmlFileOfRoute for its inverse on page routes', () => {
    for (const file of ['docs/api/create-contact.html', 'docs/api/schemas/contact.html']) {
      expect(htmlFileOfRoute(routeOfHtmlFile(file))).toBe(file);
    }
  });
});

describe('pickScalePages', () => {
  const page = (route: string, bytes: number): {route: string; bytes: number} => ({route, bytes});

  it('finds the heaviest page of any kind and the heaviest and median operation page', () => {
    const pages = [page('/docs/api/a', 30), page('/docs/api/schemas/big', 90), page('/docs/api/b', 10), page('/docs/api/c', 20), page('/docs/api/d', 40)];
    const operations = new Set(['/docs/api/a', '/docs/api/b', '/docs/api/c', '/docs/api/d']);
    expect(pickScalePages(pages, operations)).toEqual({
      heaviest: page('/docs/api/schemas/big', 90),
      heaviestOperation: page('/docs/api/d', 40),
      // Of an even count, the lower middle one.
      medianOperation: page('/docs/api/c', 20),
    });
  });

  it('takes the middle one of an odd count, and says when there is nothing to pick', () => {
    const pages = [page('/docs/api/a', 1), page('/docs/api/b', 2), page('/docs/api/c', 3)];
    expect(pickScalePages(pages, new Set(['/docs/api/a', '/docs/api/b', '/docs/api/c'])).medianOperation).toEqual(page('/docs/api/b', 2));
    expect(pickScalePages([], new Set())).toEqual({heaviest: null, heaviestOperation: null, medianOperation: null});
  });
});

describe('namedOperationRoutes', () => {
  it("finds an operation's page by the site's page ids over the published spec", () => {
    const siteDir = mkdtempSync(path.join(tmpdir(), 'scale-named-'));
    try {
      mkdirSync(path.join(siteDir, '.spec'));
      const spec = {
        openapi: '3.0.3',
        info: {title: 'T', version: '1'},
        paths: {
          '/repos/{owner}/{repo}/issues/{issue_number}/timeline': {get: {operationId: 'issues/list-events-for-timeline', responses: {200: {description: 'ok'}}}},
          '/other': {get: {operationId: 'issues/list-events-for-timeline', responses: {200: {description: 'ok'}}}},
        },
      };
      writeFileSync(path.join(siteDir, '.spec/openapi.yaml'), JSON.stringify(spec));
      expect(namedOperationRoutes(siteDir, ['issues/list-events-for-timeline', 'missing'])).toEqual(['/docs/api/issues-list-events-for-timeline', null]);
      expect(namedOperationRoutes(siteDir, [])).toEqual([]);
    } finally {
      rmSync(siteDir, {recursive: true, force: true});
    }
  });
});

describe('addToDescription', () => {
  const document = (): {paths: Record<string, Record<string, Record<string, unknown>>>} => ({
    paths: {
      '/a': {get: {operationId: 'listA', description: 'Lists A.'}, post: {operationId: 'createA'}},
      '/b': {delete: {operationId: 'deleteB', description: '  '}},
    },
  });

  it("adds the sentence to the named operation's description and says where it is", () => {
    const spec = document();
    expect(addToDescription(spec, 'listA', REBUILD_EDIT)).toEqual({path: '/a', method: 'get'});
    expect(spec.paths['/a']!.get!.description).toBe('Lists A. Edited for the rebuild measurement.');
    // Nothing else changes.
    expect(spec.paths['/a']!.post).toEqual({operationId: 'createA'});
  });

  it('makes the sentence the description of an operation without one, or with a blank one', () => {
    const spec = document();
    addToDescription(spec, 'createA', 'New.');
    addToDescription(spec, 'deleteB', 'Gone.');
    expect(spec.paths['/a']!.post!.description).toBe('New.');
    expect(spec.paths['/b']!.delete!.description).toBe('Gone.');
  });

  it('refuses an operationId the description does not have, and a document that is no object', () => {
    expect(() => addToDescription(document(), 'missing', 'x')).toThrow('[bench] no operation has operationId "missing"');
    expect(() => addToDescription([], 'listA', 'x')).toThrow('[bench] the description is not an object');
  });
});

describe('measureBuildOutput', () => {
  it('counts every file of build/, finds the largest and those over a host limit, and sums by kind', async () => {
    const buildDir = mkdtempSync(path.join(tmpdir(), 'scale-output-'));
    try {
      mkdirSync(path.join(buildDir, 'docs/api'), {recursive: true});
      writeFileSync(path.join(buildDir, 'docs/api/a.html'), 'x'.repeat(300));
      writeFileSync(path.join(buildDir, 'docs/api/a.md'), 'x'.repeat(100));
      writeFileSync(path.join(buildDir, 'index.html'), 'x'.repeat(200));
      writeFileSync(path.join(buildDir, '_redirects'), 'x');
      // Sparse: 26 MiB that take no room on disk, over Cloudflare Pages' per-file limit.
      writeFileSync(path.join(buildDir, 'llms-full.txt'), '');
      truncateSync(path.join(buildDir, 'llms-full.txt'), HOST_FILE_LIMIT_BYTES + 1024 * 1024);
      const output = await measureBuildOutput(buildDir);
      const big = HOST_FILE_LIMIT_BYTES + 1024 * 1024;
      expect(output).toEqual({
        bytes: big + 601,
        files: 5,
        largest: {file: 'llms-full.txt', bytes: big},
        overHostLimit: [{file: 'llms-full.txt', bytes: big}],
        byKind: [
          {kind: '.txt', files: 1, bytes: big},
          {kind: '.html', files: 2, bytes: 500},
          {kind: '.md', files: 1, bytes: 100},
          {kind: '(none)', files: 1, bytes: 1},
        ],
      });
      expect(renderScaleOutputTable([{title: 'GitHub', output} as ScaleResult, {title: 'Failed', output: null} as ScaleResult]).split('\n')).toEqual([
        '| Description | build/ (MB) | Files | Largest file | Largest (MB) | Files over 25 MiB | Largest kinds (MB) |',
        '| --- | ---: | ---: | --- | ---: | --- | --- |',
        '| GitHub | 27.3 | 5 | llms-full.txt | 27.3 | llms-full.txt (27.3) | .txt 27.3 in 1, .html 0.0 in 2, .md 0.0 in 1 |',
      ]);
    } finally {
      rmSync(buildDir, {recursive: true, force: true});
    }
  });
});
