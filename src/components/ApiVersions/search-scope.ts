import {useLocation} from '@docusaurus/router';

import type {ApiVersionsData} from '../../plugins/api-versions/types';
import type {SearchFilters} from '../SiteSearch/pagefind';
import {versionOfPath} from './switch-target';
import {useApiVersions, usePreferredVersion} from './use-api-versions';

/**
 * An API page's version for the search index (src/plugins/search): a Pagefind
 * filter, so a search can leave other versions out, and metadata, so each
 * result says its version. Pages of no version (guides, the changelog, the
 * blog) carry neither and are found in every version's search.
 */
export function useSearchVersionAttributes(): Record<string, string> {
  const data = useApiVersions();
  const {pathname} = useLocation();
  const version = data && data.versions.length > 1 ? versionOfPath(data.versions, pathname) : undefined;
  return version ? {'data-pagefind-filter': `version:${version.name}`, 'data-pagefind-meta': `version:${version.name}`} : {};
}

/** Search filters that keep `version`'s pages and the pages of no version; none for all versions. */
export function versionSearchFilters(data: ApiVersionsData | undefined, version: string | undefined): SearchFilters {
  if (!data || version === undefined) return {};
  const others = data.versions.filter((candidate) => candidate.name !== version).map((candidate) => candidate.name);
  return others.length === 0 ? {} : {version: {none: others}};
}

/**
 * The version a search is scoped to by default: the one being read (from the
 * path), else the one the reader chose last, else the current one; with the
 * Pagefind options that scope it. `version` is undefined on a site of one version.
 */
export function useSearchScope(requested?: string | null): {version: string | undefined; current: boolean; filters: SearchFilters} {
  const data = useApiVersions();
  const {pathname} = useLocation();
  const [preferred] = usePreferredVersion(data);
  if (!data || data.versions.length < 2) return {version: undefined, current: true, filters: {}};
  const known = (name: string | null | undefined) => (name ? data.versions.find((version) => version.name === name)?.name : undefined);
  const version = known(requested) ?? versionOfPath(data.versions, pathname)?.name ?? known(preferred) ?? data.versions.find((candidate) => candidate.current)?.name;
  return {version, current: data.versions.some((candidate) => candidate.current && candidate.name === version), filters: versionSearchFilters(data, version)};
}
