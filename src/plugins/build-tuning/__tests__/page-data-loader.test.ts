import {existsSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {runInNewContext} from 'node:vm';
import {describe, expect, it} from 'vitest';
import themeClassic from '@docusaurus/theme-classic';
import buildTuningPlugin, {PAGE_DATA_TEST, PRISM_CLIENT_MODULE_TEST, PRISM_RUNTIME_TEST} from '../index';

const require = createRequire(import.meta.url);
const pageDataLoader = require('../page-data-loader.js') as (this: {resourcePath: string}, source: string) => string;

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

  it('refuses a file that is not JSON, naming it', () => {
    expect(() => pageDataLoader.call({resourcePath: '/site/docs/api/broken.page.json'}, '{"kind": ')).toThrow(
      /\/site\/docs\/api\/broken\.page\.json is not valid JSON/,
    );
  });
});

describe('build-tuning plugin', () => {
  class FakeReplacement {
    constructor(
      readonly test: RegExp,
      readonly replacement: string,
    ) {}
  }
  const configure = (isServer: boolean) =>
    buildTuningPlugin().configureWebpack?.({} as never, isServer, {currentBundler: {name: 'rspack', instance: {NormalModuleReplacementPlugin: FakeReplacement}}} as never, undefined) as unknown as {
      module: {parser: {json: {exportsDepth: number}}; rules: {test: RegExp; type: string; use: {loader: string}[]}[]};
      plugins: FakeReplacement[];
    };

  it('routes page models through the loader and limits JSON export tracking', () => {
    const config = configure(false);
    expect(config.module.parser.json.exportsDepth).toBe(1);
    const [rule] = config.module.rules;
    expect(rule.type).toBe('javascript/auto');
    expect(rule.use[0].loader).toBe(require.resolve('../page-data-loader.js'));
    expect(PAGE_DATA_TEST.test('docs/api/create-contact.page.json')).toBe(true);
    expect(PAGE_DATA_TEST.test('static/openapi.json')).toBe(false);
  });

  it('drops the start-up Prism module in both bundles and gives the server the synchronous Prism runtime', () => {
    const client = configure(false).plugins;
    const server = configure(true).plugins;
    expect(client.map((plugin) => plugin.replacement)).toEqual([expect.stringMatching(/src\/client\/prism-noop\.ts$/)]);
    expect(server.map((plugin) => plugin.replacement)).toEqual([
      expect.stringMatching(/src\/client\/prism-noop\.ts$/),
      expect.stringMatching(/src\/client\/prism-runtime\.server\.ts$/),
    ]);
  });

  it("matches the classic theme's Prism client module as the installed theme declares it, and nothing else it declares", () => {
    // If a theme upgrade renames or moves the module, the replacement would
    // silently stop applying and Prism would load on every page again.
    const context = {
      siteDir: path.resolve(__dirname, '../../../..'),
      i18n: {currentLocale: 'en', localeConfigs: {en: {direction: 'ltr'}}},
      siteConfig: {themeConfig: {prism: {additionalLanguages: []}}},
    };
    const theme = themeClassic(context as never, {customCss: []} as never);
    const themeLib = path.dirname(require.resolve('@docusaurus/theme-classic'));
    const clientModules = (theme.getClientModules?.() ?? []).map((module) => require.resolve(path.resolve(themeLib, module)));
    expect(clientModules.filter((file) => PRISM_CLIENT_MODULE_TEST.test(file))).toEqual([path.join(themeLib, 'prism-include-languages.js')]);
  });

  it('matches every import of the Prism runtime in the site, resolved or not, and not the server runtime', () => {
    const siteDir = path.resolve(__dirname, '../../../..');
    const importers = ['src/theme/CodeBlock/Content/index.tsx', 'src/client/prefetch-on-intent.ts'];
    const requests = importers.flatMap((file) =>
      [...readFileSync(path.join(siteDir, file), 'utf8').matchAll(/from '([^']*prism-runtime[^']*)'/g)].map((match) => ({file, request: match[1]})),
    );
    expect(requests.map(({request}) => request)).toEqual(['@site/src/client/prism-runtime', './prism-runtime']);
    for (const {file, request} of requests) {
      const resolved = request.startsWith('@site/') ? path.join(siteDir, request.slice('@site/'.length)) : path.resolve(siteDir, path.dirname(file), request);
      // Rspack's replacement tests the request as written, then the resolved file.
      expect(PRISM_RUNTIME_TEST.test(request) || PRISM_RUNTIME_TEST.test(`${resolved}.ts`), request).toBe(true);
      expect(existsSync(`${resolved}.ts`), resolved).toBe(true);
    }
    expect(PRISM_RUNTIME_TEST.test(path.join(siteDir, 'src/client/prism-runtime.server.ts'))).toBe(false);
  });
});
