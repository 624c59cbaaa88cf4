import {API_DOCS_BASE_PATH} from '../../openapi/page-ids';

/** A link listed under "## Optional" in llms.txt that is not a docs page. */
export interface OptionalLink {
  title: string;
  /** Absolute URL, or a path on this site (`/openapi.yaml`, resolved against the site URL and base URL). */
  url: string;
  description?: string;
}

/** Options of the `llms-txt` plugin, which writes `llms.txt`, `llms-full.txt`
 * and a Markdown twin (`<route>.md`) of every docs page after the build. */
export interface PluginOptions {
  /** Routes at or under this path (relative to the base URL) get a Markdown twin and an llms.txt entry. */
  docsBasePath: string;
  /** Route of the generated API pages (relative to the base URL). */
  apiDocsBasePath: string;
  /** Folder, relative to the site directory, where `npm run gen` writes the page models (`<id>.page.json`). */
  pageModelDir: string;
  /** Docs routes listed under "## Optional" rather than "## Docs" (pages a reader can skip), e.g. the changelog. */
  optionalRoutes: string[];
  /** Other links listed under "## Optional", such as the spec downloads. */
  optionalLinks: OptionalLink[];
  /** The blockquote under the title of llms.txt; the site tagline when not set. */
  summary?: string;
  /** Code samples in the twins of operation pages: cURL only, or every language. */
  codeSamples: 'curl' | 'all';
  /** Older versions of the API (src/versions/): their pages leave llms.txt and llms-full.txt for an index of their own at `index`, which llms.txt links. */
  versions: {name: string; routeBasePath: string; index: string}[];
}

export const DEFAULT_OPTIONS: PluginOptions = {
  docsBasePath: '/docs',
  apiDocsBasePath: API_DOCS_BASE_PATH,
  pageModelDir: 'docs/api',
  optionalRoutes: ['/docs/changelog'],
  optionalLinks: [],
  codeSamples: 'curl',
  versions: [],
};

function fail(option: string, expected: string, value: unknown): never {
  throw new Error(`[llms] option "${option}" must be ${expected}, got ${JSON.stringify(value)}`);
}

function isRoute(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?:[^\s?#]*[^\s?#/])?$/.test(value);
}

/** Merges the options with the defaults and checks them; throws naming the option and its value. */
export function validateOptions(rawOptions: unknown): PluginOptions {
  if (rawOptions === undefined) return {...DEFAULT_OPTIONS};
  if (typeof rawOptions !== 'object' || rawOptions === null || Array.isArray(rawOptions)) {
    throw new Error(`[llms] options must be an object, got ${JSON.stringify(rawOptions)}`);
  }
  for (const key of Object.keys(rawOptions)) {
    if (!(key in DEFAULT_OPTIONS) && key !== 'summary' && key !== 'id') {
      throw new Error(`[llms] unknown option "${key}"; known options: ${[...Object.keys(DEFAULT_OPTIONS), 'summary'].join(', ')}`);
    }
  }
  const options = {...DEFAULT_OPTIONS, ...(rawOptions as Partial<PluginOptions>)};
  for (const key of ['docsBasePath', 'apiDocsBasePath'] as const) {
    if (!isRoute(options[key])) fail(key, 'a route starting with "/" and without a trailing slash', options[key]);
  }
  if (!options.apiDocsBasePath.startsWith(`${options.docsBasePath}/`) && options.apiDocsBasePath !== options.docsBasePath) {
    fail('apiDocsBasePath', `a route at or under docsBasePath (${options.docsBasePath})`, options.apiDocsBasePath);
  }
  if (typeof options.pageModelDir !== 'string' || options.pageModelDir.trim() === '') {
    fail('pageModelDir', 'a non-empty path', options.pageModelDir);
  }
  if (!Array.isArray(options.optionalRoutes) || !options.optionalRoutes.every(isRoute)) {
    fail('optionalRoutes', 'an array of routes starting with "/"', options.optionalRoutes);
  }
  if (
    !Array.isArray(options.optionalLinks) ||
    !options.optionalLinks.every(
      (link: unknown) =>
        typeof link === 'object' &&
        link !== null &&
        typeof (link as OptionalLink).title === 'string' &&
        (link as OptionalLink).title.trim() !== '' &&
        typeof (link as OptionalLink).url === 'string' &&
        /^(https?:\/\/|\/)/.test((link as OptionalLink).url) &&
        ['string', 'undefined'].includes(typeof (link as OptionalLink).description),
    )
  ) {
    fail('optionalLinks', 'an array of {title, url, description?} with absolute or root-relative URLs', options.optionalLinks);
  }
  if (options.summary !== undefined && (typeof options.summary !== 'string' || options.summary.trim() === '')) {
    fail('summary', 'a non-empty string', options.summary);
  }
  if (!Array.isArray(options.versions) || !options.versions.every((version) => typeof version?.name === 'string' && isRoute(version.routeBasePath) && isRoute(version.index))) {
    fail('versions', 'an array of {name, routeBasePath, index} with routes starting with "/"', options.versions);
  }
  if (options.codeSamples !== 'curl' && options.codeSamples !== 'all') {
    fail('codeSamples', '"curl" or "all"', options.codeSamples);
  }
  return options;
}
