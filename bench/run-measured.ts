import {execFileSync, spawn} from 'node:child_process';
import {createWriteStream, existsSync} from 'node:fs';
import {readFile, rm} from 'node:fs/promises';

import {sampleTreeRss} from './process-tree';

export interface MeasuredRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  wallSeconds: number;
  /** Highest summed RSS of the command's process tree, in bytes. */
  peakRssBytes: number;
  /** User plus system CPU time of the command and all its descendants (GNU time), or null without /usr/bin/time. */
  cpuSeconds: number | null;
  timedOut: boolean;
  /** Whether it was stopped because its tree's RSS went over `maxRssBytes`. */
  overMemory: boolean;
}

const GNU_TIME = '/usr/bin/time';

/**
 * Reads the last line of `/usr/bin/time -f '%e %U %S %M'` output (GNU time
 * writes "Command exited with non-zero status N" before it on failure):
 * CPU seconds are user plus system time of the command and every descendant
 * it waited for.
 */
export function parseGnuTime(output: string): {cpuSeconds: number; maxProcessRssKb: number} | undefined {
  const lines = output.trim().split('\n');
  const fields = (lines[lines.length - 1] ?? '').trim().split(/\s+/).map(Number);
  if (fields.length !== 4 || fields.some((field) => !Number.isFinite(field))) return undefined;
  const [, user, system, maxRssKb] = fields as [number, number, number, number];
  return {cpuSeconds: Math.round((user + system) * 100) / 100, maxProcessRssKb: maxRssKb};
}

export interface RunMeasuredOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** stdout and stderr of the command are appended here. */
  logFile: string;
  timeoutMs: number;
  /** Stops the command when its tree's summed RSS goes over this, so that a runaway build cannot take a shared machine's memory. */
  maxRssBytes?: number;
}

let cachedPageSize: number | undefined;

/** Process groups of commands still running, so an interrupted benchmark can stop them. */
const runningGroups = new Set<number>();

/** Stops every command `runMeasured` started that is still running. */
export function stopRunningCommands(): void {
  for (const pid of runningGroups) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

/** The kernel's page size, which /proc reports RSS in. */
export function pageSize(): number {
  if (cachedPageSize === undefined) {
    try {
      cachedPageSize = Number(execFileSync('getconf', ['PAGESIZE'], {encoding: 'utf8'}).trim()) || 4096;
    } catch {
      cachedPageSize = 4096;
    }
  }
  return cachedPageSize;
}

/**
 * Runs a command to completion and measures its wall time and the peak RSS of
 * its whole process tree (npm, tsx, Docusaurus and their workers). The
 * command runs in its own process group so that a timeout stops all of it.
 */
export async function runMeasured(command: string, args: readonly string[], options: RunMeasuredOptions): Promise<MeasuredRun> {
  // GNU time adds CPU time, which other work on a shared machine barely changes, unlike wall time.
  const timeFile = `${options.logFile}.time`;
  const withTime = existsSync(GNU_TIME);
  const run = await spawnMeasured(
    withTime ? GNU_TIME : command,
    withTime ? ['-f', '%e %U %S %M', '-o', timeFile, command, ...args] : args,
    options,
  );
  if (!withTime) return {...run, cpuSeconds: null};
  const timeOutput = await readFile(timeFile, 'utf8').catch(() => '');
  await rm(timeFile, {force: true});
  return {...run, cpuSeconds: parseGnuTime(timeOutput)?.cpuSeconds ?? null};
}

function spawnMeasured(command: string, args: readonly string[], options: RunMeasuredOptions): Promise<Omit<MeasuredRun, 'cpuSeconds'>> {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(options.logFile, {flags: 'a'});
    log.write(`$ ${[command, ...args].join(' ')}\n`);
    const started = process.hrtime.bigint();
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout.pipe(log, {end: false});
    child.stderr.pipe(log, {end: false});
    if (child.pid === undefined) {
      log.end();
      reject(new Error(`[bench] could not start ${command}`));
      return;
    }
    const pid = child.pid;
    runningGroups.add(pid);
    let timedOut = false;
    let overMemory = false;
    const stop = (): void => {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    };
    const sampler = sampleTreeRss(pid, pageSize(), undefined, (bytes) => {
      if (options.maxRssBytes === undefined || bytes <= options.maxRssBytes || overMemory) return;
      overMemory = true;
      stop();
    });
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      runningGroups.delete(pid);
      sampler.stop();
      log.end();
      reject(error);
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      runningGroups.delete(pid);
      const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      const peakRssBytes = sampler.stop();
      log.end(`[bench] exit ${exitCode ?? signal} after ${wallSeconds.toFixed(1)} s\n`, () =>
        resolve({exitCode, signal, wallSeconds, peakRssBytes, timedOut, overMemory}),
      );
    });
  });
}
