/**
 * Sidebar categories that load on demand (src/plugins/route-sections/lazy-sidebar.ts),
 * each from a JSON file of the build's assets: the category of the page
 * being opened loads before it renders (./preload.ts),
 * any other when the reader points at, touches or focuses it. A whole
 * sidebar that left the metadata (one only pages in route sections show)
 * loads before a page that shows it, before its categories. What loads goes
 * back into the version metadata object the docs theme renders from, in
 * place, as the route sections do with routes.
 */
import groups, {filePrefix, fileSuffix, sidebarFilePrefix, sidebars} from '@generated/route-sections/lazy-sidebar';
import {announceSidebarCategory} from './sidebar-store';

declare const __webpack_require__: ((moduleId: string | number) => unknown) & {p: string};
declare const __webpack_modules__: Record<string | number, unknown>;

interface SidebarItem {
  href?: string;
  label?: string;
  items?: SidebarItem[];
}

interface CategoryChunk {
  items: SidebarItem[];
  docs: Record<string, unknown>;
}

/** Categories of one version's sidebar, as the generated module lists them. */
export interface LazyCategoryGroup {
  /** Module id of the version props the categories belong to. */
  props: string | number;
  sidebar: string;
  /** Their indexes among the sidebar's top-level items, where their labels and links are. */
  indexes: number[];
}

interface LazyCategoryEntry {
  props: string | number;
  sidebar: string;
  index: number;
}

/** A whole sidebar, as the generated module lists it. */
interface LazySidebarEntry {
  props: string | number;
  sidebar: string;
}

// Numbered in order, as the build numbered their files.
const entries: LazyCategoryEntry[] = (groups as LazyCategoryGroup[]).flatMap(({props, sidebar, indexes}) => indexes.map((index) => ({props, sidebar, index})));

const wholeSidebars = sidebars as LazySidebarEntry[];

/** A category's or a whole sidebar's items and docs, from its file (`sidebarCategoryFile`, `wholeSidebarFile` in src/plugins/route-sections/lazy-sidebar.ts). */
function fetchChunk(prefix: string, number: number): Promise<CategoryChunk> {
  return fetch(`${__webpack_require__.p}${prefix}${number}${fileSuffix}`).then((response) => {
    if (!response.ok) throw new Error(`sidebar file ${prefix}${number}: HTTP ${response.status}`);
    return response.json() as Promise<CategoryChunk>;
  });
}

const categoriesOfPath = new Map<string, number[]>();
const loading = new Map<number, Promise<void>>();

/** Records the categories a loaded route section names for its pages: one number, or a list for a page in several. */
export function addSidebarCategories(map: Record<string, number | number[]> | undefined): void {
  for (const [path, categories] of Object.entries(map ?? {})) categoriesOfPath.set(path, Array.isArray(categories) ? categories : [categories]);
}

/** The version props object the docs theme renders from, once its module has loaded. */
function versionOf(entry: LazyCategoryEntry | LazySidebarEntry): {docs: Record<string, unknown>; docsSidebars: Record<string, SidebarItem[]>} | undefined {
  if (__webpack_modules__[entry.props] === undefined) return undefined;
  const module = __webpack_require__(entry.props) as {default?: {version?: unknown}; version?: unknown};
  return ((module.default ?? module) as {version: ReturnType<typeof versionOf>}).version;
}

/** The category's item in the version metadata (label, link, items), once that has loaded. */
function itemOf(entry: LazyCategoryEntry): SidebarItem | undefined {
  return versionOf(entry)?.docsSidebars[entry.sidebar]?.[entry.index];
}

function loadCategory(number: number): Promise<void> {
  const entry = entries[number];
  if (entry === undefined) return Promise.resolve();
  let promise = loading.get(number);
  if (promise === undefined) {
    promise = fetchChunk(filePrefix, number).then((chunk) => {
      const version = versionOf(entry);
      const category = itemOf(entry);
      // Not rendered yet: the next request (a preload of its page) applies it.
      if (version === undefined || category === undefined) throw new Error(`sidebar category ${entry.sidebar}[${entry.index}]: its version metadata has not loaded`);
      category.items = chunk.items;
      Object.assign(version.docs, chunk.docs);
      announceSidebarCategory();
    });
    // A failed load (offline, metadata not there yet) may be retried.
    promise.catch(() => loading.delete(number));
    loading.set(number, promise);
  }
  return promise;
}

const loadingSidebars = new Map<number, Promise<void>>();

function loadWholeSidebar(number: number): Promise<void> {
  const entry = wholeSidebars[number]!;
  let promise = loadingSidebars.get(number);
  if (promise === undefined) {
    promise = fetchChunk(sidebarFilePrefix, number).then((chunk) => {
      const version = versionOf(entry);
      if (version === undefined) throw new Error(`sidebar ${entry.sidebar}: its version metadata has not loaded`);
      version.docsSidebars[entry.sidebar] ??= chunk.items;
      Object.assign(version.docs, chunk.docs);
      announceSidebarCategory();
    });
    // A failed load (offline, metadata not there yet) may be retried.
    promise.catch(() => loadingSidebars.delete(number));
    loadingSidebars.set(number, promise);
  }
  return promise;
}

/**
 * Loads the whole sidebars among `names` (the sidebars the routes of a page
 * name) that left the metadata: the page renders its sidebar from it. Never
 * rejects: the page renders either way.
 */
export function ensureWholeSidebars(names: readonly string[]): Promise<void> {
  const numbers = wholeSidebars.flatMap((entry, number) => (names.includes(entry.sidebar) ? [number] : []));
  return Promise.all(numbers.map((number) => loadWholeSidebar(number).catch(() => undefined))).then(() => undefined);
}

/**
 * Loads the sidebar categories `pathname` is in that load on demand: each
 * shows the page open, so each must be there before the page renders (or
 * hydrates). Never rejects: the page renders either way.
 */
export function ensureSidebarCategory(pathname: string): Promise<void> {
  const candidates = [pathname, decodeURI(pathname), pathname.replace(/\/$/, '')];
  const numbers = candidates.map((path) => categoriesOfPath.get(path)).find((found) => found !== undefined) ?? [];
  return Promise.all(numbers.map((number) => loadCategory(number).catch(() => undefined))).then(() => undefined);
}

/** The reader pointing at, touching or focusing a category's header (its link or its caret) loads its items. */
function onIntent(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  const header = target?.closest('.menu__list-item-collapsible');
  const link = header?.querySelector('a');
  if (link === null || link === undefined) return;
  const href = link.getAttribute('href');
  const label = link.textContent ?? '';
  // A category without a page of its own links to "#" once hydrated: its label names it.
  const number = entries.findIndex((entry) => {
    const item = itemOf(entry);
    if (item === undefined) return false;
    return typeof item.href === 'string' ? item.href === href : (item.label ?? '') === label;
  });
  if (number >= 0) void loadCategory(number).catch(() => undefined);
}

if (entries.length > 0 && typeof document !== 'undefined') {
  for (const type of ['pointerover', 'focusin', 'touchstart']) document.addEventListener(type, onIntent, {passive: true, capture: true});
}
