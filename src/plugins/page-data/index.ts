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
 * through `page-data-loader` instead (one string literal parsed at run time),
 * and other JSON modules track their top-level keys only.
 */
export default function pageDataPlugin(): Plugin {
  return {
    name: 'page-data',
    configureWebpack() {
      return {
        module: {
          parser: {json: {exportsDepth: 1}},
          rules: [{test: PAGE_DATA_TEST, type: 'javascript/auto', use: [{loader: require.resolve('./page-data-loader.js')}]}],
        },
      };
    },
  };
}
