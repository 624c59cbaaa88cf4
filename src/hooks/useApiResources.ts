import {usePluginData} from '@docusaurus/useGlobalData';
import type {ApiResourcesContent} from '@site/src/plugins/api-resources/resources';

/** Resource groups and provenance of the resolved spec, from the api-resources plugin. */
export function useApiResources(): ApiResourcesContent {
  return usePluginData('api-resources') as ApiResourcesContent;
}
