import {existsSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import themeClassic from '@docusaurus/theme-classic';
import prismOnDemandPlugin, {PRISM_CLIENT_MODULE_TEST, PRISM_RUNTIME_TEST} from '../index';

const require = createRequire(import.meta.url);

describe('prism-on-demand plugin', () => {
  class FakeReplacement {
    constructor(
      readonly test: RegExp,
      readonly replacement: string,
    ) {}
  }
  const configure = (isServer: boolean) =>
    prismOnDemandPlugin().configureWebpack?.({} as never, isServer, {currentBundler: {name: 'rspack', instance: {NormalModuleReplacementPlugin: FakeReplacement}}} as never, undefined) as unknown as {
      plugins: FakeReplacement[];
    };

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
