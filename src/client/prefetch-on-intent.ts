/**
 * Docusaurus prefetches the code and data of every internal link as soon as it
 * scrolls into view. An API reference has a sidebar of dozens to thousands of
 * operation links, so a reader opening one page downloaded the data of all its
 * visible neighbours. Links still load
 * their target on hover, focus or touch (`preload`), which starts well before
 * the click lands; only the speculative viewport prefetch is turned off.
 */
import type {ClientModule} from '@docusaurus/types';
import {loadPrism} from '../plugins/prism-on-demand/client/prism-runtime';

interface DocusaurusGlobal {
  prefetch: (routePath: string) => false | Promise<void[]>;
  preload: (routePath: string) => false | Promise<void[]>;
}

declare global {
  interface Window {
    docusaurus: DocusaurusGlobal;
  }
}

let patched = false;

const clientModule: ClientModule = {
  // Runs in a layout effect on the first render, after `window.docusaurus`
  // exists and before any IntersectionObserver callback can fire.
  onRouteDidUpdate() {
    if (patched || typeof window === 'undefined' || !window.docusaurus) return;
    patched = true;
    const {preload} = window.docusaurus;
    window.docusaurus = Object.freeze({
      prefetch: () => false as const,
      // The next page renders its code blocks in the browser: have Prism ready.
      preload: (routePath: string) => {
        void loadPrism();
        return preload(routePath);
      },
    });
  },
};

export default clientModule;
