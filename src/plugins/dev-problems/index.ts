import {mkdirSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

import {DEV_STATUS_ROUTE, validateOptions} from './dev-problems-options';

/**
 * The development server's overlay of problems in the API description
 * (src/dev-loop/status.ts): a client module that polls the status file
 * `npm start` writes, which the development server serves from its folder.
 * Disabled, as in every production build, it adds nothing to the site.
 */
export default function devProblemsPlugin(context: LoadContext, rawOptions: unknown): Plugin {
  const options = validateOptions(rawOptions);
  if (!options.enabled) return {name: 'dev-problems'};
  const statusDir = path.resolve(context.siteDir, path.dirname(options.statusFile));
  // The development server refuses to serve a folder that does not exist.
  mkdirSync(statusDir, {recursive: true});
  return {
    name: 'dev-problems',
    getClientModules: () => [path.join(__dirname, 'client', 'overlay.ts')],
    configureWebpack(_config, isServer) {
      if (isServer) return undefined;
      // Served as it is on each request; `watch: false`, or every run of the spec step would reload the page.
      const devServer = {static: [{directory: statusDir, publicPath: `${context.baseUrl}${DEV_STATUS_ROUTE}`, watch: false}]};
      // `docusaurus start` merges the client config's `devServer` into its own (core, commands/start/webpack.js); the type leaves it out.
      return {devServer} as ReturnType<NonNullable<Plugin['configureWebpack']>>;
    },
  };
}
