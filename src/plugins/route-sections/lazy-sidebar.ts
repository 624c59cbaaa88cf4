/**
 * The sidebar of a large API on demand.
 *
 * The docs plugin puts each version's sidebars into the metadata every docs
 * page loads: a link per operation and schema, 13.6 KB gzip at 320
 * operations and growing with the API. Yet a page shows only one category
 * open; a closed category renders none of its items (the classic theme's
 * `Collapsible lazy`), in the server HTML or in the browser.
 *
 * So in the client bundle, each top-level category whose pages are all in
 * route sections keeps only its first item (a category with no visible item
 * would render as a plain link, another element than the server's; one
 * without a link of its own takes its first item's link while hydrating), and its
 * items and the docs map entries of its docs go into a chunk of their own.
 * The route section of each page names the category the page is in; the
 * client loads that category before the page renders, and any other when the
 * reader points at, touches or focuses it (src/client/route-sections/sidebar.ts).
 * The server bundle keeps the whole sidebar, so the HTML is the same.
 */

export interface SidebarItem {
  type: string;
  href?: string;
  docId?: string;
  label?: string;
  items?: SidebarItem[];
  [key: string]: unknown;
}

interface VersionProps {
  version: {docs: Record<string, unknown>; docsSidebars: Record<string, SidebarItem[]>; [key: string]: unknown};
  [key: string]: unknown;
}

/** A category moved out of the metadata: where it was, and what it held. */
export interface LazyCategory {
  sidebar: string;
  /** Index among the sidebar's top-level items. */
  index: number;
  /** Its own link; a category without one (Webhooks) is found by its label. */
  href: string | undefined;
  label: string;
  /** What its chunk holds. */
  chunk: {items: SidebarItem[]; docs: Record<string, unknown>};
}

export interface LazySidebar {
  /** The version props as the client bundle gets them. */
  props: VersionProps;
  categories: LazyCategory[];
  /** Page path → index into `categories` of the category it is in. */
  categoryOfPath: Map<string, number>;
}

function linksOf(items: readonly SidebarItem[], into: SidebarItem[] = []): SidebarItem[] {
  for (const item of items) {
    if (item.type === 'link') into.push(item);
    else if (item.type === 'category') {
      if (typeof item.href === 'string') into.push(item);
      linksOf(item.items ?? [], into);
    }
  }
  return into;
}

/**
 * The categories of `props` (a docs version prop) that can load on demand:
 * top-level, with a link as first item, and every page in `movedPaths` (so a
 * route section can name them); undefined when there is none.
 */
export function lazySidebar(props: unknown, movedPaths: ReadonlySet<string>): LazySidebar | undefined {
  const version = (props as Partial<VersionProps> | null)?.version;
  if (version?.docsSidebars === undefined || version.docs === undefined) return undefined;
  const categories: LazyCategory[] = [];
  const categoryOfPath = new Map<string, number>();
  const docs = {...version.docs};
  const docsSidebars: Record<string, SidebarItem[]> = {};
  for (const [sidebar, items] of Object.entries(version.docsSidebars)) {
    docsSidebars[sidebar] = items.map((item, index) => {
      const children = item.items ?? [];
      if (item.type !== 'category' || children[0]?.type !== 'link') return item;
      const links = linksOf([item]);
      if (!links.every((link) => typeof link.href === 'string' && movedPaths.has(link.href))) return item;
      const chunkDocs: Record<string, unknown> = {};
      for (const link of links) {
        if (link.docId === undefined || !(link.docId in docs)) continue;
        chunkDocs[link.docId] = docs[link.docId];
        delete docs[link.docId];
      }
      const number = categories.push({sidebar, index, href: typeof item.href === 'string' ? item.href : undefined, label: item.label ?? '', chunk: {items: children, docs: chunkDocs}}) - 1;
      for (const link of links) if (!categoryOfPath.has(link.href!)) categoryOfPath.set(link.href!, number);
      return {...item, items: [children[0]!]};
    });
  }
  if (categories.length === 0) return undefined;
  return {props: {...(props as VersionProps), version: {...version, docs, docsSidebars}}, categories, categoryOfPath};
}

/** The generated module the client reads the categories from (`load` imports each chunk). */
export function lazySidebarModule(entries: readonly {propsFile: string; categories: readonly LazyCategory[]; chunkFile: (category: number) => string}[]): string {
  const lines: string[] = [];
  let number = 0;
  for (const entry of entries) {
    entry.categories.forEach((category, index) => {
      const chunk = entry.chunkFile(index);
      lines.push(
        `  {props: require.resolveWeak(${JSON.stringify(entry.propsFile)}), sidebar: ${JSON.stringify(category.sidebar)}, index: ${category.index}, href: ${JSON.stringify(category.href ?? null)}, label: ${JSON.stringify(category.label)}, load: () => import(/* webpackChunkName: "sidebar-category-${number}" */ ${JSON.stringify(chunk)})}`,
      );
      number += 1;
    });
  }
  return `/** Sidebar categories that load on demand: src/plugins/route-sections/lazy-sidebar.ts. */\nexport default [\n${lines.join(',\n')}\n];\n`;
}
