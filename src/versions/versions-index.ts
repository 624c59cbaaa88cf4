import {existsSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';

import {pageOutline} from '../openapi/generation/page-outline';
import {SpecDocument} from '../spec-reader/spec-document';
import {serializeSpec} from '../spec-reader/parse-spec.js';
import {validateSpec} from '../spec-source/validate-spec.js';
import {PAGE_OUTLINE_FILE_NAME, SPEC_FILE_NAME, writeFileAtomically} from '../spec-source/write-spec.js';
import {compareVersions, type CheckedRelease} from './releases';

/**
 * What `npm run spec` tells the rest of the build about versions
 * (`.spec/versions/index.json`): the current version, and each older one with
 * its resolved spec, page outline, generated pages' folder and route. The
 * config, the sidebars, the changelog and the plugins all read it from here.
 */

/** Folder of the versions' resolved specs, relative to the site root. */
export const VERSIONS_OUT_DIR = '.spec/versions';
export const VERSIONS_INDEX_FILE = 'index.json';

/** Where the current version's pages are; an older version's are `<base>/<version>`. */
export const API_ROUTE_BASE = '/docs/api';
export const API_OUTPUT_BASE = 'docs/api';

export interface OlderVersion {
  version: string;
  /** What the version menu calls it, when the configuration gives a label. */
  label?: string;
  releaseDate?: string;
  /** The release file, relative to the site root. */
  source: string;
  /** Resolved spec and page outline, relative to the site root. */
  specPath: string;
  outlinePath: string;
  /** The generated pages' folder (relative) and their route, e.g. `docs/api/2.2.0`, `/docs/api/2.2.0`. */
  outputDir: string;
  routeBasePath: string;
  /** The docs sidebar of its pages. */
  sidebarId: string;
}

export interface VersionsIndex {
  current: {version: string; title: string; routeBasePath: string};
  /** Newest first. */
  older: OlderVersion[];
}

/** The sidebar id of an older version's pages. */
export function versionSidebarId(version: string): string {
  return `api-${version}`;
}

/** Where one API's versions go: the main API's are Meridian's paths; another API's sit in its own folders (src/apis/). */
export interface VersionsBase {
  /** Folder of the versions' resolved specs and index, relative to the site root. */
  specDir: string;
  /** The current version's pages' folder and route; an older version's are `<base>/<version>`. */
  outputDir: string;
  routeBasePath: string;
  /** The sidebar id of a version's pages. */
  sidebarId: (version: string) => string;
}

export const MAIN_VERSIONS_BASE: VersionsBase = {specDir: VERSIONS_OUT_DIR, outputDir: API_OUTPUT_BASE, routeBasePath: API_ROUTE_BASE, sidebarId: versionSidebarId};

/** Where an older version's files go. */
export function olderVersionPaths(version: string, base: VersionsBase = MAIN_VERSIONS_BASE): Pick<OlderVersion, 'specPath' | 'outlinePath' | 'outputDir' | 'routeBasePath' | 'sidebarId'> {
  return {
    specPath: `${base.specDir}/${version}/${SPEC_FILE_NAME}`,
    outlinePath: `${base.specDir}/${version}/${PAGE_OUTLINE_FILE_NAME}`,
    outputDir: `${base.outputDir}/${version}`,
    routeBasePath: `${base.routeBasePath}/${version}`,
    sidebarId: base.sidebarId(version),
  };
}

/**
 * Writes each release's resolved spec and page outline, and the index. A
 * release with the current version is the current reference, not an older
 * one, so it gets no pages of its own. Whatever an earlier run left for
 * versions no longer released is deleted first.
 */
export async function writeVersions(root: string, releases: readonly CheckedRelease[], current: {version: string; title: string}, base: VersionsBase = MAIN_VERSIONS_BASE): Promise<VersionsIndex> {
  const outDir = path.join(root, base.specDir);
  rmSync(outDir, {recursive: true, force: true});
  const older: OlderVersion[] = [];
  for (const release of releases) {
    if (release.version === current.version) continue;
    const checked = await validateSpec(release.document);
    const paths = olderVersionPaths(release.version, base);
    await writeFileAtomically(path.join(root, paths.specPath), Buffer.from(serializeSpec(checked.document), 'utf8'));
    await writeFileAtomically(path.join(root, paths.outlinePath), Buffer.from(JSON.stringify(pageOutline(new SpecDocument(checked.document))), 'utf8'));
    older.push({version: release.version, ...(release.label ? {label: release.label} : {}), ...(release.releaseDate ? {releaseDate: release.releaseDate} : {}), source: release.location, ...paths});
  }
  older.sort((a, b) => compareVersions(b.version, a.version));
  const index: VersionsIndex = {current: {...current, routeBasePath: base.routeBasePath}, older};
  await writeFileAtomically(path.join(outDir, VERSIONS_INDEX_FILE), Buffer.from(`${JSON.stringify(index, null, 2)}\n`, 'utf8'));
  return index;
}

/** The index `npm run spec` wrote; none (no older versions) before it ran or for a build without releases. */
export function readVersionsIndex(root: string, specDir = VERSIONS_OUT_DIR): VersionsIndex | undefined {
  const file = path.join(root, specDir, VERSIONS_INDEX_FILE);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as VersionsIndex;
}
