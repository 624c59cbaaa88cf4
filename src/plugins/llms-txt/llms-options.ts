import {API_DOCS_BASE_PATH} from '../../openapi/generation/page-ids';

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
  versions: LlmsVersion[];
  /**
   * The site's other APIs (src/apis/): llms.txt lists the pages of each one's
   * current version in sections named after it and links its own index at
   * `index`; each of its older versions gets an index too.
   */
  apis: LlmsApi[];
  /**
   * The largest llms-full.txt written whole, in bytes; a larger reference is
   * published as an index of parts, one per llms.txt section, none larger.
   * Below Cloudflare Pages' 25 MiB per file by default.
   */
  maxFileBytes: number;
}

/** An older version of an API with an llms.txt of its own. */
export interface LlmsVersion {
  name: string;
  /** Route of its pages, relative to the base URL: `/docs/api/2.2.0`. */
  routeBasePath: string;
  /** Path of its index in the build: `/versions/2.2.0/llms.txt`. */
  index: string;
}

/** Another API of the site. */
export interface LlmsApi {
  id: string;
  label: string;
  /** Route of its current pages, relative to the base URL: `/docs/apis/petstore`. */
  routeBasePath: string;
  /** Folder of its page models, relative to the site directory. */
  pageModelDir: string;
  /** Path of its index in the build: `/apis/petstore/llms.txt`. */
  index: string;
  /** Its downloads, listed under "## Optional" in its index. */
  optionalLinks: OptionalLink[];
  versions: LlmsVersion[];
}

/** Cloudflare Pages refuses a file over 25 MiB; the default stays a margin below. */
export const DEFAULT_MAX_FILE_BYTES = 20 * 1024 * 1024;

export const DEFAULT_OPTIONS: PluginOptions = {
  docsBasePath: '/docs',
  apiDocsBasePath: API_DOCS_BASE_PATH,
  pageModelDir: 'docs/api',
  optionalRoutes: ['/docs/changelog'],
  optionalLinks: [],
  codeSamples: 'curl',
  versions: [],
  apis: [],
  maxFileBytes: DEFAULT_MAX_FILE_BYTES,
};

function fail(option: string, expected: string, value: unknown): never {
  throw new Error(`[llms] option "${option}" must be ${expected}, got ${JSON.stringify(value)}`);
}

function isRoute(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?:[^\s?#]*[^\s?#/])?$/.test(value);
}

function isOptionalLink(link: unknown): link is OptionalLink {
  return (
    typeof link === 'object' &&
    link !== null &&
    typeof (link as OptionalLink).title === 'string' &&
    (link as OptionalLink).title.trim() !== '' &&
    typeof (link as OptionalLink).url === 'string' &&
    /^(https?:\/\/|\/)/.test((link as OptionalLink).url) &&
    ['string', 'undefined'].includes(typeof (link as OptionalLink).description)
  );
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
  if (!Array.isArray(options.optionalLinks) || !options.optionalLinks.every(isOptionalLink)) {
    fail('optionalLinks', 'an array of {title, url, description?} with absolute or root-relative URLs', options.optionalLinks);
  }
  if (options.summary !== undefined && (typeof options.summary !== 'string' || options.summary.trim() === '')) {
    fail('summary', 'a non-empty string', options.summary);
  }
  if (!Array.isArray(options.versions) || !options.versions.every((version) => typeof version?.name === 'string' && isRoute(version.routeBasePath) && isRoute(version.index))) {
    fail('versions', 'an array of {name, routeBasePath, index} with routes starting with "/"', options.versions);
  }
  const isVersion = (version: LlmsVersion) => typeof version?.name === 'string' && version.name !== '' && isRoute(version.routeBasePath) && isRoute(version.index);
  if (
    !Array.isArray(options.apis) ||
    !options.apis.every(
      (api) =>
        typeof api?.id === 'string' &&
        typeof api.label === 'string' &&
        api.label.trim() !== '' &&
        isRoute(api.routeBasePath) &&
        typeof api.pageModelDir === 'string' &&
        api.pageModelDir.trim() !== '' &&
        isRoute(api.index) &&
        Array.isArray(api.optionalLinks) &&
        api.optionalLinks.every(isOptionalLink) &&
        Array.isArray(api.versions) &&
        api.versions.every(isVersion),
    )
  ) {
    fail('apis', 'an array of {id, label, routeBasePath, pageModelDir, index, optionalLinks, versions} with routes starting with "/"', options.apis);
  }
  if (typeof options.maxFileBytes !== 'number' || !Number.isInteger(options.maxFileBytes) || options.maxFileBytes < 1024) {
    fail('maxFileBytes', 'a whole number of bytes, at least 1024', options.maxFileBytes);
  }
  if (options.codeSamples !== 'curl' && options.codeSamples !== 'all') {
    fail('codeSamples', '"curl" or "all"', options.codeSamples);
  }
  return options;
}
