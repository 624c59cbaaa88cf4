import {readdirSync} from 'node:fs';
import path from 'node:path';

import {diffSpecs} from './diff-specs';
import {SpecLoadError, loadSpecFile} from './load-spec';
import type {Change, Changelog, ChangelogEntry, DiffCounts, OperationDiff, OperationRef, SpecDiff} from './diff-types';
import {findFieldAnchor} from '../openapi/models/field-lookup';
import {operationPageModel} from '../openapi/models/model';
import {API_DOCS_BASE_PATH, assignPageIds} from '../openapi/generation/page-ids';
import {resolveReference} from '../openapi/links/site-references';
import {SpecDocument, asString, isObject} from '../spec-reader/spec-document';

/** A past published state of the spec, kept as `openapi/releases/<version>.yaml`. */
export interface ReleaseSnapshot {
  /** Where it came from, for messages. */
  file: string;
  version: string;
  date?: string;
  document: Record<string, unknown>;
}

export interface BuildChangelogOptions {
  /** Directory of release snapshots named `<version>.yaml` (or `.yml`, `.json`); none, the current spec alone. */
  releasesDir: string | undefined;
  /** The resolved spec the site is built from (`.spec/openapi.yaml`), read with loadSpecFile. */
  current: Record<string, unknown>;
  /** The route of each older version this site publishes (src/versions/), by name; the current one is at API_DOCS_BASE_PATH. */
  versionRoutes?: Readonly<Record<string, string>>;
}

/** Where the pages of the API a changelog describes are (src/apis/): the main API's at API_DOCS_BASE_PATH, another's at its own prefix. */
export interface ChangelogRoutes {
  /** The route of each older version this site publishes, by name. */
  versionRoutes?: Readonly<Record<string, string>>;
  /** The route of the current version's pages. */
  currentRouteBase?: string;
}

/** The data file of a changelog page, beside it (scripts/gen-changelog.ts); `npm run gen` leaves it alone in an API's folder. */
export const CHANGELOG_DATA_FILE = 'changelog.data.json';

const SNAPSHOT_FILE = /^(.+)\.(?:ya?ml|json)$/;
const RELEASE_DATE = /^\d{4}-\d{2}-\d{2}$/;

function infoOf(document: Record<string, unknown>): Record<string, unknown> {
  return isObject(document.info) ? document.info : {};
}

function versionOf(document: Record<string, unknown>): string | undefined {
  const version = infoOf(document).version;
  return typeof version === 'string' && version !== '' ? version : undefined;
}

/**
 * Orders versions the way people read them: 2.10.0 after 2.9.0, and a
 * pre-release (2.3.0-rc.1) before its release. Anything that is not
 * `major.minor.patch` sorts after the numbered versions, alphabetically.
 */
export function compareVersions(left: string, right: string): number {
  const pattern = /^v?(\d+)\.(\d+)(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+.*)?$/;
  const a = pattern.exec(left);
  const b = pattern.exec(right);
  if (!a || !b) return a ? -1 : b ? 1 : left.localeCompare(right);
  for (const index of [1, 2, 3]) {
    const difference = Number(a[index] ?? 0) - Number(b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  const [preA, preB] = [a[4], b[4]];
  if (preA === preB) return 0;
  if (preA === undefined) return 1;
  if (preB === undefined) return -1;
  return preA.localeCompare(preB, 'en', {numeric: true});
}

/**
 * Reads every snapshot in `releasesDir`, oldest first. A snapshot whose
 * `info.version` disagrees with its file name is refused: the changelog would
 * otherwise put its changes under the wrong heading.
 */
export function readReleases(releasesDir: string): ReleaseSnapshot[] {
  let names: string[];
  try {
    names = readdirSync(releasesDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    throw new SpecLoadError(releasesDir, code === 'ENOENT' ? 'no such directory' : error instanceof Error ? error.message : String(error));
  }
  const releases: ReleaseSnapshot[] = [];
  for (const name of names.sort()) {
    const match = SNAPSHOT_FILE.exec(name);
    if (!match) continue;
    const file = path.join(releasesDir, name);
    const document = loadSpecFile(file);
    const version = versionOf(document);
    if (version !== match[1]) {
      throw new SpecLoadError(file, `info.version is ${JSON.stringify(version ?? null)}, but the file name says ${match[1]}`);
    }
    const duplicate = releases.find((release) => release.version === version);
    if (duplicate) throw new SpecLoadError(file, `version ${version} is also in ${duplicate.file}; keep one snapshot per version`);
    const date = infoOf(document)['x-release-date'];
    if (date !== undefined && (typeof date !== 'string' || !RELEASE_DATE.test(date))) {
      throw new SpecLoadError(file, `info.x-release-date must be a quoted date written YYYY-MM-DD, not ${JSON.stringify(date)}`);
    }
    releases.push({file, version, ...(typeof date === 'string' ? {date} : {}), document});
  }
  return releases.sort((left, right) => compareVersions(left.version, right.version));
}

/** Page ids come from page-ids.ts, not from the operationId alone: an id
 * another page took first gets a suffix there. */
function operationPagesOf(spec: SpecDocument, routeBase: string): Changelog['currentOperationPages'] {
  const operationIds = new Set(spec.operations().map(({operation}) => asString(operation.operationId) ?? '').filter((id) => id !== ''));
  return [...operationIds].map((operationId) => ({
    operationId,
    permalink: resolveReference(spec, {operation: operationId}, routeBase).permalink,
  }));
}

function anchorFor(version: string): string {
  return `v${version.replace(/[^0-9A-Za-z]+/g, '-')}`;
}

function noChanges(): Pick<ChangelogEntry, 'counts' | 'added' | 'removed' | 'changed'> {
  const counts: DiffCounts = {added: 0, removed: 0, changed: 0, breaking: 0, nonBreaking: 0};
  return {counts, added: [], removed: [], changed: []};
}

function diffParts(diff: SpecDiff): Pick<ChangelogEntry, 'counts' | 'added' | 'removed' | 'changed'> {
  return {counts: diff.counts, added: diff.added, removed: diff.removed, changed: diff.changed};
}

/**
 * The changelog from documents already in memory: one entry per release,
 * newest first, each compared with the release before it, and on top the
 * current spec compared with the newest release when they differ. The oldest
 * release has nothing to be compared with and only states its operations.
 */
export function changelogFromSpecs(releases: readonly ReleaseSnapshot[], current: Record<string, unknown>, routes: ChangelogRoutes = {}): Changelog {
  const versionRoutes = routes.versionRoutes ?? {};
  const currentRouteBase = routes.currentRouteBase ?? API_DOCS_BASE_PATH;
  const ordered = [...releases].sort((left, right) => compareVersions(left.version, right.version));
  const currentVersion = versionOf(current) ?? 'unknown';
  const currentSpec = new SpecDocument(current);
  const entries: ChangelogEntry[] = [];

  ordered.forEach((release, index) => {
    const previous = ordered[index - 1];
    entries.push({
      id: anchorFor(release.version),
      title: release.version,
      version: release.version,
      ...(release.date !== undefined ? {date: release.date} : {}),
      unreleased: false,
      ...(previous ? {previousVersion: previous.version} : {}),
      operationCount: new SpecDocument(release.document).operations().length,
      ...(previous ? diffParts(diffSpecs(previous.document, release.document)) : noChanges()),
    });
  });

  const newest = ordered.at(-1);
  const unreleasedDiff = newest ? diffSpecs(newest.document, current) : undefined;
  const differs =
    !newest ||
    newest.version !== currentVersion ||
    (unreleasedDiff !== undefined && unreleasedDiff.counts.added + unreleasedDiff.counts.removed + unreleasedDiff.counts.changed > 0);
  if (differs) {
    entries.push({
      id: 'unreleased',
      title: `Unreleased / current (${currentVersion})`,
      version: currentVersion,
      unreleased: true,
      ...(newest ? {previousVersion: newest.version} : {}),
      operationCount: currentSpec.operations().length,
      ...(unreleasedDiff ? diffParts(unreleasedDiff) : noChanges()),
    });
  }

  return {
    currentVersion,
    currentOperationPages: operationPagesOf(currentSpec, currentRouteBase),
    entries: linkFields(entries, currentSpec, currentRouteBase, versionPages(ordered, currentSpec, currentVersion, {versionRoutes, currentRouteBase})).reverse(),
  };
}

/** The reference pages of one published version: its spec, page ids and route. */
interface PublishedVersion {
  spec: SpecDocument;
  ids: ReturnType<typeof assignPageIds>;
  routeBasePath: string;
}

/** Each version that has pages on this site (`versionRoutes`: its route), with its spec; the current version at `currentRouteBase`. */
function versionPages(
  releases: readonly ReleaseSnapshot[],
  currentSpec: SpecDocument,
  currentVersion: string,
  {versionRoutes, currentRouteBase}: Required<ChangelogRoutes>,
): (version: string | undefined) => PublishedVersion | undefined {
  const cache = new Map<string, PublishedVersion | undefined>();
  return (version) => {
    if (version === undefined) return undefined;
    if (!cache.has(version)) {
      const routeBasePath = version === currentVersion ? currentRouteBase : versionRoutes[version];
      const release = releases.find((candidate) => candidate.version === version);
      const spec = version === currentVersion ? currentSpec : release ? new SpecDocument(release.document) : undefined;
      cache.set(version, routeBasePath !== undefined && spec !== undefined ? {spec, ids: assignPageIds(spec), routeBasePath} : undefined);
    }
    return cache.get(version);
  };
}

const FIELD_REMOVED = new Set<Change['kind']>(['request-field-removed', 'response-field-removed']);

/**
 * Each operation and each change to a field links to its page in the version
 * the entry describes, and what was removed to its page in the version
 * before (the last that had it), when this site publishes that version
 * (`published`); otherwise a field links to its address in the current
 * reference while the reference still shows it, as before versions had
 * pages. A removed field also names the last version that had it.
 */
function linkFields(entries: ChangelogEntry[], spec: SpecDocument, currentRouteBase: string, published: (version: string | undefined) => PublishedVersion | undefined): ChangelogEntry[] {
  const current: PublishedVersion = {spec, ids: assignPageIds(spec), routeBasePath: currentRouteBase};
  const models = new Map<string, ReturnType<typeof operationPageModel> | undefined>();
  const modelOf = (version: PublishedVersion, operation: OperationRef) => {
    const key = `${version.routeBasePath} ${operation.method} ${operation.path}`;
    if (!models.has(key)) {
      const entry = version.ids.operationPage('operation', operation.method, operation.path);
      models.set(key, entry ? operationPageModel(version.spec, entry) : undefined);
    }
    return models.get(key);
  };
  const pageOf = (version: PublishedVersion | undefined, operation: OperationRef) => {
    const model = version ? modelOf(version, operation) : undefined;
    return version && model ? `${version.routeBasePath}/${model.id}` : undefined;
  };
  const link = (entry: ChangelogEntry, diff: OperationDiff, removed: boolean): OperationDiff => {
    const own = published(entry.version);
    const before = published(entry.previousVersion);
    const operationPage = pageOf(removed ? before : own, diff.operation);
    return {
      ...diff,
      ...(operationPage ? {link: operationPage} : {}),
      changes: diff.changes.map((item) => {
        if (!item.field) return item;
        const fieldRemoved = FIELD_REMOVED.has(item.kind);
        const version = (fieldRemoved ? before : own) ?? (own === undefined ? current : undefined);
        const model = version ? modelOf(version, diff.operation) : undefined;
        const anchor = model ? findFieldAnchor(model, item.field) : undefined;
        const linked: Change = anchor && model && version ? {...item, link: `${version.routeBasePath}/${model.id}#${anchor}`} : item;
        return fieldRemoved && entry.previousVersion !== undefined ? {...linked, lastVersion: entry.previousVersion} : linked;
      }),
    };
  };
  return entries.map((entry) => ({
    ...entry,
    added: entry.added.map((diff) => link(entry, diff, false)),
    removed: entry.removed.map((diff) => link(entry, diff, true)),
    changed: entry.changed.map((diff) => link(entry, diff, false)),
  }));
}

/** Reads the release snapshots, and builds the changelog from them and the resolved spec. */
export function buildChangelog(options: BuildChangelogOptions): Changelog {
  const releases = options.releasesDir === undefined ? [] : readReleases(options.releasesDir);
  return changelogFromSpecs(releases, options.current, {...(options.versionRoutes ? {versionRoutes: options.versionRoutes} : {})});
}
