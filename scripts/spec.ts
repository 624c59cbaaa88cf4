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
import {checkReleases, listReleaseEntries, VersionConfigError, type CheckedRelease} from '../src/versions/releases';
import {writeVersions} from '../src/versions/versions-index';

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

/**
 * The released versions to publish next to the current one, checked before
 * anything is fetched. A SPEC_FILE build publishes none: openapi/releases/
 * holds Meridian's releases, and SPEC_FILE names some other description.
 */
function releasesToPublish(root: string): CheckedRelease[] | undefined {
  if (env.SPEC_FILE?.trim()) return [];
  try {
    return checkReleases(listReleaseEntries(root));
  } catch (error) {
    if (!(error instanceof VersionConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return undefined;
  }
}

async function main(): Promise<number> {
  const root = rootFromArgs(process.argv.slice(2));
  const releases = releasesToPublish(root);
  if (releases === undefined) return 1;
  const result = await resolveSpec({
    env,
    root,
    log: {
      info: (line) => process.stdout.write(`${line}\n`),
      warn: (line) => process.stderr.write(`${line}\n`),
      error: (line) => process.stderr.write(`${line}\n`),
    },
  });
  if (result.exitCode !== 0 || result.provenance === undefined) return result.exitCode;
  const index = await writeVersions(root, releases, {version: result.provenance.version, title: result.provenance.title});
  if (index.older.length > 0) process.stdout.write(`[spec] Older versions: ${index.older.map((version) => version.version).join(', ')} (from ${releases.map((release) => release.location).join(', ')})\n`);
  return 0;
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
