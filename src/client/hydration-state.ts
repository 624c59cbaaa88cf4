/**
 * Whether React has finished hydrating the first page. Until then,
 * HydrateOnDemand keeps server HTML as it is; afterwards (client-side
 * navigation) there is no server HTML to keep, so it renders normally.
 *
 * `docusaurus start` renders the first page from nothing, as a production
 * build's client-side navigations do: there is no server HTML to keep from
 * the start, and parts that kept it stayed empty (every section of an
 * operation page) until the reader pointed at one they could not see.
 */
import type {ClientModule} from '@docusaurus/types';

/** The first page is server HTML to hydrate: a production build (Docusaurus's client config defines it for its client entry, ./staged-entry.tsx). */
export const HYDRATES_SERVER_HTML = Boolean(process.env.HYDRATE_CLIENT_ENTRY);

let firstPageHydrated = false;

export function isFirstPageHydrated(): boolean {
  return firstPageHydrated || !HYDRATES_SERVER_HTML;
}

let hydrationFailed = false;
const failureListeners = new Set<() => void>();

/**
 * React could not hydrate the first page (a mismatch it reports through
 * `onRecoverableError`) and rendered it again from nothing: the parts that
 * kept the server's HTML now hold none, and must render themselves.
 */
export function reportHydrationFailure(): void {
  hydrationFailed = true;
  firstPageHydrated = true;
  const listeners = [...failureListeners];
  failureListeners.clear();
  for (const listener of listeners) listener();
}

/**
 * Calls `listener` once the first page's hydration has failed
 * (`reportHydrationFailure`), at once if it already has: React reports the
 * failure when it commits the new render, before the parts' effects run.
 * Returns how to stop listening.
 */
export function onHydrationFailure(listener: () => void): () => void {
  if (hydrationFailed) {
    listener();
    return () => undefined;
  }
  failureListeners.add(listener);
  return () => {
    failureListeners.delete(listener);
  };
}

const clientModule: ClientModule = {
  // Called in a layout effect once the first route has rendered, hydration included.
  onRouteDidUpdate() {
    firstPageHydrated = true;
  },
};

export default clientModule;
