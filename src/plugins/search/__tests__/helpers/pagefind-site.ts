import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import * as pagefind from 'pagefind';

/** A temporary site of `pages` (path relative to the site: HTML) with its Pagefind index, as the search plugin's steps read one. */
export interface PagefindSite {
  root: string;
  site: string;
  indexDir: string;
  /** Stops Pagefind's service and removes the site. */
  remove(): Promise<void>;
}

export async function writePagefindSite(prefix: string, pages: Iterable<[string, string]>): Promise<PagefindSite> {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  const site = path.join(root, 'site');
  for (const [file, html] of pages) {
    mkdirSync(path.dirname(path.join(site, file)), {recursive: true});
    writeFileSync(path.join(site, file), html);
  }
  const {index} = await pagefind.createIndex({forceLanguage: 'en'});
  await index!.addDirectory({path: site});
  const indexDir = path.join(site, 'pagefind');
  await index!.writeFiles({outputPath: indexDir});
  return {
    root,
    site,
    indexDir,
    async remove() {
      await pagefind.close();
      rmSync(root, {recursive: true, force: true});
    },
  };
}
