import type {Plugin} from '@docusaurus/types';

/** Page models written by `npm run gen` next to each generated page. */
export const PAGE_DATA_TEST = /\.page\.json$/;

/**
 * Bundler settings for sites with thousands of API pages.
 *
 * Every generated page imports its render model (`<id>.page.json`). As JSON
 * modules, Rspack parsed each into a value tree and, in production, tracked
 * every nested key as an export for tree shaking, in both compilers: for a
 * 1,000-operation spec that bookkeeping was gigabytes. Page models are loaded
 * through `page-data-loader` instead (one string literal parsed at run time;
 * in the server bundle, the file read when a page renders), and other JSON
 * modules track their top-level keys only.
 *
 * The server bundle is one file. Docusaurus gives it no shared chunks
 * (`splitChunks: false`), so each page's chunk carried its own copy of every
 * module the page imports: for GitHub's API, 2,559 files of 654 MB, each
 * with the operation page's 85 modules, generated and written by the
 * bundler, against one bundle with each module once.
 */
export default function pageDataPlugin(): Plugin {
  return {
    name: 'page-data',
    configureWebpack(config, isServer) {
      return {
        module: {
          // The server bundle in one file (see above): `import()` takes the module from the same chunk.
          parser: {json: {exportsDepth: 1}, ...(isServer ? {javascript: {dynamicImportMode: 'eager'}} : {})},
          rules: [{test: PAGE_DATA_TEST, type: 'javascript/auto', use: [{loader: require.resolve('./page-data-loader.js'), options: {readAtRunTime: isServer}}]}],
        },
      };
    },
  };
}
