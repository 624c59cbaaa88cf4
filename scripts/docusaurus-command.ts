// One Docusaurus command in a child process, for the scripts of `npm run build`
// that run Docusaurus (scripts/gen.ts, scripts/site-build.ts).
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';

const DOCUSAURUS = require.resolve('@docusaurus/core/bin/docusaurus.mjs');
const PEAK_MEMORY_PRELOAD = path.join(__dirname, 'peak-memory-preload.cjs');

/**
 * Node's flags for the Docusaurus processes: each `docusaurus build` of
 * scripts/site-build.ts, and the development server `npm start` runs. V8 lets
 * a heap that allocates fast grow to several times what its last full
 * collection left live; rendering pages allocates fast, and growing by 30% at
 * most nearly halves the rendering's memory for a few percent more time
 * (bench/results/2026-12-07-1208ecd.render-heap-growth.md). `npm start`'s own
 * process keeps the generation's data live between saves: there the extra
 * collections cost more time than the memory is worth, so it runs without.
 */
export const HEAP_GROWTH_FLAGS: readonly string[] = ['--heap-growing-percent=30'];

/** What a command's process used: its wall time, and its own peak resident memory (null when it did not say: it was killed). */
export interface CommandUsage {
  seconds: number;
  peakRssBytes: number | null;
}

/**
 * Runs `docusaurus <args>` with this process's terminal and `env`, and
 * returns its exit status (1 when it could not start or was killed). When it
 * is not 0, says so on stderr after `prefix`, naming the command as `what`
 * (e.g. "docusaurus build for the bundling"). `onUsage` gets the wall time and
 * the process's peak memory, whatever the status. `nodeFlags` go to Node
 * before the command (V8's flags, which NODE_OPTIONS mostly refuses).
 */
export function runDocusaurus(
  args: string[],
  options: {prefix: string; what: string; env?: NodeJS.ProcessEnv; onUsage?: (usage: CommandUsage) => void; nodeFlags?: readonly string[]},
): number {
  const env = {...(options.env ?? process.env)};
  const nodeArgs: string[] = [...(options.nodeFlags ?? [])];
  let reportDir: string | undefined;
  if (options.onUsage) {
    reportDir = mkdtempSync(path.join(os.tmpdir(), 'docusaurus-usage-'));
    env.PEAK_MEMORY_FILE = path.join(reportDir, 'peak-rss');
    nodeArgs.push('--require', PEAK_MEMORY_PRELOAD);
  }
  const started = performance.now();
  const result = spawnSync(process.execPath, [...nodeArgs, DOCUSAURUS, ...args], {stdio: 'inherit', env});
  if (reportDir !== undefined) {
    options.onUsage?.({seconds: (performance.now() - started) / 1000, peakRssBytes: readPeakRss(path.join(reportDir, 'peak-rss'))});
    rmSync(reportDir, {recursive: true, force: true});
  }
  if (result.error) {
    console.error(`${options.prefix} could not start ${options.what}: ${result.error.message}`);
    return 1;
  }
  if (result.status !== 0) console.error(`${options.prefix} ${options.what} stopped (${result.signal ? `signal ${result.signal}` : `exit status ${result.status}`}).`);
  return result.status ?? 1;
}

function readPeakRss(file: string): number | null {
  try {
    const bytes = Number(readFileSync(file, 'utf8'));
    return Number.isFinite(bytes) && bytes > 0 ? bytes : null;
  } catch {
    return null;
  }
}
