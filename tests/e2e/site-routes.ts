import {readFileSync} from 'node:fs';
import path from 'node:path';
import kebabCase from 'lodash/kebabCase';
import {parse} from 'yaml';

// Its own HTTP_METHODS, YAML parse and page-id rule, not the site's (spec-document.ts, parseSpecText, page-ids.ts), on purpose: an oracle must not share the code it checks.
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

type OperationLike = {operationId?: string; summary?: string};

/** A path item's operations: its fixed-field methods, then OpenAPI 3.2's `additionalOperations` under their own names. */
function operationsOfPathItem(pathItem: Record<string, unknown> | undefined): [string, OperationLike][] {
  if (!pathItem) return [];
  const additional = Object.entries((pathItem.additionalOperations ?? {}) as Record<string, OperationLike>);
  return [...HTTP_METHODS.map((method): [string, OperationLike] => [method, pathItem[method] as OperationLike]), ...additional].filter(([, operation]) => operation);
}

export interface OperationRoute {
  path: string;
  summary: string;
  method: string;
  apiPath: string;
  operationId: string;
}

/** The operation pages the resolved spec should have produced, read from the
 * same `.spec/openapi.yaml` the build used. */
export function operationRoutes(root = process.cwd()): OperationRoute[] {
  const spec = parse(readFileSync(path.join(root, '.spec/openapi.yaml'), 'utf8'), {
    maxAliasCount: -1,
  }) as {paths?: Record<string, Record<string, unknown>>};
  const routes: OperationRoute[] = [];
  for (const [apiPath, pathItem] of Object.entries(spec.paths ?? {})) {
    for (const [method, operation] of operationsOfPathItem(pathItem)) {
      const id = kebabCase(operation.operationId ?? operation.summary ?? '');
      routes.push({
        path: `/docs/api/${id}`,
        summary: operation.summary ?? '',
        method,
        apiPath,
        operationId: operation.operationId ?? '',
      });
    }
  }
  return routes;
}

/** Every `<loc>` of the built sitemap, as a path. */
export function sitemapPaths(root = process.cwd()): string[] {
  const xml = readFileSync(path.join(root, 'build/sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

/** Webhooks (`webhooks`) of the resolved spec, by event name and method, with the summary their page shows. */
export function webhookOperations(root = process.cwd()): {event: string; method: string; summary: string}[] {
  const spec = parse(readFileSync(path.join(root, '.spec/openapi.yaml'), 'utf8'), {maxAliasCount: -1}) as {
    webhooks?: Record<string, Record<string, unknown>>;
  };
  const hooks: {event: string; method: string; summary: string}[] = [];
  for (const [event, pathItem] of Object.entries(spec.webhooks ?? {})) {
    for (const [method, operation] of operationsOfPathItem(pathItem)) {
      hooks.push({event, method, summary: operation.summary ?? operation.operationId ?? event});
    }
  }
  return hooks;
}

/** Names of the resolved spec's named schemas (`components.schemas`). */
export function schemaNames(root = process.cwd()): string[] {
  const spec = parse(readFileSync(path.join(root, '.spec/openapi.yaml'), 'utf8'), {maxAliasCount: -1}) as {components?: {schemas?: Record<string, unknown>}};
  return Object.keys(spec.components?.schemas ?? {});
}

/** Route prefixes (`/docs/api/2.2.0/`) of the older versions this build publishes (src/versions/), from what `npm run spec` wrote. */
export function olderVersionPrefixes(root = process.cwd()): string[] {
  const file = path.join(root, '.spec/versions/index.json');
  let index: {older?: {routeBasePath: string}[]};
  try {
    index = JSON.parse(readFileSync(file, 'utf8')) as typeof index;
  } catch {
    return [];
  }
  return (index.older ?? []).map((version) => `${version.routeBasePath}/`);
}
