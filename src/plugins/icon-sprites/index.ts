import type {Plugin} from '@docusaurus/types';
import {spriteDefs} from './sprites';

/**
 * Writes the symbols of the icons every page repeats (./sprites.ts) once, at
 * the start of each page's body, where the icon components of
 * `src/theme/Icon` refer to them. Outside React's root, so hydration never
 * sees it.
 */
export default function iconSpritesPlugin(): Plugin {
  return {
    name: 'icon-sprites',
    injectHtmlTags() {
      return {preBodyTags: [{tagName: 'svg', attributes: {style: 'display: none;', 'aria-hidden': 'true'}, innerHTML: spriteDefs()}]};
    },
  };
}
