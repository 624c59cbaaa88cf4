import type {ApiVersionsData} from '../../plugins/api-versions/version-types';
import type {SearchFilters} from '../SiteSearch/pagefind';
import {versionKey} from './version-key';

/**
 * Search filters that keep the pages of version `key` (`<apiId>@<version>`),
 * the current pages of every other API and the pages of no version: every
 * other version key of the site is left out. None when `key` is undefined
 * (every version).
 */
export function versionSearchFilters(apis: readonly ApiVersionsData[], key: string | undefined): SearchFilters {
  if (key === undefined) return {};
  const reading = apis.find((api) => api.versions.some((version) => versionKey(api.apiId, version.name) === key));
  const others = apis
    .filter((api) => api.versions.length > 1)
    .flatMap((api) => api.versions.filter((version) => (api === reading ? versionKey(api.apiId, version.name) !== key : !version.current)).map((version) => versionKey(api.apiId, version.name)));
  return others.length === 0 ? {} : {version: {none: others}};
}
