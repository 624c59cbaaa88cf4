import {appendFileSync, readFileSync} from 'node:fs';
import path from 'node:path';

/**
 * A generation into a staging folder (scripts/gen.ts) that finds a page model
 * already published with the same bytes does not write it again: it lists
 * the file's name in this file of the staging folder it would have gone to,
 * and the sync (scripts/sync-generated.ts) counts it as made and unchanged.
 * GitHub's description has about 4,000 models (79 MB); writing them all to
 * an emptied folder on each save took seconds of `npm start`'s refresh.
 * The dot name keeps it out of the sync's and the docs plugin's file lists.
 */
export const KEPT_LIST_FILE = '.kept-files';

/** Whether `published` holds exactly `content`: a missing or unreadable file does not. */
export function holdsContent(published: string, content: Buffer): boolean {
  try {
    return readFileSync(published).equals(content);
  } catch {
    return false;
  }
}

/** Lists `file` (a path in a staging folder) as kept: made by this generation, with the content already published. */
export function listKept(file: string): void {
  appendFileSync(path.join(path.dirname(file), KEPT_LIST_FILE), `${path.basename(file)}\n`);
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
