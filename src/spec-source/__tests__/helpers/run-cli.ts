// Runs the real `npm run spec` code path: scripts/spec.ts in a child Node
// process with tsx, a chosen working directory and a clean SPEC_* environment.
import {spawn} from 'node:child_process';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const SPEC_SCRIPT = path.join(REPO_ROOT, 'scripts', 'spec.ts');
export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
/** `--import tsx` by absolute URL: the temp working directory has no node_modules. */
const TSX_LOADER = pathToFileURL(path.join(tsxDir, 'dist', 'loader.mjs')).href;
/** The tsx command line `npm run spec` uses. */
export const TSX_BIN = path.join(tsxDir, 'dist', 'cli.mjs');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
  elapsedMs: number;
  /** Date.now() when the process ended, to time a run from a server-side event. */
  endedAt: number;
}

/** The parent's environment without anything that could choose or shape the spec. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('SPEC_') && name !== 'NODE_OPTIONS' && !name.startsWith('VITEST')) env[name] = value;
  }
  return {...env, ...extra};
}

export function runSpecCli({
  cwd,
  env = {},
  args = [],
  viaTsxCli = false,
}: {
  cwd: string;
  env?: Record<string, string>;
  args?: string[];
  /** Run through the tsx command (as `npm run spec` does) rather than `node --import tsx`. */
  viaTsxCli?: boolean;
}): Promise<CliResult> {
  const started = Date.now();
  const argv = viaTsxCli ? [TSX_BIN, SPEC_SCRIPT, ...args] : ['--import', TSX_LOADER, SPEC_SCRIPT, ...args];
  const child = spawn(process.execPath, argv, {cwd, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe']});
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({status, stdout, stderr, elapsedMs: Date.now() - started, endedAt: Date.now()}));
  });
}

/** Output split into lines, without the trailing empty one. */
export function lines(output: string): string[] {
  return output.split('\n').filter((line, index, all) => !(line === '' && index === all.length - 1));
}
