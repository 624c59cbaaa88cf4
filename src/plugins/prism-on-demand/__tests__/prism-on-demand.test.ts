import {existsSync, mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import themeClassic from '@docusaurus/theme-classic';
import {themes} from 'prism-react-renderer';
import prismOnDemandPlugin, {PRISM_CLIENT_MODULE_TEST, PRISM_RUNTIME_TEST} from '../index';
import {bundlerUtils, type FakeReplacement} from '../../__tests__/bundler-stub';
import {accessibleLightCodeTheme, darkCodeTheme} from '../../../../config/prism-themes';

const require = createRequire(import.meta.url);

function withGeneratedDir<T>(run: (generatedFilesDir: string) => T): T {
  const generatedFilesDir = mkdtempSync(path.join(tmpdir(), 'prism-on-demand-'));
  try {
    return run(generatedFilesDir);
  } finally {
    rmSync(generatedFilesDir, {recursive: true, force: true});
  }
}

const siteContext = (generatedFilesDir: string, prism: object = {theme: accessibleLightCodeTheme, darkTheme: darkCodeTheme}) =>
  ({generatedFilesDir, siteConfig: {themeConfig: {prism}}}) as never;

describe('prism-on-demand plugin', () => {
  const configure = (isServer: boolean) =>
    withGeneratedDir((dir) => prismOnDemandPlugin(siteContext(dir))).configureWebpack?.({} as never, isServer, bundlerUtils, undefined) as unknown as {
      plugins: FakeReplacement[];
    };

  it('drops the start-up Prism module in both bundles and gives the server the synchronous Prism runtime', () => {
    const client = configure(false).plugins;
    const server = configure(true).plugins;
    expect(client.map((plugin) => plugin.replacement)).toEqual([expect.stringMatching(/prism-on-demand\/client\/prism-noop\.ts$/)]);
    expect(server.map((plugin) => plugin.replacement)).toEqual([
      expect.stringMatching(/prism-on-demand\/client\/prism-noop\.ts$/),
      expect.stringMatching(/prism-on-demand\/client\/prism-runtime\.server\.ts$/),
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
    expect(requests.map(({request}) => request)).toEqual(['@site/src/plugins/prism-on-demand/client/prism-runtime', '../plugins/prism-on-demand/client/prism-runtime']);
    for (const {file, request} of requests) {
      const resolved = request.startsWith('@site/') ? path.join(siteDir, request.slice('@site/'.length)) : path.resolve(siteDir, path.dirname(file), request);
      // Rspack's replacement tests the request as written, then the resolved file.
      expect(PRISM_RUNTIME_TEST.test(request) || PRISM_RUNTIME_TEST.test(`${resolved}.ts`), request).toBe(true);
      expect(existsSync(`${resolved}.ts`), resolved).toBe(true);
    }
    expect(PRISM_RUNTIME_TEST.test(path.join(siteDir, 'src/plugins/prism-on-demand/client/prism-runtime.server.ts'))).toBe(false);
  });

  it("adds the stylesheet of both colour modes as a client module, from the site's Prism themes", () => {
    withGeneratedDir((dir) => {
      const [cssFile] = prismOnDemandPlugin(siteContext(dir)).getClientModules?.() ?? [];
      const css = readFileSync(cssFile, 'utf8');
      expect(css).toContain(`:root:not([data-theme='dark']){--prism-color:${accessibleLightCodeTheme.plain.color};--prism-background-color:${accessibleLightCodeTheme.plain.backgroundColor}}`);
      expect(css).toContain(`[data-theme='dark']{--prism-color:${darkCodeTheme.plain.color};--prism-background-color:${darkCodeTheme.plain.backgroundColor}}`);
      // The darkened comment colour of the light theme, Dracula's in dark mode.
      const ruleOf = (selector: string) => css.split('\n').find((line) => line.split('{')[0].split(',').includes(selector));
      expect(ruleOf(":root:not([data-theme='dark']) .token.comment")).toContain('color:#6b6b5f');
      const draculaComment = darkCodeTheme.styles.find((entry) => entry.types.includes('comment'))?.style.color;
      expect(ruleOf("[data-theme='dark'] .token.comment")).toContain(`color:${draculaComment}`);
    });
  });

  it('rewrites the stylesheet only when the themes change', () => {
    withGeneratedDir((dir) => {
      const [cssFile] = prismOnDemandPlugin(siteContext(dir)).getClientModules?.() ?? [];
      const written = statSync(cssFile).mtimeMs;
      const before = readFileSync(cssFile, 'utf8');
      prismOnDemandPlugin(siteContext(dir));
      expect(statSync(cssFile).mtimeMs).toBe(written);
      prismOnDemandPlugin(siteContext(dir, {theme: themes.vsLight, darkTheme: themes.vsDark}));
      expect(readFileSync(cssFile, 'utf8')).not.toBe(before);
    });
  });

  it("falls back as the classic theme does: palenight, and the light theme in dark mode", () => {
    withGeneratedDir((dir) => {
      const [cssFile] = prismOnDemandPlugin(siteContext(dir, {})).getClientModules?.() ?? [];
      const css = readFileSync(cssFile, 'utf8');
      expect(css).toContain(`:root:not([data-theme='dark']){--prism-color:${themes.palenight.plain.color};`);
      expect(css).toContain(`[data-theme='dark']{--prism-color:${themes.palenight.plain.color};`);
    });
  });
});
