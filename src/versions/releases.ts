import {readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';

import {decodeSpecBytes, parseSpecText} from '../spec-reader/parse-spec.js';

/**
 * The released versions of an API: one file per version (see
 * openapi/releases/README.md), named after its `info.version`. Every check
 * here runs before the current description is fetched, so a broken release
 * stops the build at once with one line that names its file.
 */

/** Where Meridian's releases live, relative to the site root. */
export const RELEASES_DIR = 'openapi/releases';

/**
 * Whether the main API's releases are this build's: not when SPEC_FILE names
 * a description, which is some other API than the one they record.
 */
export function mainApiReleasesApply(env: {readonly SPEC_FILE?: string | undefined}): boolean {
  return !env.SPEC_FILE?.trim();
}

/** A release named in the configuration: its version and the file that holds it. */
export interface ReleaseEntry {
  version: string;
  /** As messages show it (relative to the site root). */
  location: string;
  /** Absolute path. */
  file: string;
  /** What the version menu calls it, when the configuration names it (openapi-docs' per-version `label`). */
  label?: string;
}

/** A release whose file was read and agrees with its name. */
export interface CheckedRelease extends ReleaseEntry {
  /** `info.x-release-date` (`YYYY-MM-DD`), when the file has one. */
  releaseDate?: string;
  /** The parsed document. */
  document: unknown;
}

/** A configuration error about versions: `message` is the one line to print. */
export class VersionConfigError extends Error {
  override name = 'VersionConfigError';
}

const RELEASE_FILE = /^(.+)\.(ya?ml|json)$/;
/** A version is a path segment of its pages' routes: letters, digits, dots, dashes, underscores, starting with a letter or digit. */
const VERSION_NAME = /^[0-9A-Za-z][0-9A-Za-z._-]*$/;

/** The release files of `dir` (every `.yaml`, `.yml` or `.json`), by name; none when the folder does not exist. */
export function listReleaseEntries(root: string, dir = RELEASES_DIR): ReleaseEntry[] {
  const absolute = path.resolve(root, dir);
  let names: string[];
  try {
    names = readdirSync(absolute);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new VersionConfigError(`[versions] ${dir}: the releases folder cannot be read (${(error as Error).message}).`);
  }
  return names
    .filter((name) => RELEASE_FILE.test(name))
    .sort()
    .map((name) => ({version: RELEASE_FILE.exec(name)![1], location: path.posix.join(dir.split(path.sep).join('/'), name), file: path.join(absolute, name)}));
}

function readRelease(entry: ReleaseEntry): Buffer {
  try {
    if (statSync(entry.file).isDirectory()) throw new VersionConfigError(`[versions] ${entry.location}: version ${entry.version} is a folder, not a description file.`);
    return readFileSync(entry.file);
  } catch (error) {
    if (error instanceof VersionConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const cause = code === 'ENOENT' ? 'the file is missing' : code === 'EACCES' || code === 'EPERM' ? 'the file cannot be read (permission denied)' : `the file cannot be read (${(error as Error).message})`;
    throw new VersionConfigError(`[versions] ${entry.location}: version ${entry.version}: ${cause}.`);
  }
}

/**
 * Reads and checks each release: the file exists and parses, and its
 * `info.version` is its name. Throws VersionConfigError on the first that does
 * not, or when two files name one version.
 */
export function checkReleases(entries: readonly ReleaseEntry[]): CheckedRelease[] {
  const seen = new Map<string, string>();
  const checked: CheckedRelease[] = [];
  for (const entry of entries) {
    if (!VERSION_NAME.test(entry.version)) {
      throw new VersionConfigError(`[versions] ${entry.location}: "${entry.version}" cannot name a version (its pages' routes use it as a path segment: letters, digits, ".", "-", "_").`);
    }
    const other = seen.get(entry.version);
    if (other !== undefined) throw new VersionConfigError(`[versions] ${entry.location}: version ${entry.version} is also ${other}; keep one file per version.`);
    seen.set(entry.version, entry.location);
    let document: unknown;
    try {
      document = parseSpecText(decodeSpecBytes(readRelease(entry), 'file'), {what: 'file'});
    } catch (error) {
      if (error instanceof VersionConfigError) throw error;
      throw new VersionConfigError(`[versions] ${entry.location}: version ${entry.version} cannot be parsed (${(error as Error).message}).`);
    }
    const info = typeof document === 'object' && document !== null ? (document as {info?: unknown}).info : undefined;
    const declared = typeof info === 'object' && info !== null ? (info as {version?: unknown}).version : undefined;
    if (String(declared) !== entry.version) {
      const found = declared === undefined ? 'has no info.version' : `says info.version ${JSON.stringify(declared)}`;
      throw new VersionConfigError(`[versions] ${entry.location}: the file is named for version ${entry.version} but ${found}; name the file after its info.version.`);
    }
    const date = (info as {'x-release-date'?: unknown})['x-release-date'];
    checked.push({...entry, document, ...(typeof date === 'string' ? {releaseDate: date} : {})});
  }
  return checked;
}

/** Compares two version names as dotted numbers where they are numbers (2.10.0 after 2.9.0), else as text. */
export function compareVersions(a: string, b: string): number {
  const left = a.split(/[.-]/);
  const right = b.split(/[.-]/);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const x = left[index] ?? '';
    const y = right[index] ?? '';
    if (x === y) continue;
    if (/^\d+$/.test(x) && /^\d+$/.test(y)) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return 0;
}
