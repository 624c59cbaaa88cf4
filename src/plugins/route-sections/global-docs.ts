/**
 * The docs plugin's global data lists every doc of every version (id, path,
 * sidebar) and Docusaurus puts all global data into `main.js`, which every
 * page of the site loads. The theme
 * reads that list to find the doc a path shows (`getActiveDocContext`: the
 * navbar's sidebar item is active on a doc of its sidebar, the version
 * banner) and a doc by id (`useLayoutDoc`: navbar items of type `doc`).
 *
 * In the client bundle the entries of docs whose routes went into sections
 * leave the list and travel with their section, which puts them back when it
 * loads (src/plugins/route-sections/client/section-global-docs.ts). A section loads before
 * its pages render, so the doc a page shows is in the list whenever the
 * theme looks for it. Kept in the list: each version's main doc
 * (`getVersionMainDoc`) and the docs navbar items name (`useLayoutDoc`
 * throws for a missing id, on every page).
 */

import {DOCS_PLUGIN, type GlobalDoc, type SectionDocs} from './client/section-global-docs';

interface GlobalVersion {
  name: string;
  mainDocId?: string;
  docs?: GlobalDoc[];
}

export type GlobalData = Record<string, Record<string, unknown>>;


export interface SplitGlobalDocs {
  /** The global data without the moved docs; undefined when nothing moved. */
  trimmed: GlobalData | undefined;
  /** Path of a moved page → [plugin id, version name, its entry]. */
  byPath: Map<string, [string, string, GlobalDoc]>;
}

/** Doc ids named by navbar items (`docId` of `doc` items, at any depth: dropdowns). */
export function navbarDocIds(items: readonly unknown[] | undefined): Set<string> {
  const ids = new Set<string>();
  const visit = (list: readonly unknown[]) => {
    for (const item of list) {
      if (item === null || typeof item !== 'object') continue;
      const {docId, items: children} = item as {docId?: unknown; items?: unknown};
      if (typeof docId === 'string') ids.add(docId);
      if (Array.isArray(children)) visit(children);
    }
  };
  visit(items ?? []);
  return ids;
}

/**
 * Takes the entries of docs at `movedPaths` out of the docs plugin's global
 * data (a copy; `globalData` is not changed), except the docs in `keepIds`
 * and each version's main doc.
 */
export function splitGlobalDocs(globalData: GlobalData, movedPaths: ReadonlySet<string>, keepIds: ReadonlySet<string>): SplitGlobalDocs {
  const byPath: SplitGlobalDocs['byPath'] = new Map();
  const instances = globalData[DOCS_PLUGIN];
  if (instances === undefined) return {trimmed: undefined, byPath};
  const trimmedInstances: Record<string, unknown> = {};
  for (const [pluginId, data] of Object.entries(instances)) {
    const versions = (data as {versions?: unknown} | null)?.versions;
    if (!Array.isArray(versions)) {
      trimmedInstances[pluginId] = data;
      continue;
    }
    const trimmedVersions = (versions as GlobalVersion[]).map((version) => {
      if (!Array.isArray(version?.docs)) return version;
      const docs = version.docs.filter((doc) => {
        // A second entry for a path (no such site is known) stays in the list.
        if (!movedPaths.has(doc.path) || keepIds.has(doc.id) || doc.id === version.mainDocId || byPath.has(doc.path)) return true;
        byPath.set(doc.path, [pluginId, version.name, doc]);
        return false;
      });
      return docs.length === version.docs.length ? version : {...version, docs};
    });
    trimmedInstances[pluginId] = {...(data as object), versions: trimmedVersions};
  }
  if (byPath.size === 0) return {trimmed: undefined, byPath};
  return {trimmed: {...globalData, [DOCS_PLUGIN]: trimmedInstances}, byPath};
}

/** The entries of a section's pages, grouped by plugin id and version, in page order. */
export function sectionDocs(paths: readonly string[], byPath: SplitGlobalDocs['byPath']): SectionDocs {
  const groups = new Map<string, [string, string, GlobalDoc[]]>();
  for (const page of paths) {
    const placed = byPath.get(page);
    if (placed === undefined) continue;
    const [pluginId, version, doc] = placed;
    const key = JSON.stringify([pluginId, version]);
    const group = groups.get(key) ?? [pluginId, version, []];
    group[2].push(doc);
    groups.set(key, group);
  }
  return [...groups.values()];
}
