import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** Page models written by `npm run gen` next to each generated page. */
export const PAGE_DATA_TEST = /\.page\.json$/;

/** The classic theme's start-up client module that loads Prism on every page. */
export const PRISM_CLIENT_MODULE_TEST = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/;

/** Imports of the on-demand Prism loader, swapped for its synchronous twin on the server. */
export const PRISM_RUNTIME_TEST = /[\\/]src[\\/]client[\\/]prism-runtime(\.ts)?$/;

const clientDir = path.resolve(__dirname, '../../client');

/**
 * Bundler settings for sites with thousands of API pages, and for light pages.
 *
 * Every generated page imports its render model (`<id>.page.json`). As JSON
 * modules, Rspack parsed each into a value tree and, in production, tracked
 * every nested key as an export for tree shaking, in both compilers: for a
 * 1,000-operation spec that bookkeeping was gigabytes. Page models are loaded
 * through `page-data-loader` instead (one string literal parsed at run time),
 * and other JSON modules track their top-level keys only.
 *
 * Prism: the classic theme's start-up module is replaced by an empty one and
 * code blocks load Prism when they need it (src/client/prism-runtime.ts);
 * the server bundle gets the synchronous runtime, so static HTML stays
 * highlighted.
 */
export default function buildTuningPlugin(): Plugin {
  return {
    name: 'build-tuning',
    configureWebpack(_config, isServer, {currentBundler}) {
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      const plugins = [new NormalModuleReplacementPlugin(PRISM_CLIENT_MODULE_TEST, path.join(clientDir, 'prism-noop.ts'))];
      if (isServer) {
        plugins.push(new NormalModuleReplacementPlugin(PRISM_RUNTIME_TEST, path.join(clientDir, 'prism-runtime.server.ts')));
      }
      return {
        module: {
          parser: {json: {exportsDepth: 1}},
          rules: [{test: PAGE_DATA_TEST, type: 'javascript/auto', use: [{loader: require.resolve('./page-data-loader.js')}]}],
        },
        plugins,
      };
    },
  };
}
