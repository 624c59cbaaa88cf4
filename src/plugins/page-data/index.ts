import type {Plugin} from '@docusaurus/types';

/** Page models written by `npm run gen` next to each generated page. */
export const PAGE_DATA_TEST = /\.page\.json$/;

/** Docusaurus's MDX loader, as the content plugins' rules name it. */
export const MDX_LOADER = require.resolve('@docusaurus/mdx-loader');
const API_PAGE_LOADER = require.resolve('./api-page-loader.js');
const PAGE_DATA_LOADER = require.resolve('./page-data-loader.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const {MODEL_FILE_QUERY} = require('./page-data-loader.js') as {MODEL_FILE_QUERY: string};

/** Files the browser fetches as they are: page models and operation pages' cores (src/openapi/models/page-core.ts). */
export const MODEL_FILE_TEST = /\.page(?:-core)?\.json$/;

/** Where the browser bundle's page model files go, under the build's assets. */
export const MODEL_FILE_NAME = 'assets/models/[contenthash].json';

interface RuleLike {
  use?: unknown;
  oneOf?: unknown;
  rules?: unknown;
}

/**
 * Puts ./api-page-loader.js in place of the MDX loader in every rule that
 * uses it, with the same options: generated API pages take the short way,
 * every other Markdown file still reaches the MDX loader through it.
 * Returns how many rules use it now (replaced here or before).
 */
export function withApiPageLoader(rules: unknown[]): number {
  let replaced = 0;
  for (const rule of rules) {
    if (typeof rule !== 'object' || rule === null) continue;
    const {use, oneOf, rules: nested} = rule as RuleLike;
    if (Array.isArray(use)) {
      use.forEach((item: unknown, index) => {
        if (typeof item !== 'object' || item === null) return;
        const {loader} = item as {loader?: unknown};
        // The server's config shares the content plugins' rule objects with the client's: replaced once, counted in both.
        if (loader === MDX_LOADER) use[index] = {...item, loader: API_PAGE_LOADER};
        if (loader === MDX_LOADER || loader === API_PAGE_LOADER) replaced++;
      });
    }
    if (Array.isArray(oneOf)) replaced += withApiPageLoader(oneOf);
    if (Array.isArray(nested)) replaced += withApiPageLoader(nested);
  }
  return replaced;
}

/**
 * Bundler settings for sites with thousands of API pages.
 *
 * Every generated page imports its render model (`<id>.page.json`). As JSON
 * modules, Rspack parsed each into a value tree and, in production, tracked
 * every nested key as an export for tree shaking, in both compilers: for a
 * 1,000-operation spec that bookkeeping was gigabytes. Page models are loaded
 * through `page-data-loader` instead, which never reads them: in the browser
 * bundle each is a file of its own that its page fetches (Rspack copies it
 * as an `asset/resource`, natively, under a content hash); in the server
 * bundle, the file is read when a page renders. Other JSON modules track
 * their top-level keys only.
 *
 * The server bundle is one file. Docusaurus gives it no shared chunks
 * (`splitChunks: false`), so each page's chunk carried its own copy of every
 * module the page imports, thousands of files generated and written by the
 * bundler against one bundle with each module once.
 *
 * Generated pages skip the MDX pipeline (./api-page-loader.js): the content
 * plugins' rules are changed in place, since no option of theirs chooses the
 * loader; this plugin comes after them, so their rules are in `config`.
 */
export default function pageDataPlugin(): Plugin {
  return {
    name: 'page-data',
    configureWebpack(config, isServer) {
      if (withApiPageLoader(config.module?.rules ?? []) === 0) {
        throw new Error('[page-data] no rule uses @docusaurus/mdx-loader; the page-data plugin must come after the docs plugin in docusaurus.config.ts');
      }
      const modelModule = {loader: PAGE_DATA_LOADER, options: {readAtRunTime: isServer}};
      return {
        module: {
          // The server bundle in one file (see above): `import()` takes the module from the same chunk.
          parser: {json: {exportsDepth: 1}, ...(isServer ? {javascript: {dynamicImportMode: 'eager'}} : {})},
          rules: [
            {
              test: MODEL_FILE_TEST,
              oneOf: [
                // The model's own file, or an operation page's core (browser bundle): copied as it is, never parsed.
                {resourceQuery: MODEL_FILE_QUERY, type: 'asset/resource', generator: {filename: MODEL_FILE_NAME}},
                {test: PAGE_DATA_TEST, type: isServer ? 'javascript/auto' : 'javascript/esm', use: [modelModule]},
              ],
            },
          ],
        },
      };
    },
  };
}
