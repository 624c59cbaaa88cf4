/**
 * Docusaurus puts every module that the chunks of at least half of the site's
 * pages use into one chunk, `common`, which nearly every page loads
 * (@docusaurus/core 3.10.2 `lib/webpack/base.js`: `minChunks: totalPages * 0.5`).
 * Another API's and older versions' pages count there too: with GitHub's
 * description beside Meridian, its 1,500 operation and webhook pages made the
 * operation page's components "common", and `/docs` loaded them.
 *
 * So in a build with isolated prefixes (./split.ts) the group counts only the
 * chunks of pages outside them, against half of those pages: `common` holds
 * what it would hold without the other APIs and versions. Every chunk that
 * has one of its modules, isolated or not, still takes it from `common`.
 */

/** What this reads of a bundler module and chunk graph (webpack's and Rspack's have it). */
interface ChunkGraphLike {
  getModuleChunksIterable(module: unknown): Iterable<{name?: string | null}>;
}

interface CacheGroup {
  name?: unknown;
  minChunks?: unknown;
  test?: unknown;
  [option: string]: unknown;
}

export interface IsolatedPages {
  /** Routes moved into the sections of isolated prefixes. */
  routes: number;
  /** Names of the chunks only those routes use. */
  chunkNames: ReadonlySet<string>;
}

/**
 * Changes the client config's `common` cache group in place to count only
 * chunks outside `isolated`; does nothing when no route is isolated. Throws
 * when the group is not the one Docusaurus writes, so an upgrade that
 * changes it fails the build instead of changing what every page loads.
 */
export function commonChunkWithoutIsolated(config: {optimization?: {splitChunks?: unknown}}, isolated: IsolatedPages): void {
  if (isolated.routes === 0) return;
  const splitChunks = config.optimization?.splitChunks as {cacheGroups?: Record<string, CacheGroup | false>} | false | undefined;
  const common = splitChunks ? splitChunks.cacheGroups?.common : undefined;
  if (!common || common.name !== 'common' || typeof common.minChunks !== 'number' || common.test !== undefined) {
    throw new Error(
      'route-sections: the client config has no splitChunks.cacheGroups.common as @docusaurus/core 3.10.2 writes it (name "common", minChunks half the pages, no test); another API\'s pages would decide what every page loads',
    );
  }
  // Docusaurus's rule, minChunks = pages × 0.5 (2 for a site of 2 pages or fewer), on the pages outside the isolated prefixes.
  const pages = common.minChunks * 2;
  const threshold = Math.max(2, (pages - isolated.routes) * 0.5);
  common.minChunks = threshold;
  common.test = (module: unknown, {chunkGraph}: {chunkGraph: ChunkGraphLike}) => {
    let count = 0;
    for (const chunk of chunkGraph.getModuleChunksIterable(module)) {
      if (typeof chunk.name === 'string' && isolated.chunkNames.has(chunk.name)) continue;
      count += 1;
      if (count >= threshold) return true;
    }
    return false;
  };
}
