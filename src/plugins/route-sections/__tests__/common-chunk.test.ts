import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {commonChunkWithoutIsolated} from '../common-chunk';

/** The client config's split chunks as @docusaurus/core 3.10.2 writes them for a site of `pages` pages. */
const config = (pages: number) => ({
  optimization: {splitChunks: {name: false, cacheGroups: {default: false, common: {name: 'common', minChunks: pages * 0.5, priority: 40} as Record<string, unknown>}}},
});

type Test = (module: unknown, context: {chunkGraph: {getModuleChunksIterable(module: unknown): Iterable<{name?: string | null}>}}) => boolean;

/** Whether the group takes a module that the chunks named `names` have. */
function takes(group: Record<string, unknown>, names: (string | null)[]): boolean {
  return (group.test as Test)('module', {chunkGraph: {getModuleChunksIterable: () => names.map((name) => ({name}))}});
}

describe('commonChunkWithoutIsolated', () => {
  // 100 pages: 40 of the main API, 60 of another API whose page chunks are isolated.
  const isolated = {routes: 60, chunkNames: new Set(Array.from({length: 60}, (_, index) => `other-${index}`))};
  const mainChunks = (count: number) => Array.from({length: count}, (_, index) => `main-${index}`);
  const otherChunks = (count: number) => Array.from({length: count}, (_, index) => `other-${index}`);

  it("counts only chunks outside the isolated pages, against half of the other pages: another API's pages no longer make a module common", () => {
    const site = config(100);
    commonChunkWithoutIsolated(site, isolated);
    const common = site.optimization.splitChunks.cacheGroups.common;
    // Used by every page of the other API and 10 of the main one: 70 of 100 pages, common before, not now.
    expect(takes(common, [...mainChunks(10), ...otherChunks(60)])).toBe(false);
    // Used by half of the main API's pages (and unnamed chunks count as theirs): common, wherever else it is.
    expect(takes(common, [...mainChunks(19), null, ...otherChunks(3)])).toBe(true);
    expect(takes(common, mainChunks(19))).toBe(false);
    expect(common).toMatchObject({name: 'common', minChunks: 20, priority: 40});
  });

  it('leaves the group as it was when no page is isolated', () => {
    const site = config(100);
    commonChunkWithoutIsolated(site, {routes: 0, chunkNames: new Set()});
    expect(site.optimization.splitChunks.cacheGroups.common).toEqual({name: 'common', minChunks: 50, priority: 40});
  });

  it('never asks for fewer than two chunks', () => {
    const site = config(62);
    commonChunkWithoutIsolated(site, isolated);
    expect(site.optimization.splitChunks.cacheGroups.common.minChunks).toBe(2);
    expect(takes(site.optimization.splitChunks.cacheGroups.common, ['main-0'])).toBe(false);
  });

  it('fails the build when the group is not the one Docusaurus writes', () => {
    expect(() => commonChunkWithoutIsolated({optimization: {splitChunks: false}}, isolated)).toThrow(/splitChunks\.cacheGroups\.common/);
    expect(() => commonChunkWithoutIsolated({optimization: {splitChunks: {cacheGroups: {common: {name: 'common', minChunks: 2, test: /x/}}}}}, isolated)).toThrow(/no test/);
  });
});

describe('upstream: the common group as the installed core writes it', () => {
  it('is named "common", takes half the pages as minChunks and has no test of its own', () => {
    const base = readFileSync(require.resolve('@docusaurus/core/lib/webpack/base.js'), 'utf8');
    const group = /common: \{([^}]*)\}/.exec(base)?.[1] ?? '';
    expect(group).toContain("name: 'common'");
    expect(group).toContain('minChunks: totalPages > 2 ? totalPages * 0.5 : 2');
    expect(group).not.toContain('test');
    expect(base).toContain('const totalPages = routesPaths.length;');
  });
});
