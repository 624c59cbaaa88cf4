import {existsSync} from 'node:fs';
import path from 'node:path';

import {BUNDLED_SPEC_PATH} from '../spec-source/spec-config.js';
import type {SpecEnv} from '../spec-source/spec-config.js';
import {LOG_PREFIX, resolveSpec, type FetchTuning, type ResolveSpecResult, type SpecLogger} from '../spec-source/resolve-spec.js';
import {apiSidebarId, APIS_CONFIG_FILE, type ApisConfig, type SiteApi} from './apis-config';
import type {VersionsBase} from '../versions/versions-index';

/** The configuration of a site without `config/apis.ts`: Meridian alone, from the bundled file. */
export const DEFAULT_APIS_CONFIG: ApisConfig = {meridian: {label: 'Meridian', specPath: BUNDLED_SPEC_PATH, outputDir: 'docs/api'}};

/**
 * The `apis` export of `<root>/config/apis.ts`, or the default when the site
 * has no such file. Loaded with require: the spec step runs under tsx, which
 * compiles the file, and the site root is only known at run time.
 */
export function loadApisConfig(root: string): unknown {
  const file = path.join(root, APIS_CONFIG_FILE);
  if (!existsSync(file)) return DEFAULT_APIS_CONFIG;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(file) as {apis?: unknown}).apis;
}

/** Where another API's older versions go: beside its current pages, in its own spec folder. */
export function versionsBaseOf(api: SiteApi): VersionsBase {
  return {
    specDir: `${api.specDir}/versions`,
    outputDir: api.outputDir,
    routeBasePath: api.routeBasePath,
    sidebarId: (version) => `${apiSidebarId(api.id)}@${version}`,
  };
}

/** Log lines of one API: `[spec] petstore: …`, so a reader of the build log knows which source a line is about. */
export function apiLogger(api: SiteApi, sink: SpecLogger): SpecLogger {
  const tag = (line: string) => (line.startsWith(`${LOG_PREFIX} `) ? `${LOG_PREFIX} ${api.id}: ${line.slice(LOG_PREFIX.length + 1)}` : `${LOG_PREFIX} ${api.id}: ${line}`);
  return {info: (line) => sink.info(tag(line)), warn: (line) => sink.warn(tag(line)), error: (line) => sink.error(tag(line))};
}

export interface ResolveApiOptions {
  /** The SPEC_* variables: SPEC_STRICT, SPEC_VALIDATION and SPEC_TIMEOUT_MS apply to every API; the rest choose the main API's source only. */
  env: SpecEnv;
  root: string;
  /** The value of an environment variable named in the configuration (proxyTokenEnv). */
  variable: (name: string) => string | undefined;
  log: SpecLogger;
  fetch?: FetchTuning;
  now?: () => Date;
}

/**
 * Resolves another API's description into its own folder, with the same
 * fetch, checks and fallback as the main one: a failure falls back to its own
 * last known good copy (or fails under SPEC_STRICT=1), and no other API's
 * files are touched.
 */
export function resolveOtherApi(api: SiteApi, options: ResolveApiOptions): Promise<ResolveSpecResult> {
  const env: SpecEnv = {
    SPEC_STRICT: options.env.SPEC_STRICT,
    SPEC_VALIDATION: options.env.SPEC_VALIDATION,
    SPEC_TIMEOUT_MS: options.env.SPEC_TIMEOUT_MS,
    SPEC_MAX_BYTES: options.env.SPEC_MAX_BYTES,
    SPEC_PROXY_URL: api.proxyUrl,
    SPEC_PROXY_TOKEN: api.proxyTokenEnv ? options.variable(api.proxyTokenEnv) : undefined,
  };
  const source = api.proxyUrl ? `its proxyUrl` : `its specPath ${path.relative(options.root, api.specFile).split(path.sep).join('/')}`;
  return resolveSpec({
    env,
    root: options.root,
    outDir: path.join(options.root, api.specDir),
    bundledPath: api.specFile,
    log: apiLogger(api, options.log),
    sourceHint: `Check ${source} in ${api.entry}.`,
    ...(options.fetch ? {fetch: options.fetch} : {}),
    ...(options.now ? {now: options.now} : {}),
  });
}
