import {readdirSync} from 'node:fs';
import path from 'node:path';

import {readFragment} from '../../src/plugins/search/page-names.mjs';

/** A page as the Pagefind index of a build holds it (one `.pf_fragment` file each). */
export interface IndexedPage {
  /** Pagefind's URL: the built file's path, e.g. `/docs/api/create-contact.html`. */
  url: string;
  /** The route the page answers on (no `.html`). */
  route: string;
  meta: Record<string, string>;
  content: string;
}

/** Every page of the build's Pagefind index, read from its fragments. */
export function indexedPages(buildDir = path.join(process.cwd(), 'build')): IndexedPage[] {
  const dir = path.join(buildDir, 'pagefind/fragment');
  // Fragments are in the folder that src/plugins/search/page-names.mjs names after the index's pages.
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.pf_fragment'))
    .map((file) => {
      const page = readFragment(path.join(dir, file));
      return {...page, route: page.url.replace(/\.html$/, '').replace(/\/index$/, '/')};
    });
}
