// `docusaurus build`, in one process or in steps of their own processes:
//
//   node --import tsx scripts/site-build.ts [docusaurus build options]
//
// (`npm run build:site`: one process, where `tsx` would start a second one
// beside it, which a large build's peak memory would count)
//
// The bundler keeps a large amount of native memory until its process exits
// (a forced garbage collection does not return it). Docusaurus can stop
// after bundling (DOCUSAURUS_EXIT_AFTER_BUNDLING) and render from an existing
// bundle (DOCUSAURUS_SKIP_BUNDLING); run one after the other, each process's
// memory is returned before the next starts, at the cost of loading the site
// again. SITE_BUILD_STEPS chooses:
//
// - "auto" (the default): a site of SPLIT_FROM_PAGES docs pages or more is
//   bundled, then rendered, in two processes; a smaller one builds in one.
// - "one": one process.
// - "low-memory": four steps, each alone: the server's bundling, the
//   client's (src/plugins/bundle-steps, MERIDIAN_BUNDLE_ONLY; Docusaurus
//   otherwise bundles both side by side), the rendering, then the search
//   index, which the rendering's search plugin leaves as a job rather than
//   running Pagefind beside the other plugins' postBuild. A bundling step
//   empties the output folder first, so the server bundle waits outside it
//   while the client is bundled. It loads the site once more than "auto".
//
// If a Docusaurus step variable or MERIDIAN_BUNDLE_ONLY is already set, this
// runs one `docusaurus build` with the environment as it is.
// Each process runs with HEAP_GROWTH_FLAGS (a heap that grows less between
// collections). After each step it prints the step's wall time and its
// Docusaurus process's peak memory (formatStepUsage), which the benchmark
// reads from the log.
// Exit status: that of the first step that fails, else 0.
import {existsSync, readdirSync, renameSync, rmSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';

import {BUNDLE_ONLY_VARIABLE} from '../src/plugins/bundle-steps';
import {runSearchJob, SEARCH_JOB_VARIABLE} from '../src/plugins/search';
import {HEAP_GROWTH_FLAGS, runDocusaurus, type CommandUsage} from './docusaurus-command';

export const EXIT_AFTER_BUNDLING = 'DOCUSAURUS_EXIT_AFTER_BUNDLING';
export const SKIP_BUNDLING = 'DOCUSAURUS_SKIP_BUNDLING';

/** The variable that chooses between one process and steps. */
export const BUILD_STEPS_VARIABLE = 'SITE_BUILD_STEPS';
export type BuildStepsChoice = 'auto' | 'one' | 'low-memory';

/** Docs pages from which "auto" bundles and renders in two processes. */
export const SPLIT_FROM_PAGES = 1000;

/** The server bundle's folder in the output, as Docusaurus writes it (lib/webpack/server.js) and reads it back to render. */
export const SERVER_BUNDLE_DIR = '__server';
export const SERVER_BUNDLE_FILE = 'server.bundle.js';

/** What runs after a step: the server bundle set aside before the client's bundling empties the output, then put back; the search index the rendering's search plugin left as a job. */
export type StepFinish = 'set server bundle aside' | 'put server bundle back' | 'index for search';

export interface BuildStep {
  name: string;
  env: NodeJS.ProcessEnv;
  finish?: StepFinish;
}

/** SITE_BUILD_STEPS of `env`; an unknown value is an error that names the variable. */
export function buildStepsChoice(env: NodeJS.ProcessEnv): BuildStepsChoice {
  const value = env[BUILD_STEPS_VARIABLE];
  if (value === undefined || value === '') return 'auto';
  if (value === 'auto' || value === 'one' || value === 'low-memory') return value;
  throw new Error(`[build] ${BUILD_STEPS_VARIABLE}=${JSON.stringify(value)}: expected "auto" (two steps from ${SPLIT_FROM_PAGES} docs pages), "one" or "low-memory".`);
}

/** Markdown and MDX files under `docsDir` (the docs plugin's pages, generated ones included); 0 without the folder. */
export function countDocsPages(docsDir: string): number {
  let entries;
  try {
    entries = readdirSync(docsDir, {withFileTypes: true, recursive: true});
  } catch {
    return 0;
  }
  return entries.filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name)).length;
}

/** The build's processes as SITE_BUILD_STEPS asks, else one with the caller's environment when it already chose a step; `searchJobFile` is where a low-memory rendering leaves its search job. */
export function buildSteps(env: NodeJS.ProcessEnv, docsPages: number, searchJobFile: string): BuildStep[] {
  const choice = buildStepsChoice(env);
  const callerChose = [EXIT_AFTER_BUNDLING, SKIP_BUNDLING, BUNDLE_ONLY_VARIABLE].some((variable) => env[variable] !== undefined);
  if (callerChose || choice === 'one' || (choice === 'auto' && docsPages < SPLIT_FROM_PAGES)) return [{name: 'build', env}];
  if (choice === 'auto') {
    return [
      {name: 'bundling', env: {...env, [EXIT_AFTER_BUNDLING]: 'true'}},
      {name: 'static rendering', env: {...env, [SKIP_BUNDLING]: 'true'}},
    ];
  }
  return [
    {name: 'server bundling', env: {...env, [EXIT_AFTER_BUNDLING]: 'true', [BUNDLE_ONLY_VARIABLE]: 'server'}, finish: 'set server bundle aside'},
    {name: 'client bundling', env: {...env, [EXIT_AFTER_BUNDLING]: 'true', [BUNDLE_ONLY_VARIABLE]: 'client'}, finish: 'put server bundle back'},
    {name: 'static rendering', env: {...env, [SKIP_BUNDLING]: 'true', [SEARCH_JOB_VARIABLE]: searchJobFile}, finish: 'index for search'},
  ];
}

/** The output folder `docusaurus build` writes with these arguments (its `--out-dir`, else `build`), from the site folder. */
export function outputDir(siteDir: string, args: string[]): string {
  let dir = 'build';
  args.forEach((arg, index) => {
    if (arg === '--out-dir' && args[index + 1] !== undefined) dir = args[index + 1];
    else if (arg.startsWith('--out-dir=')) dir = arg.slice('--out-dir='.length);
  });
  return path.resolve(siteDir, dir);
}

/**
 * Moves the server bundle between the output and `asideDir` (outside the
 * output, on the same disk). Throws when a step did not leave what the next
 * one needs: no server bundle after its step, or a server bundle written by
 * the client's step (the bundle-steps seam no longer narrows the bundler).
 */
export function finishStep(finish: Exclude<StepFinish, 'index for search'>, outDir: string, asideDir: string): void {
  const inOutput = path.join(outDir, SERVER_BUNDLE_DIR);
  if (finish === 'set server bundle aside') {
    if (!existsSync(path.join(inOutput, SERVER_BUNDLE_FILE))) throw new Error(`[build] the server bundling step wrote no ${path.join(inOutput, SERVER_BUNDLE_FILE)}.`);
    rmSync(asideDir, {recursive: true, force: true});
    renameSync(inOutput, asideDir);
    return;
  }
  if (existsSync(inOutput)) throw new Error(`[build] the client bundling step also wrote ${inOutput}: ${BUNDLE_ONLY_VARIABLE} did not narrow Docusaurus's bundler (src/plugins/README.md, seam 21).`);
  if (!existsSync(path.join(asideDir, SERVER_BUNDLE_FILE))) throw new Error(`[build] the server bundle set aside in ${asideDir} is gone.`);
  renameSync(asideDir, inOutput);
}

/** A step's usage as measured: its name, wall time and peak memory in MiB (null when not known). */
export interface StepUsage {
  name: string;
  seconds: number;
  peakRssMib: number | null;
}

const STEP_USAGE_LINE = /^\[build\] step "([^"]+)": ([\d.]+) s, peak memory (?:([\d,]+) MiB|unknown)/;

/** The line printed after a step: `[build] step "client bundling": 38.9 s, peak memory 1,334 MiB (its Docusaurus process: its threads, not its child processes)`. */
export function formatStepUsage(name: string, usage: CommandUsage): string {
  const peak = usage.peakRssBytes === null ? 'unknown' : `${Math.round(usage.peakRssBytes / 2 ** 20).toLocaleString('en-US')} MiB`;
  return `[build] step "${name}": ${usage.seconds.toFixed(1)} s, peak memory ${peak} (its Docusaurus process: its threads, not its child processes)`;
}

/** The steps' usage lines in a build's log, in order. */
export function parseStepUsages(log: string): StepUsage[] {
  return log.split('\n').flatMap((line) => {
    const match = STEP_USAGE_LINE.exec(line);
    if (!match) return [];
    return [{name: match[1], seconds: Number(match[2]), peakRssMib: match[3] === undefined ? null : Number(match[3].replaceAll(',', ''))}];
  });
}

/** Runs the search job the rendering left, if it left one (a site without the search plugin leaves none). */
export async function indexForSearch(searchJobFile: string, siteDir: string): Promise<void> {
  if (!existsSync(searchJobFile)) return;
  await runSearchJob(searchJobFile, siteDir);
  rmSync(searchJobFile);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const siteDir = process.cwd();
  const outDir = outputDir(siteDir, args);
  const asideDir = path.join(siteDir, '.docusaurus', 'server-bundle-step');
  const searchJobFile = path.join(siteDir, '.docusaurus', 'search-job.json');
  rmSync(searchJobFile, {force: true});
  for (const step of buildSteps(process.env, countDocsPages(path.join(siteDir, 'docs')), searchJobFile)) {
    const status = runDocusaurus(['build', ...args], {
      prefix: '[build]',
      what: `docusaurus build for the ${step.name}`,
      env: step.env,
      nodeFlags: HEAP_GROWTH_FLAGS,
      onUsage: (usage) => console.log(formatStepUsage(step.name, usage)),
    });
    if (status !== 0) return status;
    if (step.finish === 'index for search') await indexForSearch(searchJobFile, siteDir);
    else if (step.finish) finishStep(step.finish, outDir, asideDir);
  }
  return 0;
}

// Run as a command, not when a test imports buildSteps.
if (require.main === module) {
  main().then(
    (status) => {
      process.exitCode = status;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}
