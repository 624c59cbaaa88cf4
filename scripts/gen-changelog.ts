// Writes the API changelog page from the release snapshots and the resolved spec:
//
//   tsx scripts/gen-changelog.ts [--releases <dir>] [--spec <file>] [--out-dir <dir>]
//
// Defaults: openapi/releases, .spec/openapi.yaml (run `npm run spec` first) and
// docs; with SPEC_FILE set, no releases unless --releases names them (they are
// Meridian's, and SPEC_FILE names some other API, as in scripts/spec.ts). It writes <out-dir>/changelog.data.json (the data) and
// <out-dir>/changelog.mdx (a fixed page that renders the data). The page holds
// no spec text: names and descriptions from the spec reach the reader only as
// JSON rendered by React, so nothing in a spec can turn into MDX or HTML.
// Each other API of config/apis.ts (src/apis/) gets the same two files in its
// own folder, from its configured versions and its resolved spec: its page is
// <route prefix>/changelog (`changelog` is never a page id, src/openapi/generation/page-ids.ts).
// Exit status: 0 when every API's files are written, 1 otherwise.
import {existsSync, mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';

import {loadSpecFile, SpecLoadError} from '../src/openapi-diff/load-spec';
import type {Changelog} from '../src/openapi-diff/diff-types';
import {parseCommandLine, UsageError} from './command-line';
import {readVersionsIndex} from '../src/versions/versions-index';
import {checkReleases, mainApiReleasesApply, RELEASES_DIR, VersionConfigError} from '../src/versions/releases';
import {readSpecEnv} from '../src/spec-source/index.js';
import {ApiConfigError, checkApisConfig, type SiteApi} from '../src/apis/apis-config';
import {loadApisConfig, versionsBaseOf} from '../src/apis/resolve-apis';
import {buildChangelog, CHANGELOG_DATA_FILE as DATA_FILE, changelogFromSpecs, type ReleaseSnapshot} from '../src/openapi-diff/changelog';

const LOG_PREFIX = '[changelog]';
const USAGE = 'usage: tsx scripts/gen-changelog.ts [--releases <dir>] [--spec <file>] [--out-dir <dir>]';

const PAGE_FILE = 'changelog.mdx';

/** The whole page, about `api` (a YAML string). Only the data file changes from one spec to the next. */
const changelogPage = (api: string) => `---
id: changelog
title: API changelog
description: ${api}
---

import changelog from './${DATA_FILE}';
import ApiChangelog from '@site/src/components/ApiChangelog';

<ApiChangelog changelog={changelog} />
`;

interface Options {
  /** None: the current spec alone, with no versions before it. */
  releasesDir: string | undefined;
  currentSpecPath: string;
  outDir: string;
}

function parseOptions(args: readonly string[]): Options | string {
  try {
    const {values} = parseCommandLine(args, {releases: {type: 'string'}, spec: {type: 'string'}, 'out-dir': {type: 'string'}});
    return {
      releasesDir: values.releases ?? (mainApiReleasesApply(readSpecEnv(process.env)) ? RELEASES_DIR : undefined),
      currentSpecPath: values.spec ?? '.spec/openapi.yaml',
      outDir: values['out-dir'] ?? 'docs',
    };
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
}

/** Another API's changelog page: the same component, titled with the API's label (as JSON, a valid YAML string whatever the label holds). */
function otherApiChangelogPage(api: SiteApi): string {
  return `---
id: changelog
title: ${JSON.stringify(`${api.label} changelog`)}
description: ${JSON.stringify(`Changes to the ${api.label} API in each version, with breaking changes marked and explained.`)}
---

import changelog from './${DATA_FILE}';
import ApiChangelog from '@site/src/components/ApiChangelog';

<ApiChangelog changelog={changelog} />
`;
}

/** Replaces the file in one step, so the dev server never reads half a file; an unchanged file is left alone, so it rebuilds nothing. */
function writeAtomically(file: string, text: string): void {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** The command, with its arguments; returns its exit status. `npm start` calls it in its own process. */
export function main(args: readonly string[] = process.argv.slice(2)): number {
  const options = parseOptions(args);
  if (typeof options === 'string') {
    process.stderr.write(`${LOG_PREFIX} ${options} ${USAGE}\n`);
    return 1;
  }
  let changelog: Changelog;
  let current: Record<string, unknown>;
  try {
    // Each older version this build publishes (npm run spec wrote the list): changes link to their pages there.
    const versionRoutes = Object.fromEntries((readVersionsIndex(process.cwd())?.older ?? []).map((version) => [version.version, version.routeBasePath]));
    current = loadSpecFile(options.currentSpecPath);
    changelog = buildChangelog({releasesDir: options.releasesDir, current, versionRoutes});
  } catch (error) {
    if (!(error instanceof SpecLoadError)) throw error;
    const hint =
      error.file === options.currentSpecPath ? ' Run "npm run spec" first, or pass --spec <file>.' : ' Fix the snapshot, or remove it.';
    process.stderr.write(`${LOG_PREFIX} Cannot build the changelog: ${error.message}.${hint}\n`);
    return 1;
  }
  writeChangelog(options.outDir, changelog, changelogPage(pageDescription(current)));
  return writeOtherApiChangelogs(process.cwd());
}

/** Meridian's own sentence, unless SPEC_FILE names another API: then its title, quoted as a YAML string whatever it holds. */
function pageDescription(current: Record<string, unknown>): string {
  if (mainApiReleasesApply(readSpecEnv(process.env))) return 'Changes to the Meridian API in each version, with breaking changes marked and explained.';
  const title = (current.info as {title?: unknown} | undefined)?.title;
  return JSON.stringify(`Changes to ${typeof title === 'string' && title.trim() ? title.trim() : 'the API'} in each version, with breaking changes marked and explained.`);
}

function writeChangelog(outDir: string, changelog: Changelog, page: string): void {
  mkdirSync(outDir, {recursive: true});
  writeAtomically(path.join(outDir, DATA_FILE), `${JSON.stringify(changelog, null, 2)}\n`);
  writeAtomically(path.join(outDir, PAGE_FILE), page);
  const [top] = changelog.entries;
  const breaking = top ? `; ${top.title} has ${top.counts.breaking} breaking ${top.counts.breaking === 1 ? 'change' : 'changes'}` : '';
  process.stdout.write(`${LOG_PREFIX} Wrote ${path.join(outDir, PAGE_FILE)} and ${DATA_FILE}: ${changelog.entries.length} ${changelog.entries.length === 1 ? 'version' : 'versions'}${breaking}.\n`);
}

/**
 * The changelog of each other API of the site: its configured versions
 * compared with each other and its resolved spec with the newest, each change
 * linked to its page under the API's own prefix. Returns the exit status.
 */
function writeOtherApiChangelogs(root: string): number {
  let apis: SiteApi[];
  try {
    apis = checkApisConfig(loadApisConfig(root), root).filter((api) => !api.main);
  } catch (error) {
    if (!(error instanceof ApiConfigError)) throw error;
    process.stderr.write(`${LOG_PREFIX} ${error.message}\n`);
    return 1;
  }
  let exitCode = 0;
  for (const api of apis) {
    try {
      const releases: ReleaseSnapshot[] = checkReleases(api.versions ?? []).map((release) => ({
        file: release.location,
        version: release.version,
        ...(release.releaseDate !== undefined ? {date: release.releaseDate} : {}),
        document: release.document as Record<string, unknown>,
      }));
      const older = readVersionsIndex(root, versionsBaseOf(api).specDir)?.older ?? [];
      const changelog = changelogFromSpecs(releases, loadSpecFile(path.join(root, api.specPath)), {
        currentRouteBase: api.routeBasePath,
        versionRoutes: Object.fromEntries(older.map((version) => [version.version, version.routeBasePath])),
      });
      writeChangelog(path.join(root, api.outputDir), changelog, otherApiChangelogPage(api));
    } catch (error) {
      if (!(error instanceof SpecLoadError) && !(error instanceof VersionConfigError)) throw error;
      process.stderr.write(`${LOG_PREFIX} ${api.id}: Cannot build the changelog of ${api.entry}: ${error.message}. Run "npm run spec" first.\n`);
      exitCode = 1;
    }
  }
  return exitCode;
}

/** main(), with an unexpected error printed and counted as a failure. */
export function runChangelog(args: readonly string[] = process.argv.slice(2)): number {
  try {
    return main(args);
  } catch (error) {
    process.stderr.write(`${LOG_PREFIX} Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}

// Run as a command, not when npm start imports it.
if (require.main === module) process.exitCode = runChangelog();
