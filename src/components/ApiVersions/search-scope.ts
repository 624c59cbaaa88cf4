import {useLocation} from '@docusaurus/router';
import {useAllPluginInstancesData} from '@docusaurus/useGlobalData';

import type {ApiVersionsData} from '../../plugins/api-versions/version-types';
import type {SearchFilters} from '../SiteSearch/pagefind';
import {versionSearchFilters} from './search-filters';
import {versionOfPath} from './switch-target';
import {useApiVersions, usePreferredVersion} from './use-api-versions';
import {versionKey} from './version-key';

/**
 * An API page's version for the search index (src/plugins/search): a Pagefind
 * filter, so a search can leave other versions out, and metadata, so each
 * result says its version. The value names the API too (version-key.ts).
 * Pages of no version (guides, the changelog, the blog) carry neither and
 * are found in every version's search.
 */
export function useSearchVersionAttributes(): Record<string, string> {
  const data = useApiVersions();
  const {pathname} = useLocation();
  const version = data && data.versions.length > 1 ? versionOfPath(data.versions, pathname) : undefined;
  if (!data || !version) return {};
  const key = versionKey(data.apiId, version.name);
  return {'data-pagefind-filter': `version:${key}`, 'data-pagefind-meta': `version:${key}`};
}

/** Every API's versions (one api-versions plugin instance per API, src/apis/). */
function useAllApiVersions(): ApiVersionsData[] {
  const instances = useAllPluginInstancesData('api-versions', {failfast: false}) as Record<string, ApiVersionsData | undefined> | undefined;
  return Object.values(instances ?? {}).filter((data): data is ApiVersionsData => data !== undefined);
}

/**
 * The version a search is scoped to by default: `requested` (a key, or a
 * version name of the API being read), else the one being read (from the
 * path), else the one the reader chose last, else the current one; with the
 * Pagefind options that scope it. `version` is the version's key
 * (`meridian@2.2.0`), undefined when the API being read has one version.
 */
export function useSearchScope(requested?: string | null): {version: string | undefined; current: boolean; filters: SearchFilters} {
  const data = useApiVersions();
  const all = useAllApiVersions();
  const {pathname} = useLocation();
  const [preferred] = usePreferredVersion(data);
  if (!data || data.versions.length < 2) return {version: undefined, current: true, filters: {}};
  const known = (name: string | null | undefined) => (name ? data.versions.find((version) => version.name === name)?.name : undefined);
  const requestedApi = requested ? all.find((api) => api.versions.length > 1 && api.versions.some((version) => versionKey(api.apiId, version.name) === requested)) : undefined;
  if (requested && requestedApi) {
    return {version: requested, current: requestedApi.versions.some((version) => version.current && versionKey(requestedApi.apiId, version.name) === requested), filters: versionSearchFilters(all, requested)};
  }
  const name = known(requested) ?? versionOfPath(data.versions, pathname)?.name ?? known(preferred) ?? data.versions.find((candidate) => candidate.current)?.name;
  if (name === undefined) return {version: undefined, current: true, filters: {}};
  const key = versionKey(data.apiId, name);
  return {version: key, current: data.versions.some((candidate) => candidate.current && candidate.name === name), filters: versionSearchFilters(all.length > 0 ? all : [data], key)};
}
