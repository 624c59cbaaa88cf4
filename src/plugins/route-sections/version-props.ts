/**
 * The docs plugin gives every docs page its version's metadata as a route
 * prop: the sidebars and a map of every doc (id, title, description,
 * sidebar). The map is only read by `useDocById` (DocCard, in category index
 * pages and `<DocCardList>`), yet it is most of the chunk that every docs page
 * loads. Docs whose routes went into
 * sections are dropped from it, except the items of generated category
 * index pages (a category whose link is not a doc), which render a DocCard
 * per item. Any other DocCard of a dropped doc would fail the build loudly
 * (`no version doc found by id`), not the reader's page.
 */
import {withNameGroupsOpened} from '../../openapi/generation/name-groups';


export interface DocsGlobalData {
  versions: {docs: {id: string; path: string}[]}[];
}

/**
 * Path → id of every entry of the docs plugin's global data: docs, and also
 * generated index pages (whose id is their path and which are no docs).
 */
export function docPathsOf(globalData: Record<string, Record<string, DocsGlobalData>>): Map<string, string> {
  return new Map(
    Object.values(globalData).flatMap((instances) =>
      Object.values(instances).flatMap((data) => (data.versions ?? []).flatMap((version) => (version.docs ?? []).map((doc): [string, string] => [doc.path, doc.id]))),
    ),
  );
}

/** Ids of docs whose path is one of `paths`, from the docs plugin's global data. */
export function docIdsAt(globalData: Record<string, Record<string, DocsGlobalData>>, paths: ReadonlySet<string>): Set<string> {
  const ids = new Set<string>();
  for (const instances of Object.values(globalData)) {
    for (const data of Object.values(instances)) {
      for (const version of data.versions ?? []) for (const doc of version.docs ?? []) if (paths.has(doc.path)) ids.add(doc.id);
    }
  }
  return ids;
}

interface SidebarItem {
  type: string;
  href?: string;
  docId?: string;
  customProps?: Record<string, unknown>;
  items?: SidebarItem[];
}

/** Doc ids listed by generated index pages: direct doc items of categories whose link is not a doc's page, and those of their groups of names (src/theme/DocCardList lists them). */
function generatedIndexItems(sidebars: Record<string, SidebarItem[]>, isDocPage: (href: string) => boolean): Set<string> {
  const ids = new Set<string>();
  const visit = (items: readonly SidebarItem[]) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      if (item.href !== undefined && !isDocPage(item.href)) {
        for (const child of withNameGroupsOpened(item.items ?? [])) if (child.docId !== undefined) ids.add(child.docId);
      }
      visit(item.items ?? []);
    }
  };
  Object.values(sidebars).forEach(visit);
  return ids;
}

/**
 * The version prop without `dropIds` in its docs map (but with the items of
 * generated index pages; `docPaths` is docPathsOf's map); undefined when
 * `props` is not a version prop or nothing is dropped.
 */
export function trimVersionProps(props: unknown, dropIds: ReadonlySet<string>, docPaths: ReadonlyMap<string, string>): unknown {
  const version = (props as {version?: {docs?: Record<string, unknown>; docsSidebars?: Record<string, SidebarItem[]>}} | null)?.version;
  if (version?.docs === undefined || version.docsSidebars === undefined) return undefined;
  const allDocs = version.docs;
  const listed = generatedIndexItems(version.docsSidebars, (href) => {
    const id = docPaths.get(href);
    return id !== undefined && id in allDocs;
  });
  const docs = Object.fromEntries(Object.entries(version.docs).filter(([id]) => !dropIds.has(id) || listed.has(id)));
  if (Object.keys(docs).length === Object.keys(version.docs).length) return undefined;
  return {...(props as object), version: {...version, docs}};
}
