import {createHash} from 'node:crypto';
import {cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {generateSpec} from '../../bench/generate-spec';
import {listSiteFiles} from '../site-copy';
import {prepareCorpusSite, resetGenerated} from './corpus-site';
import {runStep} from './run-step';
import {APIS_CONFIG_FILE} from '../../src/apis/apis-config';

/**
 * Sites built from the test fixtures for the end-to-end suite: the hostile
 * spec (tests/e2e/hostile.spec.ts), the imperfect one
 * (tests/e2e/imperfect.spec.ts), one with every kind of security scheme
 * (tests/e2e/authorize.spec.ts), one that uses every OpenAPI 3.2 addition
 * (tests/e2e/openapi-3.2.spec.ts), a large generated one whose route table
 * the browser loads in sections (tests/e2e/route-sections.spec.ts), and one
 * changed by two overlays (tests/e2e/overlays.spec.ts), and a site of two APIs (tests/e2e/apis.spec.ts).
 * Each is built exactly as a user builds, with
 * `SPEC_FILE=<fixture> [SPEC_OVERLAYS=<overlays>] npm run build` in an isolated copy of the site, and
 * kept with its build log under `.work/fixture-builds/<name>/`.
 *
 * `npm run test:corpus` keeps them as it builds every spec; `npm run
 * test:e2e` builds whichever is missing or stale first (a stamp of the
 * fixture and every source file of the site), so the suite never skips them.
 */

export const FIXTURE_SPECS = {
  hostile: 'tests/fixtures/hostile.yaml',
  imperfect: 'tests/fixtures/imperfect.yaml',
  auth: 'tests/fixtures/auth.yaml',
  oas32: 'tests/fixtures/openapi-3.2.yaml',
  large: '.work/fixture-specs/large.json',
  overlay: 'tests/fixtures/overlay/openapi.yaml',
  // The main API of the two-API site below: Meridian, without its releases (a SPEC_FILE build publishes none).
  apis: 'openapi/meridian.yaml',
} as const;
export type FixtureName = keyof typeof FIXTURE_SPECS;

/** Overlays a fixture is built with (SPEC_OVERLAYS), in order (tests/e2e/overlays.spec.ts). */
export const FIXTURE_OVERLAYS: Partial<Record<FixtureName, readonly string[]>> = {
  overlay: ['tests/fixtures/overlay/add-code-samples.yaml', 'tests/fixtures/overlay/remove-internal.yaml'],
};

/**
 * A fixture site's APIs (src/apis/): this file is its config/apis.ts, as a
 * user adding an API writes it (tests/e2e/apis.spec.ts).
 */
export const FIXTURE_API_CONFIGS: Partial<Record<FixtureName, string>> = {
  apis: 'tests/fixtures/apis/apis.ts',
};

/**
 * The description a fixture's build must show when its overlays change it,
 * written by hand so that the corpus check does not share code with the
 * overlay step it checks.
 */
export const FIXTURE_EXPECTED: Partial<Record<FixtureName, string>> = {
  overlay: 'tests/fixtures/overlay/expected.yaml',
};

/** SPEC_OVERLAYS for a fixture's build, by absolute path; empty for one without overlays. */
export function fixtureOverlaysEnv(projectRoot: string, name: FixtureName): string {
  return (FIXTURE_OVERLAYS[name] ?? []).map((file) => path.join(projectRoot, file)).join(',');
}

/**
 * Operations of the large fixture: with its schemas and tags, about 600 docs
 * pages, twice what src/plugins/route-sections keeps in one table.
 */
export const LARGE_FIXTURE_OPERATIONS = 320;

/** Webhooks of the large fixture: the sidebar's Webhooks category, one without a page of its own. */
export const LARGE_FIXTURE_WEBHOOKS = 12;

/**
 * The large fixture's operation with a second tag, the last one: its page is
 * in two sidebar categories that load on demand, and each shows it open.
 */
export const LARGE_FIXTURE_TWO_TAGS = {operationId: 'listRetirementAccounts', route: '/docs/api/list-retirement-accounts'};

/**
 * The large fixture's long tag: its first generated operations all in the
 * first tag, a sidebar category longer than the server's HTML lists
 * (src/theme/DocSidebarItem/Category/list-window.ts).
 */
export const LARGE_FIXTURE_LONG_TAG_OPERATIONS = 90;

/** Operations from GitHub's REST description merged into the large fixture. */
export const LARGE_FIXTURE_GITHUB_OPERATIONS = 'tests/fixtures/github-search.json';

function largeFixture(projectRoot: string): string {
  const spec = generateSpec({operationCount: LARGE_FIXTURE_OPERATIONS});
  const operations = Object.values(spec.paths as Record<string, Record<string, {operationId?: string; tags?: string[]}>>).flatMap((item) => Object.values(item));
  const twoTags = operations.find((operation) => operation.operationId === LARGE_FIXTURE_TWO_TAGS.operationId);
  const lastTag = (spec.tags as {name: string}[]).at(-1)?.name;
  if (twoTags?.tags === undefined || lastTag === undefined || twoTags.tags.includes(lastTag)) {
    throw new Error(`the large fixture has no operation ${LARGE_FIXTURE_TWO_TAGS.operationId} to give a second tag: update LARGE_FIXTURE_TWO_TAGS`);
  }
  twoTags.tags = [...twoTags.tags, lastTag];
  const longTag = operations[0].tags?.[0];
  const long = operations.filter((operation) => operation !== twoTags).slice(0, LARGE_FIXTURE_LONG_TAG_OPERATIONS);
  if (longTag === undefined || long.length < LARGE_FIXTURE_LONG_TAG_OPERATIONS) throw new Error(`the large fixture has fewer than ${LARGE_FIXTURE_LONG_TAG_OPERATIONS} operations for its long tag`);
  for (const operation of long) operation.tags = [longTag];
  // Tags left without operations are left out, as a description would.
  spec.tags = (spec.tags as {name: string}[]).filter((tag) => operations.some((operation) => operation.tags?.includes(tag.name)));
  spec.webhooks = Object.fromEntries(
    Array.from({length: LARGE_FIXTURE_WEBHOOKS}, (_, index) => [
      `record-event-${index + 1}`,
      {
        post: {
          summary: `Record event ${index + 1}`,
          requestBody: {content: {'application/json': {schema: {$ref: '#/components/schemas/Metadata'}}}},
          responses: {'204': {description: 'Received.'}},
        },
      },
    ]),
  );
  // GitHub's operations whose titles share words, among the generated ones: the search's ranking cases (tests/e2e/search-ranking.spec.ts).
  const github = JSON.parse(readFileSync(path.join(projectRoot, LARGE_FIXTURE_GITHUB_OPERATIONS), 'utf8')) as {tags: typeof spec.tags; paths: typeof spec.paths};
  spec.paths = {...(spec.paths as object), ...(github.paths as object)} as typeof spec.paths;
  spec.tags = [...(spec.tags as unknown[]), ...(github.tags as unknown[])] as typeof spec.tags;
  return `${JSON.stringify(spec)}\n`;
}

/**
 * Settings a fixture builds with. The large fixture builds in the low-memory
 * steps (SITE_BUILD_STEPS=low-memory), so the end-to-end suite also checks
 * pages rendered from separately bundled client and server code, and a
 * search index made after the rendering.
 */
const FIXTURE_BUILD_ENV: Partial<Record<FixtureName, NodeJS.ProcessEnv>> = {large: {SITE_BUILD_STEPS: 'low-memory'}};

/** Fixtures generated (seeded, the same every time) rather than committed: too large for git. */
const GENERATED_FIXTURES: Partial<Record<FixtureName, (projectRoot: string) => string>> = {
  large: largeFixture,
};

/** Writes the generated fixtures that are missing or differ; call before reading FIXTURE_SPECS files. */
export function writeGeneratedFixtures(projectRoot: string): void {
  for (const [name, generate] of Object.entries(GENERATED_FIXTURES)) {
    const file = path.join(projectRoot, FIXTURE_SPECS[name as FixtureName]);
    const content = generate(projectRoot);
    if (existsSync(file) && readFileSync(file, 'utf8') === content) continue;
    mkdirSync(path.dirname(file), {recursive: true});
    writeFileSync(file, content);
  }
}

export const FIXTURE_BUILDS_DIR = '.work/fixture-builds';
const STAMP_FILE = 'stamp.txt';
export const BUILD_LOG_FILE = 'build.log';
/** Bound on one fixture build (the fixtures build in about a minute here). */
const BUILD_TIMEOUT_MS = 1_800_000;

export interface KeptBuild {
  /** The `build/` output. */
  buildDir: string;
  /** stdout and stderr of `npm run build`. */
  log: string;
  /** `.spec/problems.json` of the build. */
  problemsFile: string;
}

/** What a kept build was made from: the fixture's bytes and every source file of the site. */
export function sourceStamp(projectRoot: string, name: FixtureName): string {
  writeGeneratedFixtures(projectRoot);
  const hash = createHash('sha256');
  for (const file of [FIXTURE_SPECS[name], ...(FIXTURE_OVERLAYS[name] ?? []), ...(FIXTURE_API_CONFIGS[name] ? [FIXTURE_API_CONFIGS[name]] : []), ...listSiteFiles(projectRoot)].sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(projectRoot, file)));
  }
  return hash.digest('hex');
}

function keptDir(projectRoot: string, name: FixtureName): string {
  return path.join(projectRoot, FIXTURE_BUILDS_DIR, name);
}

/** The kept build of `name`, if it was made from the current fixture and sources. */
export function keptBuild(projectRoot: string, name: FixtureName, stamp = sourceStamp(projectRoot, name)): KeptBuild | undefined {
  const dir = keptDir(projectRoot, name);
  const stampFile = path.join(dir, STAMP_FILE);
  if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8').trim() !== stamp) return undefined;
  const kept = {buildDir: path.join(dir, 'build'), log: path.join(dir, BUILD_LOG_FILE), problemsFile: path.join(dir, 'problems.json')};
  return existsSync(path.join(kept.buildDir, 'sitemap.xml')) ? kept : undefined;
}

/** Keeps what a successful build in `siteDir` produced, under the fixture's name. */
export function keepBuild(projectRoot: string, name: FixtureName, siteDir: string, log: string, stamp: string): KeptBuild {
  const dir = keptDir(projectRoot, name);
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir, {recursive: true});
  cpSync(path.join(siteDir, 'build'), path.join(dir, 'build'), {recursive: true});
  cpSync(path.join(siteDir, '.spec/problems.json'), path.join(dir, 'problems.json'));
  writeFileSync(path.join(dir, BUILD_LOG_FILE), log);
  // Last: a build without its stamp is never taken for a current one.
  writeFileSync(path.join(dir, STAMP_FILE), `${stamp}\n`);
  return keptBuild(projectRoot, name, stamp)!;
}

/** Drops a kept build, so a failed rebuild cannot leave an old one in its place. */
export function dropKeptBuild(projectRoot: string, name: FixtureName): void {
  rmSync(keptDir(projectRoot, name), {recursive: true, force: true});
}

/**
 * The kept build of `name`, built first when missing or stale. Throws with
 * the end of the build log when the build fails.
 */
export async function ensureFixtureBuild(projectRoot: string, name: FixtureName, log: (line: string) => void = () => undefined): Promise<KeptBuild> {
  const stamp = sourceStamp(projectRoot, name);
  const kept = keptBuild(projectRoot, name, stamp);
  if (kept) {
    log(`[fixtures] ${name}: the kept build is current (${path.relative(projectRoot, kept.buildDir)})`);
    return kept;
  }
  dropKeptBuild(projectRoot, name);
  const siteDir = path.join(projectRoot, '.work/fixture-site');
  log(`[fixtures] ${name}: building ${FIXTURE_SPECS[name]} with "npm run build" in ${path.relative(projectRoot, siteDir)}`);
  const site = await prepareCorpusSite(projectRoot, siteDir);
  await resetGenerated(site);
  const apiConfig = FIXTURE_API_CONFIGS[name];
  if (apiConfig !== undefined) cpSync(path.join(projectRoot, apiConfig), path.join(siteDir, APIS_CONFIG_FILE));
  const logFile = path.join(siteDir, `${name}.build.log`);
  writeFileSync(logFile, '');
  const run = await runStep('npm', ['run', 'build'], {
    cwd: siteDir,
    // The fixtures have problems on purpose: published whatever gate the caller set.
    env: {...process.env, SPEC_FILE: path.join(projectRoot, FIXTURE_SPECS[name]), SPEC_OVERLAYS: fixtureOverlaysEnv(projectRoot, name), SPEC_PROXY_URL: '', SPEC_VALIDATION: 'publish', SPEC_LINK_BASE: '', ...FIXTURE_BUILD_ENV[name]},
    timeoutMs: BUILD_TIMEOUT_MS,
    logFile,
  });
  if (!run.ok) {
    const why = run.timedOut ? `timed out after ${BUILD_TIMEOUT_MS / 60_000} min` : `exit ${run.exitCode}`;
    throw new Error(`[fixtures] "npm run build" of ${FIXTURE_SPECS[name]} failed (${why}); its log ends:\n${run.output.split('\n').slice(-40).join('\n')}`);
  }
  log(`[fixtures] ${name}: built in ${run.seconds.toFixed(1)} s`);
  return keepBuild(projectRoot, name, siteDir, run.output, stamp);
}
