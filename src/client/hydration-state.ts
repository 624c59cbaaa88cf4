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

const clientModule: ClientModule = {
  // Called in a layout effect once the first route has rendered, hydration included.
  onRouteDidUpdate() {
    firstPageHydrated = true;
  },
};

export default clientModule;
