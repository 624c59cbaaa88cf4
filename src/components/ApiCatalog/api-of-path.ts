import type {CatalogApi} from '../../plugins/api-catalog/catalog-types';

/** The API whose pages `pathname` is one of: the longest route prefix, so `/docs/api/2.2.0/x` is the main API's and `/docs/apis/petstore/x` the Petstore's. Pure, for tests. */
export function apiOfPath<Api extends Pick<CatalogApi, 'routeBasePath'>>(apis: readonly Api[], pathname: string): Api | undefined {
  let found: Api | undefined;
  for (const api of apis) {
    if (pathname !== api.routeBasePath && !pathname.startsWith(`${api.routeBasePath}/`)) continue;
    if (found === undefined || api.routeBasePath.length > found.routeBasePath.length) found = api;
  }
  return found;
}
