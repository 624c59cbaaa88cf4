import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';

import {perProcess} from '../models/frozen-cache';

/**
 * A generation into a staging folder (scripts/gen.ts) that finds a page model
 * already published with the same bytes does not write it again: it lists
 * the file's name in this file of the staging folder it would have gone to,
 * and the sync (scripts/sync-generated.ts) counts it as made and unchanged.
 * GitHub's description has about 4,000 models (79 MB); writing them all to
 * an emptied folder on each save took seconds of `npm start`'s refresh, and
 * so did one append per model: the lists are written once per folder.
 * The dot name keeps it out of the sync's and the docs plugin's file lists.
 */
export const KEPT_LIST_FILE = '.kept-files';

/**
 * The names listed as kept and not yet written, by staging folder: one map
 * per process, as the site config that makes the generators is loaded
 * afresh for each generation (gen-in-process.ts), and this module with it.
 */
const pending = () => perProcess('kept-files', () => ({lists: new Map<string, string[]>(), flushOnExit: false}));

/** Whether `published` holds exactly `content`: a missing or unreadable file does not. */
export function holdsContent(published: string, content: Buffer): boolean {
  try {
    return readFileSync(published).equals(content);
  } catch {
    return false;
  }
}

/**
 * Lists `file` (a path in a staging folder) as kept: made by this
 * generation, with the content already published. The lists are written by
 * writeKeptLists(), or when the process exits (`docusaurus gen-api-docs`
 * under `npm run gen`, whose sync runs after it).
 */
export function listKept(file: string): void {
  const state = pending();
  const dir = path.dirname(file);
  const names = state.lists.get(dir);
  if (names) names.push(path.basename(file));
  else state.lists.set(dir, [path.basename(file)]);
  if (!state.flushOnExit) {
    state.flushOnExit = true;
    process.on('exit', writeKeptLists);
  }
}

/** Writes every staging folder's list of kept files, and forgets them. */
export function writeKeptLists(): void {
  const {lists} = pending();
  for (const [dir, names] of lists) writeFileSync(path.join(dir, KEPT_LIST_FILE), `${names.join('\n')}\n`, {flag: 'a'});
  lists.clear();
}

/** Forgets the lists not yet written: a generation that failed left them, and its staging folder is emptied. */
export function discardKeptLists(): void {
  pending().lists.clear();
}

/** The names listed as kept in staging folder `dir` (none when it has no list). */
export function readKeptList(dir: string): string[] {
  let text: string;
  try {
    text = readFileSync(path.join(dir, KEPT_LIST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text.split('\n').filter((name) => name !== '');
}
