import {asString} from '../spec-reader/spec-document';
import type {PageIdAssignment} from '../openapi/generation/page-ids';
import type {VersionPage} from './page-keys';

/** Every page of one version, by key. */
export function versionPages(ids: PageIdAssignment): VersionPage[] {
  return [
    {kind: 'overview', pageId: ids.overviewId},
    ...ids.tags.map((tag): VersionPage => ({kind: 'tag', name: tag.name, pageId: tag.pageId})),
    ...ids.operations.map((operation): VersionPage => {
      const operationId = asString(operation.operation.operationId);
      const summary = asString(operation.operation.summary);
      return {
        kind: operation.kind,
        ...(operationId ? {operationId} : {}),
        method: operation.method.toLowerCase(),
        path: operation.path,
        pageId: operation.pageId,
        ...(summary ? {title: summary} : {}),
      };
    }),
    ...ids.schemas.map((schema): VersionPage => ({kind: 'schema', name: schema.name, pageId: schema.pageId})),
  ];
}

