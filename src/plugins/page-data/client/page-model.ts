import {isFirstPageHydrated} from '@site/src/client/hydration-state';
import {decodePageModel} from '@site/src/openapi/models/model-file';

/**
 * A page's render model, as its component receives it.
 *
 * In the browser the page's module holds the model itself, fetched from its
 * own file before the page renders (`fetchPageModel`). In the server bundle
 * it holds a stand-in that reads the model from disk
 * (src/plugins/page-data/page-data-loader.js): a module stays in the bundle's
 * module cache for the whole static rendering, and with the models in it
 * each rendering thread grew to its recycling limit on large APIs. A page
 * component calls `pageModelOf`
 * once per render, so the model is read once and dropped after the render.
 * The stand-in also answers any property by reading the model, so code that
 * reads it directly (the overview's table of contents) still works.
 */

/** The stand-in's reader, under a key no page model has. */
export const READ_PAGE_MODEL = '__readPageModel';

interface PageModelStandIn {
  [READ_PAGE_MODEL]: () => unknown;
}

function isStandIn(page: unknown): page is PageModelStandIn {
  return typeof page === 'object' && page !== null && typeof (page as Partial<PageModelStandIn>)[READ_PAGE_MODEL] === 'function';
}

/** The model itself: read from disk on the server, as given in the browser. */
export function pageModelOf<T>(page: T): T {
  return isStandIn(page) ? (page[READ_PAGE_MODEL]() as T) : page;
}

/**
 * A page model's file, fetched and parsed: what the browser bundle's page
 * model module awaits at its top level (src/plugins/page-data/page-data-loader.js).
 * A failure names the file, and rejects the page's `import()` as a missing
 * chunk would.
 */
export async function fetchPageModel(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Page model ${url}: HTTP ${response.status} ${response.statusText}`);
  let value: unknown;
  try {
    value = await response.json();
  } catch (error) {
    throw new Error(`Page model ${url} is not valid JSON: ${(error as Error).message}`);
  }
  try {
    return decodePageModel(value);
  } catch (error) {
    throw new Error(`Page model ${url}: ${(error as Error).message}`);
  }
}

/** The key of a core model's link to its full model, under a key no page model has. */
const FULL_MODEL = '__fullPageModel';

export interface FullModel {
  url: string;
  model?: unknown;
  loading?: Promise<unknown>;
  /** Why the last fetch failed; a later one may still succeed. */
  error?: Error;
  listeners: Set<() => void>;
}

/** A core model's link to its full model; none for a full model or the server's stand-in. */
export function fullModelOf(page: unknown): FullModel | undefined {
  return typeof page === 'object' && page !== null ? (page as {[FULL_MODEL]?: FullModel})[FULL_MODEL] : undefined;
}

/**
 * An operation page's model, as its browser module awaits it
 * (src/plugins/page-data/page-data-loader.js). On the first page, before
 * React hydrates it, only the core (`coreUrl`, src/openapi/models/page-core.ts):
 * the page's parts that need the rest stay server HTML until a reader uses
 * one (HydrateOnDemand), and `useFullPageModel` fetches it then. For a
 * client-side navigation, the full model (`url`), as before.
 */
export async function fetchOperationPageModel(coreUrl: string, url: string): Promise<unknown> {
  if (isFirstPageHydrated()) return fetchPageModel(url);
  const core = await fetchPageModel(coreUrl);
  if (typeof core !== 'object' || core === null) throw new Error(`Page model ${coreUrl} is not an object`);
  const full: FullModel = {url, listeners: new Set()};
  Object.defineProperty(core, FULL_MODEL, {value: full});
  return core;
}

/** Fetches a core's full model, once at a time; its listeners are called when it is there. */
export function loadFullModel(full: FullModel): void {
  if (!full.loading) full.error = undefined;
  full.loading ??= fetchPageModel(full.url).then(
    (model) => {
      full.model = model;
      full.listeners.forEach((listener) => listener());
    },
    (error: unknown) => {
      // The parts stay server HTML; the next use asks again.
      full.loading = undefined;
      full.error = error instanceof Error ? error : new Error(String(error));
      full.listeners.forEach((listener) => listener());
    },
  );
}
