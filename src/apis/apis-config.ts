import path from 'node:path';

import {SpecConfigError} from '../spec-reader/spec-errors.js';
import {specUrlFromProxyBase} from '../spec-source/urls.js';
import {OUT_DIR} from '../spec-source/spec-config.js';
import {SPEC_FILE_NAME, PAGE_OUTLINE_FILE_NAME, PROVENANCE_FILE_NAME} from '../spec-source/write-spec.js';
import type {ReleaseEntry} from '../versions/releases';

/**
 * The APIs one site publishes, written the way docusaurus-openapi-docs'
 * `config` option is: one entry per API, keyed by its id, each with its own
 * `specPath`, `outputDir`, `label` and `versions`. The first entry is the
 * site's main API; every check here runs before anything is fetched.
 */

/** One released version of an API, as openapi-docs' `versions` entries name it. */
export interface ApiVersionEntry {
  /** The release's description file, relative to the site root. */
  specPath: string;
  /** What the version menu calls it (openapi-docs' per-version `label`); without one, the version's name. */
  label?: string;
  /**
   * openapi-docs requires these; they are accepted so a moved configuration
   * builds as it is. Its pages are at `<outputDir of the API>/<version>`, so
   * `outputDir`, when given, must be that folder.
   */
  outputDir?: string;
  baseUrl?: string;
}

/** One API of the site (an entry of openapi-docs' `config`). */
export interface ApiEntry {
  /** How the navbar's API menu and search results name it. */
  label: string;
  /**
   * The description file, relative to the site root. For the main API, the
   * bundled file: SPEC_FILE and SPEC_PROXY_URL win over it.
   */
  specPath: string;
  /** Where its pages are generated, under `docs/`; its route is the same path (`docs/apis/petstore` → `/docs/apis/petstore`). */
  outputDir: string;
  /** Another API only: the base URL of a proxy serving its description at `<proxyUrl>/api/swagger-yaml`; wins over `specPath`. */
  proxyUrl?: string;
  /** Another API only: the environment variable that holds the bearer token for `proxyUrl` (the token never goes in this file). */
  proxyTokenEnv?: string;
  /** Released versions, by version name; the main API's default is the files of `openapi/releases/`. */
  versions?: Record<string, ApiVersionEntry>;
  /** openapi-docs' name and landing page of the current version, accepted so a moved configuration builds as it is: the site takes the version from `info.version` and the routes from `outputDir`. */
  version?: string;
  baseUrl?: string;
}

/** The `config` object: API id → entry, the main API first. */
export type ApisConfig = Record<string, ApiEntry>;

/** Where the site's APIs are configured, relative to the site root. */
export const APIS_CONFIG_FILE = 'config/apis.ts';

/** A configuration error about the site's APIs: `message` is the one line to print. */
export class ApiConfigError extends Error {
  override name = 'ApiConfigError';
}

/** An API of the site as the build uses it: its entry, checked, with every path it reads and writes. */
export interface SiteApi {
  id: string;
  label: string;
  /** The first entry: SPEC_* variables choose its source; its pages keep the routes of the product specification. */
  main: boolean;
  /** The configuration entry, as messages name it: `config/apis.ts: petstore`. */
  entry: string;
  /** Generated pages, relative to the site root, and their route. */
  outputDir: string;
  routeBasePath: string;
  /** The docs sidebar of its current version. */
  sidebarId: string;
  /** Folder of its resolved spec (with its last known good copy), relative to the site root. */
  specDir: string;
  specPath: string;
  outlinePath: string;
  provenancePath: string;
  /** Its description file (absolute) and, for another API, its proxy's base URL. */
  specFile: string;
  proxyUrl?: string;
  proxyTokenEnv?: string;
  /** Folder of its downloads in the build (`''`: the site root), and its Postman collection's file name. */
  downloadsDir: string;
  postmanFilename: string;
  /** Its versions named in the configuration; undefined: the main API's `openapi/releases/`. */
  versions?: ReleaseEntry[];
}

/** An API id is a path segment (of its resolved spec's folder, its downloads, its stored choices): letters, digits, "-" and "_". */
const API_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
/** Each segment of an `outputDir` below `docs/`: kebab-case words like page ids, so no route of one API can be a page of another. */
const ROUTE_SEGMENT = /^[a-z0-9][a-z0-9_-]*$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The main API's pages: the routes of the product specification. */
export const MAIN_OUTPUT_DIR = 'docs/api';

const ENTRY_KEYS = new Set(['label', 'specPath', 'outputDir', 'proxyUrl', 'proxyTokenEnv', 'versions', 'version', 'baseUrl']);
const VERSION_KEYS = new Set(['specPath', 'label', 'outputDir', 'baseUrl']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The folder of another API's resolved spec. */
export function apiSpecDir(id: string): string {
  return `${OUT_DIR}/apis/${id}`;
}

/** The route of an API's changelog page (scripts/gen-changelog.ts): the main API's is the site's `/docs/changelog`, another's is below its own prefix. */
export function changelogPathOf(api: Pick<SiteApi, 'main' | 'routeBasePath'>): string {
  return api.main ? '/docs/changelog' : `${api.routeBasePath}/changelog`;
}

/** The sidebar id of another API's current pages. */
export function apiSidebarId(id: string): string {
  return `api:${id}`;
}

function checkEntry(id: string, raw: unknown, main: boolean, root: string, file: string): SiteApi {
  const entry = `${file}: ${id}`;
  const fail = (cause: string): never => {
    throw new ApiConfigError(`[apis] ${entry}: ${cause}.`);
  };
  if (!API_ID.test(id)) fail(`"${id}" cannot be an API id (it is a path segment of the API's files and stored choices: letters, digits, "-", "_", starting with a letter or digit)`);
  if (!isRecord(raw)) fail('the entry must be an object with label, specPath and outputDir');
  const value = raw as Record<string, unknown>;
  const unknown = Object.keys(value).filter((key) => !ENTRY_KEYS.has(key));
  if (unknown.length > 0) fail(`unknown option ${unknown.map((key) => `"${key}"`).join(', ')} (known: ${[...ENTRY_KEYS].join(', ')})`);
  for (const key of ['label', 'specPath', 'outputDir'] as const) {
    if (typeof value[key] !== 'string' || value[key].trim() === '') fail(`${key} must be a non-empty string`);
  }
  const label = (value.label as string).trim();
  const specPath = value.specPath as string;
  if (/^https?:\/\//i.test(specPath.trim())) fail(`specPath is a local file, not a URL (got "${specPath}"); a proxy goes in proxyUrl`);
  const outputDir = (value.outputDir as string).replace(/\/+$/, '');
  const segments = outputDir.split('/');
  if (segments[0] !== 'docs' || segments.length < 2 || !segments.slice(1).every((segment) => ROUTE_SEGMENT.test(segment))) {
    fail(`outputDir "${outputDir}" must be a folder below docs/ named in lowercase letters, digits, "-" and "_" (its route is the same path)`);
  }
  if (main && outputDir !== MAIN_OUTPUT_DIR) fail(`the main API (the first entry) keeps the routes of the product specification: its outputDir must be "${MAIN_OUTPUT_DIR}" (got "${outputDir}")`);
  if (main && value.proxyUrl !== undefined) fail('the main API takes its proxy from SPEC_PROXY_URL, not proxyUrl');
  if (main && value.proxyTokenEnv !== undefined) fail('the main API takes its proxy token from SPEC_PROXY_TOKEN, not proxyTokenEnv');
  let proxyUrl: string | undefined;
  if (value.proxyUrl !== undefined) {
    if (typeof value.proxyUrl !== 'string') fail('proxyUrl must be a string');
    try {
      specUrlFromProxyBase(value.proxyUrl as string);
      proxyUrl = value.proxyUrl as string;
    } catch (error) {
      if (!(error instanceof SpecConfigError)) throw error;
      fail(`proxyUrl: ${error.message.replace(/^SPEC_PROXY_URL /, '')}`);
    }
  }
  if (value.proxyTokenEnv !== undefined && (typeof value.proxyTokenEnv !== 'string' || !ENV_NAME.test(value.proxyTokenEnv))) {
    fail(`proxyTokenEnv must name an environment variable (got ${JSON.stringify(value.proxyTokenEnv)})`);
  }
  if (value.proxyTokenEnv !== undefined && proxyUrl === undefined) fail('proxyTokenEnv is set without a proxyUrl to send the token to');
  let versions: ReleaseEntry[] | undefined;
  if (value.versions !== undefined) {
    if (!isRecord(value.versions)) fail('versions must be an object: version name → {specPath}');
    versions = Object.entries(value.versions as Record<string, unknown>).map(([version, release]) => {
      const where = `versions["${version}"]`;
      if (!isRecord(release) || typeof release.specPath !== 'string' || release.specPath.trim() === '') fail(`${where} must be an object with a specPath`);
      const extra = Object.keys(release as object).filter((key) => !VERSION_KEYS.has(key));
      if (extra.length > 0) fail(`${where}: unknown option ${extra.map((key) => `"${key}"`).join(', ')} (known: ${[...VERSION_KEYS].join(', ')})`);
      const versionLabel = (release as ApiVersionEntry).label;
      if (versionLabel !== undefined && (typeof versionLabel !== 'string' || versionLabel.trim() === '')) fail(`${where}: label must be a non-empty string (got ${JSON.stringify(versionLabel)})`);
      const versionDir = (release as ApiVersionEntry).outputDir?.replace(/\/+$/, '');
      if (versionDir !== undefined && versionDir !== `${outputDir}/${version}`) fail(`${where}: outputDir "${versionDir}" must be "${outputDir}/${version}" (a version's pages are below its API's)`);
      const releaseFile = path.resolve(root, (release as ApiVersionEntry).specPath);
      return {version, location: `${entry} ${where} (${(release as ApiVersionEntry).specPath})`, file: releaseFile, ...(versionLabel !== undefined ? {label: versionLabel.trim()} : {})};
    });
  }
  return {
    id,
    label,
    main,
    entry,
    outputDir,
    routeBasePath: `/${outputDir}`,
    sidebarId: main ? 'openApiSidebar' : apiSidebarId(id),
    specDir: main ? OUT_DIR : apiSpecDir(id),
    specPath: `${main ? OUT_DIR : apiSpecDir(id)}/${SPEC_FILE_NAME}`,
    outlinePath: `${main ? OUT_DIR : apiSpecDir(id)}/${PAGE_OUTLINE_FILE_NAME}`,
    provenancePath: `${main ? OUT_DIR : apiSpecDir(id)}/${PROVENANCE_FILE_NAME}`,
    specFile: path.resolve(root, specPath),
    ...(proxyUrl !== undefined ? {proxyUrl} : {}),
    ...(typeof value.proxyTokenEnv === 'string' ? {proxyTokenEnv: value.proxyTokenEnv} : {}),
    downloadsDir: main ? '' : `apis/${id}`,
    postmanFilename: `${id}.postman_collection.json`,
    ...(versions !== undefined ? {versions} : {}),
  };
}

/** Where `npm run gen` stages an API's pages before copying the changed ones into `outputDir`: `docs/apis/petstore` → `.gen/apis/petstore`. */
export function stagingDirOf(outputDir: string): string {
  return outputDir.replace(/^[^/]+/, '.gen');
}

/** `a` is `b` or a folder inside it. */
function within(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`);
}

/**
 * Checks the configuration and gives each API its paths. Throws
 * ApiConfigError with one line naming the entry: an id that cannot be a path
 * segment, two ids that differ only in case, two APIs whose routes are the
 * same or one inside the other, a main API that moves its routes, an unknown
 * option. Version files are read by checkReleases (src/versions/releases.ts).
 */
export function checkApisConfig(config: unknown, root: string, file = APIS_CONFIG_FILE): SiteApi[] {
  if (!isRecord(config) || Object.keys(config).length === 0) {
    throw new ApiConfigError(`[apis] ${file}: the configuration must be an object with one entry per API (id → {label, specPath, outputDir}), the main API first.`);
  }
  const apis: SiteApi[] = [];
  for (const [index, [id, raw]] of Object.entries(config).entries()) {
    const api = checkEntry(id, raw, index === 0, root, file);
    for (const other of apis) {
      if (other.id.toLowerCase() === id.toLowerCase()) {
        throw new ApiConfigError(`[apis] ${api.entry}: the id "${id}" is also the id of ${other.entry} (ids name folders and stored choices, so they must differ in more than case).`);
      }
      if (within(api.outputDir, other.outputDir) || within(other.outputDir, api.outputDir)) {
        const same = api.outputDir === other.outputDir;
        throw new ApiConfigError(
          `[apis] ${api.entry}: its route prefix /${api.outputDir} ${same ? 'is also' : 'overlaps'} the route prefix /${other.outputDir} of ${other.entry}; give each API a folder of its own.`,
        );
      }
    }
    apis.push(api);
  }
  return apis;
}
