// `npm run spec`: resolves the OpenAPI spec into .spec/ (see src/spec-source/).
//
//   tsx scripts/spec.ts [--root <dir>]
//
// The site root defaults to the current directory. Exit status: 0 when a spec
// is in place (new, or the last known good one with a warning), 1 otherwise.
import process from 'node:process';

import {resolveSpec} from '../src/spec-source/index.js';
import type {SpecEnv} from '../src/spec-source/index.js';
import {parseCommandLine, UsageError} from './command-line';

// The only place the spec source reads the environment.
const env: SpecEnv = {
  SPEC_FILE: process.env.SPEC_FILE,
  SPEC_PROXY_URL: process.env.SPEC_PROXY_URL,
  SPEC_PROXY_TOKEN: process.env.SPEC_PROXY_TOKEN,
  SPEC_STRICT: process.env.SPEC_STRICT,
  SPEC_TIMEOUT_MS: process.env.SPEC_TIMEOUT_MS,
  SPEC_VALIDATION: process.env.SPEC_VALIDATION,
  SPEC_LINK_BASE: process.env.SPEC_LINK_BASE,
  SPEC_OVERLAYS: process.env.SPEC_OVERLAYS,
};

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

// No top-level await: this file must also run when tsx treats it as CommonJS.
resolveSpec({
  env,
  root: rootFromArgs(process.argv.slice(2)),
  log: {
    info: (line) => process.stdout.write(`${line}\n`),
    warn: (line) => process.stderr.write(`${line}\n`),
    error: (line) => process.stderr.write(`${line}\n`),
  },
}).then(
  (result) => {
    // exitCode rather than exit(): lets stdout and stderr drain when piped.
    process.exitCode = result.exitCode;
  },
  (error: unknown) => {
    process.stderr.write(`[spec] Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
