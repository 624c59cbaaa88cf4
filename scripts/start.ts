// `npm start`: the development server, following the API description.
//
//   node --import tsx scripts/start.ts [docusaurus start options]
//
// Starts `docusaurus start`, which loads the site once the first refresh
// ends, and meanwhile runs the spec step, `npm run gen` and `npm run
// changelog` (the last two in this process, which keeps their code loaded
// between saves: scripts/gen-in-process.ts); then watches the description's source (the SPEC_FILE
// file or the bundled description, the local files they `$ref`, and the
// SPEC_OVERLAYS files) and runs the three steps again on every save; gen
// writes only the files that changed, so the dev server updates the open
// page in place. With SPEC_PROXY_URL, SPEC_WATCH_INTERVAL (e.g. `10s`)
// fetches again on that interval, and the `r` key fetches at once. Each
// problem is printed as `file:line:column: message` and written to
// .gen/dev/status.json for the page overlay (src/plugins/dev-problems).
// Exit status: the development server's, or 1 when the first spec step fails.
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdirSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';

import {devFailure, devProblems, MAX_LISTED_PROBLEMS, problemLine, type DevProblem, type DevStatus} from '../src/dev-loop/status';
import {localReferencedFiles, watchFiles} from '../src/dev-loop/source-files';
import {parseWatchInterval} from '../src/dev-loop/watch-interval';
import {FIRST_REFRESH_VARIABLE, REFRESH_MESSAGE} from '../src/dev-loop/batch-plugin-reloads.cjs';
import {displayPath} from '../src/spec-source/spec-config';
import {BUNDLED_SPEC_PATH, readSpecConfig, readSpecEnv, resolveSpec, SpecConfigError, type SpecConfig, type SpecEnv} from '../src/spec-source/index.js';
import {DEV_STATUS_FILE} from '../src/plugins/dev-problems/dev-problems-options';
import {generateApiPages} from './gen-in-process';
import {unrecordedReport} from './gen';
import {runChangelog} from './gen-changelog';
import {HEAP_GROWTH_FLAGS} from './docusaurus-command';

const root = process.cwd();
const env: SpecEnv = readSpecEnv(process.env);
const PREFIX = '[start]';
const DOCUSAURUS = require.resolve('@docusaurus/core/bin/docusaurus.mjs');
/** One reload of a plugin per burst of the files a save writes, not one per file: src/dev-loop/batch-plugin-reloads.cjs. */
const DEV_SERVER_PRELOAD = path.join(__dirname, '../src/dev-loop/dev-server-preload.cjs');

const say = (line: string) => process.stdout.write(`${PREFIX} ${line}\n`);
const complain = (line: string) => process.stderr.write(`${PREFIX} ${line}\n`);

/** `npm run gen` in this process; returns false, having said why, when the pages could not be generated (docs/api/ is then as it was). */
async function generatePages(): Promise<boolean> {
  try {
    for (const {outputDir, written, removed, unchanged, unrecorded} of await generateApiPages(root)) {
      process.stdout.write(`[gen] ${outputDir}: ${written.length} written, ${removed.length} removed, ${unchanged} unchanged\n`);
      for (const line of unrecordedReport(outputDir, unrecorded)) process.stdout.write(`${line}\n`);
    }
    return true;
  } catch (error) {
    process.stderr.write(`[gen] the pages could not be generated: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return false;
  }
}

/** The file a problem's line and column are in, as the terminal prints it: relative to the site root when inside it, so it is clickable. */
function sourceFileLabel(config: SpecConfig): string {
  return config.source.location;
}

/**
 * The local files the description's source references, as the last spec
 * step parsed it (a 13 MB description takes seconds to parse, and the
 * development server compiles meanwhile); kept from an earlier step when
 * the last could not parse it, as a save half-way through typing can't.
 */
let sourceReferences: string[] = [];

/** Files whose change means the description may have changed: none for the proxy, which is fetched again instead. */
function watchedFiles(config: SpecConfig): string[] {
  const overlays = config.overlays.map((overlay) => overlay.path);
  if (config.source.kind === 'proxy') return overlays;
  return [...new Set([config.source.path, ...sourceReferences, ...overlays])];
}

function writeStatus(status: DevStatus): void {
  const file = path.join(root, DEV_STATUS_FILE);
  mkdirSync(path.dirname(file), {recursive: true});
  // Replaced in one step: the overlay polls it and must never read half a file.
  writeFileSync(`${file}.tmp`, JSON.stringify(status));
  renameSync(`${file}.tmp`, file);
}

let runs = 0;
/** The problems of the last description that was published, located in its source file. */
let publishedProblems: DevProblem[] = [];
/** With the run's number, names a run across restarts (the overlay remembers which run was dismissed). */
const session = Date.now().toString(36);
/** sha256 of the description the pages in docs/api/ were generated from. */
let generatedSha: string | undefined;

/** One pass: the spec step, then (when the description changed) gen and the changelog. Returns false when there is nothing to show. */
async function refresh(config: SpecConfig): Promise<boolean> {
  runs += 1;
  const started = Date.now();
  const file = sourceFileLabel(config);
  const {source} = config;
  const result = await resolveSpec({
    env,
    root,
    quietProblems: true,
    ...(source.kind === 'proxy' ? {} : {onSourceParsed: (document: unknown) => (sourceReferences = localReferencedFiles(document, source.path))}),
    log: {info: (line) => process.stdout.write(`${line}\n`), warn: (line) => process.stderr.write(`${line}\n`), error: (line) => process.stderr.write(`${line}\n`)},
  });
  // On a fallback, the spec step's problems are located in the last good spec as it stored it, not in the
  // file being edited; the ones located in that file when it was published say the same in its lines.
  const problems =
    result.status === 'resolved' ? devProblems(result.problems ?? [], file) : runs === 1 ? devProblems(result.problems ?? [], '.spec/openapi.yaml') : publishedProblems;
  if (result.status === 'resolved' || runs === 1) publishedProblems = problems;
  for (const problem of problems) process.stderr.write(`${problemLine(problem)}\n`);
  const failure = result.failure && devFailure(result.failure, file);
  if (failure) complain(`${failure.line === undefined ? file : `${file}:${failure.line}:${failure.column}`}: ${failure.message} (the pages on screen are the last good ones; the next good save updates them)`);
  const status: DevStatus = {run: `${session}-${runs}`, source: file, problems: problems.slice(0, MAX_LISTED_PROBLEMS), total: problems.length, ...(failure ? {failure} : {})};
  if (result.status === 'failed') {
    writeStatus(status);
    return generatedSha !== undefined;
  }
  const sha = result.provenance?.sha256;
  if (result.status === 'resolved' && sha !== generatedSha) {
    const specDone = Date.now();
    if (!(await generatePages())) {
      writeStatus({...status, failure: {message: 'the page generation stopped; the messages above say why', details: []}});
      return generatedSha !== undefined;
    }
    generatedSha = sha;
    // The pages are written: the overlay may change with them, before the changelog.
    writeStatus(status);
    const genDone = Date.now();
    runChangelog([]);
    const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
    say(`pages up to date in ${seconds(started, genDone)} s (spec ${seconds(started, specDone)} s, gen ${seconds(specDone, genDone)} s), changelog ${seconds(genDone, Date.now())} s`);
  } else if (result.status === 'fallback' && generatedSha === undefined) {
    // First run on the last known good description: its pages may not be generated yet.
    if (!(await generatePages())) return false;
    runChangelog([]);
    generatedSha = result.provenance?.sha256;
  }
  writeStatus(status);
  return true;
}

function main(): void {
  let config: SpecConfig;
  let intervalMs: number | undefined;
  try {
    config = readSpecConfig(env, {root, bundledPath: path.join(root, BUNDLED_SPEC_PATH)});
    intervalMs = parseWatchInterval(process.env.SPEC_WATCH_INTERVAL);
  } catch (error) {
    if (!(error instanceof SpecConfigError) && !(error instanceof Error && error.message.startsWith('SPEC_WATCH_INTERVAL'))) throw error;
    complain(`${error.message.replace(/\.?$/, '.')} Fix the variable and run again.`);
    process.exitCode = 1;
    return;
  }

  // Runs one at a time; saves during a run make one more run after it.
  let running: Promise<unknown> | undefined;
  let again = false;
  const schedule = (why: string) => {
    if (running) {
      again = true;
      return;
    }
    say(why);
    tellServer(true);
    running = refresh(config)
      .catch((error: unknown) => complain(`the refresh failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`))
      .finally(() => {
        running = undefined;
        tellServer(false);
        rewatch();
        if (again) {
          again = false;
          schedule('the description changed during the last refresh; again');
        }
      });
  };

  let watcher: {close(): void} | undefined;
  let watching = '';
  const rewatch = () => {
    // A save may add or drop a `$ref` to another file.
    const files = watchedFiles(config);
    if (files.join('\n') === watching) return;
    watching = files.join('\n');
    watcher?.close();
    watcher = watchFiles(files, (changed) => schedule(`${changed.map((file) => displayPath(root, file)).join(', ')} changed`));
    say(`watching ${files.map((file) => displayPath(root, file)).join(', ')}`);
  };

  // The server starts now and loads the site once the first refresh has written the pages: its start-up (Node, the CLI, the bundler's modules) overlaps the refresh.
  const server: ChildProcess = spawn(process.execPath, [...HEAP_GROWTH_FLAGS, '--require', DEV_SERVER_PRELOAD, DOCUSAURUS, 'start', ...process.argv.slice(2)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {...process.env, [FIRST_REFRESH_VARIABLE]: '1'},
  });
  server.on('exit', (code, signal) => {
    watcher?.close();
    process.exit(code ?? (signal ? 1 : 0));
  });
  // However npm start ends, the server it started ends with it.
  process.on('exit', () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  });
  // The server's plugin reloads wait while the pages are regenerated, so that one save makes one reload and one compile.
  function tellServer(running: boolean): void {
    if (server.connected) server.send({type: REFRESH_MESSAGE, running});
  }
  const stop = (signal: NodeJS.Signals) => {
    watcher?.close();
    if (server.exitCode === null) server.kill(signal);
    else process.exit(1);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  const firstRefresh = refresh(config).catch((error: unknown) => {
    complain(`the first refresh failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return false;
  });
  void firstRefresh.then((ready) => {
    if (!ready) {
      complain('there is no description to show; fix it and run npm start again.');
      server.kill('SIGTERM');
      return;
    }
    tellServer(false);
    rewatch();
    if (config.source.kind === 'proxy') {
      if (intervalMs !== undefined) {
        setInterval(() => schedule(`fetching ${config.source.location} again (SPEC_WATCH_INTERVAL)`), intervalMs).unref();
        say(`fetching ${config.source.location} every ${intervalMs / 1000} s (SPEC_WATCH_INTERVAL)`);
      } else {
        say('set SPEC_WATCH_INTERVAL (e.g. 10s) to fetch the description again on an interval');
      }
    }
    if (process.stdin.isTTY) {
      process.stdin.setRawMode(true);
      process.stdin.on('data', (key: Buffer) => {
        const text = key.toString('utf8');
        // Raw mode delivers Ctrl-C as a character, not a signal.
        if (text === '\u0003') stop('SIGINT');
        else if (text === 'r') schedule(config.source.kind === 'proxy' ? `fetching ${config.source.location} again (r)` : 'reading the description again (r)');
      });
      say('press r to read the description again, Ctrl-C to stop');
    }
  });
}

main();
