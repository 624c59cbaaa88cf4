import {mkdtempSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';

import {localReferencedFiles, watchFiles} from '../source-files';
import {devFailure, devProblems, locationOf, problemLine} from '../status';
import {parseWatchInterval} from '../watch-interval';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true});
});

describe('dev loop: problems as the terminal and the overlay show them', () => {
  it('locates each problem in its file, as file:line:column', () => {
    const [inDescription, inOverlay, unplaced] = devProblems(
      [
        {kind: 'reference', pointer: '/paths/~1pets/get', line: 12, column: 7, message: '$ref "#/x" points to nothing'},
        {kind: 'overlay', file: 'overlays/a.yaml', pointer: '/actions/0', line: 3, column: 5, message: 'no match'},
        {kind: 'conversion', pointer: '', message: 'converted'},
      ],
      'spec/openapi.yaml',
    );
    expect(problemLine(inDescription)).toBe('spec/openapi.yaml:12:7: $ref "#/x" points to nothing (at /paths/~1pets/get)');
    expect(problemLine(inOverlay)).toBe('overlays/a.yaml:3:5: no match (at /actions/0)');
    expect(problemLine(unplaced)).toBe('spec/openapi.yaml: converted (at /)');
    expect(locationOf({file: 'a.yaml', line: 4})).toBe('a.yaml:4');
  });

  it('takes the place of a refusal from the spec step\'s message', () => {
    expect(devFailure({message: 'YAML error at line 21, column 20: Nested mappings are not allowed in compact mappings', details: []}, 'spec.yaml')).toEqual({
      message: 'YAML error at line 21, column 20: Nested mappings are not allowed in compact mappings',
      details: [],
      file: 'spec.yaml',
      line: 21,
      column: 20,
    });
    expect(devFailure({message: 'file not found', details: ['x']}, 'spec.yaml')).toEqual({message: 'file not found', details: ['x'], file: 'spec.yaml'});
  });
});

describe('dev loop: SPEC_WATCH_INTERVAL', () => {
  it('reads seconds, milliseconds and minutes, and unset as no polling', () => {
    expect(parseWatchInterval('10s')).toBe(10_000);
    expect(parseWatchInterval('1500ms')).toBe(1500);
    expect(parseWatchInterval('2m')).toBe(120_000);
    expect(parseWatchInterval('30')).toBe(30_000);
    expect(parseWatchInterval(undefined)).toBeUndefined();
    expect(parseWatchInterval(' ')).toBeUndefined();
  });

  it('names the variable and the value it refuses', () => {
    expect(() => parseWatchInterval('often')).toThrow('SPEC_WATCH_INTERVAL="often" is not a duration; write it as 10s, 500ms, 2m or a number of seconds.');
    expect(() => parseWatchInterval('100ms')).toThrow('SPEC_WATCH_INTERVAL="100ms" is shorter than 1s; fetching that often only loads the proxy.');
  });
});

describe('dev loop: the files a description is made of', () => {
  it('lists the local files named in $ref, not URLs or references inside the document', () => {
    const document = {
      paths: {'/a': {$ref: 'paths/a.yaml'}, '/b': {get: {responses: {200: {$ref: './responses.yaml#/Ok'}}}}},
      components: {schemas: {A: {$ref: '#/components/schemas/B'}, C: {$ref: 'https://example.com/c.yaml'}, D: {allOf: [{$ref: '../shared/d%20e.yaml#/D'}]}}},
    };
    expect(localReferencedFiles(document, '/site/spec/openapi.yaml')).toEqual(['/site/shared/d e.yaml', '/site/spec/paths/a.yaml', '/site/spec/responses.yaml']);
  });

  it('tells of a file saved in place or replaced by a rename, once per burst', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dev-watch-'));
    dirs.push(dir);
    const file = path.join(dir, 'openapi.yaml');
    writeFileSync(file, 'a: 1\n');
    writeFileSync(path.join(dir, 'other.yaml'), 'x');
    const batches: string[][] = [];
    let told: () => void = () => undefined;
    const watcher = watchFiles([file], (changed) => {
      batches.push(changed);
      told();
    });
    try {
      const next = () => new Promise<void>((resolve) => (told = resolve));
      let arrived = next();
      writeFileSync(path.join(dir, 'other.yaml'), 'y');
      writeFileSync(file, 'a: 2\n');
      writeFileSync(file, 'a: 3\n');
      await arrived;
      arrived = next();
      // As editors save: a new file renamed over the old one.
      writeFileSync(path.join(dir, '.openapi.yaml.swp'), 'a: 4\n');
      renameSync(path.join(dir, '.openapi.yaml.swp'), file);
      await arrived;
      expect(batches).toEqual([[file], [file]]);
    } finally {
      watcher.close();
    }
  });
});
