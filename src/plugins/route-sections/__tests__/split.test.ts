import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {generateRouteFiles} from '@docusaurus/core/lib/server/codegen/codegenRoutes';
import type {RouteConfig} from '@docusaurus/types';
import {sectionFor, sectionOf} from '../client/bucket';
import {evaluateRoutes, parseRegistry, sectionSizeFor, splitRouteFiles, type GeneratedRouteFiles, type RouteNode} from '../split';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, {recursive: true, force: true})));

/** The three files Docusaurus's own code generator writes for `routes`. */
async function generated(routes: RouteConfig[]): Promise<GeneratedRouteFiles> {
  const dir = mkdtempSync(path.join(tmpdir(), 'route-sections-'));
  dirs.push(dir);
  // Props would be written as modules per plugin; these routes have none.
  await generateRouteFiles({generatedFilesDir: dir, baseUrl: '/', routes: routes.map((route) => ({...route, plugin: {name: 'test', id: 'default'}}))});
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  return {routes: read('routes.js'), registry: read('registry.js'), routesChunkNames: read('routesChunkNames.json')};
}

const doc = (slug: string): RouteConfig => ({
  path: `/docs/api/${slug}`,
  component: '@theme/DocItem',
  exact: true,
  modules: {content: `@site/docs/api/${slug}.mdx`},
  sidebar: 'openApiSidebar',
} as RouteConfig);

/** A docs tree as the docs plugin makes it (docs root, version, sidebar root), with `count` docs and a blog post. */
function site(count: number): RouteConfig[] {
  const docs = Array.from({length: count}, (_, index) => doc(`operation-${index}`));
  return [
    {path: '/blog/hello', component: '@theme/BlogPostPage', exact: true, modules: {content: '@site/blog/hello.md'}} as RouteConfig,
    {
      path: '/docs',
      component: '@theme/DocsRoot',
      exact: false,
      routes: [
        {
          path: '/docs',
          component: '@theme/DocVersionRoot',
          exact: false,
          modules: {version: '@generated/docs/version.json'},
          routes: [{path: '/docs', component: '@theme/DocRoot', exact: false, routes: [...docs, {path: '/docs/tags', component: '@theme/DocTagsListPage', exact: false}]}],
        },
      ],
    } as RouteConfig,
  ];
}

interface SectionModule {
  registry: Record<string, unknown>;
  routesChunkNames: Record<string, unknown>;
  routes: () => [number, RouteNode][];
}

/** Evaluates a generated section module with stand-ins for import() targets and ComponentCreator. */
function evaluateSection(code: string): SectionModule {
  const body = code
    .replace(/^import .*$/gm, '')
    .replace(/^export const (\w+) =/gm, 'exports.$1 =')
    .replace(/^export function routes\(\)/m, 'exports.routes = function routes()');
  const exports = {} as SectionModule;
  const componentCreator = (...args: string[]) => ({componentCreator: args});
  new Function('exports', 'ComponentCreator', 'require', body)(exports, componentCreator, {resolveWeak: (request: string) => request});
  return exports;
}

const docRoot = (routes: RouteNode[]): RouteNode => routes[1].routes![0].routes![0];

describe('sectionSizeFor', () => {
  it('grows with the square root of the routes, never under 25', () => {
    expect(sectionSizeFor(652)).toBe(25);
    expect(sectionSizeFor(3085)).toBe(33);
    expect(sectionSizeFor(23000)).toBe(91);
    // The bytes a page loads, by the model in its comment, are least there.
    const cost = (routes: number, size: number) => (32 * routes) / size + 88 * size;
    for (const routes of [3085, 23000]) {
      const best = sectionSizeFor(routes);
      expect(cost(routes, best)).toBeLessThanOrEqual(Math.min(cost(routes, best - 5), cost(routes, best + 5), cost(routes, 150)));
    }
  });

  it("'auto' splits a list into sections of that size", async () => {
    const result = splitRouteFiles(await generated(site(400)), {sectionSize: 'auto', minRoutes: 300});
    expect(result.sections).toBe(Math.ceil(result.movedRoutes / 25));
  });
});

describe('splitRouteFiles', () => {
  it('leaves a route table under the size limit as it is', async () => {
    const result = splitRouteFiles(await generated(site(40)), {sectionSize: 50, minRoutes: 100});
    expect(result.sections).toBe(0);
    expect(result.movedRoutes).toBe(0);
    expect(docRoot(evaluateRoutes(result.files['routes.js'])).routes).toHaveLength(41);
  });

  it("moves a long list's exact routes into sections chosen by path, with the chunks only they use", async () => {
    const files = await generated(site(500));
    const result = splitRouteFiles(files, {sectionSize: 100, minRoutes: 200});
    expect(result).toMatchObject({sections: 5, movedRoutes: 500});

    // What stays: every other route, the non-exact tags route, the shared chunks.
    const main = evaluateRoutes(result.files['routes.js']);
    expect(docRoot(main).routes!.map((route) => route.path)).toEqual(['/docs/tags']);
    expect(main.map((route) => route.path)).toEqual(['/blog/hello', '/docs', '*']);
    const mainRegistry = parseRegistry(result.files['registry.js']);
    const mainChunkNames = JSON.parse(result.files['routesChunkNames.json']) as Record<string, {__comp: string}>;

    const original = parseRegistry(files.registry);
    const originalChunkNames = JSON.parse(files.routesChunkNames) as Record<string, {__comp: string; content?: string}>;
    const seen = new Set<string>();
    const sectionsJs = result.files['sections.js'];
    expect(sectionsJs).toContain('parent: [1,0,0], path: "/docs", sections: 5, size: 501, keep: [500]');
    for (let section = 0; section < 5; section += 1) {
      const module = evaluateSection(result.files[`section-0-${section}.js`]);
      expect(sectionsJs).toContain(`import(/* webpackChunkName: "route-section-0-${section}" */ "./section-0-${section}.js")`);
      for (const [index, route] of module.routes()) {
        expect(sectionOf(route.path, 5)).toBe(section);
        expect(route.path).toBe(`/docs/api/operation-${index}`);
        const key = `${route.path}-${route.component.componentCreator[1]}`;
        expect(module.routesChunkNames[key]).toEqual(originalChunkNames[key]);
        // The page's own content chunk moves with it; the shared DocItem stays in main.
        const {content, __comp: component} = originalChunkNames[key];
        expect(Object.keys(module.registry)).toContain(content);
        expect(mainRegistry.has(content!)).toBe(false);
        expect(mainRegistry.has(component)).toBe(true);
        expect(mainChunkNames[key]).toBeUndefined();
        seen.add(route.path);
      }
      for (const name of Object.keys(module.registry)) expect(original.has(name)).toBe(true);
    }
    expect(seen.size).toBe(500);
  });

  it("moves an older version's routes into sections of their own in a list too short to split, and nothing else", async () => {
    const routes = site(40);
    const versioned = (version: string, count: number) => Array.from({length: count}, (_, index) => doc(`${version}/operation-${index}`));
    const root = routes[1].routes![0].routes![0];
    root.routes!.push(...versioned('2.2.0', 30), ...versioned('2.1.0', 20));
    const result = splitRouteFiles(await generated(routes), {sectionSize: 'auto', minRoutes: 300, isolatedPrefixes: ['/docs/api/2.2.0/', '/docs/api/2.1.0/', '/docs/api/1.0.0/']});
    // 30 routes make two sections of the smallest size (25), 20 one.
    expect(result).toMatchObject({sections: 3, movedRoutes: 50});
    expect(docRoot(evaluateRoutes(result.files['routes.js'])).routes).toHaveLength(41);
    const rule = {sections: 3, prefixes: [['/docs/api/2.2.0/', 2], ['/docs/api/2.1.0/', 1]] as [string, number][]};
    expect(result.files['sections.js']).toContain(`sections: 3, prefixes: ${JSON.stringify(rule.prefixes)}, size: 91`);
    const paths = [0, 1, 2].map((section) => evaluateSection(result.files[`section-0-${section}.js`]).routes().map(([, route]) => route.path));
    expect([...paths[0], ...paths[1]].sort()).toEqual(versioned('2.2.0', 30).map((route) => route.path).sort());
    expect(paths[2]).toEqual(versioned('2.1.0', 20).map((route) => route.path));
    for (const [section, list] of paths.entries()) for (const route of list) expect(sectionFor(route, rule)).toBe(section);
    expect(sectionFor('/docs/api/operation-3', rule)).toBe(-1);
  });

  it("keeps another API's and older versions' routes out of the current API's sections, and the current API's routes in main when they are few", async () => {
    const routes = site(40);
    const root = routes[1].routes![0].routes![0];
    const current = root.routes!.map((route) => route.path);
    const other = (slug: string): RouteConfig => ({...doc(slug), path: `/docs/apis/other/${slug}`}) as RouteConfig;
    root.routes!.push(...Array.from({length: 60}, (_, index) => doc(`2.2.0/operation-${index}`)), ...Array.from({length: 900}, (_, index) => other(`operation-${index}`)));
    const isolatedPrefixes = ['/docs/api/2.2.0/', '/docs/apis/other/1.0.0/', '/docs/apis/other/'];
    const result = splitRouteFiles(await generated(routes), {sectionSize: 'auto', minRoutes: 300, isolatedPrefixes});
    // 60 routes: sections of 25; 900: of √(32 / 88 × 900) = 18, at least 25.
    expect(result).toMatchObject({sections: 3 + 36, movedRoutes: 960});
    // The current API's 40 pages and the tags page stay in the table every page loads.
    expect(docRoot(evaluateRoutes(result.files['routes.js'])).routes!.map((route) => route.path)).toEqual(current);
    const sections = Object.entries(result.sectionPaths);
    for (const [file, list] of sections) {
      const prefixes = new Set(list.map((route) => isolatedPrefixes.find((prefix) => route.startsWith(prefix))));
      expect(prefixes.size, file).toBe(1);
      expect(prefixes.has(undefined), file).toBe(false);
    }
  });

  it('sections a long list of the current API by hash apart from its isolated prefixes', async () => {
    const routes = site(400);
    const root = routes[1].routes![0].routes![0];
    root.routes!.push(...Array.from({length: 30}, (_, index) => doc(`2.2.0/operation-${index}`)));
    const result = splitRouteFiles(await generated(routes), {sectionSize: 100, minRoutes: 300, isolatedPrefixes: ['/docs/api/2.2.0/']});
    const rule = {sections: 5, prefixes: [['/docs/api/2.2.0/', 1]] as [string, number][]};
    expect(result).toMatchObject({sections: 5, movedRoutes: 430});
    expect(result.sectionPaths['section-0-0.js']).toHaveLength(30);
    for (const [section, list] of Object.values(result.sectionPaths).entries()) {
      for (const route of list) {
        expect(sectionFor(route, rule)).toBe(section);
        expect(route.startsWith('/docs/api/2.2.0/')).toBe(section === 0);
      }
    }
  });

  it('keeps a chunk that two sections use in the part every page loads', async () => {
    const shared = (slug: string): RouteConfig => ({...doc(slug), modules: {content: '@site/docs/api/shared.mdx'}}) as RouteConfig;
    const tree = site(300);
    const docs = tree[1].routes![0].routes![0].routes!;
    docs.push(shared('twin-a'), shared('twin-b'), shared('twin-c'), shared('twin-d'));
    const files = await generated(tree);
    const sharedChunk = [...parseRegistry(files.registry)].find(([, line]) => line.includes('@site/docs/api/shared.mdx'))![0];
    const result = splitRouteFiles(files, {sectionSize: 50, minRoutes: 100});
    const inSections = Object.entries(result.files).filter(([name, code]) => name.startsWith('section-') && code.includes(`"${sharedChunk}": [`));
    const sections = new Set(['twin-a', 'twin-b', 'twin-c', 'twin-d'].map((slug) => sectionOf(`/docs/api/${slug}`, result.sections)));
    expect(sections.size).toBeGreaterThan(1);
    expect(inSections).toEqual([]);
    expect(parseRegistry(result.files['registry.js']).has(sharedChunk)).toBe(true);
  });

  it('writes main files that evaluate to the same table as the original, minus the moved routes', async () => {
    const files = await generated(site(20));
    const result = splitRouteFiles(files, {sectionSize: 50, minRoutes: 100});
    expect(evaluateRoutes(result.files['routes.js'])).toEqual(evaluateRoutes(files.routes));
    expect([...parseRegistry(result.files['registry.js'])]).toEqual([...parseRegistry(files.registry)]);
    expect(JSON.parse(result.files['routesChunkNames.json'])).toEqual(JSON.parse(files.routesChunkNames));
  });
});
