import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {runInNewContext} from 'node:vm';
import {describe, expect, it} from 'vitest';
import pageDataPlugin, {MDX_LOADER, PAGE_DATA_TEST} from '../index';
import {pageModelOf} from '../../../client/page-model';

const require = createRequire(import.meta.url);
const pageDataLoader = require('../page-data-loader.js') as (this: {resourcePath: string; getOptions?: () => {readAtRunTime?: boolean}}, source: string) => string;

/** Runs the loader's output as a CommonJS module and returns its exports. */
function evaluate(source: string): unknown {
  const code = pageDataLoader.call({resourcePath: '/site/docs/api/x.page.json'}, source);
  const module = {exports: undefined as unknown};
  runInNewContext(code, {module, JSON});
  return module.exports;
}

describe('page-data-loader', () => {
  it('exports the same value as the JSON file, as one JSON.parse call', () => {
    const model = {kind: 'operation', id: 'create-contact', nested: {list: [1, 'two', null, true], deep: {a: {b: {c: 'd'}}}}};
    const text = JSON.stringify(model);
    const code = pageDataLoader.call({resourcePath: 'x.page.json'}, text);
    expect(code).toMatch(/^module\.exports = JSON\.parse\(".*"\);\n$/s);
    expect(evaluate(text)).toEqual(model);
  });

  it('keeps text that is awkward in JavaScript source: quotes, backslashes, </script>, U+2028, lone surrogates, emoji', () => {
    const value = {text: 'a "quote" \\ back\\slash </script><!-- \u2028\u2029 \ud800 lone 👩‍💻 ${template}`'};
    expect(evaluate(JSON.stringify(value))).toEqual(value);
  });

  it('with readAtRunTime (the server bundle), exports a stand-in that reads the file on every render, and names a file that is broken by then', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'page-data-'));
    try {
      const file = path.join(dir, 'say "hi" \\ there.page.json');
      const model = {kind: 'operation', text: '</script> \u2028', toc: [{id: 'a'}]};
      writeFileSync(file, JSON.stringify(model));
      const code = pageDataLoader.call({resourcePath: file, getOptions: () => ({readAtRunTime: true})}, JSON.stringify(model));
      const module = {exports: undefined as unknown};
      runInNewContext(code, {module, JSON, require, Error, Proxy});
      const standIn = module.exports as {toc: unknown};
      expect(pageModelOf(standIn)).toEqual(model);
      // Read again on each render: a changed file is seen, nothing is kept.
      writeFileSync(file, JSON.stringify({...model, text: 'changed'}));
      expect(pageModelOf(standIn)).toEqual({...model, text: 'changed'});
      expect(pageModelOf(standIn)).not.toBe(pageModelOf(standIn));
      // Read directly (the overview's module reads its table of contents).
      expect(standIn.toc).toEqual([{id: 'a'}]);
      writeFileSync(file, '{"kind": ');
      expect(() => pageModelOf(standIn)).toThrow(`${file} is not valid JSON: `);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });

  it('leaves a model the browser bundle gives as it is', () => {
    const model = {kind: 'tag', name: 'Contacts'};
    expect(pageModelOf(model)).toBe(model);
  });

  it('refuses a file that is not JSON, naming it', () => {
    expect(() => pageDataLoader.call({resourcePath: '/site/docs/api/broken.page.json'}, '{"kind": ')).toThrow(
      /\/site\/docs\/api\/broken\.page\.json is not valid JSON/,
    );
  });
});

describe('page-data plugin', () => {
  /** A bundler config with the docs plugin's MDX rule in it, as the plugin finds it. */
  const docsConfig = () => ({module: {rules: [{test: /\.mdx?$/i, use: [{loader: MDX_LOADER, options: {}}]}]}});
  const configure = (isServer: boolean) =>
    pageDataPlugin().configureWebpack?.(docsConfig() as never, isServer, {} as never, undefined) as unknown as {
      module: {parser: {json: {exportsDepth: number}; javascript?: {dynamicImportMode: string}}; rules: {test: RegExp; type: string; use: {loader: string; options: {readAtRunTime: boolean}}[]}[]};
    };

  it('routes page models through the loader and limits JSON export tracking, in both bundles; the server reads them at run time', () => {
    expect(configure(true).module.rules[0].use[0].options).toEqual({readAtRunTime: true});
    expect(configure(false).module.rules[0].use[0].options).toEqual({readAtRunTime: false});
    // The server bundle is one file; the client keeps a chunk per page.
    expect(configure(true).module.parser.javascript).toEqual({dynamicImportMode: 'eager'});
    expect(configure(false).module.parser.javascript).toBeUndefined();
    const config = configure(false);
    expect(config.module.parser.json.exportsDepth).toBe(1);
    const [rule] = config.module.rules;
    expect(rule.type).toBe('javascript/auto');
    expect(rule.use[0].loader).toBe(require.resolve('../page-data-loader.js'));
    expect(PAGE_DATA_TEST.test('docs/api/create-contact.page.json')).toBe(true);
    expect(PAGE_DATA_TEST.test('static/openapi.json')).toBe(false);
  });

  it('puts the generated-page loader in place of the MDX loader, and refuses to run before the docs plugin', () => {
    const config = docsConfig();
    pageDataPlugin().configureWebpack?.(config as never, false, {} as never, undefined);
    expect(config.module.rules[0].use[0].loader).toBe(require.resolve('../api-page-loader.js'));
    expect(() => pageDataPlugin().configureWebpack?.({module: {rules: []}} as never, false, {} as never, undefined)).toThrow(
      '[page-data] no rule uses @docusaurus/mdx-loader; the page-data plugin must come after the docs plugin in docusaurus.config.ts',
    );
  });
});
