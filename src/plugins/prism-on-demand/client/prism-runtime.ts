/**
 * Prism, loaded when a code block first needs highlighting instead of with
 * the page's main script.
 *
 * The classic theme evaluates prism-react-renderer and the extra languages at
 * start-up on every page, a long main-thread task on a phone, most of it
 * grammar set-up (`insertBefore` walks every loaded grammar). Server-rendered code blocks
 * arrive highlighted and keep their HTML while hydrating, so nothing needs
 * Prism on load; it is fetched when a code block is rendered in the browser
 * (a page opened by client-side navigation, an island made interactive, a
 * colour-mode switch) or when a link or island shows intent.
 *
 * The server build replaces this module with `prism-runtime.server.ts`
 * (see src/plugins/prism-on-demand), which loads Prism synchronously.
 */
import type {HighlightedHtml} from './highlighted-html';
import type {PrismModule} from './prism-types';

export type {PrismModule} from './prism-types';

/**
 * Static rendering writes code blocks' lines as HTML text with this
 * (./prism-runtime.server.ts exports ./highlighted-html's); the browser
 * renders them through `Highlight`, and its bundle does not carry the code.
 */
export const highlightedHtml: HighlightedHtml | undefined = undefined;

let loaded: PrismModule | null = null;
let loading: Promise<PrismModule> | null = null;
const listeners = new Set<() => void>();

/** Prism when it has finished loading, otherwise null. */
export function loadedPrism(): PrismModule | null {
  return loaded;
}

/** Starts loading Prism (once) and resolves when it can highlight. */
export function loadPrism(): Promise<PrismModule> {
  loading ??= Promise.all([import('prism-react-renderer'), import('@theme/prism-include-languages')]).then(
    ([prismModule, includeLanguages]) => {
      includeLanguages.default(prismModule.Prism);
      loaded = prismModule;
      for (const listener of listeners) listener();
      return prismModule;
    },
  );
  return loading;
}

/** For useSyncExternalStore: called once Prism has loaded. */
export function subscribeToPrism(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
