/**
 * Whether React has finished hydrating the first page. Until then,
 * HydrateOnDemand keeps server HTML as it is; afterwards (client-side
 * navigation) there is no server HTML to keep, so it renders normally.
 */
import type {ClientModule} from '@docusaurus/types';

let firstPageHydrated = false;

export function isFirstPageHydrated(): boolean {
  return firstPageHydrated;
}

const clientModule: ClientModule = {
  // Called in a layout effect once the first route has rendered, hydration included.
  onRouteDidUpdate() {
    firstPageHydrated = true;
  },
};

export default clientModule;
