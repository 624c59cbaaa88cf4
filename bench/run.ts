// `npm run bench`: build time and memory by API size, our pages' weight and
// Lighthouse figures, and the same for peer renderers of the bundled spec.
// Writes bench/results/<date>-<commit>.json and .md and prints the Markdown. Never
// fails on a slow figure; exits non-zero only when it could not run at all.
//
//   npm run bench -- --only=pages --runs=1      (see bench/bench-options.ts or --help)
import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {access, mkdir, readFile, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import {chromium, type Browser} from '@playwright/test';

import {BUNDLED_SPEC, benchmarkBuild, buildInCopy, type BuildResult} from './build-bench';
import {findOperation, requestBodyPropertyNames} from './field-names';
import {countOperations} from './generate-spec';
import {SpecDocument, type JsonObject} from '../src/spec-reader/spec-document';
import {parseSpecText} from '../src/spec-reader/parse-spec';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../config/chromium';
import {setUpPeers} from './peers';
import {DEFAULT_OPTIONS, parseOptions, USAGE, type BenchOptions} from './bench-options';
import {benchmarkScaleSpec, SCALE_MEMORY_LIMIT_BYTES, SCALE_SPEC_SOURCES, scaleSpecFile, type ScaleResult} from './scale-bench';
import {benchmarkDev, DEV_SPECS, type DevResult} from './dev-bench';
import {measureSearchQuality, readQueries, renderSearchQuality, type QueryRun, type SiteFigures} from './search-quality';
import type {SearchSite} from './search-sites';
import {benchPackageVersion, ensureBenchPackages} from './packages';
import {benchmarkVersions, renderVersions} from './versions-bench';
import {localDate, renderSummary, resultsBaseName, type BenchResults, type MachineInfo} from './report';
import {stopRunningCommands} from './run-measured';
import {startStaticServer, type StaticServer} from './gzip-server';
import {measurePages, peerRatios, type PageResult, type PageTarget, type PeerResult} from './web-bench';

const projectRoot = path.resolve(__dirname, '..');
const workDir = path.join(projectRoot, '.work/bench');
const resultsDir = path.join(projectRoot, 'bench/results');
const chromePath = CHROMIUM_PATH;

/** Our pages, as the product specification names them. */
const OUR_PAGES = ['/', '/docs', '/docs/api/meridian-api', '/docs/api/create-contact'];
const CREATE_CONTACT = {operationId: 'createContact', page: '/docs/api/create-contact'};

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

/** Everything to stop if the run is interrupted. */
const cleanups = new Set<() => Promise<void>>();

function commandOutput(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, {cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}).trim();
  } catch {
    return 'unknown';
  }
}

async function packageVersion(name: string): Promise<string> {
  try {
    return (JSON.parse(await readFile(path.join(projectRoot, 'node_modules', name, 'package.json'), 'utf8')) as {version: string}).version;
  } catch {
    return 'unknown';
  }
}

async function machineInfo(): Promise<MachineInfo> {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: os.totalmem() / 1024 ** 3,
    node: process.version,
    chromium: commandOutput(chromePath, ['--version']),
    lighthouse: benchPackageVersion('lighthouse') ?? 'unknown',
    docusaurus: await packageVersion('@docusaurus/core'),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

/** The commit measured, and its form in a file name (`-dirty` with uncommitted changes). Read when a run starts: a commit made during a long run is not what it measured. */
function gitCommit(): {commit: string; name: string} {
  const commit = commandOutput('git', ['rev-parse', '--short', 'HEAD']);
  const dirty = commandOutput('git', ['status', '--porcelain', '--untracked-files=no']);
  return dirty !== '' && dirty !== 'unknown' ? {commit: `${commit} (with uncommitted changes)`, name: `${commit}-dirty`} : {commit, name: commit};
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

async function withServer<T>(directory: string, use: (server: StaticServer) => Promise<T>): Promise<T> {
  const server = await startStaticServer(projectRoot, directory);
  const stop = (): Promise<void> => server.stop();
  cleanups.add(stop);
  try {
    return await use(server);
  } finally {
    cleanups.delete(stop);
    await server.stop();
  }
}

async function createContactFields(specFile: string): Promise<{names: string[]; summary: string}> {
  const spec = new SpecDocument(parseSpecText(await readFile(specFile, 'utf8'), {what: 'file'}) as JsonObject);
  const operation = findOperation(spec, CREATE_CONTACT.operationId);
  return {
    names: requestBodyPropertyNames(spec, CREATE_CONTACT.operationId),
    summary: typeof operation?.summary === 'string' ? operation.summary : 'Create a contact',
  };
}

/** The production build of the bundled spec that the pages part measures, building one when needed. */
async function pagesBuildDir(options: BenchOptions, builds: BuildResult[] | null, notes: string[]): Promise<string> {
  if (options.pagesBuild !== undefined) {
    const directory = path.resolve(projectRoot, options.pagesBuild);
    if (!(await exists(path.join(directory, 'index.html')))) {
      throw new Error(`[bench] --pages-build=${options.pagesBuild} has no index.html; build the site first`);
    }
    notes.push(`Pages measured on the existing build ${path.relative(projectRoot, directory) || '.'} (--pages-build).`);
    return directory;
  }
  const built = builds?.find((build) => build.specSource === 'bundled' && build.ok);
  if (built !== undefined) return path.join(projectRoot, built.siteDir, 'build');
  log(`[bench] pages: building the bundled spec in ${path.relative(projectRoot, workDir)}/site-24 first`);
  const result = await benchmarkBuild(projectRoot, workDir, await bundledOperationCount(), options.seed, log);
  if (!result.ok) throw new Error(`[bench] could not build the bundled spec for the pages part: ${result.error}`);
  notes.push(`Pages part built the bundled spec itself in ${result.siteDir} (${result.wallSeconds} s).`);
  return path.join(projectRoot, result.siteDir, 'build');
}

async function bundledOperationCount(): Promise<number> {
  return countOperations(parseSpecText(await readFile(path.join(projectRoot, BUNDLED_SPEC), 'utf8'), {what: 'file'}));
}

async function runPages(browser: Browser, options: BenchOptions, buildDir: string, notes: string[], pagePaths = OUR_PAGES): Promise<PageResult[]> {
  let specFile = path.join(path.dirname(buildDir), '.spec/openapi.yaml');
  if (!(await exists(specFile))) {
    notes.push(`No resolved spec next to ${path.relative(projectRoot, buildDir)}; field names came from ${BUNDLED_SPEC}.`);
    specFile = path.join(projectRoot, BUNDLED_SPEC);
  }
  const createContact = await createContactFields(specFile);
  return withServer(buildDir, async (server) => {
    const targets: PageTarget[] = pagePaths.map((page) => {
      const isCreateContact = page === CREATE_CONTACT.page;
      return {
        label: page,
        url: `${server.origin}${page}`,
        fieldNames: isCreateContact ? createContact.names : null,
        targetText: isCreateContact ? createContact.summary : undefined,
        isCreateContact,
      };
    });
    return measurePages(browser, targets, {runs: options.runs, chromePath, screenshotDir: path.join(workDir, 'screens'), log});
  });
}

async function runPeers(browser: Browser, options: BenchOptions, ours: PageResult | undefined): Promise<PeerResult[]> {
  const specFile = path.join(projectRoot, BUNDLED_SPEC);
  const createContact = await createContactFields(specFile);
  const peersRoot = path.join(workDir, 'peers');
  log('[bench] peers: writing Redoc, Scalar, Swagger UI and Stoplight Elements pages');
  const peers = await setUpPeers({projectRoot, specFile, peersRoot});
  return withServer(peersRoot, async (server) => {
    const targets: PageTarget[] = peers.map((peer) => ({
      label: peer.name,
      url: `${server.origin}${peer.deepLink}`,
      fieldNames: createContact.names,
      targetText: createContact.summary,
      isCreateContact: true,
    }));
    const results = await measurePages(browser, targets, {runs: options.runs, chromePath, screenshotDir: path.join(workDir, 'screens'), log});
    return peers.map((peer, index) => ({
      name: peer.name,
      version: peer.version,
      deepLink: peer.deepLink,
      result: results[index]!,
      ratios: peerRatios(results[index]!.median, ours?.median),
    }));
  });
}

/** create-contact of the bundled spec, for the scale table's Lighthouse comparison: the pages part's figure when it ran. */
async function createContactReference(browser: Browser, options: BenchOptions, builds: BuildResult[] | null, pages: BenchResults['pages'], notes: string[]): Promise<PageResult | null> {
  const measured = pages?.results.find((page) => page.isCreateContact);
  if (measured !== undefined) return measured;
  const buildDir = await pagesBuildDir(options, builds, notes);
  return (await runPages(browser, options, buildDir, notes, [CREATE_CONTACT.page]))[0] ?? null;
}

async function runScale(browser: Browser, options: BenchOptions, builds: BuildResult[] | null, pages: BenchResults['pages'], notes: string[]): Promise<NonNullable<BenchResults['scale']>> {
  const specs: ScaleResult[] = [];
  for (const name of options.scale) {
    specs.push(
      await benchmarkScaleSpec(SCALE_SPEC_SOURCES[name], {
        projectRoot,
        workDir,
        browser,
        serve: (directory, use) => withServer(directory, (server) => use(server.origin)),
        runs: options.runs,
        chromePath,
        timeoutMinutes: options.scaleTimeoutMinutes,
        rebuild: options.scaleRebuild,
        log,
      }),
    );
  }
  let createContact: PageResult | null = null;
  try {
    createContact = await createContactReference(browser, options, builds, pages, notes);
  } catch (error) {
    notes.push(`Could not measure create-contact of the bundled spec next to the scale pages: ${(error as Error).message}`);
  }
  return {specs, createContact};
}

/** A site's build for the search part: its folder under .work/bench (with `.spec/` and `build/`), built unless reused. */
async function searchSiteDir(site: SearchSite, options: BenchOptions): Promise<string> {
  const siteDir = path.join(workDir, `search-${site}`);
  if (options.searchReuse && existsSync(path.join(siteDir, 'build/pagefind/pagefind.js'))) {
    log(`[bench] search ${site}: reusing the build in ${path.relative(projectRoot, siteDir)}`);
    return siteDir;
  }
  const specFile = site === 'meridian' ? path.join(projectRoot, BUNDLED_SPEC) : scaleSpecFile(SCALE_SPEC_SOURCES[site]);
  const timeoutMinutes = site === 'meridian' ? 15 : (options.scaleTimeoutMinutes ?? SCALE_SPEC_SOURCES[site].defaultTimeoutMinutes);
  const build = await buildInCopy(projectRoot, siteDir, specFile, `search ${site}`, log, {timeoutMs: timeoutMinutes * 60_000, maxRssBytes: SCALE_MEMORY_LIMIT_BYTES});
  if (!build.ok) throw new Error(`the ${site} build failed at ${build.failedPhase ?? 'an unknown step'} (log: ${path.relative(projectRoot, siteDir)}/bench-build.log)`);
  return siteDir;
}

async function runSearch(browser: Browser, options: BenchOptions, notes: string[]): Promise<{sites: SiteFigures[]; runs: QueryRun[]}> {
  const queries = readQueries();
  const sites: SiteFigures[] = [];
  const runs: QueryRun[] = [];
  for (const site of options.search) {
    try {
      const siteDir = await searchSiteDir(site, options);
      const measured = await withServer(path.join(siteDir, 'build'), (server) => measureSearchQuality(browser, site, siteDir, server.origin, queries, log));
      sites.push(measured.figures);
      runs.push(...measured.runs);
      log(`[bench] search ${site}: top-1 ${(measured.figures.top1 * 100).toFixed(1)}%, MRR ${measured.figures.mrr.toFixed(3)} over ${measured.figures.queries} queries`);
    } catch (error) {
      notes.push(`Could not measure search on ${site}: ${(error as Error).message}`);
    }
  }
  return {sites, runs};
}

async function main(): Promise<number> {
  let options: BenchOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    log(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (options.parts.length === 0) {
    log(`[bench] nothing to run: every part is skipped\n\n${USAGE}`);
    return 2;
  }

  // The versions part builds and loads pages with the site's own packages, and writes its own results files.
  if (options.parts.includes('versions')) {
    await mkdir(workDir, {recursive: true});
    if (options.versions.includes('github')) ensureBenchPackages(log, SCALE_SPEC_SOURCES.github.packageDir, SCALE_SPEC_SOURCES.github.installSize);
    const commit = commandOutput('git', ['rev-parse', '--short', 'HEAD']);
    const scenarios = await benchmarkVersions(projectRoot, workDir, resultsDir, `${localDate(new Date())}-${commit}`, log, options.versions);
    process.stdout.write(renderVersions(scenarios));
    options.parts = options.parts.filter((part) => part !== 'versions');
    if (options.parts.length === 0) return scenarios.some((scenario) => scenario.build.ok) ? 0 : 1;
  }

  // Lighthouse, the static server, the peers and the GitHub description are the benchmark's own packages.
  if (options.parts.some((part) => part !== 'build' && part !== 'dev')) ensureBenchPackages(log);
  if (options.parts.includes('scale')) {
    for (const name of options.scale) ensureBenchPackages(log, SCALE_SPEC_SOURCES[name].packageDir, SCALE_SPEC_SOURCES[name].installSize);
  }
  if (options.parts.includes('dev') && options.dev.includes('github')) ensureBenchPackages(log, SCALE_SPEC_SOURCES.github.packageDir, SCALE_SPEC_SOURCES.github.installSize);
  if (options.parts.includes('search')) {
    for (const name of options.search) if (name !== 'meridian') ensureBenchPackages(log, SCALE_SPEC_SOURCES[name].packageDir, SCALE_SPEC_SOURCES[name].installSize);
  }

  const started = new Date();
  const measuredCommit = gitCommit();
  const notes: string[] = [];
  const failures: string[] = [];
  await mkdir(workDir, {recursive: true});
  await mkdir(resultsDir, {recursive: true});
  const machine = await machineInfo();
  log(`[bench] ${options.parts.join(', ')} on ${machine.cores} cores, ${machine.memoryGb.toFixed(1)} GB, node ${machine.node}, ${machine.chromium}`);

  let builds: BuildResult[] | null = null;
  if (options.parts.includes('build')) {
    builds = [];
    for (const size of options.sizes) builds.push(await benchmarkBuild(projectRoot, workDir, size, options.seed, log));
    if (builds.every((build) => !build.ok)) failures.push('build: no build finished');
  }

  let pages: BenchResults['pages'] = null;
  let peers: PeerResult[] | null = null;
  let scale: BenchResults['scale'] = null;
  let dev: DevResult[] | null = null;
  let search: BenchResults['search'] = null;
  if (options.parts.some((part) => part !== 'build')) {
    let browser: Browser | undefined;
    try {
      browser = await chromium.launch({executablePath: chromePath, args: CHROMIUM_FLAGS});
      const opened = browser;
      const close = (): Promise<void> => opened.close();
      cleanups.add(close);
      if (options.parts.includes('pages')) {
        try {
          const buildDir = await pagesBuildDir(options, builds, notes);
          pages = {buildDir: path.relative(projectRoot, buildDir), results: await runPages(browser, options, buildDir, notes)};
        } catch (error) {
          failures.push(`pages: ${(error as Error).message}`);
        }
      }
      if (options.parts.includes('peers')) {
        try {
          peers = await runPeers(browser, options, pages?.results.find((page) => page.isCreateContact));
        } catch (error) {
          failures.push(`peers: ${(error as Error).message}`);
        }
      }
      if (options.parts.includes('scale')) {
        try {
          scale = await runScale(browser, options, builds, pages, notes);
          if (scale.specs.every((spec) => !spec.build.ok)) failures.push('scale: no build finished');
        } catch (error) {
          failures.push(`scale: ${(error as Error).message}`);
        }
      }
      if (options.parts.includes('dev')) {
        dev = [];
        for (const name of options.dev) dev.push(await benchmarkDev(DEV_SPECS[name], {projectRoot, workDir, browser, port: options.devPort, log}));
        if (dev.every((result) => !result.ok)) failures.push(`dev: ${dev.map((result) => result.error).join('; ')}`);
      }
      if (options.parts.includes('search')) {
        try {
          search = await runSearch(browser, options, notes);
          if (search.sites.length === 0) failures.push('search: no site measured');
        } catch (error) {
          failures.push(`search: ${(error as Error).message}`);
        }
      }
      cleanups.delete(close);
    } catch (error) {
      failures.push(`browser: could not start Chromium at ${chromePath}: ${(error as Error).message}`);
    } finally {
      await browser?.close();
    }
  }

  const scalePages = [...(scale?.specs ?? []).flatMap((spec) => spec.loads.map((load) => load.result)), ...(scale?.createContact ? [scale.createContact] : [])];
  const benchmarkIndexes = [...(pages?.results ?? []), ...(peers ?? []).map((peer) => peer.result), ...scalePages]
    .flatMap((page) => page.runs.map((run) => run.lighthouse.benchmarkIndex))
    .filter((value): value is number => value !== null);
  if (benchmarkIndexes.length > 0) {
    notes.push(
      `Lighthouse benchmarkIndex (CPU speed it calibrates simulated throttling against) ranged ${Math.min(...benchmarkIndexes)} to ${Math.max(...benchmarkIndexes)} over the runs; a wide range means something else was using the CPU.`,
    );
  }
  for (const failure of failures) notes.push(`Could not run ${failure}`);
  const finished = new Date();
  const date = localDate(started);
  const results: BenchResults = {
    date,
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    durationSeconds: Math.round((finished.getTime() - started.getTime()) / 1000),
    commit: measuredCommit.commit,
    parts: options.parts,
    runs: options.runs,
    sizes: options.sizes,
    seed: options.seed,
    machine,
    builds,
    pages,
    peers,
    scale,
    dev,
    search,
    notes,
  };
  const baseName = resultsBaseName(`${date}-${measuredCommit.name}`, options, DEFAULT_OPTIONS);
  const summary = `${renderSummary(results)}${search ? `\n${renderSearchQuality(search.sites)}` : ''}`;
  await writeFile(path.join(resultsDir, `${baseName}.json`), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(resultsDir, `${baseName}.md`), summary);
  process.stdout.write(summary);
  log(`[bench] wrote bench/results/${baseName}.json and bench/results/${baseName}.md in ${(results.durationSeconds / 60).toFixed(1)} min`);

  // Slow figures never fail the run; only a run where nothing could be measured does.
  const measured =
    (builds?.some((build) => build.ok) ?? false) || pages !== null || peers !== null || scale !== null || (dev?.some((result) => result.ok) ?? false) || (search?.sites.length ?? 0) > 0;
  return measured ? 0 : 1;
}

function interrupted(signal: NodeJS.Signals): void {
  log(`[bench] ${signal}: stopping builds, servers and browsers`);
  stopRunningCommands();
  void Promise.allSettled([...cleanups].map((cleanup) => cleanup())).then(() => process.exit(130));
}

process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log(`[bench] could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    stopRunningCommands();
    process.exitCode = 1;
  },
);
