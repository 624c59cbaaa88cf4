/**
 * Tells the sidebar's categories when a category that loads on demand
 * (src/plugins/route-sections/lazy-sidebar.ts) has arrived, so an open one
 * shows its items (src/theme/DocSidebarItem/Category). Safe in both bundles:
 * on the server nothing ever loads.
 */
import {useSyncExternalStore} from 'react';

let loadedCount = 0;
const listeners = new Set<() => void>();

export function announceSidebarCategory(): void {
  loadedCount += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders the caller when a sidebar category has loaded. */
export function useSidebarCategoryLoads(): number {
  return useSyncExternalStore(subscribe, () => loadedCount, () => 0);
}
