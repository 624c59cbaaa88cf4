import {existsSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import stagedStartPlugin, {CORE_CLIENT_ENTRY_TEST, STAGED_ENTRY} from '../index';
import {bundlerUtils, FakeReplacement} from '../../__tests__/bundler-stub';

const require = createRequire(import.meta.url);
const coreLib = path.dirname(path.dirname(require.resolve('@docusaurus/core/lib/client/clientEntry.js')));

const configure = (isServer: boolean) =>
  stagedStartPlugin().configureWebpack?.({} as never, isServer, bundlerUtils, undefined) as unknown as {
    plugins?: FakeReplacement[];
  };

/** The module requests of a file's static imports, and of its dynamic ones. */
function importsOf(file: string): {static: string[]; dynamic: string[]} {
  const code = readFileSync(file, 'utf8');
  return {
    static: [...code.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1]),
    dynamic: [...code.matchAll(/\bimport\('([^']+)'\)/g)].map((match) => match[1]),
  };
}

describe('staged-start plugin', () => {
  it('replaces the entry of the browser bundle only', () => {
    expect(configure(false).plugins).toEqual([new FakeReplacement(CORE_CLIENT_ENTRY_TEST, STAGED_ENTRY)]);
    expect(configure(true).plugins ?? []).toEqual([]);
    expect(existsSync(STAGED_ENTRY)).toBe(true);
  });

  it("matches the entry the installed core's browser bundle configuration names, and no other module of the core", () => {
    // If an upgrade renames or moves the entry, the replacement would silently
    // stop applying and start-up would be one long task again.
    const clientConfig = readFileSync(path.join(coreLib, 'webpack/client.js'), 'utf8');
    const entries = [...clientConfig.matchAll(/entry:\s*path_1\.default\.resolve\(__dirname, '([^']+)'\)/g)].map((match) => path.resolve(coreLib, 'webpack', match[1]));
    expect(entries).toEqual([path.join(coreLib, 'client/clientEntry.js')]);
    expect(CORE_CLIENT_ENTRY_TEST.test(entries[0])).toBe(true);
    for (const other of ['client/serverEntry.js', 'client/App.js', 'client/preload.js', 'client/docusaurus.js']) {
      expect(CORE_CLIENT_ENTRY_TEST.test(path.join(coreLib, other)), other).toBe(false);
    }
  });

  it("imports what the core's entry imports, React DOM's client dynamically and everything else as the core does", () => {
    const core = importsOf(path.join(coreLib, 'client/clientEntry.js'));
    const staged = importsOf(STAGED_ENTRY);
    // The core's relative imports, as the staged entry names them: ExecutionEnvironment by its alias, the rest from the package.
    const asStagedRequest = (request: string) => {
      if (request === './exports/ExecutionEnvironment') return '@docusaurus/ExecutionEnvironment';
      return request.startsWith('./') ? `@docusaurus/core/lib/client/${request.slice(2)}.js` : request;
    };
    const expected = core.static.filter((request) => request !== 'react-dom/client').map(asStagedRequest);
    expect(core.static).toContain('react-dom/client');
    expect(staged.static).toEqual(expect.arrayContaining(expected));
    expect(staged.static).not.toContain('react-dom/client');
    expect(staged.dynamic).toEqual(['react-dom/client']);
  });
});
