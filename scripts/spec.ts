// `npm run spec`: resolves the OpenAPI spec into .spec/ (see src/spec-source/).
//
//   tsx scripts/spec.ts [--root <dir>]
//
// The site root defaults to the current directory. Exit status: 0 when a spec
// is in place (new, or the last known good one with a warning), 1 otherwise.
import process from 'node:process';

import {readSpecEnv, resolveSpec} from '../src/spec-source/index.js';
import type {SpecEnv} from '../src/spec-source/index.js';
import {parseCommandLine, UsageError} from './command-line';
import {checkReleases, listReleaseEntries, mainApiReleasesApply, VersionConfigError, type CheckedRelease} from '../src/versions/releases';
import {writeVersions} from '../src/versions/versions-index';
import {ApiConfigError, checkApisConfig, type SiteApi} from '../src/apis/apis-config';
import {loadApisConfig, resolveOtherApi, versionsBaseOf} from '../src/apis/resolve-apis';

// The spec step reads the environment here and in scripts/start.ts, through readSpecEnv.
const env: SpecEnv = readSpecEnv(process.env);

const USAGE = 'usage: tsx scripts/spec.ts [--root <dir>]';

function rootFromArgs(args: readonly string[]): string {
  try {
    return parseCommandLine(args, {root: {type: 'string'}}).values.root ?? process.cwd();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`[spec] ${error.message} ${USAGE}\n`);
    process.exit(1);
  }
}

const log = {
  info: (line: string) => process.stdout.write(`${line}\n`),
  warn: (line: string) => process.stderr.write(`${line}\n`),
  error: (line: string) => process.stderr.write(`${line}\n`),
};

/**
 * The site's APIs (config/apis.ts, src/apis/) and the released versions of
 * each, all checked before anything is fetched. A SPEC_FILE build publishes
 * no versions of the main API: its releases are Meridian's, and SPEC_FILE
 * names some other description.
 */
function checkedConfiguration(root: string): {api: SiteApi; releases: CheckedRelease[]}[] | undefined {
  try {
    return checkApisConfig(loadApisConfig(root), root).map((api) => ({
      api,
      releases: api.main && !mainApiReleasesApply(env) ? [] : checkReleases(api.versions ?? (api.main ? listReleaseEntries(root) : [])),
    }));
  } catch (error) {
    if (!(error instanceof VersionConfigError) && !(error instanceof ApiConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return undefined;
  }
}

/** Resolves one API's description and writes its versions; each API fails or falls back on its own. */
async function resolveApi(root: string, api: SiteApi, releases: readonly CheckedRelease[]): Promise<number> {
  const result = api.main
    ? await resolveSpec({env, root, bundledPath: api.specFile, log})
    : await resolveOtherApi(api, {env, root, variable: (name) => process.env[name], log});
  if (result.exitCode !== 0 || result.provenance === undefined) return result.exitCode;
  const current = {version: result.provenance.version, title: result.provenance.title};
  const index = api.main ? await writeVersions(root, releases, current) : await writeVersions(root, releases, current, versionsBaseOf(api));
  const who = api.main ? '' : `${api.id}: `;
  if (index.older.length > 0) process.stdout.write(`[spec] ${who}Older versions: ${index.older.map((version) => version.version).join(', ')} (from ${releases.map((release) => release.location).join(', ')})\n`);
  return 0;
}

async function main(): Promise<number> {
  const root = rootFromArgs(process.argv.slice(2));
  const apis = checkedConfiguration(root);
  if (apis === undefined) return 1;
  let exitCode = 0;
  // One after the other, so each API's log lines stay together.
  for (const {api, releases} of apis) exitCode = Math.max(exitCode, await resolveApi(root, api, releases));
  return exitCode;
}

// No top-level await: this file must also run when tsx treats it as CommonJS.
main().then(
  (exitCode) => {
    // exitCode rather than exit(): lets stdout and stderr drain when piped.
    process.exitCode = exitCode;
  },
  (error: unknown) => {
    process.stderr.write(`[spec] Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
