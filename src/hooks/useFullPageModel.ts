import {useCallback, useSyncExternalStore} from 'react';
import {fullModelOf, loadFullModel} from '@site/src/plugins/page-data/client/page-model';

const noSubscription = () => () => undefined;
const nothingToLoad = () => undefined;

/**
 * A page's full model: `page` itself unless it is a core whose full model
 * has not arrived (`full: false`, src/plugins/page-data/client/page-model.ts); `load` fetches
 * it, once, and the component renders again when it is there, or with
 * `error` when it could not be fetched (a later `load` tries again).
 */
export function useFullPageModel<Full, Core>(page: Full | Core): {page: Full | Core; full: boolean; load: () => void; error?: Error} {
  const handle = fullModelOf(page);
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!handle) return () => undefined;
      handle.listeners.add(listener);
      return () => {
        handle.listeners.delete(listener);
      };
    },
    [handle],
  );
  // The server and hydration see the model the page was rendered with.
  const model = useSyncExternalStore(handle ? subscribe : noSubscription, () => handle?.model, () => undefined);
  const error = useSyncExternalStore(handle ? subscribe : noSubscription, () => handle?.error, () => undefined);
  const load = useCallback(() => {
    if (handle) loadFullModel(handle);
  }, [handle]);
  if (!handle) return {page, full: true, load: nothingToLoad};
  return model === undefined ? {page, full: false, load, ...(error ? {error} : {})} : {page: model as Full, full: true, load};
}
