import {createRequire} from 'node:module';
import type {Plugin} from '@docusaurus/types';

const require = createRequire(__filename);

/** The docs plugin's sidebar helpers module, whose `createSidebarsUtils` its version loading calls. */
export const SIDEBARS_UTILS_MODULE = '@docusaurus/plugin-content-docs/lib/sidebars/utils.js';

interface NavigationItem {
  type: string;
  id?: string;
  link?: {type: string; id?: string};
}

interface DocNavigationRequest {
  docId: string;
  displayedSidebar: string | null | undefined;
  unlistedIds: Set<string>;
}

interface DocNavigation {
  sidebarName: string | undefined;
  previous: NavigationItem | undefined;
  next: NavigationItem | undefined;
}

export interface SidebarsUtils {
  getSidebarNameByDocId(docId: string): string | undefined;
  getDocNavigation(request: DocNavigationRequest): DocNavigation;
}

interface SidebarsUtilsModule {
  createSidebarsUtils: ((sidebars: Record<string, unknown>) => SidebarsUtils) & {indexedNavigation?: true};
  collectSidebarNavigation: (sidebar: unknown) => NavigationItem[];
}

/** The id an item stands for in the navigation: a doc's own, a category's linked doc's. */
function navigationId(item: NavigationItem): string | undefined {
  if (item.type === 'doc') return item.id;
  if (item.type === 'category' && item.link?.type === 'doc') return item.link.id;
  return undefined;
}

interface IndexedNavigation {
  unlistedSize: number;
  items: NavigationItem[];
  positionOf: Map<string, number>;
}

/**
 * `utils` with a `getDocNavigation` that answers exactly as its own (the
 * previous and next item of a doc in its sidebar, unlisted docs left out),
 * from a list filtered once and an index of positions instead of filtering
 * the sidebar's whole navigation and searching it for every doc.
 */
export function withIndexedNavigation(
  utils: SidebarsUtils,
  sidebars: Record<string, unknown>,
  collectSidebarNavigation: SidebarsUtilsModule['collectSidebarNavigation'],
): SidebarsUtils {
  const navigations = new Map(Object.entries(sidebars).map(([name, sidebar]) => [name, collectSidebarNavigation(sidebar)]));
  const indexes = new Map<string, WeakMap<Set<string>, IndexedNavigation>>();
  const indexFor = (sidebarName: string, unlistedIds: Set<string>): IndexedNavigation => {
    let bySet = indexes.get(sidebarName);
    if (bySet === undefined) indexes.set(sidebarName, (bySet = new WeakMap()));
    let index = bySet.get(unlistedIds);
    if (index === undefined || index.unlistedSize !== unlistedIds.size) {
      const items = navigations.get(sidebarName)!.filter((item) => {
        if (item.type === 'doc' && unlistedIds.has(item.id!)) return false;
        if (item.type === 'category' && item.link?.type === 'doc' && unlistedIds.has(item.link.id!)) return false;
        return true;
      });
      const positionOf = new Map<string, number>();
      items.forEach((item, position) => {
        const id = navigationId(item);
        if (id !== undefined && !positionOf.has(id)) positionOf.set(id, position);
      });
      index = {unlistedSize: unlistedIds.size, items, positionOf};
      bySet.set(unlistedIds, index);
    }
    return index;
  };
  const getDocNavigation = (request: DocNavigationRequest): DocNavigation => {
    const {docId, displayedSidebar, unlistedIds} = request;
    const sidebarName = displayedSidebar === undefined ? utils.getSidebarNameByDocId(docId) : displayedSidebar;
    // No sidebar, or one that does not exist (its own error): as the original.
    if (!sidebarName || !navigations.has(sidebarName)) return utils.getDocNavigation(request);
    const {items, positionOf} = indexFor(sidebarName, unlistedIds);
    const position = positionOf.get(docId);
    if (position === undefined) return {sidebarName, next: undefined, previous: undefined};
    return {sidebarName, previous: items[position - 1], next: items[position + 1]};
  };
  return {...utils, getDocNavigation};
}

/** Makes the docs plugin's `createSidebarsUtils` give indexed navigation; once per process. */
export function installIndexedNavigation(module: SidebarsUtilsModule = require(SIDEBARS_UTILS_MODULE) as SidebarsUtilsModule): void {
  const original = module.createSidebarsUtils;
  if (typeof original !== 'function' || typeof module.collectSidebarNavigation !== 'function') {
    throw new Error(
      `[docs-navigation] ${SIDEBARS_UTILS_MODULE} no longer exports createSidebarsUtils and collectSidebarNavigation; src/plugins/docs-navigation must be updated for this Docusaurus version`,
    );
  }
  if (original.indexedNavigation) return;
  const indexed = Object.assign((sidebars: Record<string, unknown>) => withIndexedNavigation(original(sidebars), sidebars, module.collectSidebarNavigation), {
    indexedNavigation: true as const,
  });
  module.createSidebarsUtils = indexed;
}

/**
 * Previous and next links of docs in time that grows with the docs, not
 * their square.
 *
 * The docs plugin (3.10.2, lib/sidebars/utils.js) finds each doc's previous
 * and next sidebar item by filtering the sidebar's whole navigation for
 * unlisted docs and searching it, once per doc: N² work while the site loads.
 * For tens of thousands of docs that is most of the content loading. No option
 * changes it; the function is created inside the plugin's version loading.
 * This plugin replaces the module's `createSidebarsUtils` export, which the
 * plugin calls through the module at call time, with one whose
 * `getDocNavigation` uses an index (`withIndexedNavigation`, checked against
 * the original on generated sidebars). Docusaurus creates plugins before it
 * loads their content, so the replacement is in place in time.
 */
export default function docsNavigationPlugin(): Plugin {
  installIndexedNavigation();
  return {name: 'docs-navigation'};
}
