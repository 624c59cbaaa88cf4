import {createHash} from 'node:crypto';

/**
 * The sidebar of a large API on demand.
 *
 * The docs plugin puts each version's sidebars into the metadata every docs
 * page loads: a link per operation and schema, growing with the API. Yet a
 * page shows only one category open; a closed category renders none of its
 * items (the classic theme's `Collapsible lazy`), in the server HTML or in
 * the browser.
 *
 * So in the client bundle, each top-level category whose pages are all in
 * route sections keeps only its first item, as a link with its label and
 * nothing else (a category with no visible item would render as a plain
 * link, another element than the server's; one without a link of its own
 * takes its first item's link while hydrating; a category opened before its
 * file arrives shows that one link meanwhile), and its
 * items and the docs map entries of its docs go into a JSON file of their own.
 * The route section of each page names the categories the page is in (an
 * operation with several tags is in each of theirs); the client loads them
 * before the page renders, and any other when the reader points at, touches
 * or focuses it (src/plugins/route-sections/client/sidebar.ts).
 *
 * A sidebar that only pages in route sections show (another API's, an older
 * version's) leaves the metadata whole: what would stay of it (its top-level
 * items, its categories as above, the docs map entries of its links) goes
 * into a JSON file of its own, which loads before any page that shows it
 * renders, before that page's categories; every other page loads none of it.
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
  /** Index among the sidebar's top-level items (its label and link stay there). */
  index: number;
  /** What its chunk holds. */
  chunk: {items: SidebarItem[]; docs: Record<string, unknown>};
}

/** A whole sidebar moved out of the metadata. */
export interface LazyWholeSidebar {
  sidebar: string;
  /** What its file holds: its top-level items (its lazy categories as they stay in the metadata) and its links' docs map entries. */
  chunk: {items: SidebarItem[]; docs: Record<string, unknown>};
}

export interface LazySidebar {
  /** The version props as the client bundle gets them. */
  props: VersionProps;
  categories: LazyCategory[];
  /** Sidebars that left the metadata whole (their categories stay in `categories`, numbered into their items). */
  sidebars: LazyWholeSidebar[];
  /**
   * Page path → indexes into `categories` of the categories it is in: more
   * than one for an operation with several tags, and each of them shows the
   * page open, in the server's HTML as in the browser's first render.
   */
  categoriesOfPath: Map<string, number[]>;
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
 * What a category keeps of its first item until its file arrives: a link as
 * a link with its label; a category (a group of a large category of names, a
 * tag in a group of tags) as itself holding only the stand-in of its own
 * first item, which renders the same closed category, with the same link or
 * fallback link, as the whole one.
 */
function firstItemStandIn(first: SidebarItem | undefined): SidebarItem | undefined {
  if (first?.type === 'link') return {type: 'link', href: first.href, label: first.label};
  if (first?.type !== 'category') return undefined;
  const inner = firstItemStandIn(first.items?.[0]);
  return inner && {...first, items: [inner]};
}

/**
 * The categories of `props` (a docs version prop) that can load on demand:
 * top-level, with a link (or a category starting with one) as first item, and
 * every page in `movedPaths` (so a route section can name them); and the
 * sidebars named in `wholeSidebars` (sidebars that only routes in
 * `movedPaths` show) whose links are all in `movedPaths`; undefined when
 * there is none.
 */
export function lazySidebar(props: unknown, movedPaths: ReadonlySet<string>, wholeSidebars: ReadonlySet<string> = new Set()): LazySidebar | undefined {
  const version = (props as Partial<VersionProps> | null)?.version;
  if (version?.docsSidebars === undefined || version.docs === undefined) return undefined;
  const categories: LazyCategory[] = [];
  const sidebars: LazyWholeSidebar[] = [];
  const categoriesOfPath = new Map<string, number[]>();
  const docs = {...version.docs};
  const docsSidebars: Record<string, SidebarItem[]> = {};
  const moved = (link: SidebarItem) => typeof link.href === 'string' && movedPaths.has(link.href);
  const takeDocs = (links: readonly SidebarItem[]) => {
    const taken: Record<string, unknown> = {};
    for (const link of links) {
      if (link.docId === undefined || !(link.docId in docs)) continue;
      taken[link.docId] = docs[link.docId];
      delete docs[link.docId];
    }
    return taken;
  };
  for (const [sidebar, items] of Object.entries(version.docsSidebars)) {
    const kept = items.map((item, index) => {
      const children = item.items ?? [];
      const standIn = item.type === 'category' ? firstItemStandIn(children[0]) : undefined;
      if (standIn === undefined) return item;
      const links = linksOf([item]);
      if (!links.every(moved)) return item;
      const number = categories.push({sidebar, index, chunk: {items: children, docs: takeDocs(links)}}) - 1;
      for (const link of links) {
        const numbers = categoriesOfPath.get(link.href!) ?? [];
        if (!numbers.includes(number)) categoriesOfPath.set(link.href!, [...numbers, number]);
      }
      return {...item, items: [standIn]};
    });
    if (wholeSidebars.has(sidebar) && items.length > 0 && linksOf(items).every(moved)) {
      sidebars.push({sidebar, chunk: {items: kept, docs: takeDocs(linksOf(kept))}});
    } else {
      docsSidebars[sidebar] = kept;
    }
  }
  if (categories.length === 0 && sidebars.length === 0) return undefined;
  return {props: {...(props as VersionProps), version: {...version, docs, docsSidebars}}, categories, sidebars, categoriesOfPath};
}

/**
 * Sidebars that only routes at `movedPaths` show (a route names its sidebar
 * in its `sidebar` attribute): the ones that may leave the metadata whole.
 */
export function sidebarsShownOnlyAt(routes: readonly {path: string; sidebar?: unknown; routes?: readonly unknown[]}[], movedPaths: ReadonlySet<string>): Set<string> {
  const shown = new Set<string>();
  const elsewhere = new Set<string>();
  const visit = (list: readonly {path: string; sidebar?: unknown; routes?: readonly unknown[]}[]) => {
    for (const route of list) {
      if (typeof route.sidebar === 'string') (movedPaths.has(route.path) ? shown : elsewhere).add(route.sidebar);
      visit((route.routes ?? []) as typeof list);
    }
  };
  visit(routes);
  return new Set([...shown].filter((sidebar) => !elsewhere.has(sidebar)));
}

/** The parts of a file's name around its number (a category's, a whole sidebar's); the generated module hands them to the client. */
const FILE_NAME = {prefix: 'sidebar-category-', sidebarPrefix: 'sidebar-', suffix: '.json'};

/** A category's file, below the site's base URL: the directory names a hash of every category, so each file can be cached for good. */
export function sidebarCategoryFile(directory: string, number: number): string {
  return `${directory}${FILE_NAME.prefix}${number}${FILE_NAME.suffix}`;
}

/** A whole sidebar's file, beside the categories'. */
export function wholeSidebarFile(directory: string, number: number): string {
  return `${directory}${FILE_NAME.sidebarPrefix}${number}${FILE_NAME.suffix}`;
}

/**
 * The categories' and whole sidebars' files, each numbered in order over
 * every version's props, and the directory they go in (`assets/sidebar/<hash>/`).
 *
 * They are static JSON files that the client fetches, not chunks of the
 * bundle: a chunk costs its loader in `main.js` and its id, name and hash in
 * the runtime's maps, on every page, which for hundreds of categories is
 * most of the runtime's growth.
 */
export function sidebarCategoryFiles(categories: readonly LazyCategory[], sidebars: readonly LazyWholeSidebar[] = []): {directory: string; files: [string, string][]} {
  const contents = categories.map((category) => JSON.stringify(category.chunk));
  const wholes = sidebars.map((sidebar) => JSON.stringify(sidebar.chunk));
  const hash = createHash('sha256');
  contents.forEach((content, number) => hash.update(`${number}\0${content}\0`));
  wholes.forEach((content, number) => hash.update(`s${number}\0${content}\0`));
  const directory = `assets/sidebar/${hash.digest('hex').slice(0, 10)}/`;
  return {
    directory,
    files: [
      ...contents.map((content, number): [string, string] => [sidebarCategoryFile(directory, number), content]),
      ...wholes.map((content, number): [string, string] => [wholeSidebarFile(directory, number), content]),
    ],
  };
}

/**
 * The generated module the client reads the categories from: each version
 * props module with the indexes of its categories among its sidebar's
 * top-level items (their label and link are there, in props every docs page
 * has loaded, or in their whole sidebar's file), numbered in order, the
 * whole sidebars with their props module, numbered in order, and what comes
 * before and after a number in a file's path below the base URL
 * (`sidebarCategoryFile`, `wholeSidebarFile`; the client is
 * src/plugins/route-sections/client/sidebar.ts).
 */
export function lazySidebarModule(entries: readonly {propsFile: string; categories: readonly LazyCategory[]; sidebars?: readonly LazyWholeSidebar[]}[], directory = ''): string {
  // One group per run of categories of the same props and sidebar, so the numbering stays the categories' order.
  const groups: {propsFile: string; sidebar: string; indexes: number[]}[] = [];
  for (const entry of entries) {
    for (const category of entry.categories) {
      const last = groups.at(-1);
      if (last?.propsFile === entry.propsFile && last.sidebar === category.sidebar) last.indexes.push(category.index);
      else groups.push({propsFile: entry.propsFile, sidebar: category.sidebar, indexes: [category.index]});
    }
  }
  const lines = groups.map(
    (group) => `  {props: require.resolveWeak(${JSON.stringify(group.propsFile)}), sidebar: ${JSON.stringify(group.sidebar)}, indexes: ${JSON.stringify(group.indexes)}}`,
  );
  const wholes = entries.flatMap((entry) => (entry.sidebars ?? []).map((sidebar) => `  {props: require.resolveWeak(${JSON.stringify(entry.propsFile)}), sidebar: ${JSON.stringify(sidebar.sidebar)}}`));
  return `/** Sidebar categories and whole sidebars that load on demand: src/plugins/route-sections/lazy-sidebar.ts. */
export const filePrefix = ${JSON.stringify(directory + FILE_NAME.prefix)};
export const sidebarFilePrefix = ${JSON.stringify(directory + FILE_NAME.sidebarPrefix)};
export const fileSuffix = ${JSON.stringify(FILE_NAME.suffix)};
export const sidebars = [${wholes.length > 0 ? `\n${wholes.join(',\n')}\n` : ''}];
export default [
${lines.join(',\n')}
];
`;
}
