/**
 * Loads the sections of the route table a path needs (src/plugins/route-sections
 * split them off at build time) and puts their routes back where they were.
 *
 * The route lists, the chunk registry and the chunk names are the objects the
 * rest of the Docusaurus client imports; merging into them in place means
 * `matchRoutes`, `renderRoutes` and `ComponentCreator` see the loaded routes
 * as if they had always been there.
 */
import routes from '@generated/routes';
import registry from '@generated/registry';
import routesChunkNames from '@generated/routesChunkNames';
import splits from '@generated/route-sections/sections';
import {matchPath} from 'react-router-dom';
import type {RouteConfig} from 'react-router-config';
import {sectionFor} from './bucket';
// Before any section loads: the files of the chunks the sections carry.
import './chunk-files';
import {addSidebarCategories} from './sidebar';
import globalData from '@generated/globalData';
import {addGlobalDocs, type DocsGlobalData, type SectionDocs} from './section-global-docs';

interface SectionModule {
  registry: Record<string, unknown>;
  routesChunkNames: Record<string, unknown>;
  /** Page path → its sidebar category that loads on demand (./sidebar.ts). */
  sidebarCategories?: Record<string, number | number[]>;
  /** The docs plugin's global-data entries of its pages (./global-docs.ts). */
  globalDocs?: SectionDocs;
  routes: () => [number, RouteConfig][];
}

export interface SplitList {
  parent: number[];
  path: string;
  sections: number;
  /** Set when some routes are sectioned by route prefix (./bucket.ts). */
  prefixes?: [string, number][];
  size: number;
  keep: number[];
  load: (() => Promise<SectionModule>)[];
}

interface LiveSplit {
  split: SplitList;
  /** The route whose children were split. */
  route: RouteConfig;
  /** Its children by original index; loaded sections fill the gaps. */
  slots: (RouteConfig | undefined)[];
  loading: Map<number, Promise<void>>;
}

/**
 * renderRoutes keys each route by its index unless it has a key: a section
 * loaded while a page is shown (a link preload) would shift the indices and
 * remount the page on its next render. The original index is a key that
 * never changes.
 */
function withKey(route: RouteConfig | undefined, index: number): RouteConfig | undefined {
  if (route !== undefined) route.key = `route-${index}`;
  return route;
}

function routeAt(list: RouteConfig[], chain: readonly number[]): RouteConfig {
  const [index, ...rest] = chain;
  const route = list[index];
  return rest.length === 0 ? route : routeAt(route.routes ?? [], rest);
}

// Resolved before any section changes the lists, so the index chains hold.
const live: LiveSplit[] = (splits as SplitList[]).map((split) => {
  const route = routeAt(routes as RouteConfig[], split.parent);
  const slots: (RouteConfig | undefined)[] = Array.from({length: split.size});
  split.keep.forEach((index, position) => {
    slots[index] = withKey(route.routes?.[position], index);
  });
  return {split, route, slots, loading: new Map()};
});

function loadSection(entry: LiveSplit, section: number): Promise<void> {
  let promise = entry.loading.get(section);
  if (promise === undefined) {
    promise = entry.split.load[section]().then((module) => {
      Object.assign(registry, module.registry);
      Object.assign(routesChunkNames, module.routesChunkNames);
      addSidebarCategories(module.sidebarCategories);
      addGlobalDocs(module.globalDocs, globalData as DocsGlobalData);
      for (const [index, route] of module.routes()) entry.slots[index] = withKey(route, index);
      const children = entry.route.routes ?? [];
      children.splice(0, children.length, ...entry.slots.filter((route): route is RouteConfig => route !== undefined));
      entry.route.routes = children;
    });
    // A failed load (offline) may be retried by the next navigation.
    promise.catch(() => entry.loading.delete(section));
    entry.loading.set(section, promise);
  }
  return promise;
}

/** Loads the route sections `pathname` may be in; resolves at once when there are none or they are loaded. */
export function ensureRouteSections(pathname: string): Promise<void> {
  const pending = live
    .filter(({split}) => matchPath(pathname, {path: split.path, exact: false}) !== null)
    .map((entry) => ({entry, section: sectionFor(pathname, entry.split)}))
    .filter(({section}) => section >= 0)
    .map(({entry, section}) => loadSection(entry, section));
  return Promise.all(pending).then(() => undefined);
}
