import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {mulberry32} from '@site/scripts/seeded-random';
import docsNavigationPlugin, {installIndexedNavigation, SIDEBARS_UTILS_MODULE, withIndexedNavigation, type SidebarsUtils} from '../index';

const require = createRequire(import.meta.url);
type Module = {createSidebarsUtils: ((sidebars: Record<string, unknown>) => SidebarsUtils) & {indexedNavigation?: true}; collectSidebarNavigation: (sidebar: unknown) => never[]};
const docsUtils = require(SIDEBARS_UTILS_MODULE) as Module;
// The original, kept before any test installs the index (the oracle).
const originalCreate = docsUtils.createSidebarsUtils.indexedNavigation ? undefined : docsUtils.createSidebarsUtils;

interface Item {
  type: string;
  id?: string;
  label?: string;
  href?: string;
  link?: {type: string; id?: string; permalink?: string};
  items?: Item[];
}

/** Sidebars as the docs plugin normalises them: docs, links, categories with or without a doc or generated index, nested; some docs twice. */
function randomSidebars(random: () => number): {sidebars: Record<string, Item[]>; ids: string[]} {
  const ids: string[] = [];
  const doc = (): Item => {
    const id = random() < 0.1 && ids.length > 0 ? ids[Math.floor(random() * ids.length)] : `doc-${ids.length}`;
    ids.push(id);
    return {type: 'doc', id, label: id};
  };
  const items = (depth: number): Item[] =>
    Array.from({length: 1 + Math.floor(random() * 6)}, () => {
      const kind = random();
      if (kind < 0.55) return doc();
      if (kind < 0.62) return {type: 'link', label: 'x', href: 'https://x.example'};
      const link = random() < 0.4 ? {type: 'doc', id: doc().id} : random() < 0.5 ? {type: 'generated-index', permalink: `/g/${ids.length}`} : undefined;
      return {type: 'category', label: `c${ids.length}`, ...(link ? {link} : {}), items: depth < 3 ? items(depth + 1) : [doc()]};
    });
  return {sidebars: {first: items(0), second: items(0)}, ids};
}

describe('withIndexedNavigation', () => {
  it('gives every doc the previous and next items the docs plugin gives, with and without unlisted docs and displayed sidebars', () => {
    if (originalCreate === undefined) throw new Error('the original createSidebarsUtils was already replaced');
    const random = mulberry32(2026);
    for (let round = 0; round < 40; round++) {
      const {sidebars, ids} = randomSidebars(random);
      const original = originalCreate(sidebars);
      const indexed = withIndexedNavigation(original, sidebars, docsUtils.collectSidebarNavigation);
      const unlistedIds = new Set(ids.filter(() => random() < 0.15));
      for (const docId of [...ids, 'not-in-any-sidebar']) {
        for (const displayedSidebar of [undefined, null, 'first', 'second']) {
          const request = {docId, displayedSidebar, unlistedIds};
          expect({request, navigation: indexed.getDocNavigation(request)}).toEqual({request, navigation: original.getDocNavigation(request)});
        }
      }
      const missing = {docId: ids[0], displayedSidebar: 'nope', unlistedIds};
      expect(() => indexed.getDocNavigation(missing)).toThrow(/wants to display sidebar nope but a sidebar with this name doesn't exist/);
    }
  });
});

describe('docs-navigation plugin', () => {
  it('replaces the docs plugin\'s createSidebarsUtils once, with one whose navigation is indexed', () => {
    docsNavigationPlugin();
    const installed = docsUtils.createSidebarsUtils;
    expect(installed.indexedNavigation).toBe(true);
    installIndexedNavigation();
    expect(docsUtils.createSidebarsUtils).toBe(installed);
    // The docs plugin calls it through the module object, at call time, so the replacement is what it calls.
    for (const file of ['lib/versions/loadVersion.js', 'lib/versions/version.js']) {
      expect(readFileSync(require.resolve(`@docusaurus/plugin-content-docs/${file}`), 'utf8')).toMatch(/\(0, \w+\.createSidebarsUtils\)\(/);
    }
    const utils = installed({only: [{type: 'doc', id: 'a'}, {type: 'doc', id: 'b'}]});
    expect(utils.getDocNavigation({docId: 'b', displayedSidebar: undefined, unlistedIds: new Set()})).toEqual({
      sidebarName: 'only',
      previous: {type: 'doc', id: 'a'},
      next: undefined,
    });
  });

  it('names the module when a Docusaurus upgrade removed what it replaces', () => {
    expect(() => installIndexedNavigation({} as never)).toThrow(
      `[docs-navigation] ${SIDEBARS_UTILS_MODULE} no longer exports createSidebarsUtils and collectSidebarNavigation; src/plugins/docs-navigation must be updated for this Docusaurus version`,
    );
  });
});
