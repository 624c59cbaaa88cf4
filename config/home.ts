import type {ApiLinks} from '../src/openapi/api-links';

/** The home page's links into the API reference, resolved at build time and
 * handed to src/pages/index.tsx as `customFields.homeLinks`. */
export interface HomeLinks {
  /** The "Get an access token" button; null hides it (the description has no such operation). */
  accessToken: string | null;
}

export function createHomeLinks(links: Pick<ApiLinks, 'optionalApiLink'>): HomeLinks {
  // customFields must be JSON: null, not undefined, for "no button".
  return {accessToken: links.optionalApiLink({operation: 'getAccessToken'}, {from: 'config/home.ts'}) ?? null};
}
