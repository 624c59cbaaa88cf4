import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import {afterEach, describe, expect, it} from 'vitest';

import devProblemsPlugin from '../index';
import {validateOptions} from '../dev-problems-options';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true});
});

function context(): LoadContext {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'dev-problems-'));
  dirs.push(siteDir);
  return {siteDir, baseUrl: '/docs-site/'} as LoadContext;
}

describe('dev-problems plugin', () => {
  it('adds nothing to a production build', () => {
    const plugin = devProblemsPlugin(context(), {enabled: false});
    expect(plugin).toEqual({name: 'dev-problems'});
  });

  it('on the development server, adds the overlay and serves the status folder under the base URL', () => {
    const site = context();
    const plugin = devProblemsPlugin(site, {enabled: true});
    expect(plugin.getClientModules?.()).toEqual([path.join(__dirname, '..', 'client', 'overlay.ts')]);
    const utils = {} as Parameters<NonNullable<typeof plugin.configureWebpack>>[2];
    expect(plugin.configureWebpack?.({}, true, utils, undefined)).toBeUndefined();
    expect(plugin.configureWebpack?.({}, false, utils, undefined)).toEqual({
      devServer: {static: [{directory: path.join(site.siteDir, '.gen', 'dev'), publicPath: '/docs-site/__spec-dev', watch: false}]},
    });
  });

  it('names the option and the value it refuses', () => {
    expect(() => validateOptions({enabled: 'yes'})).toThrow('[dev-problems] option "enabled" must be true or false, got "yes"');
    expect(() => validateOptions({statusFile: 'status.txt'})).toThrow('[dev-problems] option "statusFile" must be the path of a .json file, got "status.txt"');
    expect(validateOptions(undefined)).toEqual({enabled: false, statusFile: '.gen/dev/status.json'});
  });
});
