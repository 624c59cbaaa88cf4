// The versions part of `npm run bench` (issue 42, point 7): Meridian built
// with no older version, with its releases (openapi/releases/), with ten
// synthetic releases more (copies of the bundled spec, each with one
// operation's summary changed), and with GitHub's REST description as a
// second API next to it (src/apis/), each cold in its own copy. Per build:
// pages, wall and CPU time, peak RSS; per page type, first-load JS of the
// current page, of the same page in an older version, and of the second API's.
import {copyFile, mkdir, readdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';

import {copySite} from '../scripts/site-copy';
import {APIS_CONFIG_FILE} from '../src/apis/apis-config';
import {assignPageIds} from '../src/openapi/generation/page-ids';
import {asString, type SpecDocument} from '../src/spec-reader/spec-document';
import {readResolvedSpec} from '../src/spec-reader/parse-spec';
import {runBuildSteps, type MeasuredBuild} from './build-bench';
import {measureFirstLoad, type FirstLoad} from './first-load';
import {VERSIONS_SCENARIOS, type VersionsScenarioName} from './bench-options';
import {benchPackageDir} from './packages';
import {SCALE_SPEC_SOURCES} from './scale-bench';

/** A page of each type, by its id (the same in every version of Meridian). */
export const PAGE_TYPES: {type: string; pageId: string}[] = [
  {type: 'overview', pageId: 'meridian-api'},
  {type: 'tag', pageId: 'contacts'},
  {type: 'operation', pageId: 'create-contact'},
  {type: 'webhook', pageId: 'reply-received'},
  {type: 'schema', pageId: 'schemas/contact'},
];

/** The older version whose pages are compared with the current ones. */
const COMPARED_VERSION = '2.2.0';


/** The second API of the `github` scenario: its id, and the folder of its pages (route prefix). */
export const SECOND_API = {id: 'github', outputDir: 'docs/apis/github'} as const;

export interface VersionsScenario {
  name: string;
  /** Older versions published. */
  olderVersions: number;
  build: MeasuredBuild;
  /** First-load JS of /docs and of each page type, current version. */
  current: FirstLoad[];
  /** The same page types in COMPARED_VERSION, when it is published. */
  older: FirstLoad[];
  /** The `github` scenario: the second API's pages, one per page type (`type` names it). */
  secondApi?: {label: string; pages: number; loads: (FirstLoad & {type: string})[]};
}

/** The config/apis.ts of a site with Meridian and GitHub's description, as a user adding an API writes it. */
export function secondApiConfig(specPath: string): string {
  return `import type {ApisConfig} from '../src/apis/apis-config';

export const apis = {
  meridian: {label: 'Meridian', specPath: 'openapi/meridian.yaml', outputDir: 'docs/api'},
  ${SECOND_API.id}: {label: 'GitHub', specPath: ${JSON.stringify(specPath)}, outputDir: ${JSON.stringify(SECOND_API.outputDir)}},
} satisfies ApisConfig;
`;
}

/**
 * A page of each type of a description, by page id: its overview, the tag
 * page and page of `operationId` (else the first), its first webhook, and
 * the page of schema `schema` (else the first).
 */
export function pagesOfEachType(spec: SpecDocument, operationId: string, schema: string): {type: string; pageId: string}[] {
  const ids = assignPageIds(spec);
  const operations = ids.operations.filter((entry) => entry.kind === 'operation');
  const operation = operations.find((entry) => asString(entry.operation.operationId) === operationId) ?? operations[0];
  const tagName = Array.isArray(operation?.operation.tags) ? asString(operation.operation.tags[0]) : undefined;
  const tag = ids.tags.find((candidate) => candidate.name === tagName) ?? ids.tags[0];
  const webhook = ids.operations.find((entry) => entry.kind === 'webhook');
  const schemaPage = ids.schemas.find((candidate) => candidate.name === schema) ?? ids.schemas[0];
  return [
    {type: 'overview', pageId: ids.overviewId},
    ...(tag ? [{type: 'tag', pageId: tag.pageId}] : []),
    ...(operation ? [{type: 'operation', pageId: operation.pageId}] : []),
    ...(webhook ? [{type: 'webhook', pageId: webhook.pageId}] : []),
    ...(schemaPage ? [{type: 'schema', pageId: schemaPage.pageId}] : []),
  ];
}

/** `count` synthetic releases: the bundled spec as versions 1.<n>.0, each with one summary changed, so their pages differ. */
export function syntheticReleases(bundled: string, count: number): {name: string; text: string}[] {
  return Array.from({length: count}, (_, index) => {
    const version = `1.${index + 1}.0`;
    const text = bundled
      .replace(/^(\s+version:\s*)['"]?[^'"\n]+['"]?\s*$/m, `$1'${version}'\n  x-release-date: '2024-${String((index % 12) + 1).padStart(2, '0')}-01'`)
      .replace(/(summary: Create a contact)/, `$1 (${version})`);
    return {name: `${version}.yaml`, text};
  });
}

/** GitHub's description in the bench's packages (the scale part's), copied into a site as `openapi/github.json`. */
function githubSpecFile(): string {
  const github = SCALE_SPEC_SOURCES.github;
  return path.join(benchPackageDir(github.packageName, github.packageDir), github.file);
}

async function scenario(projectRoot: string, workDir: string, name: string, synthetic: number, keepReleases: boolean, log: (line: string) => void, secondApi = false): Promise<VersionsScenario> {
  const siteDir = path.join(workDir, `versions-${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase()}`);
  // GitHub's description is much larger than Meridian's: the scale part's limit for it.
  const timeoutMs = (secondApi ? SCALE_SPEC_SOURCES.github.defaultTimeoutMinutes + 30 : 30) * 60_000;
  const build = await runBuildSteps(projectRoot, siteDir, undefined, `versions ${name}`, log, {timeoutMs}, async () => {
    await copySite(projectRoot, siteDir, {warm: false});
    const releases = path.join(siteDir, 'openapi/releases');
    if (!keepReleases) {
      for (const file of await readdir(releases)) if (/\.(ya?ml|json)$/.test(file)) await rm(path.join(releases, file));
    }
    const bundled = await readFile(path.join(siteDir, 'openapi/meridian.yaml'), 'utf8');
    for (const release of syntheticReleases(bundled, synthetic)) await writeFile(path.join(releases, release.name), release.text);
    if (secondApi) {
      await copyFile(githubSpecFile(), path.join(siteDir, 'openapi/github.json'));
      await writeFile(path.join(siteDir, APIS_CONFIG_FILE), secondApiConfig('openapi/github.json'));
    }
  });
  const index = JSON.parse(await readFile(path.join(siteDir, '.spec/versions/index.json'), 'utf8').catch(() => '{"older": []}')) as {older: {version: string}[]};
  const buildDir = path.join(siteDir, 'build');
  const current = build.ok ? await measureFirstLoad(buildDir, ['/docs', ...PAGE_TYPES.map((page) => `/docs/api/${page.pageId}`)]) : [];
  const published = index.older.some((version) => version.version === COMPARED_VERSION);
  const older = build.ok && published ? await measureFirstLoad(buildDir, PAGE_TYPES.map((page) => `/docs/api/${COMPARED_VERSION}/${page.pageId}`)) : [];
  if (!secondApi) return {name, olderVersions: index.older.length, build, current, older};
  const resolved = path.join(siteDir, `.spec/apis/${SECOND_API.id}/openapi.yaml`);
  const spec = build.ok ? readResolvedSpec(await readFile(resolved, 'utf8'), {prefix: '[bench]', file: resolved}) : undefined;
  const types = spec ? pagesOfEachType(spec, SCALE_SPEC_SOURCES.github.editedOperation, 'repository') : [];
  const loads = build.ok ? await measureFirstLoad(buildDir, types.map((page) => `/${SECOND_API.outputDir}/${page.pageId}`)) : [];
  const sitemap = build.ok ? await readFile(path.join(buildDir, 'sitemap.xml'), 'utf8') : '';
  const pages = sitemap.split(`/${SECOND_API.outputDir}/`).length - 1;
  return {name, olderVersions: index.older.length, build, current, older, secondApi: {label: 'GitHub', pages, loads: loads.map((load, position) => ({...load, type: types[position].type}))}};
}

const kb = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : (bytes / 1000).toFixed(1));
const percent = (value: number, reference: number | undefined) => (reference ? `${((value / reference - 1) * 100).toFixed(1)}%` : 'n/a');

/** The Markdown summary of the versions part. */
export function renderVersions(scenarios: readonly VersionsScenario[]): string {
  const lines = [
    '## Versions',
    '',
    '| build | older versions | HTML pages | wall s | CPU s | peak RSS MB |',
    '| --- | --- | --- | --- | --- | --- |',
    ...scenarios.map((s) => `| ${s.name} | ${s.olderVersions} | ${s.build.htmlPages} | ${s.build.wallSeconds ?? 'n/a'} | ${s.build.cpuSeconds ?? 'n/a'} | ${s.build.peakRssMb ?? 'n/a'} |`),
    '',
    'First-load JS, KB gzip (scripts and the data they fetch until the network is quiet), current pages, and the change from the build with no older version:',
    '',
    `| page | ${scenarios.map((s) => s.name).join(' | ')} |`,
    `| --- | ${scenarios.map(() => '---').join(' | ')} |`,
  ];
  const base = scenarios[0];
  const routes = base?.current.map((load) => load.route) ?? [];
  for (const route of routes) {
    const reference = base.current.find((load) => load.route === route)?.jsGzipBytes;
    lines.push(`| ${route} | ${scenarios.map((s) => {
      const value = s.current.find((load) => load.route === route)?.jsGzipBytes;
      return value === undefined ? 'n/a' : s === base ? kb(value) : `${kb(value)} (${percent(value, reference)})`;
    }).join(' | ')} |`);
  }
  lines.push('', `The same page types in ${COMPARED_VERSION}, KB gzip, and the change from the same current page of the same build:`, '', '| page type | ' + scenarios.filter((s) => s.older.length > 0).map((s) => s.name).join(' | ') + ' |', '| --- | ' + scenarios.filter((s) => s.older.length > 0).map(() => '---').join(' | ') + ' |');
  PAGE_TYPES.forEach((page, index) => {
    lines.push(`| ${page.type} | ${scenarios.filter((s) => s.older.length > 0).map((s) => `${kb(s.older[index]?.jsGzipBytes)} (${percent(s.older[index]?.jsGzipBytes ?? 0, s.current[index + 1]?.jsGzipBytes)})`).join(' | ')} |`);
  });
  for (const s of scenarios) {
    if (!s.secondApi) continue;
    lines.push(
      '',
      `${s.secondApi.label} as a second API (${s.name}): ${s.secondApi.pages} of its pages in the sitemap, under /${SECOND_API.outputDir}/. First-load JS, KB gzip, and the change from the same Meridian page type of the same build:`,
      '',
      '| page type | route | KB gzip | vs Meridian |',
      '| --- | --- | --- | --- |',
      ...s.secondApi.loads.map((load) => {
        const meridian = s.current[PAGE_TYPES.findIndex((page) => page.type === load.type) + 1]?.jsGzipBytes;
        return `| ${load.type} | ${load.route} | ${kb(load.jsGzipBytes)} | ${percent(load.jsGzipBytes, meridian)} |`;
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Runs the builds of `names` (every scenario by default) and writes
 * `<resultsDir>/<base>.versions.json` and `.md` (base: `<date>-<commit>`).
 */
export async function benchmarkVersions(
  projectRoot: string,
  workDir: string,
  resultsDir: string,
  base: string,
  log: (line: string) => void,
  names: readonly VersionsScenarioName[] = VERSIONS_SCENARIOS,
): Promise<VersionsScenario[]> {
  const runs: Record<VersionsScenarioName, () => Promise<VersionsScenario>> = {
    none: () => scenario(projectRoot, workDir, 'no releases', 0, false, log),
    meridian: () => scenario(projectRoot, workDir, 'Meridian (2 releases)', 0, true, log),
    synthetic: () => scenario(projectRoot, workDir, '+10 synthetic', 10, true, log),
    github: () => scenario(projectRoot, workDir, 'Meridian (2 releases) + GitHub', 0, true, log, true),
  };
  const scenarios: VersionsScenario[] = [];
  for (const name of VERSIONS_SCENARIOS) if (names.includes(name)) scenarios.push(await runs[name]());
  await mkdir(resultsDir, {recursive: true});
  await writeFile(path.join(resultsDir, `${base}.versions.json`), `${JSON.stringify(scenarios, null, 2)}\n`);
  await writeFile(path.join(resultsDir, `${base}.versions.md`), renderVersions(scenarios));
  return scenarios;
}
