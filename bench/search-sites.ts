/** Sites the search part of the bench builds and queries: the bundled spec and two of the largest public descriptions (bench/scale-bench.ts). */
export const SEARCH_SITES = ['meridian', 'github', 'graph'] as const;
export type SearchSite = (typeof SEARCH_SITES)[number];
