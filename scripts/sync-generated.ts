// Copies freshly generated API pages from a staging folder into docs/api/,
// touching only what changed: the development server rebuilds every file
// whose modification time moves, so an unchanged page must not be rewritten.
import {mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {SCHEMA_PAGES_DIR} from '../src/openapi/generation/page-ids';
import {CHANGELOG_DATA_FILE} from '../src/openapi-diff/changelog';

/** Whether the plugin's clean (`docusaurus clean-api-docs`) deletes a file of this name in the output folder. */
export function isGeneratedFile(name: string): boolean {
  if (name.startsWith('.')) return false;
  // An API's changelog (scripts/gen-changelog.ts) is written beside its pages after them, not by the generator.
  if (name === CHANGELOG_DATA_FILE) return false;
  return /\.(api|info|tag)\.mdx$/.test(name) || name === 'sidebar.js' || name === 'sidebar.ts' || (name.endsWith('.json') && name !== 'versions.json');
}

/**
 * The generated files in `outputDir`, as POSIX paths relative to it: what the
 * plugin's clean deletes (docusaurus-plugin-openapi-docs, lib/index.js,
 * `cleanApiDocs`): the pages, the sidebar and the JSON but `versions.json` in
 * the folder itself, and everything in the `schemas` folder; the same in each
 * older version's folder. Other files, and
 * files whose names start with a dot (which its glob skips), are not ours.
 */
export function listGeneratedFiles(outputDir: string, {versionFolders = true}: {versionFolders?: boolean} = {}): string[] {
  const found: string[] = [];
  for (const entry of readEntries(outputDir)) {
    if (entry.isFile() && isGeneratedFile(entry.name)) found.push(entry.name);
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    if (entry.name === SCHEMA_PAGES_DIR) found.push(...listAll(path.join(outputDir, SCHEMA_PAGES_DIR)).map((file) => `${SCHEMA_PAGES_DIR}/${file}`));
    // Any other folder is an older version's output (docs/api/<version>/, src/versions/), generated the same way, released or not.
    else if (versionFolders) found.push(...listGeneratedFiles(path.join(outputDir, entry.name), {versionFolders: false}).map((file) => `${entry.name}/${file}`));
  }
  return found.sort();
}

function readEntries(dir: string) {
  try {
    return readdirSync(dir, {withFileTypes: true});
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function listAll(dir: string): string[] {
  return readEntries(dir).flatMap((entry) => (entry.isDirectory() ? listAll(path.join(dir, entry.name)).map((file) => `${entry.name}/${file}`) : entry.isFile() ? [entry.name] : []));
}

/**
 * Writes `file` only when its content differs from `content`; returns whether
 * it wrote. A missing file is written (with its folders). The file is
 * replaced in one step (a temporary file beside it, renamed over it): the
 * development server's bundler reads the pages while they are written, and a
 * file truncated and then filled was read empty ("Unexpected end of JSON").
 */
export function writeIfChanged(file: string, content: Buffer): boolean {
  let current: Buffer | undefined;
  try {
    current = readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (current !== undefined && current.equals(content)) return false;
  mkdirSync(path.dirname(file), {recursive: true});
  // A dot name: neither the plugin's clean, listGeneratedFiles nor the docs plugin's watcher takes it for a page.
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, {force: true});
    throw error;
  }
  return true;
}

export interface SyncResult {
  /** Files written because they were new or their content changed, relative to the output folder. */
  written: string[];
  /** Generated files that the new generation no longer has, deleted. */
  removed: string[];
  unchanged: number;
}

/**
 * Makes the generated files of `outputDir` those of `stagingDir`: each file
 * of the staging folder is written where its content differs, and each
 * generated file (see listGeneratedFiles) that it does not have is deleted.
 */
export function syncGeneratedFiles(stagingDir: string, outputDir: string): SyncResult {
  const fresh = listAll(stagingDir).sort();
  const result: SyncResult = {written: [], removed: [], unchanged: 0};
  for (const file of fresh) {
    if (writeIfChanged(path.join(outputDir, file), readFileSync(path.join(stagingDir, file)))) result.written.push(file);
    else result.unchanged += 1;
  }
  const keep = new Set(fresh);
  for (const file of listGeneratedFiles(outputDir)) {
    if (keep.has(file)) continue;
    rmSync(path.join(outputDir, file));
    result.removed.push(file);
  }
  // A folder emptied of its files goes too (schemas, as the plugin's clean removes it; a version no longer released).
  const emptied = new Set(result.removed.map((file) => path.posix.dirname(file)).filter((folder) => folder !== '.'));
  for (const folder of [...emptied].sort((a, b) => b.length - a.length)) {
    const dir = path.join(outputDir, folder);
    if (listAll(dir).length === 0) rmSync(dir, {recursive: true});
  }
  return result;
}
