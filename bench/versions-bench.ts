// The versions part of `npm run bench` (issue 42, point 7): Meridian built
// with no older version, with its releases (openapi/releases/), and with ten
// synthetic releases more (copies of the bundled spec, each with one
// operation's summary changed), each cold in its own copy. Per build: pages,
// wall and CPU time, peak RSS; per page type, first-load JS of the current
// page and of the same page in an older version.
import {mkdir, readdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';

import {copySite} from '../scripts/site-copy';
import {runBuildSteps, type MeasuredBuild} from './build-bench';
import {measureFirstLoad, type FirstLoad} from './first-load';

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

export interface VersionsScenario {
  name: string;
  /** Older versions published. */
  olderVersions: number;
  build: MeasuredBuild;
  /** First-load JS of /docs and of each page type, current version. */
  current: FirstLoad[];
  /** The same page types in COMPARED_VERSION, when it is published. */
  older: FirstLoad[];
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

async function scenario(projectRoot: string, workDir: string, name: string, synthetic: number, keepReleases: boolean, log: (line: string) => void): Promise<VersionsScenario> {
  const siteDir = path.join(workDir, `versions-${name}`);
  const build = await runBuildSteps(projectRoot, siteDir, undefined, `versions ${name}`, log, {timeoutMs: 30 * 60_000}, async () => {
    await copySite(projectRoot, siteDir, {warm: false});
    const releases = path.join(siteDir, 'openapi/releases');
    if (!keepReleases) {
      for (const file of await readdir(releases)) if (/\.(ya?ml|json)$/.test(file)) await rm(path.join(releases, file));
    }
    const bundled = await readFile(path.join(siteDir, 'openapi/meridian.yaml'), 'utf8');
    for (const release of syntheticReleases(bundled, synthetic)) await writeFile(path.join(releases, release.name), release.text);
  });
  const index = JSON.parse(await readFile(path.join(siteDir, '.spec/versions/index.json'), 'utf8').catch(() => '{"older": []}')) as {older: {version: string}[]};
  const buildDir = path.join(siteDir, 'build');
  const current = build.ok ? await measureFirstLoad(buildDir, ['/docs', ...PAGE_TYPES.map((page) => `/docs/api/${page.pageId}`)]) : [];
  const published = index.older.some((version) => version.version === COMPARED_VERSION);
  const older = build.ok && published ? await measureFirstLoad(buildDir, PAGE_TYPES.map((page) => `/docs/api/${COMPARED_VERSION}/${page.pageId}`)) : [];
  return {name, olderVersions: index.older.length, build, current, older};
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
  return `${lines.join('\n')}\n`;
}

/** Runs the three builds and writes `<resultsDir>/<base>-versions.json` and `.md`. */
export async function benchmarkVersions(projectRoot: string, workDir: string, resultsDir: string, base: string, log: (line: string) => void): Promise<VersionsScenario[]> {
  const scenarios = [
    await scenario(projectRoot, workDir, 'no releases', 0, false, log),
    await scenario(projectRoot, workDir, 'Meridian (2 releases)', 0, true, log),
    await scenario(projectRoot, workDir, '+10 synthetic', 10, true, log),
  ];
  await mkdir(resultsDir, {recursive: true});
  await writeFile(path.join(resultsDir, `${base}-versions.json`), `${JSON.stringify(scenarios, null, 2)}\n`);
  await writeFile(path.join(resultsDir, `${base}-versions.md`), renderVersions(scenarios));
  return scenarios;
}
