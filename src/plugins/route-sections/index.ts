import {mkdirSync, readFileSync, writeFileSync, existsSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {DEFAULT_SPLIT_OPTIONS, evaluateRoutes, parseRegistry, splitRouteFiles, type SplitOptions, type SplitResult} from './split';
import {docIdsAt, docPathsOf, trimVersionProps} from './version-props';
import {lazySidebar, lazySidebarModule, sidebarCategoryFiles, sidebarsShownOnlyAt} from './lazy-sidebar';
import {RouteSectionChunkMapsPlugin, sectionChunksOf} from './chunk-maps';
import {EmitFilesPlugin} from './emit-files';
import {commonChunkWithoutIsolated} from './common-chunk';
import {navbarDocIds, sectionDocs, splitGlobalDocs, type GlobalData} from './global-docs';

/** The generated modules the client bundle takes from this plugin's folder instead. */
export const GENERATED_ROUTE_MODULES = {
  routes: /^@generated\/routes$/,
  registry: /^@generated\/registry$/,
  routesChunkNames: /^@generated\/routesChunkNames$/,
} as const;

/** The global data of every plugin, as the core's client imports it (./global-docs.ts trims the docs plugin's). */
export const GENERATED_GLOBAL_DATA = /^@generated\/globalData$/;

/** The core's route preloader (imported as `./preload` by the client entry, navigation and `window.docusaurus`). */
export const CORE_PRELOAD_TEST = /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]preload\.js$/;

const preloadReplacement = path.resolve(__dirname, './client/preload.ts');

/** Route prop modules of the docs plugin, as the registry imports them. */
const DOCS_PROPS_REQUEST = /^@generated\/(docusaurus-plugin-content-docs\/[^"]+\/p\/[^"/]+\.json)$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function writeIfChanged(file: string, content: string): void {
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return;
  writeFileSync(file, content);
}

interface PreparedProps {
  /** [request, file] for the server bundle: the version props without the moved docs. */
  server: [string, string][];
  /** The same for the client bundle, whose sidebars also load by category (./lazy-sidebar.ts). */
  client: [string, string][];
  /** The lazy-sidebar module (@generated/route-sections/lazy-sidebar). */
  sidebarModule: string;
  /** Page path → numbers of the lazy categories it is in. */
  categoriesOfPath: Map<string, number[]>;
  /** The lazy categories' files, emitted with the client bundle's assets. */
  categoryFiles: ReturnType<typeof sidebarCategoryFiles>;
}

/**
 * Writes the docs plugin's version props without the moved docs, and for the
 * client with lazy sidebar categories and sidebars. `routes` is the whole
 * route table (routes.js evaluated).
 */
function prepareVersionProps(result: SplitResult, registry: string, routes: ReturnType<typeof evaluateRoutes>, globalData: GlobalData, generatedFilesDir: string, outDir: string): PreparedProps {
  const data = globalData as Parameters<typeof docIdsAt>[0];
  const dropIds = docIdsAt(data, result.movedPaths);
  const docPaths = docPathsOf(data);
  const requests = new Set([...parseRegistry(registry).values()].map((line) => /import\(\/\*.*?\*\/ "([^"]+)"\)/.exec(line)?.[1] ?? ''));
  const prepared: PreparedProps = {server: [], client: [], sidebarModule: '', categoriesOfPath: new Map(), categoryFiles: {directory: '', files: []}};
  const lazyEntries: Parameters<typeof lazySidebarModule>[0][number][] = [];
  const versionProps: {request: string; name: string; props: unknown}[] = [];
  for (const request of requests) {
    const match = DOCS_PROPS_REQUEST.exec(request);
    if (!match) continue;
    const props = JSON.parse(readFileSync(path.join(generatedFilesDir, match[1]), 'utf8')) as unknown;
    if ((props as {version?: {docsSidebars?: unknown}} | null)?.version?.docsSidebars === undefined) continue;
    versionProps.push({request, name: match[1].replace(/[\\/]/g, '_'), props});
  }
  // A sidebar leaves the client's props whole only where its name is its own: the client finds it by the name a route gives.
  const sidebarNames = versionProps.flatMap(({props}) => Object.keys((props as {version: {docsSidebars: object}}).version.docsSidebars));
  const wholeSidebars = new Set([...sidebarsShownOnlyAt(routes, result.movedPaths)].filter((name) => sidebarNames.indexOf(name) === sidebarNames.lastIndexOf(name)));
  for (const {request, name, props} of versionProps) {
    const trimmed = trimVersionProps(props, dropIds, docPaths);
    const lazy = lazySidebar(trimmed ?? props, result.movedPaths, wholeSidebars);
    if (trimmed === undefined && lazy === undefined) continue;
    const file = path.join(outDir, 'props', name);
    mkdirSync(path.dirname(file), {recursive: true});
    writeIfChanged(file, JSON.stringify(trimmed ?? props));
    prepared.server.push([request, file]);
    if (lazy === undefined) {
      prepared.client.push([request, file]);
      continue;
    }
    const clientFile = path.join(outDir, 'props', `client-${name}`);
    writeIfChanged(clientFile, JSON.stringify(lazy.props));
    prepared.client.push([request, clientFile]);
    const offset = lazyEntries.reduce((sum, entry) => sum + entry.categories.length, 0);
    for (const [page, indexes] of lazy.categoriesOfPath) {
      if (!prepared.categoriesOfPath.has(page)) prepared.categoriesOfPath.set(page, indexes.map((index) => offset + index));
    }
    // A request relative to the generated module, which sits in outDir.
    lazyEntries.push({propsFile: `./${path.relative(outDir, clientFile).split(path.sep).join('/')}`, categories: lazy.categories, sidebars: lazy.sidebars});
  }
  prepared.categoryFiles = sidebarCategoryFiles(
    lazyEntries.flatMap((entry) => entry.categories),
    lazyEntries.flatMap((entry) => entry.sidebars ?? []),
  );
  prepared.sidebarModule = lazySidebarModule(lazyEntries, prepared.categoryFiles.directory);
  return prepared;
}

/**
 * Writes the client's global data without the docs plugin's entries of moved
 * pages, and appends each section's entries to its file (./global-docs.ts).
 * Returns the file, or undefined when nothing moved.
 */
function prepareGlobalData(result: SplitResult, globalData: GlobalData, themeConfig: LoadContext['siteConfig']['themeConfig'], outDir: string): string | undefined {
  const navbarItems = (themeConfig as {navbar?: {items?: unknown[]}}).navbar?.items;
  const {trimmed, byPath} = splitGlobalDocs(globalData, result.movedPaths, navbarDocIds(navbarItems));
  if (trimmed === undefined) return undefined;
  for (const [file, paths] of Object.entries(result.sectionPaths)) {
    result.files[file] += `\n/** The docs plugin's global-data entries of its pages (src/plugins/route-sections/global-docs.ts). */\nexport const globalDocs = ${JSON.stringify(sectionDocs(paths, byPath))};\n`;
  }
  const file = path.join(outDir, 'global-data.json');
  writeIfChanged(file, JSON.stringify(trimmed));
  return file;
}

/**
 * A route table in the browser that does not grow with the API.
 *
 * Docusaurus puts every route, the chunk registry entry of every route's
 * modules and their chunk names into `main.js`, which for a large API is
 * megabytes parsed before anything hydrates. No
 * option changes that: the three modules are generated by the core
 * (`@generated/routes`, `registry`, `routesChunkNames`) and imported by its
 * client entry.
 *
 * In the client bundle of a production build, this plugin replaces them with
 * split copies (./split.ts): a route list with more than `minRoutes` exact
 * routes (the docs of a large API) keeps its other routes, and its exact
 * routes go into sections of about `sectionSize` routes (./split.ts, by
 * default the size that keeps a page's first load smallest), chosen by a hash of
 * the path (src/plugins/route-sections/client/bucket.ts), so the browser needs no
 * table to know which section to load. The core's `preload` (first render,
 * every navigation, link preloads) is replaced by one that loads the path's
 * sections first (src/plugins/route-sections/client/preload.ts). The server bundle
 * keeps the whole table: every page is rendered from it, and the HTML is the
 * same. In both bundles, the docs of moved routes leave the docs map of their
 * version's metadata (./version-props.ts). In the client bundle, the file
 * names of the chunks only moved routes load leave the bundler's runtime and
 * travel with their sections (./chunk-maps.ts), so do the docs plugin's
 * global-data entries of moved pages (./global-docs.ts), and the sidebar's
 * categories whose pages all moved load on demand (./lazy-sidebar.ts).
 */
export default function routeSectionsPlugin(context: Pick<LoadContext, 'generatedFilesDir' | 'siteConfig'>, options: Partial<SplitOptions> = {}): Plugin {
  const splitOptions = {...DEFAULT_SPLIT_OPTIONS, ...options};
  const outDir = path.join(context.generatedFilesDir, 'route-sections');
  // The module the runtime imports must exist in every build, split or not.
  mkdirSync(outDir, {recursive: true});
  writeIfChanged(path.join(outDir, 'sections.js'), 'export default [];\n');
  writeIfChanged(path.join(outDir, 'lazy-sidebar.js'), lazySidebarModule([]));
  const prepare = () => {
    const read = (name: string) => readFileSync(path.join(context.generatedFilesDir, name), 'utf8');
    const registry = read('registry.js');
    const result = splitRouteFiles({routes: read('routes.js'), registry, routesChunkNames: read('routesChunkNames.json')}, splitOptions);
    if (result.sections === 0) return {result, versionProps: undefined, globalDocs: undefined};
    // Read once: the version props and the client's global data are both cut from it.
    const globalData = JSON.parse(read('globalData.json')) as GlobalData;
    const versionProps = prepareVersionProps(result, registry, evaluateRoutes(read('routes.js')), globalData, context.generatedFilesDir, outDir);
    // Each section names the lazy sidebar categories of each of its pages: a
    // number, or a list for a page in several (an operation with several tags).
    for (const [file, paths] of Object.entries(result.sectionPaths)) {
      const categories = Object.fromEntries(paths.flatMap((page) => {
        const numbers = versionProps.categoriesOfPath.get(page);
        if (numbers === undefined || numbers.length === 0) return [];
        return [[page, numbers.length === 1 ? numbers[0] : numbers]];
      }));
      result.files[file] += `\n/** Page path → its sidebar categories that load on demand (src/plugins/route-sections/lazy-sidebar.ts). */\nexport const sidebarCategories = ${JSON.stringify(categories)};\n`;
    }
    result.files['lazy-sidebar.js'] = versionProps.sidebarModule;
    const globalDocs = prepareGlobalData(result, globalData, context.siteConfig.themeConfig, outDir);
    return {result, versionProps, globalDocs};
  };
  let prepared: ReturnType<typeof prepare> | undefined;
  return {
    name: 'route-sections',
    configureWebpack(config, isServer, {currentBundler}) {
      if (config.mode !== 'production') return {};
      // The server and the client bundle are configured from the same generated files: split them once.
      const {result, versionProps, globalDocs} = (prepared ??= prepare());
      if (result.sections === 0 || versionProps === undefined) return {};
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      const plugins: {apply(compiler: unknown): void}[] = versionProps[isServer ? 'server' : 'client'].map(
        ([request, file]) => new NormalModuleReplacementPlugin(new RegExp(`^${escapeRegExp(request)}$`), file),
      );
      if (!isServer) {
        commonChunkWithoutIsolated(config, result.isolated);
        for (const [name, content] of Object.entries(result.files)) writeIfChanged(path.join(outDir, name), content);
        plugins.push(
          ...Object.entries(GENERATED_ROUTE_MODULES).map(
            ([name, test]) => new NormalModuleReplacementPlugin(test, path.join(outDir, name === 'routesChunkNames' ? `${name}.json` : `${name}.js`)),
          ),
          new NormalModuleReplacementPlugin(CORE_PRELOAD_TEST, preloadReplacement),
          new RouteSectionChunkMapsPlugin(sectionChunksOf(result.files)),
          new EmitFilesPlugin(versionProps.categoryFiles.files),
        );
        if (globalDocs !== undefined) plugins.push(new NormalModuleReplacementPlugin(GENERATED_GLOBAL_DATA, globalDocs));
      }
      return {plugins};
    },
  };
}
