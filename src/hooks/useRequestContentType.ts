import {useQueryString} from '@docusaurus/theme-common';
import type {MediaTypeModel} from '@site/src/openapi/models/model-types';

/**
 * The URL query parameter that holds the request content type a reader chose
 * (`?content-type=application/merge-patch+json`). The request body's
 * content-type tabs, the request example and the API explorer all read and
 * write it, so they show the same media type, and a shared link keeps it. It
 * is page-scoped on purpose: a choice on one operation says nothing about
 * another's media types.
 */
export const REQUEST_CONTENT_TYPE_PARAM = 'content-type';

/** Whether a URL search string carries a content-type choice (which the page must show at once). */
export function hasContentTypeChoice(search: string): boolean {
  return new URLSearchParams(search).has(REQUEST_CONTENT_TYPE_PARAM);
}

/** The chosen request media type of an operation (the first one unless the URL names another) and a setter. */
export function useRequestContentType(content: MediaTypeModel[]): [MediaTypeModel | undefined, (mediaType: string) => void] {
  const [chosen, setChosen] = useQueryString(REQUEST_CONTENT_TYPE_PARAM);
  const media = content.find((candidate) => candidate.mediaType === chosen) ?? content[0];
  return [media, setChosen];
}
