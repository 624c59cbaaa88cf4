import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The classic theme's start-up client module that loads Prism on every page. */
export const PRISM_CLIENT_MODULE_TEST = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/;

/** Imports of the on-demand Prism loader, swapped for its synchronous twin on the server. */
export const PRISM_RUNTIME_TEST = /[\\/]src[\\/]client[\\/]prism-runtime(\.ts)?$/;

const clientDir = path.resolve(__dirname, '../../client');

/**
 * Prism when a code block needs it, not on every page.
 *
 * The classic theme's start-up client module (its private
 * `lib/prism-include-languages.js`) is replaced by an empty one in both
 * bundles, and code blocks load Prism through src/client/prism-runtime.ts;
 * the server bundle gets the synchronous runtime instead, so static HTML
 * stays highlighted. How the pieces fit: src/theme/README.md.
 */
export default function prismOnDemandPlugin(): Plugin {
  return {
    name: 'prism-on-demand',
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
