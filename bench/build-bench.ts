import {mkdir, readdir, readFile, stat, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {stripVTControlCharacters} from 'node:util';

import {stringify} from 'yaml';

import {countOperations, extendSpec, type JsonObject} from './generate-spec';
import {parseSpecText} from '../src/spec-reader/parse-spec';
import {runMeasured} from './run-measured';
import {parseStepUsages, type StepUsage} from '../scripts/site-build';
import {copySite} from '../scripts/site-copy';
import {round, toMib} from './stats';

/** The bundled spec, relative to the project root. */
export const BUNDLED_SPEC = 'openapi/meridian.yaml';

/** What a build of 2,000 operations must stay within. */
export const BUILD_TARGET = {wallSeconds: 6 * 60, peakRssMb: 6 * 1024} as const;

/** Longest a build of the build part may run before the benchmark gives up on it. */
const BUILD_TIMEOUT_MS = 45 * 60 * 1000;

export interface PhaseResult {
  /** The npm script it runs (`spec`), or the command's first words (`docusaurus build`). */
  name: string;
  command: string;
  exitCode: number | null;
  wallSeconds: number;
  peakRssMb: number;
  /** User plus system CPU seconds of the step's whole process tree; null without GNU time. */
  cpuSeconds: number | null;
  timedOut: boolean;
  /** Stopped because the tree's RSS went over the build's memory limit (scale part only). */
  overMemory?: boolean;
  /** The machine's 1-minute load average when the step ended; above the core count, something else competed for the CPU. */
  loadAverage: number;
  /** The Docusaurus processes the step ran one after the other, as it printed them (scripts/site-build.ts): each one's wall time and own peak memory. */
  steps?: StepUsage[];
}

export interface BuildResult {
  /** Requested operation count. */
  size: number;
  specSource: 'bundled' | 'bundled + generated';
  /** Operations in the spec the build used. */
  operations: number;
  specBytes: number;
  /** Generated operation pages (`docs/api/*.api.mdx`). */
  apiPages: number;
  /** HTML files in the production build. */
  htmlPages: number;
  buildBytes: number;
  /** Sum of the phases. */
  wallSeconds: number | null;
  /** Highest tree RSS of any phase, in MiB. */
  peakRssMb: number | null;
  /** CPU seconds of all phases; null when GNU time was not available. */
  cpuSeconds: number | null;
  phases: PhaseResult[];
  withinTarget: boolean | null;
  ok: boolean;
  error: string | null;
  /** Where the copy and its logs are. */
  siteDir: string;
}

/** Whether a build met the 2,000-operation target (null when it did not finish). */
export function withinBuildTarget(wallSeconds: number | null, peakRssMb: number | null): boolean | null {
  if (wallSeconds === null || peakRssMb === null) return null;
  return wallSeconds <= BUILD_TARGET.wallSeconds && peakRssMb <= BUILD_TARGET.peakRssMb;
}

async function countFiles(directory: string, predicate: (name: string) => boolean): Promise<{count: number; bytes: number}> {
  let count = 0;
  let bytes = 0;
  let entries;
  try {
    entries = await readdir(directory, {withFileTypes: true, recursive: true});
  } catch {
    return {count, bytes};
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    bytes += (await stat(file)).size;
    if (predicate(entry.name)) count += 1;
  }
  return {count, bytes};
}

export interface BuildPhase {
  name: string;
  /** A shell command, run the way npm runs a script. */
  command: string;
}

/**
 * The steps of `npm run build`, read from the project's `build` script
 * (`npm run spec && npm run gen && … && docusaurus build`), so that the
 * benchmark follows the pipeline as it changes and times each step.
 */
export function buildPhases(buildScript: string): BuildPhase[] {
  const commands = buildScript.split('&&').map((command) => command.trim()).filter((command) => command !== '');
  if (commands.length === 0) throw new Error('[bench] the "build" script of package.json is empty');
  return commands.map((command) => {
    const npmScript = /^npm run ([\w:.-]+)$/.exec(command);
    return {name: npmScript?.[1] ?? command.split(/\s+/).slice(0, 2).join(' '), command};
  });
}

async function projectBuildPhases(projectRoot: string): Promise<BuildPhase[]> {
  const manifest = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as {scripts?: Record<string, string>};
  const script = manifest.scripts?.build;
  if (script === undefined) throw new Error('[bench] package.json has no "build" script');
  return buildPhases(script);
}

/** Writes the spec of `size` operations for a build and returns its path. */
export async function prepareSpec(projectRoot: string, workDir: string, size: number, seed: number): Promise<{file: string; operations: number; source: BuildResult['specSource']}> {
  const bundledFile = path.join(projectRoot, BUNDLED_SPEC);
  const bundled = parseSpecText(await readFile(bundledFile, 'utf8'), {what: 'file'}) as JsonObject;
  const bundledCount = countOperations(bundled);
  if (size === bundledCount) return {file: bundledFile, operations: bundledCount, source: 'bundled'};
  if (size < bundledCount) {
    throw new Error(
      `[bench] a build of ${size} operations is not supported: the site links to operations of the bundled spec, so a build needs at least its ${bundledCount}`,
    );
  }
  const spec = extendSpec(bundled, {operationCount: size, seed});
  const file = path.join(workDir, 'specs', `openapi-${size}.yaml`);
  await mkdir(path.dirname(file), {recursive: true});
  await writeFile(file, stringify(spec, {aliasDuplicateObjects: false, lineWidth: 0}));
  return {file, operations: countOperations(spec), source: 'bundled + generated'};
}

/** What a build of one spec file in a cold copy measured, before the caller adds its own fields. */
export type MeasuredBuild = Pick<
  BuildResult,
  'apiPages' | 'htmlPages' | 'buildBytes' | 'wallSeconds' | 'peakRssMb' | 'cpuSeconds' | 'phases' | 'ok' | 'error' | 'siteDir'
> & {
  /** The step that failed or ran out of time, with the last progress line of its log; null when the build finished. */
  failedPhase: string | null;
  /** Files under docs/api when the build stopped (progress of `npm run gen` when it did not finish). */
  generatedFiles: number;
};

/** The figures of a build that has not run yet (or stopped before its first step). */
function notBuilt(projectRoot: string, siteDir: string): Omit<MeasuredBuild, 'failedPhase' | 'generatedFiles'> {
  return {
    apiPages: 0,
    htmlPages: 0,
    buildBytes: 0,
    wallSeconds: null,
    peakRssMb: null,
    cpuSeconds: null,
    phases: [],
    ok: false,
    error: null,
    siteDir: path.relative(projectRoot, siteDir),
  };
}

export interface BuildInCopyOptions {
  /** Limit on the whole build; each step gets what is left of it. */
  timeoutMs: number;
  /** Limit on the summed RSS of a step's process tree; over it, the step is stopped. */
  maxRssBytes?: number;
  /** Called about every 15 s while a step runs, e.g. with the files generated so far. */
  onProgress?: (progress: {phase: string; seconds: number; generatedFiles: number; lastLogLine: string}) => void;
}

const PROGRESS_INTERVAL_MS = 15_000;

/** Files directly under docs/api: the pages `npm run gen` has written so far (schemas/ counts as one). */
async function generatedFileCount(siteDir: string): Promise<number> {
  return (await readdir(path.join(siteDir, 'docs/api')).catch(() => [])).length;
}

/**
 * The last line of a build log that says where the build was: Docusaurus's
 * `[INFO]`/`[SUCCESS]` lines (and `[PERF]` with DOCUSAURUS_PERF_LOGGER=true) and bundler progress (`Client`, `Server`,
 * "Compiled"), our `[spec]`-style prefixes, or the gen step's "Successfully
 * created" lines.
 */
export function lastProgressLine(log: string): string {
  const lines = stripVTControlCharacters(log).split('\n').map((line) => line.trim());
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = lines[index]!;
    // The benchmark's own "[bench] exit …" line says nothing about where the build was.
    if (line.startsWith('[bench]')) continue;
    if (/^\[(INFO|SUCCESS|WARNING|ERROR|PERF|[a-z-]+)\]|^(Successfully created|Loading |Client|Server|Compiled)|Compiled/.test(line)) return line.slice(0, 200);
  }
  return '';
}

async function logTail(logFile: string): Promise<string> {
  const text = await readFile(logFile, 'utf8').catch(() => '');
  return lastProgressLine(text.slice(-200_000));
}

/**
 * The full build (each step of `npm run build`: spec, gen, … , docusaurus
 * build) of `specFile` in a cold copy of the project at `siteDir`, measuring
 * each step; the whole build stops, process tree and all, when it runs past
 * `timeoutMs`.
 */
export async function buildInCopy(
  projectRoot: string,
  siteDir: string,
  specFile: string,
  label: string,
  log: (line: string) => void,
  options: BuildInCopyOptions,
): Promise<MeasuredBuild> {
  // Cold: every build starts without a cache, the way a fresh CI checkout does.
  return runBuildSteps(projectRoot, siteDir, specFile, label, log, options, async () => {
    await copySite(projectRoot, siteDir, {warm: false});
  });
}

async function fileSize(file: string): Promise<number> {
  return stat(file).then(
    (info) => info.size,
    () => 0,
  );
}

/** The Docusaurus steps a build step printed in its part of the log (from byte `start`), if it printed any. */
async function stepUsagesSince(logFile: string, start: number): Promise<{steps?: StepUsage[]}> {
  const log = await readFile(logFile).then(
    (bytes) => bytes.subarray(start).toString('utf8'),
    () => '',
  );
  const steps = parseStepUsages(log);
  return steps.length === 0 ? {} : {steps};
}

/**
 * Each step of `npm run build` of `specFile` in the copy at `siteDir` as it
 * is (a build after `buildInCopy` keeps what the first left: `build/`,
 * `.spec/`, `docs/api/`, caches), measuring each step; the whole build stops,
 * process tree and all, when it runs past `timeoutMs`. The log goes on in
 * the copy's `bench-build.log`. `prepare` runs first (`buildInCopy` makes
 * the copy there); a failure in it fails the build as a step's would.
 */
export async function runBuildSteps(
  projectRoot: string,
  siteDir: string,
  /** SPEC_FILE of the build; undefined: the bundled spec, with the releases of openapi/releases/ (the versions part). */
  specFile: string | undefined,
  label: string,
  log: (line: string) => void,
  options: BuildInCopyOptions,
  prepare?: () => Promise<void>,
): Promise<MeasuredBuild> {
  const result: MeasuredBuild = {...notBuilt(projectRoot, siteDir), failedPhase: null, generatedFiles: 0};
  try {
    await prepare?.();
    const deadline = Date.now() + options.timeoutMs;
    const logFile = path.join(siteDir, 'bench-build.log');
    const env: NodeJS.ProcessEnv = {...process.env, SPEC_STRICT: '1'};
    if (specFile === undefined) delete env.SPEC_FILE;
    else env.SPEC_FILE = specFile;
    delete env.SPEC_PROXY_URL;

    // npm puts the package's bin directory first on PATH for its scripts.
    env.PATH = `${path.join(siteDir, 'node_modules/.bin')}${path.delimiter}${env.PATH ?? ''}`;

    for (const phase of await projectBuildPhases(projectRoot)) {
      log(`[bench] build ${label}: ${phase.command} …`);
      const started = Date.now();
      const progress = setInterval(() => {
        void Promise.all([generatedFileCount(siteDir), logTail(logFile)]).then(([generatedFiles, lastLogLine]) =>
          options.onProgress?.({phase: phase.name, seconds: (Date.now() - started) / 1000, generatedFiles, lastLogLine}),
        );
      }, PROGRESS_INTERVAL_MS);
      const timeoutMs = Math.max(1_000, deadline - Date.now());
      const logStart = await fileSize(logFile);
      const run = await runMeasured('sh', ['-c', phase.command], {cwd: siteDir, env, logFile, timeoutMs, maxRssBytes: options.maxRssBytes}).finally(() =>
        clearInterval(progress),
      );
      result.phases.push({
        name: phase.name,
        command: phase.command,
        exitCode: run.exitCode,
        wallSeconds: round(run.wallSeconds, 2)!,
        peakRssMb: round(toMib(run.peakRssBytes))!,
        cpuSeconds: run.cpuSeconds,
        timedOut: run.timedOut,
        ...(run.overMemory ? {overMemory: true} : {}),
        loadAverage: round(os.loadavg()[0], 2)!,
        ...(await stepUsagesSince(logFile, logStart)),
      });
      log(
        `[bench] build ${label}: ${phase.name} took ${run.wallSeconds.toFixed(1)} s (CPU ${run.cpuSeconds ?? 'n/a'} s), peak ${toMib(run.peakRssBytes).toFixed(0)} MB`,
      );
      if (run.exitCode === 0) continue;
      const where = await logTail(logFile);
      result.failedPhase = where === '' ? phase.name : `${phase.name} (last log line: ${where})`;
      throw new Error(`${phase.command} ${stopReason(run, options)}; see ${path.relative(projectRoot, logFile)}`);
    }
    result.apiPages = (await countFiles(path.join(siteDir, 'docs/api'), (name) => name.endsWith('.api.mdx'))).count;
    const built = await countFiles(path.join(siteDir, 'build'), (name) => name.endsWith('.html'));
    result.htmlPages = built.count;
    result.buildBytes = built.bytes;
    result.ok = true;
  } catch (error) {
    result.error = (error as Error).message;
    log(`[bench] build ${label} failed: ${result.error}`);
  }
  // A failed build still says how long it ran and how much memory it took until it stopped.
  if (result.phases.length > 0) {
    result.wallSeconds = round(result.phases.reduce((sum, phase) => sum + phase.wallSeconds, 0), 1);
    result.peakRssMb = Math.max(...result.phases.map((phase) => phase.peakRssMb));
    result.cpuSeconds = result.phases.every((phase) => phase.cpuSeconds !== null)
      ? round(result.phases.reduce((sum, phase) => sum + phase.cpuSeconds!, 0), 1)
      : null;
  }
  result.generatedFiles = await generatedFileCount(siteDir);
  return result;
}

function stopReason(run: {timedOut: boolean; overMemory: boolean; exitCode: number | null; signal: NodeJS.Signals | null}, options: BuildInCopyOptions): string {
  if (run.timedOut) return `stopped when the build's ${round(options.timeoutMs / 60_000, 1)} min limit ran out`;
  if (run.overMemory) return `stopped when its processes went over the ${round(toMib(options.maxRssBytes ?? 0))} MB memory limit`;
  return `exited with ${run.exitCode ?? run.signal}`;
}

/**
 * The full build of a spec of `size` operations in its own copy of the
 * project, `.work/bench/site-<size>/`, measuring each step.
 */
export async function benchmarkBuild(
  projectRoot: string,
  workDir: string,
  size: number,
  seed: number,
  log: (line: string) => void,
): Promise<BuildResult> {
  const siteDir = path.join(workDir, `site-${size}`);
  const result: BuildResult = {size, specSource: 'bundled', operations: 0, specBytes: 0, withinTarget: null, ...notBuilt(projectRoot, siteDir)};
  let spec;
  try {
    spec = await prepareSpec(projectRoot, workDir, size, seed);
  } catch (error) {
    result.error = (error as Error).message;
    log(`[bench] build ${size} failed: ${result.error}`);
    return result;
  }
  result.specSource = spec.source;
  result.operations = spec.operations;
  result.specBytes = (await stat(spec.file)).size;
  const {failedPhase: _failedPhase, generatedFiles: _generatedFiles, ...build} = await buildInCopy(projectRoot, siteDir, spec.file, String(size), log, {
    timeoutMs: BUILD_TIMEOUT_MS,
  });
  Object.assign(result, build);
  result.withinTarget = build.ok ? withinBuildTarget(build.wallSeconds, build.peakRssMb) : null;
  return result;
}
