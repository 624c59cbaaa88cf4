import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

import {changelogPathOf, type SiteApi} from '../../apis/apis-config';
import {assignPageIds} from '../../openapi/generation/page-ids';
import {readResolvedSpec} from '../../spec-reader/parse-spec';
import {versionPages} from '../../versions/version-pages';
import {provenanceFrom} from '../api-resources/resources';
import type {ApiCatalogData, CatalogApi} from './catalog-types';

export type {ApiCatalogData, CatalogApi} from './catalog-types';

export interface PluginOptions {
  /** The site's APIs, checked (src/apis/apis-config.ts), the main one first. */
  apis: SiteApi[];
}

/** The api-versions plugin instance of an API: the main API's is the default one. */
export function versionsPluginId(api: Pick<SiteApi, 'id' | 'main'>): string {
  return api.main ? 'default' : `api-${api.id}`;
}

/**
 * The site's APIs for the browser (src/apis/): label, routes, downloads and
 * provenance of each, a few hundred bytes, so that a page knows which API it
 * belongs to (its Authorize panel's credentials, its downloads) and the
 * docs landing can list them. Only on sites with more than one API.
 */
export default function apiCatalogPlugin(context: LoadContext, options: PluginOptions): Plugin<ApiCatalogData> {
  const describe = async (api: SiteApi): Promise<CatalogApi> => {
    const specFile = path.resolve(context.siteDir, api.specPath);
    const spec = readResolvedSpec(await readFile(specFile, 'utf8'), {prefix: '[api-catalog]', file: specFile});
    const overview = versionPages(assignPageIds(spec)).find((page) => page.kind === 'overview')?.pageId ?? '';
    let provenance: unknown = null;
    try {
      provenance = JSON.parse(await readFile(path.resolve(context.siteDir, api.provenancePath), 'utf8'));
    } catch {
      // A hand-placed spec without provenance: the overview then omits where it came from.
    }
    return {
      id: api.id,
      label: api.label,
      title: spec.title,
      main: api.main,
      routeBasePath: api.routeBasePath,
      overviewPath: `${api.routeBasePath}/${overview}`,
      changelogPath: changelogPathOf(api),
      downloadsDir: api.downloadsDir,
      postmanFilename: api.postmanFilename,
      versionsPluginId: versionsPluginId(api),
      provenance: provenanceFrom(provenance),
    };
  };
  return {
    name: 'api-catalog',
    getPathsToWatch: () => options.apis.flatMap((api) => [api.specPath, api.provenancePath].map((file) => path.resolve(context.siteDir, file))),
    async loadContent() {
      return {apis: await Promise.all(options.apis.map(describe))};
    },
    async contentLoaded({content, actions}) {
      actions.setGlobalData(content);
    },
  };
}
