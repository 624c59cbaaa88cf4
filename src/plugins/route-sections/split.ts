/**
 * Splits Docusaurus's generated route table into a part every page loads and
 * sections loaded on demand, so the browser's route table does not grow with
 * the API (see ./index.ts for why and how it is wired in).
 *
 * Input: the three files Docusaurus generates (`routes.js`, `registry.js`,
 * `routesChunkNames.json`). Output: the same three, minus the split routes
 * and the chunk entries only they use, plus `sections.js` (one entry per
 * split route list: where it is, how many sections, their loaders) and one
 * module per section with its routes and their chunk entries.
 */
import {sectionFor} from './client/bucket';

/** What `ComponentCreator(path, hash)` stood for in routes.js. */
interface ComponentRef {
  componentCreator: [string] | [string, string];
}

export interface RouteNode {
  path: string;
  component: ComponentRef;
  exact?: boolean;
  routes?: RouteNode[];
  [attribute: string]: unknown;
}

export interface GeneratedRouteFiles {
  routes: string;
  registry: string;
  routesChunkNames: string;
}

export interface SplitOptions {
  /** Routes per section, about; `auto`: sectionSizeFor the list's routes. */
  sectionSize: number | 'auto';
  /** A route list is split only when it has more exact leaf routes than this. */
  minRoutes: number;
  /**
   * Route prefixes (ending in `/`) whose routes go into sections of their
   * own, in a list of any size, apart from every other route: an older
   * version's or another API's pages, which no page of the current version
   * needs. Each prefix's routes are sectioned by hash like a long list.
   */
  isolatedPrefixes?: readonly string[];
}

export const DEFAULT_SPLIT_OPTIONS: SplitOptions = {sectionSize: 'auto', minRoutes: 300};

/**
 * Routes per section that keep a page's first load smallest. A page loads
 * the main bundle, where each section costs about 32 bytes (gzip: its loader
 * and its chunk's names in the runtime), and its own section, about 620
 * bytes plus 88 per route. 32 × routes / size + 88 × size is least at
 * size = √(32 / 88 × routes). Never under 25, so that a reader's next page
 * is not always in yet another small file.
 */
export function sectionSizeFor(routes: number): number {
  return Math.max(25, Math.round(Math.sqrt((32 / 88) * routes)));
}

export interface SplitResult {
  /** File name (relative to the output folder) → content. */
  files: Record<string, string>;
  /** Paths of the routes moved into sections. */
  movedPaths: Set<string>;
  /** Routes moved into sections, and the sections made. */
  movedRoutes: number;
  sections: number;
  /** Paths of each section's routes, by section file (`section-<id>.js`). */
  sectionPaths: Record<string, string[]>;
  /** Routes moved into the sections of isolated prefixes, and the chunks (by name) only they use. */
  isolated: {routes: number; chunkNames: Set<string>};
}

/** The route table of routes.js, with each ComponentCreator call as a ComponentRef. */
export function evaluateRoutes(code: string): RouteNode[] {
  const body = code
    .replace(/^import .*$/gm, '')
    .replace(/^export default /m, 'return ');
  const componentCreator = (...args: string[]): ComponentRef => ({componentCreator: args as ComponentRef['componentCreator']});
  // The code is Docusaurus's own output for this build: object literals and
  // ComponentCreator calls, paths and attributes as JSON.
  return new Function('React', 'ComponentCreator', body)(undefined, componentCreator) as RouteNode[];
}

const REGISTRY_LINE = /^ {2}"([^"]+)": \[/;

/** registry.js as chunk name → its line, verbatim. */
export function parseRegistry(code: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of code.split('\n')) {
    const match = REGISTRY_LINE.exec(line);
    if (match) entries.set(match[1], line.replace(/\};\s*$/, '').replace(/,?\s*$/, ','));
  }
  return entries;
}

function registryCode(lines: Iterable<string>): string {
  return `{\n${[...lines].join('\n')}\n}`;
}

function serializeValue(value: unknown, indent: string): string {
  if (Array.isArray(value)) return serializeRoutes(value as RouteNode[], indent);
  return JSON.stringify(value);
}

function serializeRoute(route: RouteNode, indent: string): string {
  const inner = `${indent}  `;
  const fields = Object.entries(route).map(([key, value]) => {
    if (key === 'component') {
      const args = (value as ComponentRef).componentCreator.map((arg) => JSON.stringify(arg)).join(', ');
      return `${inner}component: ComponentCreator(${args})`;
    }
    return `${inner}${JSON.stringify(key)}: ${serializeValue(value, inner)}`;
  });
  return `{\n${fields.join(',\n')}\n${indent}}`;
}

function serializeRoutes(routes: readonly RouteNode[], indent: string): string {
  if (routes.length === 0) return '[]';
  const inner = `${indent}  `;
  return `[\n${routes.map((route) => `${inner}${serializeRoute(route, inner)}`).join(',\n')}\n${indent}]`;
}

const ROUTES_HEADER = "import React from 'react';\nimport ComponentCreator from '@docusaurus/ComponentCreator';\n";

function chunkKey(route: RouteNode): string | undefined {
  const [routePath, hash] = route.component.componentCreator;
  return hash === undefined ? undefined : `${routePath}-${hash}`;
}

/** Every chunk name in a routesChunkNames entry (nested objects and arrays). */
function chunkNamesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(chunkNamesOf);
  return [];
}

const isSplittable = (route: RouteNode): boolean => route.exact === true && route.routes === undefined && chunkKey(route) !== undefined;

interface SplitList {
  /** Index chain from the top-level list to the route whose children are split. */
  parent: number[];
  path: string;
  sections: number;
  /** The isolated prefixes with routes in this list and their sections (./client/bucket.ts's SectionRule). */
  prefixes?: [string, number][];
  /** Original indices of the children that stay. */
  keep: number[];
  /** Per section: [original index, route]. */
  moved: [number, RouteNode][][];
}

/** Sections for `routes` routes. */
function sectionsFor(routes: number, options: SplitOptions): number {
  return Math.ceil(routes / (options.sectionSize === 'auto' ? sectionSizeFor(routes) : options.sectionSize));
}

/**
 * How a list's children are split, or undefined when they all stay: the
 * routes under each isolated prefix (the longest that matches) get sections
 * of their own, at any size of the list, so another API's or an older
 * version's routes never share a section with the rest; the other routes
 * are sectioned by hash only when there are more than `minRoutes` of them.
 */
function splitOf(children: readonly RouteNode[], parent: number[], path: string, options: SplitOptions): SplitList | undefined {
  const isolated = [...(options.isolatedPrefixes ?? [])].sort((a, b) => b.length - a.length);
  const prefixOf = (child: RouteNode) => (isSplittable(child) ? isolated.find((prefix) => child.path.startsWith(prefix)) : undefined);
  const counts = new Map<string, number>();
  let others = 0;
  for (const child of children) {
    if (!isSplittable(child)) continue;
    const prefix = prefixOf(child);
    if (prefix === undefined) others += 1;
    else counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  const othersSections = others > options.minRoutes ? sectionsFor(others, options) : 0;
  if (counts.size === 0 && othersSections === 0) return undefined;
  const prefixes = isolated.filter((prefix) => counts.has(prefix)).map((prefix): [string, number] => [prefix, sectionsFor(counts.get(prefix)!, options)]);
  const sections = prefixes.reduce((sum, [, count]) => sum + count, othersSections);
  const split: SplitList = {parent, path, sections, ...(prefixes.length > 0 ? {prefixes} : {}), keep: [], moved: Array.from({length: sections}, () => [])};
  children.forEach((child, childIndex) => {
    const section = isSplittable(child) ? sectionFor(child.path, split) : -1;
    if (section >= 0) split.moved[section].push([childIndex, child]);
    else split.keep.push(childIndex);
  });
  return split;
}

/** Prunes the split routes from the tree; returns the splits, with index chains into the pruned tree. */
function findSplits(routes: RouteNode[], options: SplitOptions, chain: number[] = [], found: SplitList[] = []): SplitList[] {
  routes.forEach((route, index) => {
    const children = route.routes;
    if (children === undefined) return;
    const split = splitOf(children, [...chain, index], route.path, options);
    if (split !== undefined) {
      route.routes = split.keep.map((childIndex) => children[childIndex]);
      found.push(split);
    }
    findSplits(route.routes ?? [], options, [...chain, index], found);
  });
  return found;
}

function collectKeys(routes: readonly RouteNode[], into: Set<string>): Set<string> {
  for (const route of routes) {
    const key = chunkKey(route);
    if (key !== undefined) into.add(key);
    collectKeys(route.routes ?? [], into);
  }
  return into;
}

/** Splits the generated route files; returns them unchanged (and no sections) when no list is long enough. */
export function splitRouteFiles(generated: GeneratedRouteFiles, options: SplitOptions = DEFAULT_SPLIT_OPTIONS): SplitResult {
  const routes = evaluateRoutes(generated.routes);
  const registry = parseRegistry(generated.registry);
  const chunkNames = JSON.parse(generated.routesChunkNames) as Record<string, unknown>;
  const splits = findSplits(routes, options);

  // A chunk moves into a section when nothing else uses it.
  const owners = new Map<string, Set<string>>();
  const own = (owner: string, key: string) => {
    for (const name of chunkNamesOf(chunkNames[key])) {
      if (!owners.has(name)) owners.set(name, new Set());
      owners.get(name)?.add(owner);
    }
  };
  for (const key of collectKeys(routes, new Set())) own('main', key);
  // Route keys of each section, by section id ("<split>-<section>").
  const sectionKeys = new Map<string, Set<string>>();
  splits.forEach((split, splitIndex) =>
    split.moved.forEach((section, sectionIndex) => {
      const id = `${splitIndex}-${sectionIndex}`;
      const keys = collectKeys(
        section.map(([, route]) => route),
        new Set(),
      );
      sectionKeys.set(id, keys);
      keys.forEach((key) => own(id, key));
    }),
  );
  const sectionOfChunk = (name: string): string | undefined => {
    const set = owners.get(name);
    return set && set.size === 1 && !set.has('main') ? [...set][0] : undefined;
  };
  // Registry lines by where they go: a section id, or undefined for main.
  const registryLines = new Map<string | undefined, string[]>();
  for (const [name, line] of registry) {
    const owner = sectionOfChunk(name);
    const lines = registryLines.get(owner) ?? [];
    lines.push(line);
    registryLines.set(owner, lines);
  }

  const files: Record<string, string> = {};
  const mainChunkNames: Record<string, unknown> = {};
  const movedKeys = new Set<string>();
  let movedRoutes = 0;
  const movedPaths = new Set<string>();
  const sectionPaths: Record<string, string[]> = {};
  const isolated: SplitResult['isolated'] = {routes: 0, chunkNames: new Set()};
  const sectionEntries = splits.map((split, splitIndex) => {
    const isolatedSections = (split.prefixes ?? []).reduce((sum, [, count]) => sum + count, 0);
    const loaders = split.moved.map((section, sectionIndex) => {
      const id = `${splitIndex}-${sectionIndex}`;
      const keys = sectionKeys.get(id) ?? new Set<string>();
      keys.forEach((key) => movedKeys.add(key));
      movedRoutes += section.length;
      if (sectionIndex < isolatedSections) {
        isolated.routes += section.length;
        for (const line of registryLines.get(id) ?? []) isolated.chunkNames.add(REGISTRY_LINE.exec(line)![1]);
      }
      for (const [, route] of section) movedPaths.add(route.path);
      sectionPaths[`section-${id}.js`] = section.map(([, route]) => route.path);
      const sectionChunkNames = Object.fromEntries([...keys].map((key) => [key, chunkNames[key]]));
      const sectionRegistry = registryLines.get(id) ?? [];
      files[`section-${id}.js`] = `${ROUTES_HEADER}
export const registry = ${registryCode(sectionRegistry)};

export const routesChunkNames = ${JSON.stringify(sectionChunkNames)};

/** [original index among the parent's routes, route]; a function, so ComponentCreator runs after the registry is merged. */
export function routes() {
  return [
${section.map(([index, route]) => `    [${index}, ${serializeRoute(route, '    ')}]`).join(',\n')}
  ];
}
`;
      return `() => import(/* webpackChunkName: "route-section-${id}" */ "./section-${id}.js")`;
    });
    return `  {parent: ${JSON.stringify(split.parent)}, path: ${JSON.stringify(split.path)}, sections: ${split.sections},${
      split.prefixes ? ` prefixes: ${JSON.stringify(split.prefixes)},` : ''
    } size: ${
      split.keep.length + split.moved.reduce((sum, section) => sum + section.length, 0)
    }, keep: ${JSON.stringify(split.keep)}, load: [\n    ${loaders.join(',\n    ')}\n  ]}`;
  });

  for (const [key, value] of Object.entries(chunkNames)) if (!movedKeys.has(key)) mainChunkNames[key] = value;
  files['routes.js'] = `${ROUTES_HEADER}\nexport default ${serializeRoutes(routes, '')};\n`;
  files['registry.js'] = `export default ${registryCode(registryLines.get(undefined) ?? [])};\n`;
  files['routesChunkNames.json'] = JSON.stringify(mainChunkNames);
  files['sections.js'] = `/** Route lists split into sections: src/plugins/route-sections. */\nexport default [\n${sectionEntries.join(',\n')}\n];\n`;
  return {files, movedPaths, movedRoutes, sections: splits.reduce((sum, split) => sum + split.sections, 0), sectionPaths, isolated};
}

