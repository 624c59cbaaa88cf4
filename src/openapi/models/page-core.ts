import type {OperationPageCore, OperationPageModel} from './model-types';

/** The core's file, next to the full model's `<id>.page.json` (src/plugins/page-data/page-data-loader.js finds it there). */
export const PAGE_CORE_SUFFIX = '.page-core.json';

/** Whether the examples column shows a request example, and response examples. */
export function examplesShown(page: OperationPageModel | OperationPageCore): OperationPageCore['examples'] {
  if (isOperationPageCore(page)) return page.examples;
  return {
    request: page.requestBody?.content.some((media) => media.examples.length > 0) ?? false,
    responses: page.responses.some((response) => response.content.some((media) => media.examples.length > 0)),
  };
}

/** What an operation page needs to hydrate (see OperationPageCore). */
export function operationPageCore(page: OperationPageModel): OperationPageCore {
  const {kind, id, operationId, method, path, summary, deprecated, webhook, tags, tagBadges, servers, security, authSchemes} = page;
  return {
    kind,
    id,
    ...(operationId === undefined ? {} : {operationId}),
    method,
    path,
    summary,
    deprecated,
    ...(webhook === undefined ? {} : {webhook}),
    tags,
    ...(tagBadges === undefined ? {} : {tagBadges}),
    servers,
    security,
    authSchemes,
    codeSamples: page.codeSamples.map(({id: sampleId, label, language}) => ({id: sampleId, label, language})),
    examples: examplesShown(page),
  };
}

/** Whether a model is an operation page's core, not its full model. */
export function isOperationPageCore(page: OperationPageModel | OperationPageCore): page is OperationPageCore {
  return 'examples' in page;
}
