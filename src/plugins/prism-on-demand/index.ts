import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {themes, type PrismTheme} from 'prism-react-renderer';
import {prismThemeCss} from './theme-css';

/** The classic theme's start-up client module that loads Prism on every page. */
export const PRISM_CLIENT_MODULE_TEST = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/;

/** Imports of the on-demand Prism loader, swapped for its synchronous twin on the server. */
export const PRISM_RUNTIME_TEST = /[\\/]prism-on-demand[\\/]client[\\/]prism-runtime(\.ts)?$/;

const clientDir = path.resolve(__dirname, 'client');

/**
 * Prism when a code block needs it, not on every page.
 *
 * The classic theme's start-up client module (its private
 * `lib/prism-include-languages.js`) is replaced by an empty one in both
 * bundles, and code blocks load Prism through src/plugins/prism-on-demand/client/prism-runtime.ts;
 * the server bundle gets the synchronous runtime instead, so static HTML
 * stays highlighted. How the pieces fit: src/theme/README.md.
 *
 * Token colours of both colour modes come from one stylesheet generated from
 * `themeConfig.prism` (./theme-css.ts), not from inline styles, so the
 * server HTML is right in dark mode too and a mode switch needs no Prism.
 */
export default function prismOnDemandPlugin(context: Pick<LoadContext, 'generatedFilesDir' | 'siteConfig'>): Plugin {
  const prism = (context.siteConfig.themeConfig as {prism?: {theme?: PrismTheme; darkTheme?: PrismTheme}}).prism ?? {};
  // The classic theme's defaults: palenight, and the light theme in dark mode.
  const light = prism.theme ?? themes.palenight;
  const dark = prism.darkTheme ?? light;
  const themeCssFile = path.join(context.generatedFilesDir, 'prism-on-demand', 'prism-themes.css');
  const css = prismThemeCss({light, dark});
  // Rewritten only when it changes, so a rebuild's cache stays valid.
  if (!existsSync(themeCssFile) || readFileSync(themeCssFile, 'utf8') !== css) {
    mkdirSync(path.dirname(themeCssFile), {recursive: true});
    writeFileSync(themeCssFile, css);
  }
  return {
    name: 'prism-on-demand',
    getClientModules() {
      return [themeCssFile];
    },
    configureWebpack(_config, isServer, {currentBundler}) {
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      const plugins = [new NormalModuleReplacementPlugin(PRISM_CLIENT_MODULE_TEST, path.join(clientDir, 'prism-noop.ts'))];
      if (isServer) {
        plugins.push(new NormalModuleReplacementPlugin(PRISM_RUNTIME_TEST, path.join(clientDir, 'prism-runtime.server.ts')));
      }
      return {plugins};
    },
  };
}
