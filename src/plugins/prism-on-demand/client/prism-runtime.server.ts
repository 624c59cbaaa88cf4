/**
 * The server build's `prism-runtime`: static site generation renders every
 * code block highlighted, so Prism and the extra languages load with the
 * server bundle, synchronously.
 */
import * as prismModule from 'prism-react-renderer';
import includeLanguages from '@theme/prism-include-languages';
import type {PrismModule} from './prism-types';

export type {PrismModule} from './prism-types';
/** Code blocks' lines as HTML text, for static rendering only. */
export {highlightedHtml} from './highlighted-html';

includeLanguages(prismModule.Prism);

export function loadedPrism(): PrismModule {
  return prismModule;
}

export function loadPrism(): Promise<PrismModule> {
  return Promise.resolve(prismModule);
}

export function subscribeToPrism(): () => void {
  return () => undefined;
}
