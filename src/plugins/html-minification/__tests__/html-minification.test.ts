import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import htmlMinificationPlugin, {countRoutes, minifies, SKIP_VARIABLE} from '../index';
import {DEFAULT_OPTIONS, validateOptions} from '../options';

const saved = process.env[SKIP_VARIABLE];
afterEach(() => {
  if (saved === undefined) delete process.env[SKIP_VARIABLE];
  else process.env[SKIP_VARIABLE] = saved;
});

function siteWithRoutes(count: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'html-min-'));
  const table = Object.fromEntries(Array.from({length: count}, (_, index) => [`/docs/page-${index}-abc`, {__comp: 'x'}]));
  writeFileSync(path.join(dir, 'routesChunkNames.json'), JSON.stringify(table));
  return dir;
}

function configure(dir: string, options: unknown, mode: 'production' | 'development' = 'production'): void {
  const plugin = htmlMinificationPlugin({generatedFilesDir: dir}, options);
  plugin.configureWebpack?.({mode} as never, false, {} as never, undefined);
  plugin.configureWebpack?.({mode} as never, true, {} as never, undefined);
}

describe('html-minification options', () => {
  it('defaults to minifying sites of up to 1,000 routes', () => {
    expect(validateOptions(undefined)).toEqual(DEFAULT_OPTIONS);
    expect(validateOptions({maxMinifiedRoutes: Infinity})).toEqual({maxMinifiedRoutes: Infinity});
  });

  it('refuses a limit a main-thread rendering would ignore, a fraction, or an unknown option, naming it', () => {
    expect(() => validateOptions({maxMinifiedRoutes: 0})).toThrow(
      '[html-minification] option "maxMinifiedRoutes" must be a whole number of routes, at least 200, or Infinity, got 0',
    );
    expect(() => validateOptions({maxMinifiedRoutes: 500.5})).toThrow('got 500.5');
    expect(() => validateOptions({maxMinifiedRoutes: '1000'})).toThrow('got "1000"');
    expect(() => validateOptions({maxRoutes: 1000})).toThrow('[html-minification] unknown option "maxRoutes"; known options: maxMinifiedRoutes');
  });
});

describe('html-minification plugin', () => {
  it('counts the routes of the generated route table and minifies up to the limit', () => {
    expect(countRoutes('{"/a-1": {}, "/b-2": {"__comp": "x"}}')).toBe(2);
    expect(minifies(1000, DEFAULT_OPTIONS)).toBe(true);
    expect(minifies(1001, DEFAULT_OPTIONS)).toBe(false);
  });

  it('leaves a site under the limit minified, and makes a larger production build skip minification', () => {
    const small = siteWithRoutes(1000);
    const large = siteWithRoutes(1001);
    try {
      delete process.env[SKIP_VARIABLE];
      configure(small, undefined);
      expect(process.env[SKIP_VARIABLE]).toBeUndefined();
      configure(large, undefined, 'development');
      expect(process.env[SKIP_VARIABLE]).toBeUndefined();
      configure(large, undefined);
      expect(process.env[SKIP_VARIABLE]).toBe('true');
    } finally {
      rmSync(small, {recursive: true, force: true});
      rmSync(large, {recursive: true, force: true});
    }
  });

  it('relies on what Docusaurus does: its minifier, loaded in a worker started after the variable is set, returns the HTML as rendered', () => {
    // A fresh process, as a build's main thread: the variable is set after
    // @docusaurus/bundler loaded (as the plugin does), then a worker thread
    // (as static rendering starts them) loads its own copy of the minifier.
    const script = (skip: boolean) => `
      const {Worker} = require('node:worker_threads');
      require('@docusaurus/bundler');
      ${skip ? `process.env.${SKIP_VARIABLE} = 'true';` : ''}
      const worker = new Worker(\`
        const {parentPort} = require('node:worker_threads');
        require('@docusaurus/bundler').getHtmlMinifier({type: 'swc'})
          .then((minifier) => minifier.minify('<p class="a">x</p>\\\\n\\\\n<p class="b">y</p>'))
          .then((result) => parentPort.postMessage(result.code));
      \`, {eval: true});
      worker.once('message', (code) => { console.log(JSON.stringify(code)); process.exit(0); });
    `;
    const run = (skip: boolean) =>
      JSON.parse(execFileSync(process.execPath, ['-e', script(skip)], {cwd: path.resolve(__dirname, '../../../..'), encoding: 'utf8'}).trim()) as string;
    expect(run(true)).toBe('<p class="a">x</p>\n\n<p class="b">y</p>');
    // Without the variable the same worker minifies (quotes and closing tags go).
    expect(run(false)).not.toContain('class="a"');
  });
});
