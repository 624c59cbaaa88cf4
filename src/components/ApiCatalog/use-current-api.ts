import {useAllPluginInstancesData} from '@docusaurus/useGlobalData';
import {useLocation} from '@docusaurus/router';

import type {ApiCatalogData, CatalogApi} from '../../plugins/api-catalog/catalog-types';
import {apiOfPath} from './api-of-path';

/** The site's APIs (src/apis/); undefined on a site with one API, which has no catalog. */
export function useApiCatalog(): ApiCatalogData | undefined {
  return useAllPluginInstancesData('api-catalog', {failfast: false})?.default as ApiCatalogData | undefined;
}

/** The API of the page being read; undefined on a one-API site and outside every API's pages. */
export function useCurrentApi(): CatalogApi | undefined {
  const catalog = useApiCatalog();
  const {pathname} = useLocation();
  return catalog ? apiOfPath(catalog.apis, pathname) : undefined;
}

/**
 * What the explorer keys another API's credentials by, so a credential typed
 * on one API's pages is never sent from another's, even to the same server;
 * undefined for the main API, whose stored credentials keep their keys.
 */
export function useCredentialScope(): string | undefined {
  const api = useCurrentApi();
  return api && !api.main ? `api:${api.id}` : undefined;
}

/**
 * The API of a page for the search index (src/plugins/search): a Pagefind
 * filter and metadata, so each result names its API; undefined on a one-API
 * site and on pages of no API (guides, the blog).
 */
export function useSearchApiAttributes(): Record<string, string> | undefined {
  const api = useCurrentApi();
  // Pagefind reads a comma as the start of another field, so the label goes in without one.
  const label = api?.label.replace(/,/g, ' ');
  return label ? {'data-pagefind-filter': `api:${label}`, 'data-pagefind-meta': `api:${label}`} : undefined;
}
