import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';

/** A page as the Pagefind index of a build holds it (one `.pf_fragment` file each). */
export interface IndexedPage {
  /** Pagefind's URL: the built file's path, e.g. `/docs/api/create-contact.html`. */
  url: string;
  /** The route the page answers on (no `.html`). */
  route: string;
  meta: Record<string, string>;
  content: string;
}

/** Pagefind writes each fragment gzipped, as a signature followed by the page's JSON. */
export function indexedPages(buildDir = path.join(process.cwd(), 'build')): IndexedPage[] {
  const dir = path.join(buildDir, 'pagefind/fragment');
  // Pages are in a folder of their own (src/plugins/search/page-names.mjs).
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.pf_fragment'))
    .map((file) => {
      const text = gunzipSync(readFileSync(path.join(dir, file))).toString('utf8');
      const page = JSON.parse(text.slice(text.indexOf('{'))) as Omit<IndexedPage, 'route'>;
      return {...page, route: page.url.replace(/\.html$/, '').replace(/\/index$/, '/')};
    });
}
