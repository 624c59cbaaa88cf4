/**
 * Sidebar categories that load on demand (src/plugins/route-sections/lazy-sidebar.ts):
 * the category of the page being opened loads before it renders (./preload.ts),
 * any other when the reader points at, touches or focuses it. A loaded
 * category's items and docs go back into the version metadata object the
 * docs theme renders from, in place, as the route sections do with routes.
 */
import categories from '@generated/route-sections/lazy-sidebar';
import {announceSidebarCategory} from './sidebar-store';

declare const __webpack_require__: (moduleId: string | number) => unknown;
declare const __webpack_modules__: Record<string | number, unknown>;

interface SidebarItem {
  items?: SidebarItem[];
}

interface CategoryChunk {
  items: SidebarItem[];
  docs: Record<string, unknown>;
}

export interface LazyCategoryEntry {
  /** Module id of the version props the category belongs to. */
  props: string | number;
  sidebar: string;
  index: number;
  /** Its own link, or null for a category found by its label. */
  href: string | null;
  label: string;
  load: () => Promise<{default: CategoryChunk} | CategoryChunk>;
}

const entries = categories as LazyCategoryEntry[];
const categoryOfPath = new Map<string, number>();
const loading = new Map<number, Promise<void>>();

/** Records the categories a loaded route section names for its pages. */
export function addSidebarCategories(map: Record<string, number> | undefined): void {
  for (const [path, category] of Object.entries(map ?? {})) categoryOfPath.set(path, category);
}

/** The version props object the docs theme renders from, once its module has loaded. */
function versionOf(entry: LazyCategoryEntry): {docs: Record<string, unknown>; docsSidebars: Record<string, SidebarItem[]>} | undefined {
  if (__webpack_modules__[entry.props] === undefined) return undefined;
  const module = __webpack_require__(entry.props) as {default?: {version?: unknown}; version?: unknown};
  return ((module.default ?? module) as {version: ReturnType<typeof versionOf>}).version;
}

function loadCategory(number: number): Promise<void> {
  const entry = entries[number];
  if (entry === undefined) return Promise.resolve();
  let promise = loading.get(number);
  if (promise === undefined) {
    promise = entry.load().then((module) => {
      const chunk = 'default' in module ? module.default : module;
      const version = versionOf(entry);
      const category = version?.docsSidebars[entry.sidebar]?.[entry.index];
      // Not rendered yet: the next request (a preload of its page) applies it.
      if (version === undefined || category === undefined) throw new Error(`sidebar category ${entry.label}: its version metadata has not loaded`);
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

/** Loads the sidebar category `pathname` is in, if it loads on demand; never rejects (the page renders either way). */
export function ensureSidebarCategory(pathname: string): Promise<void> {
  const candidates = [pathname, decodeURI(pathname), pathname.replace(/\/$/, '')];
  const number = candidates.map((path) => categoryOfPath.get(path)).find((found) => found !== undefined);
  return number === undefined ? Promise.resolve() : loadCategory(number).catch(() => undefined);
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
  const number = entries.findIndex((entry) => (entry.href !== null ? entry.href === href : entry.label === label));
  if (number >= 0) void loadCategory(number).catch(() => undefined);
}

if (entries.length > 0 && typeof document !== 'undefined') {
  for (const type of ['pointerover', 'focusin', 'touchstart']) document.addEventListener(type, onIntent, {passive: true, capture: true});
}
