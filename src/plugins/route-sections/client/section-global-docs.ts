/**
 * Puts the docs plugin's global-data entries a route section carries back
 * into the list the theme reads (src/plugins/route-sections/global-docs.ts
 * took them out of the client bundle's `@generated/globalData`). The global
 * data is one object for the whole app (./runtime.ts passes it), so adding
 * in place is enough; a section loads before its pages render.
 */
export interface GlobalDoc {
  id: string;
  path: string;
  sidebar?: string;
}

/** [plugin id, version name, docs], as the section exports them. */
export type SectionDocs = [string, string, GlobalDoc[]][];

/** The docs plugin's name, its key in the global data. */
export const DOCS_PLUGIN = 'docusaurus-plugin-content-docs';

export type DocsGlobalData = Record<string, Record<string, {versions?: {name: string; docs?: GlobalDoc[]}[]} | undefined> | undefined>;

/** Adds a loaded section's doc entries to their versions' lists (once: a section may be added again after a retry). */
export function addGlobalDocs(groups: SectionDocs | undefined, data: DocsGlobalData): void {
  for (const [pluginId, versionName, docs] of groups ?? []) {
    const version = data[DOCS_PLUGIN]?.[pluginId]?.versions?.find((candidate) => candidate.name === versionName);
    if (version?.docs === undefined) continue;
    const known = new Set(version.docs.map((doc) => doc.path));
    version.docs.push(...docs.filter((doc) => !known.has(doc.path)));
  }
}
