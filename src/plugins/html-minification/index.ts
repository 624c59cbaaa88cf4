import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {validateOptions, type PluginOptions} from './minification-options';

export type {PluginOptions} from './minification-options';

/**
 * The variable Docusaurus's HTML minifier reads when its module loads
 * (`@docusaurus/bundler`, lib/minifyHtml.js): "true" publishes the rendered
 * HTML as it is.
 */
export const SKIP_VARIABLE = 'SKIP_HTML_MINIFICATION';

/** The core's `renderToHtml`, which the server entry imports as `./renderToHtml`. */
export const CORE_RENDER_TO_HTML_TEST = /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]renderToHtml\.js$/;

/** Ours: the same rendering, its output decoded once. */
export const RENDER_TO_HTML = path.resolve(__dirname, './client/render-to-html.server.ts');

/** Routes of a build: the keys of the route table Docusaurus generated for it. */
export function countRoutes(routesChunkNamesJson: string): number {
  return Object.keys(JSON.parse(routesChunkNamesJson) as Record<string, unknown>).length;
}

/** Whether a site of `routes` routes has its HTML minified. */
export function minifies(routes: number, options: PluginOptions): boolean {
  return routes <= options.maxMinifiedRoutes;
}

/**
 * HTML minification by the size of the site.
 *
 * Docusaurus minifies every page it renders; no option turns that off, only
 * the environment variable SKIP_HTML_MINIFICATION, read when the minifier's
 * module loads. Static rendering runs in worker threads created after the
 * bundlers are configured, and a worker starts with a copy of the main
 * thread's environment, so setting the variable here (once the routes are
 * known, before the workers exist) decides for the whole rendering. A site
 * of up to 100 pages renders on the main thread instead, whose minifier has
 * read the variable before any plugin ran; such a site is always under the
 * limit (./options.ts). The end-to-end suite checks both outcomes on built
 * pages.
 *
 * The server bundle also gets our `renderToHtml` in place of the core's
 * (src/plugins/html-minification/client/render-to-html.server.ts): the same HTML, decoded from React's
 * stream once per page rather than chunk by chunk. The core's function is
 * imported by its server entry, and no option changes how it reads the stream.
 */
export default function htmlMinificationPlugin(context: Pick<LoadContext, 'generatedFilesDir'>, rawOptions: unknown): Plugin {
  const options = validateOptions(rawOptions);
  let decided = false;
  return {
    name: 'html-minification',
    configureWebpack(config, isServer, {currentBundler}) {
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      const bundle = isServer ? {plugins: [new NormalModuleReplacementPlugin(CORE_RENDER_TO_HTML_TEST, RENDER_TO_HTML)]} : {};
      // The route table is written before the bundlers are configured; decide once, for both.
      if (config.mode !== 'production' || decided) return bundle;
      decided = true;
      const routes = countRoutes(readFileSync(path.join(context.generatedFilesDir, 'routesChunkNames.json'), 'utf8'));
      if (!minifies(routes, options)) {
        process.env[SKIP_VARIABLE] = 'true';
        console.log(
          `[html-minification] ${routes} routes, over maxMinifiedRoutes (${options.maxMinifiedRoutes}): pages are published as rendered, not minified (about 4% more gzip per page, 0.2 s less CPU per MB of HTML).`,
        );
      }
      return bundle;
    },
  };
}
