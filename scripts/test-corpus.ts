// `npm run test:corpus`: builds the site from every spec of the corpus (the
// openapi-docs demo specs, tests/fixtures/hostile.yaml, imperfect.yaml and openapi-3.2.yaml)
// exactly as a user does, `SPEC_FILE=<spec> npm run build` with the site's own
// config, in an isolated copy of the project (.work/corpus-site/), and
// checks that every operation of each spec has a page with its method, path
// and summary (a fixture built with overlays: against the description they
// should leave, FIXTURE_EXPECTED, and no page for what they remove). One spec (PROXY_SPEC_NAME) is
// built through SPEC_PROXY_URL instead of SPEC_FILE, from a local HTTP server
// that stands for the product's proxy, with the same checks, and its
// provenance must say so.
//
//   tsx scripts/test-corpus.ts [--only <name>]... [--specs <dir>] [--jobs <n>]
//
// Specs build --jobs at a time (default: two, or one on a one-core host), each
// job in a site copy of its own (.work/corpus-site, .work/corpus-site-2, ...):
// a build leaves a core idle for much of its time (the spec and gen steps and
// server-side rendering run on one thread).
//
// Exit status: 0 when every spec passes, 1 otherwise. The fixture builds are
// kept for the e2e suite (scripts/corpus/fixture-builds.ts); the fixtures that
// are site configurations (the two-API site) are built here too, in a job's turn.
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {availableParallelism} from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {parse} from 'yaml';

import {checkFieldsAndSchemas, checkOperationPages, truncate} from './corpus/check-build';
import {type CorpusSite, prepareCorpusSite, reportedBrokenLinks, resetGenerated} from './corpus/corpus-site';
import {dropKeptBuild, ensureFixtureBuild, FIXTURE_API_CONFIGS, FIXTURE_EXPECTED, FIXTURE_SPECS, fixtureOverlaysEnv, keepBuild, sourceStamp, writeGeneratedFixtures, type FixtureName} from './corpus/fixture-builds';
import {readExpectedOperations, type ExpectedOperation} from './corpus/expected-operations';
import {errorExcerpt, runStep} from './corpus/run-step';
import {parseCommandLine, UsageError} from './command-line';

const projectRoot = path.resolve(__dirname, '..');
const workDir = path.join(projectRoot, '.work');
/** The site copy of job `index` (0-based): the first keeps the name it always had. */
const siteDirOf = (index: number) => path.join(workDir, index === 0 ? 'corpus-site' : `corpus-site-${index + 1}`);
const logDir = path.join(workDir, 'corpus-logs');
/** The test fixtures, by absolute path: their builds are kept for the e2e suite. */
// A fixture of several APIs is a site configuration, not one description: scripts/build-fixtures.ts builds it with its config/apis.ts.
const FIXTURES = new Map(
  Object.entries(FIXTURE_SPECS)
    .filter(([name]) => FIXTURE_API_CONFIGS[name as FixtureName] === undefined)
    .map(([name, file]) => [path.join(projectRoot, file), name as FixtureName]),
);
const DEFAULT_SPECS_DIR = path.resolve(projectRoot, '../shared/specs/openapi-docs-demo');
/**
 * Built through SPEC_PROXY_URL, from a local server that stands for the
 * proxy, rather than from its file: every other spec covers SPEC_FILE, and a
 * second build of the same spec would check nothing new.
 */
const PROXY_SPEC_NAME = 'petstore-3.1.yaml';

/** Bound on one command of the build (a spec that hangs the generator fails, the run goes on). */
const STEP_TIMEOUT_MS = 900_000;

interface Options {
  specsDir: string;
  only: string[];
  jobs: number;
}

const USAGE = 'usage: tsx scripts/test-corpus.ts [--only <name>]... [--specs <dir>] [--jobs <n>]';

/** Builds at once by default: two, as CI's two cores run them best; one on a one-core host. */
const DEFAULT_JOBS = Math.min(2, availableParallelism());

function readOptions(args: string[]): Options {
  try {
    const {values} = parseCommandLine(args, {only: {type: 'string', multiple: true}, specs: {type: 'string'}, jobs: {type: 'string'}});
    const jobs = values.jobs === undefined ? DEFAULT_JOBS : Number(values.jobs);
    if (!Number.isInteger(jobs) || jobs < 1 || jobs > 8) throw new UsageError(`--jobs must be a whole number from 1 to 8, got "${values.jobs}".`);
    return {specsDir: values.specs === undefined ? DEFAULT_SPECS_DIR : path.resolve(values.specs), only: values.only ?? [], jobs};
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`[corpus] ${error.message} ${USAGE}\n`);
    process.exit(2);
  }
}

function specFiles(options: Options): string[] {
  const inDir = (dir: string, pattern: RegExp) =>
    existsSync(dir) ? readdirSync(dir).filter((name) => pattern.test(name)).sort().map((name) => path.join(dir, name)) : [];
  const files = [
    ...inDir(options.specsDir, /\.(ya?ml|json)$/),
    ...inDir(path.join(options.specsDir, 'tests'), /\.ya?ml$/),
    ...FIXTURES.keys(),
  ];
  return options.only.length === 0 ? files : files.filter((file) => options.only.some((name) => file.includes(name)));
}

function displayName(file: string, specsDir: string): string {
  const relative = path.relative(specsDir, file);
  return relative.startsWith('..') ? path.relative(projectRoot, file) : relative;
}

interface SpecResult {
  name: string;
  operations: number;
  pages: number;
  seconds: number;
  problems: string[];
  /** Worth knowing, not failures. */
  notes: string[];
}

async function buildAndCheck(
  site: CorpusSite,
  specFile: string,
  name: string,
  proxyBaseUrl?: string,
): Promise<SpecResult> {
  const started = performance.now();
  const logFile = path.join(logDir, `${name.replace(/[^\w.-]+/g, '_')}.log`);
  writeFileSync(logFile, `[corpus] ${specFile}\n`);
  const result: SpecResult = {name, operations: 0, pages: 0, seconds: 0, problems: [], notes: []};
  const done = () => ({...result, seconds: (performance.now() - started) / 1000});

  // A failed fixture build must not leave the previous one for the e2e suite.
  const fixture = proxyBaseUrl ? undefined : FIXTURES.get(specFile);
  // A fixture built with overlays is checked against the description they should leave.
  const expectedFile = fixture && FIXTURE_EXPECTED[fixture] ? path.join(projectRoot, FIXTURE_EXPECTED[fixture]) : specFile;
  let expected: ExpectedOperation[];
  let removed: ExpectedOperation[];
  let document: unknown;
  try {
    expected = readExpectedOperations(expectedFile);
    const kept = new Set(expected.map((operation) => `${operation.method} ${operation.path}`));
    removed = readExpectedOperations(specFile).filter((operation) => !kept.has(`${operation.method} ${operation.path}`));
    // Parsed with `yaml` itself, not parseSpecText: the checks below are oracles and must not share the code they check.
    document = parse(readFileSync(expectedFile, 'utf8'), {maxAliasCount: -1});
  } catch (error) {
    result.problems.push(`cannot read the spec: ${(error as Error).message}`);
    return done();
  }
  result.operations = expected.length;

  if (fixture) dropKeptBuild(projectRoot, fixture);
  await resetGenerated(site);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Through the proxy: the spec step fetches <SPEC_PROXY_URL>/api/swagger-yaml.
    SPEC_FILE: proxyBaseUrl ? '' : specFile,
    SPEC_OVERLAYS: fixture ? fixtureOverlaysEnv(projectRoot, fixture) : '',
    SPEC_STRICT: '1',
    // The corpus holds imperfect descriptions on purpose: they must publish
    // even when the caller gates its own build with SPEC_VALIDATION=strict.
    SPEC_VALIDATION: 'publish',
    SPEC_LINK_BASE: '',
    SPEC_PROXY_URL: proxyBaseUrl ?? '',
  };
  // Exactly the user's command: no step skipped, no option relaxed.
  const run = await runStep('npm', ['run', 'build'], {cwd: site.dir, env, timeoutMs: STEP_TIMEOUT_MS, logFile});
  if (!run.ok) {
    const why = run.timedOut ? `timed out after ${STEP_TIMEOUT_MS / 1000} s` : `exit ${run.exitCode}`;
    result.problems.push(`"npm run build" failed (${why}): ${errorExcerpt(run.output)}`);
    return done();
  }
  // The generator plugin logs a page it could not write and carries on.
  if (/Failed to write|\[ERROR\]/.test(run.output)) result.problems.push(`the build reported errors: ${errorExcerpt(run.output)}`);
  const problemCount = /\[spec\] Published with (\d+) problems?/.exec(run.output)?.[1];
  if (problemCount) result.notes.push(`published with ${problemCount} problem${problemCount === '1' ? '' : 's'} in the description, each located`);

  if (proxyBaseUrl) {
    const provenance = JSON.parse(readFileSync(path.join(site.dir, '.spec/provenance.json'), 'utf8')) as {source?: {kind?: string; location?: string}};
    if (provenance.source?.kind !== 'proxy' || !provenance.source.location?.endsWith('/api/swagger-yaml')) {
      result.problems.push(`the spec did not come from the proxy: provenance ${JSON.stringify(provenance.source)}`);
    }
  }
  const buildDir = path.join(site.dir, 'build');
  const check = checkOperationPages(buildDir, expected);
  result.pages = check.pagesFound;
  result.problems.push(...check.problems, ...reportedBrokenLinks(run.output));
  // Operations an overlay removed must have no page.
  if (removed.length > 0 && checkOperationPages(buildDir, removed).pagesFound > 0) {
    result.problems.push(`an operation the overlays remove still has a page (${removed.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`).join(', ')})`);
  }
  // Every named schema and webhook has a page, and every field is on its page or one schema page further.
  const fields = checkFieldsAndSchemas(buildDir, document);
  result.problems.push(...fields.problems);
  result.notes.push(`${fields.schemaPages} schema pages, ${fields.webhookPages} webhook pages, ${fields.fieldsChecked} fields found`);
  if (fixture && result.problems.length === 0) keepBuild(projectRoot, fixture, site.dir, run.output, sourceStamp(projectRoot, fixture));
  return done();
}

/**
 * A fixture that is a site configuration (FIXTURE_API_CONFIGS) rather than one
 * description, built as scripts/build-fixtures.ts builds it, in its own site
 * copy, while a corpus job waits for it: the e2e suite then finds it current
 * instead of building it alone, on one core, after the corpus. Its main API's
 * operations must each have a page.
 */
async function buildSiteFixture(name: FixtureName): Promise<SpecResult> {
  const started = performance.now();
  const result: SpecResult = {name: `${FIXTURE_API_CONFIGS[name]} (site fixture)`, operations: 0, pages: 0, seconds: 0, problems: [], notes: []};
  try {
    const expected = readExpectedOperations(path.join(projectRoot, FIXTURE_SPECS[name]));
    result.operations = expected.length;
    const kept = await ensureFixtureBuild(projectRoot, name);
    const check = checkOperationPages(kept.buildDir, expected);
    result.pages = check.pagesFound;
    result.problems.push(...check.problems);
    result.notes.push(`kept for the e2e suite in ${path.relative(projectRoot, path.dirname(kept.buildDir))}`);
  } catch (error) {
    result.problems.push((error as Error).message);
  }
  return {...result, seconds: (performance.now() - started) / 1000};
}

/** A local stand-in for the product's proxy: serves one spec at /api/swagger-yaml on 127.0.0.1. */
async function serveAsProxy(specFile: string): Promise<{server: Server; baseUrl: string}> {
  const body = readFileSync(specFile);
  const server = createServer((request, response) => {
    if (request.url === '/api/swagger-yaml') response.writeHead(200, {'content-type': 'application/yaml'}).end(body);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`};
}

function formatRow(cells: string[], widths: number[]): string {
  return cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join('  ');
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  if (!existsSync(options.specsDir)) {
    process.stderr.write(`[corpus] ${options.specsDir} does not exist; pass --specs <dir> with the openapi-docs demo specs.\n`);
    process.exitCode = 1;
    return;
  }
  writeGeneratedFixtures(projectRoot);
  const files = specFiles(options);
  const siteFixtures = (Object.keys(FIXTURE_API_CONFIGS) as FixtureName[]).filter(
    (name) => options.only.length === 0 || options.only.some((only) => FIXTURE_API_CONFIGS[name]!.includes(only)),
  );
  if (files.length === 0 && siteFixtures.length === 0) {
    process.stderr.write(`[corpus] no spec files match (looked in ${options.specsDir} and for the fixtures)\n`);
    process.exitCode = 1;
    return;
  }
  const started = performance.now();
  mkdirSync(logDir, {recursive: true});
  const jobs = Math.min(options.jobs, files.length + siteFixtures.length);
  const sites: CorpusSite[] = [];
  for (let index = 0; index < jobs; index += 1) sites.push(await prepareCorpusSite(projectRoot, siteDirOf(index)));
  const where = sites.map((site) => path.relative(projectRoot, site.dir)).join(', ');
  process.stdout.write(`[corpus] ${files.length} specs and ${siteFixtures.length} site fixture${siteFixtures.length === 1 ? '' : 's'}, building ${jobs} at a time in ${where} with SPEC_FILE=<spec> npm run build (logs in ${path.relative(projectRoot, logDir)})\n`);

  const names = files.map((file) => displayName(file, options.specsDir));
  const siteFixtureNameLength = Math.max(0, ...siteFixtures.map((name) => `${FIXTURE_API_CONFIGS[name]} (site fixture)`.length));
  const widths = [Math.max(4, ...names.map((name) => name.length), PROXY_SPEC_NAME.length + 25, siteFixtureNameLength), 10, 5, 7, 6];
  const printRow = (result: SpecResult) => {
    const passed = result.problems.length === 0;
    const row = formatRow([result.name, String(result.operations), String(result.pages), result.seconds.toFixed(1), passed ? 'PASS' : 'FAIL'], widths);
    const reasons = passed ? (result.notes.length > 0 ? `  (${result.notes.join('; ')})` : '') : `  ${result.problems.slice(0, 5).map((problem) => truncate(problem, 300)).join('; ')}${result.problems.length > 5 ? `; … ${result.problems.length - 5} more` : ''}`;
    process.stdout.write(`${row}${reasons}\n`);
  };
  process.stdout.write(`${formatRow(['file', 'operations', 'pages', 'seconds', 'result'], widths)}\n`);

  /**
   * Each task builds one spec in the site it is given; rows print as builds
   * end. The largest specs go first, so that no long build is left alone at the end.
   */
  const bySizeDescending = files.map((file, index) => ({file, name: names[index], bytes: statSync(file).size})).sort((a, b) => b.bytes - a.bytes);
  const viaProxy = async (site: CorpusSite, file: string, name: string): Promise<SpecResult> => {
    const {server, baseUrl} = await serveAsProxy(file);
    try {
      return await buildAndCheck(site, file, `${name} via SPEC_PROXY_URL`, baseUrl);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  };
  const tasks: ((site: CorpusSite) => Promise<SpecResult>)[] = bySizeDescending.map(({file, name}) =>
    path.basename(file) === PROXY_SPEC_NAME ? (site) => viaProxy(site, file, name) : (site) => buildAndCheck(site, file, name),
  );
  // Second, beside the largest spec: a site fixture is as long a build as the largest ones.
  tasks.splice(Math.min(1, tasks.length), 0, ...siteFixtures.map((name) => () => buildSiteFixture(name)));
  const results: SpecResult[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    sites.map(async (site) => {
      while (next < tasks.length) {
        const index = next;
        next += 1;
        results[index] = await tasks[index](site);
        printRow(results[index]);
      }
    }),
  );
  const failed = results.filter((result) => result.problems.length > 0).length;
  const minutes = (performance.now() - started) / 60_000;
  process.stdout.write(`corpus: ${results.length - failed} passed, ${failed} failed (${minutes.toFixed(1)} min)\n`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  process.stderr.write(`[corpus] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
