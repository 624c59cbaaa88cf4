/** Options of the `search` plugin, which indexes the built site with
 * Pagefind after `docusaurus build` (its `postBuild`). */
export interface PluginOptions {
  /** Folder of the index inside the build output; the browser loads `<baseUrl><outputSubdir>/pagefind.js`. */
  outputSubdir: string;
  /** Built HTML files to read, relative to the build output. Only pages with a
   * `data-pagefind-body` element are indexed (docs pages and blog posts). */
  glob: string;
  /**
   * Parts of indexed pages left out of the index. The examples column (code
   * samples in nine languages, example payloads) repeats the same words on
   * every operation page: indexed, it was most of the index and every search
   * listed "Code samples" once per operation. Schema pages are found by their
   * name and lead; their field lists, examples and users repeat the operation pages.
   */
  excludeSelectors: string[];
  /** Language of the index (Pagefind's stemming); the site's default locale. */
  language: string;
}

export const DEFAULT_OPTIONS: PluginOptions = {
  outputSubdir: 'pagefind',
  glob: '**/*.html',
  excludeSelectors: ['aside.api-examples', '.schema-page-details'],
  language: 'en',
};

/** A relative folder inside the build output: no leading slash, no `..`, no backslashes. */
const OUTPUT_FOLDER = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[\w.@-]+(?:\/[\w.@-]+)*$/;

/** Merges the options with the defaults and checks them; throws naming the option and its value. */
export function validateOptions(rawOptions: unknown): PluginOptions {
  if (rawOptions === undefined) return {...DEFAULT_OPTIONS, excludeSelectors: [...DEFAULT_OPTIONS.excludeSelectors]};
  if (typeof rawOptions !== 'object' || rawOptions === null || Array.isArray(rawOptions)) {
    throw new Error(`[search] options must be an object, got ${JSON.stringify(rawOptions)}`);
  }
  for (const key of Object.keys(rawOptions)) {
    if (!(key in DEFAULT_OPTIONS) && key !== 'id') {
      throw new Error(`[search] unknown option "${key}"; known options: ${Object.keys(DEFAULT_OPTIONS).join(', ')}`);
    }
  }
  const options = {...DEFAULT_OPTIONS, ...(rawOptions as Partial<PluginOptions>)};
  if (typeof options.outputSubdir !== 'string' || !OUTPUT_FOLDER.test(options.outputSubdir)) {
    throw new Error(`[search] option "outputSubdir" must be a relative folder inside the build output, got ${JSON.stringify(options.outputSubdir)}`);
  }
  if (typeof options.glob !== 'string' || !options.glob.endsWith('.html')) {
    throw new Error(`[search] option "glob" must match HTML files (end in ".html"), got ${JSON.stringify(options.glob)}`);
  }
  if (!Array.isArray(options.excludeSelectors) || options.excludeSelectors.some((selector) => typeof selector !== 'string' || selector.trim() === '')) {
    throw new Error(`[search] option "excludeSelectors" must be a list of CSS selectors, got ${JSON.stringify(options.excludeSelectors)}`);
  }
  if (typeof options.language !== 'string' || !/^[a-z]{2,3}(?:-[A-Za-z0-9]+)*$/.test(options.language)) {
    throw new Error(`[search] option "language" must be a language code such as "en", got ${JSON.stringify(options.language)}`);
  }
  return options;
}
