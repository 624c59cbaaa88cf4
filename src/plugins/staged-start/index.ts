import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The core's browser entry, which Docusaurus's client bundler configuration names as its `entry`. */
export const CORE_CLIENT_ENTRY_TEST = /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]clientEntry\.js$/;

/** The entry that starts the page in steps. */
export const STAGED_ENTRY = path.resolve(__dirname, './client/staged-entry.tsx');

/**
 * A page's start-up in several short tasks instead of one long one.
 *
 * The core's client entry evaluates React DOM's client with the rest of
 * `main.js` and preloads the route in the same task: on Lighthouse's
 * throttled phone the longest task of every page, and nearly all of
 * create-contact's Total Blocking Time. Its replacement
 * (src/plugins/staged-start/client/staged-entry.tsx, the order in src/plugins/staged-start/client/staged-start.ts)
 * imports React DOM's client dynamically, so the bundler puts it in a chunk
 * of its own that is evaluated in its own task, and preloads the route in a
 * later task; the app is the same. The entry is the core's own file, named
 * in its bundler configuration, and no option changes it: the replacement
 * swaps the module (browser bundle only; the server bundle has its own entry).
 */
export default function stagedStartPlugin(): Plugin {
  return {
    name: 'staged-start',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      return {plugins: [new NormalModuleReplacementPlugin(CORE_CLIENT_ENTRY_TEST, STAGED_ENTRY)]};
    },
  };
}
