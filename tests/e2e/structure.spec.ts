import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';

import {attribute, elements, htmlFiles, parseHtml, routeOfFile, spacedText} from '../../scripts/corpus/html';
import {operationRoutes, sitemapPaths} from './site-routes';

/**
 * The built site read from disk (no browser): links and anchors resolve,
 * the sitemap lists every page, and every page has its own title and a
 * description. It reads build/ as `npm run build` left it.
 */

const BUILD_DIR = path.resolve(process.cwd(), 'build');

interface BuiltPage {
  file: string;
  route: string;
  title: string;
  description: string | undefined;
  ids: Set<string>;
  /** `href`s of `<a>` and `<link>` elements, as written. */
  links: string[];
  /** Whether the page asks search engines not to index it (`<meta name="robots" content="noindex">`: an older version's pages). */
  noindex: boolean;
}

let cachedPages: BuiltPage[] | undefined;

/** Every HTML file of the build, parsed once per worker. */
function builtPages(): BuiltPage[] {
  cachedPages ??= htmlFiles(BUILD_DIR).map((file) => {
    const document = parseHtml(readFileSync(path.join(BUILD_DIR, file), 'utf8'));
    const page: BuiltPage = {file, route: routeOfFile(file), title: '', description: undefined, ids: new Set(), links: [], noindex: false};
    for (const element of elements(document)) {
      const id = attribute(element, 'id');
      if (id !== undefined) page.ids.add(id);
      const name = attribute(element, 'name');
      if (element.tagName === 'a' && name !== undefined) page.ids.add(name);
      if (element.tagName === 'title' && page.title === '') page.title = spacedText(element);
      if (element.tagName === 'meta' && attribute(element, 'name') === 'description') page.description = attribute(element, 'content');
      if (element.tagName === 'meta' && attribute(element, 'name') === 'robots' && /\bnoindex\b/.test(attribute(element, 'content') ?? '')) page.noindex = true;
      const href = attribute(element, 'href');
      if (href !== undefined && (element.tagName === 'a' || element.tagName === 'link')) page.links.push(href);
    }
    return page;
  });
  return cachedPages;
}

/** The site's own origin, from the sitemap (links to it count as internal). */
function siteOrigin(): string {
  const xml = readFileSync(path.join(BUILD_DIR, 'sitemap.xml'), 'utf8');
  return new URL(/<loc>([^<]+)<\/loc>/.exec(xml)?.[1] ?? 'https://invalid.invalid/').origin;
}

/** The file a route is served from, the way `docusaurus serve` resolves it. */
function fileForRoute(route: string): string | undefined {
  const base = path.join(BUILD_DIR, decodeURIComponent(route));
  if (!base.startsWith(BUILD_DIR)) return undefined;
  return [base, `${base}.html`, path.join(base, 'index.html')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

test.describe('the built site on disk', () => {
  test.skip(!existsSync(path.join(BUILD_DIR, 'sitemap.xml')), 'no build/: run "npm run build" first');

  test('every internal link resolves to a file, and every #fragment to an id in it', () => {
    const origin = siteOrigin();
    const byFile = new Map(builtPages().map((page) => [path.join(BUILD_DIR, page.file), page]));
    const broken: string[] = [];
    let checked = 0;
    for (const page of builtPages()) {
      const pageUrl = new URL(page.route, origin);
      for (const href of new Set(page.links)) {
        if (/^(mailto|tel|data):/i.test(href) || href === '#') continue;
        const target = new URL(href, pageUrl);
        if (target.origin !== origin) continue;
        checked += 1;
        const file = fileForRoute(target.pathname);
        if (!file) {
          broken.push(`${page.route} → ${href}: no file for ${target.pathname}`);
          continue;
        }
        const fragment = decodeURIComponent(target.hash.slice(1));
        if (fragment === '') continue;
        const targetPage = byFile.get(file);
        if (!targetPage) {
          broken.push(`${page.route} → ${href}: #${fragment} points into a file that is not HTML`);
        } else if (!targetPage.ids.has(fragment)) {
          broken.push(`${page.route} → ${href}: no id "${fragment}" in ${targetPage.file}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(broken).toEqual([]);
  });

  test('sitemap.xml lists every page but those marked noindex, and only pages that exist', () => {
    const sitemap = new Set(sitemapPaths());
    const pages = builtPages().filter((page) => page.file !== '404.html');
    expect(pages.filter((page) => !page.noindex && !sitemap.has(page.route)).map((page) => page.route)).toEqual([]);
    expect(pages.filter((page) => page.noindex && sitemap.has(page.route)).map((page) => page.route)).toEqual([]);
    expect([...sitemap].filter((route) => !fileForRoute(route))).toEqual([]);
  });

  test('every page has a title of its own and a description', () => {
    const byTitle = new Map<string, string[]>();
    for (const page of builtPages()) byTitle.set(page.title, [...(byTitle.get(page.title) ?? []), page.route]);
    const duplicates = [...byTitle].filter(([, routes]) => routes.length > 1).map(([title, routes]) => `"${title}": ${routes.join(', ')}`);
    expect(duplicates).toEqual([]);
    expect(builtPages().filter((page) => page.title.trim() === '').map((page) => page.route)).toEqual([]);
    expect(builtPages().filter((page) => !page.description?.trim()).map((page) => page.route)).toEqual([]);
  });

  test('an operation page describes itself by method and path', () => {
    const pages = new Map(builtPages().map((page) => [page.route, page]));
    const operations = operationRoutes();
    expect(operations.length).toBeGreaterThan(0);
    const missing = operations
      .filter((operation) => !pages.get(operation.path)?.description?.includes(`${operation.method.toUpperCase()} ${operation.apiPath}`))
      .map((operation) => `${operation.path}: "${pages.get(operation.path)?.description ?? '(no page)'}"`);
    expect(missing).toEqual([]);
  });

  test("no published file names the folder the site was built in", () => {
    // The build machine's folder is nobody's business, and it makes builds of the same tree differ by where they ran.
    const siteDir = process.cwd();
    const published = (dir: string): string[] =>
      readdirSync(dir, {withFileTypes: true}).flatMap((entry) => (entry.isDirectory() ? published(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
    const naming = published(BUILD_DIR).filter((file) => /\.(html|js|json|txt|xml|yaml|css)$/.test(file) && readFileSync(file, 'utf8').includes(siteDir));
    expect(naming.map((file) => path.relative(BUILD_DIR, file))).toEqual([]);
  });
});
