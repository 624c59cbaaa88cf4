import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {CORE_PRELOAD_TEST} from '../route-sections';

/** React Router 5's module, in the builds a bundler may take (its ES module, or its CommonJS development file). */
export const REACT_ROUTER_TEST = /[\\/]node_modules[\\/]react-router[\\/](esm[\\/]react-router\.js|cjs[\\/]react-router\.js)$/;

/** The plain-text matcher the loader puts in front of React Router's own. */
export const LITERAL_PATH_MATCH = path.resolve(__dirname, './client/literal-path-match.ts');

/** The docs plugin's client utilities, whose `getActiveDocContext` scans a version's docs. */
export const DOCS_CLIENT_UTILS_TEST = /[\\/]node_modules[\\/]@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client[\\/]docsClientUtils\.js$/;

/** The indexed `getActiveDocContext` the docs client loader puts in its place. */
export const ACTIVE_DOC_CONTEXT = path.resolve(__dirname, './client/active-doc-context.ts');

/** The server bundle's preloader, which searches the route table through an index. */
export const SERVER_PRELOAD = path.resolve(__dirname, './client/preload.server.ts');

/**
 * Route matching that does not grow with the square of the page count.
 *
 * Every docs page is a route of the docs plugin, and Docusaurus, React Router
 * and the docs theme find a page's route, its doc and its sidebar by calling
 * `matchPath` on each route or doc in turn: `matchRoutes` before each render,
 * `<Switch>` while rendering, `getActiveDocContext` (navbar and layout) and
 * `useDocRootMetadata`. Each call builds or looks up a regular expression with
 * path-to-regexp. Static rendering of N pages therefore makes about 6 × N²
 * such calls, which for a large API is a large share of rendering and for
 * the largest more than a CPU-hour. In the browser the same
 * scans run on every navigation. No option changes how React Router matches,
 * and the callers are the core's and the theme's own code.
 *
 * The loader (./react-router-loader.js) makes React Router's `matchPath`
 * answer plain-text paths (every doc's and blog post's route) with a string
 * comparison that gives exactly the same result
 * (src/plugins/route-matching/client/literal-path-match.ts); paths with parameters or wildcards go
 * through path-to-regexp as before. Both bundles: the server renders faster,
 * and the browser matches faster.
 *
 * Cheaper matches still leave N² of them. The scans over a docs version's
 * routes are replaced by a lookup (src/plugins/route-matching/client/route-index.ts): the core's
 * preload in the server bundle (./client/preload.server.ts; the client's,
 * when route sections are on, is src/plugins/route-sections/client/preload.ts),
 * DocRoot's two scans (src/theme/DocRoot, a wrapper) and the docs plugin's
 * `getActiveDocContext` (./client/active-doc-context.ts, put in place by
 * ./docs-client-loader.js: the function is the plugin's module's own, used by
 * its hooks, and no option or theme component replaces it).
 */
export default function routeMatchingPlugin(): Plugin {
  return {
    name: 'route-matching',
    configureWebpack(_config, isServer, {currentBundler}) {
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      return {
        module: {
          rules: [
            {test: REACT_ROUTER_TEST, use: [{loader: require.resolve('./react-router-loader.js'), options: {matcher: LITERAL_PATH_MATCH}}]},
            {test: DOCS_CLIENT_UTILS_TEST, use: [{loader: require.resolve('./docs-client-loader.js'), options: {activeDocContext: ACTIVE_DOC_CONTEXT}}]},
          ],
        },
        plugins: isServer ? [new NormalModuleReplacementPlugin(CORE_PRELOAD_TEST, SERVER_PRELOAD)] : [],
      };
    },
  };
}
