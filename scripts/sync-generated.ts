// Copies a generation of the API pages from its staging folder into the
// output folder (docs/api/, or another API's), touching only what changed:
// the development server rebuilds every file whose modification time moves,
// so an unchanged page must not be rewritten. It deletes only files that an
// earlier sync copied there and this generation no longer makes, as its
// record of that sync lists them; every other file of the folder (the
// changelog written beside another API's pages, anything a person put there)
// is left alone. A file the generation listed as kept (its content already
// published, src/openapi/generation/kept-files.ts) counts as made and unchanged.
import {existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {KEPT_LIST_FILE, readKeptList} from '../src/openapi/generation/kept-files';

/** The record of what the last sync from `stagingDir` copied: beside the staging folder, which each generation empties. */
export function syncRecordOf(stagingDir: string): string {
  return `${stagingDir}.synced.json`;
}

/** Why a sync did not run: names the record file, the place in it and the cause. */
export class SyncRecordError extends Error {
  override name = 'SyncRecordError';
}

/** Whether `file` is a path inside a folder, as the record holds them: relative, POSIX, no `..`, nothing empty. */
function isPathInside(file: string): boolean {
  return file !== '' && !file.startsWith('/') && !file.includes('\\') && file.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** The files the last sync copied, or `undefined` when there is no record. */
export function readSyncRecord(recordFile: string): string[] | undefined {
  let text: string;
  try {
    text = readFileSync(recordFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (error) {
    throw new SyncRecordError(`${recordFile}: not JSON (${(error as Error).message}); delete it and the output folder, then run "npm run gen" again.`);
  }
  if (!Array.isArray(record)) throw new SyncRecordError(`${recordFile}: at /, expected a list of file paths, got ${typeof record}.`);
  record.forEach((file: unknown, index) => {
    if (typeof file !== 'string' || !isPathInside(file)) {
      throw new SyncRecordError(`${recordFile}: at /${index}, ${JSON.stringify(file)} is not a relative path inside the output folder.`);
    }
  });
  return record as string[];
}

function writeSyncRecord(recordFile: string, files: Iterable<string>): void {
  writeIfChanged(recordFile, Buffer.from(`${JSON.stringify([...new Set(files)].sort(), null, 1)}\n`));
}

function readEntries(dir: string) {
  try {
    return readdirSync(dir, {withFileTypes: true});
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Every file below `dir`, as POSIX paths relative to it; names starting with a dot (a write in progress, replaced in one step) are no one's pages. */
function listAll(dir: string): string[] {
  return readEntries(dir)
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => (entry.isDirectory() ? listAll(path.join(dir, entry.name)).map((file) => `${entry.name}/${file}`) : entry.isFile() ? [entry.name] : []));
}

/** The files below staging folder `dir` that a generation listed as kept (src/openapi/generation/kept-files.ts), as POSIX paths relative to it. */
function listKeptBelow(dir: string, prefix = ''): string[] {
  const kept = readKeptList(dir).map((name) => {
    if (name.includes('/') || name.includes('\\') || name.startsWith('.')) throw new SyncRecordError(`${path.join(dir, KEPT_LIST_FILE)}: ${JSON.stringify(name)} is not a file name of this folder.`);
    return `${prefix}${name}`;
  });
  return [
    ...kept,
    ...readEntries(dir)
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .flatMap((entry) => listKeptBelow(path.join(dir, entry.name), `${prefix}${entry.name}/`)),
  ];
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
  // A dot name: neither the sync nor the docs plugin's watcher takes it for a page.
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
  /** Files an earlier sync copied that the new generation no longer has, deleted. */
  removed: string[];
  unchanged: number;
  /** With no record of an earlier sync: files of the output folder the generation did not make, left there. */
  unrecorded: string[];
}

/**
 * Copies the generation in `stagingDir` into `outputDir`: each of its files
 * is written where its content differs, and each file the last sync copied
 * (`recordFile`) that it no longer has is deleted, with any folder that
 * leaves empty. Without a record nothing is deleted: the files it did not
 * make are listed instead.
 */
export function syncGeneratedFiles(stagingDir: string, outputDir: string, recordFile: string): SyncResult {
  const staged = listAll(stagingDir);
  const kept = [...new Set(listKeptBelow(stagingDir))];
  const fresh = [...staged, ...kept].sort();
  const previous = readSyncRecord(recordFile);
  // Recorded before any copy, so a sync that stops halfway still knows every file it may have copied.
  writeSyncRecord(recordFile, [...(previous ?? []), ...fresh]);
  const result: SyncResult = {written: [], removed: [], unchanged: 0, unrecorded: []};
  for (const file of staged.sort()) {
    if (writeIfChanged(path.join(outputDir, file), readFileSync(path.join(stagingDir, file)))) result.written.push(file);
    else result.unchanged += 1;
  }
  for (const file of kept) {
    // The generation found it there with its content moments ago: only a person or another process removes it in between.
    if (!existsSync(path.join(outputDir, file))) throw new SyncRecordError(`${path.join(outputDir, file)} was deleted while the pages were generated; run "npm run gen" again.`);
    result.unchanged += 1;
  }
  const made = new Set(fresh);
  if (previous === undefined) result.unrecorded = listAll(outputDir).filter((file) => !made.has(file));
  for (const file of [...new Set(previous ?? [])].sort()) {
    if (made.has(file) || !existsSync(path.join(outputDir, file))) continue;
    rmSync(path.join(outputDir, file));
    result.removed.push(file);
  }
  // A folder left empty goes too (a schemas folder with no schemas left, a version no longer released); the deepest first.
  const folders = new Set(result.removed.flatMap((file) => file.split('/').slice(0, -1).map((_, index, parts) => parts.slice(0, index + 1).join('/'))));
  for (const folder of [...folders].sort((a, b) => b.length - a.length)) {
    const dir = path.join(outputDir, folder);
    if (readEntries(dir).length === 0) rmSync(dir, {recursive: true});
  }
  writeSyncRecord(recordFile, fresh);
  return result;
}
