import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import React from 'react';
import {renderToHtml as coreRenderToHtml} from '@docusaurus/core/lib/client/renderToHtml.js';
import {renderToHtml} from '../client/render-to-html.server';
import {mulberry32} from '../../../../scripts/seeded-random';
import htmlMinificationPlugin, {CORE_RENDER_TO_HTML_TEST, countRoutes, minifies, RENDER_TO_HTML, SKIP_VARIABLE} from '../index';
import {DEFAULT_OPTIONS, validateOptions} from '../minification-options';
import {bundlerUtils, FakeReplacement} from '../../__tests__/bundler-stub';

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

/** The plugin's bundler configurations, client then server. */
function configure(dir: string, options: unknown, mode: 'production' | 'development' = 'production'): unknown[] {
  const plugin = htmlMinificationPlugin({generatedFilesDir: dir}, options);
  return [false, true].map((isServer) => plugin.configureWebpack?.({mode} as never, isServer, bundlerUtils, undefined));
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

describe('renderToHtml of the server bundle', () => {
  it('replaces the core\'s in the server bundle only, in every mode', () => {
    const dir = siteWithRoutes(10);
    try {
      for (const mode of ['production', 'development'] as const) {
        expect(configure(dir, undefined, mode)).toEqual([{}, {plugins: [new FakeReplacement(CORE_RENDER_TO_HTML_TEST, RENDER_TO_HTML)]}]);
      }
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
    expect(CORE_RENDER_TO_HTML_TEST.test(require.resolve('@docusaurus/core/lib/client/renderToHtml.js'))).toBe(true);
  });

  it('gives the core\'s HTML for pages large and small, with characters of one to four bytes', async () => {
    const random = mulberry32(61);
    const words = ['a', 'é', '€', '😀', '<&>', '"\'', ' ', 'x'.repeat(50)];
    for (const size of [0, 1, 30, 3000, 30_000]) {
      const text = () => Array.from({length: Math.floor(random() * 8)}, () => words[Math.floor(random() * words.length)]).join('');
      const app = React.createElement('main', {title: text()}, ...Array.from({length: size}, (_, index) => React.createElement(index % 3 ? 'p' : 'span', {key: index}, text(), text())));
      const ours = await renderToHtml(app);
      expect(ours).toBe(await coreRenderToHtml(app));
      if (size === 30_000) expect(ours.length).toBeGreaterThan(300_000);
    }
    const Failing = () => {
      throw new Error('render failed');
    };
    await expect(renderToHtml(React.createElement(Failing))).rejects.toThrow('render failed');
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
