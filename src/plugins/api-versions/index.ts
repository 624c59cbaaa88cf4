import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

import {SCHEMA_PAGES_DIR, assignPageIds} from '../../openapi/generation/page-ids';
import {readResolvedSpec} from '../../spec-reader/parse-spec';
import {readVersionsIndex} from '../../versions/versions-index';
import {versionPages} from '../../versions/version-pages';
import type {ApiVersionsData, VersionPagesFile} from './version-types';

export type {ApiVersionsData, VersionPagesFile} from './version-types';

export interface PluginOptions {
  /** The API's id: the version choice is stored under `docs-preferred-version-<apiId>`. */
  apiId: string;
  /** The current version's resolved spec. */
  specPath: string;
  /** Folder of the versions index `npm run spec` wrote for this API (src/apis/); Meridian's by default. */
  versionsDir?: string;
  /** The current version's route, before `npm run spec` wrote the index. */
  routeBasePath?: string;
}

/** Where the pages of every version are listed for the version switcher, fetched when the reader first opens the dropdown. */
export function versionPagesUrl(apiId: string): string {
  return `/${apiId}.versions.json`;
}

interface Content {
  data: ApiVersionsData;
  pages: VersionPagesFile;
}

/**
 * The versions of the API (src/versions/): a few bytes of global data every
 * page has (names, dates, routes: the navbar's dropdown and the banner of an
 * older page), and one JSON file listing every version's pages, fetched only
 * when a reader switches versions, so no page loads other versions' page lists.
 */
export default function apiVersionsPlugin(context: LoadContext, options: PluginOptions): Plugin<Content> {
  const readPages = async (file: string) => {
    const absolute = path.resolve(context.siteDir, file);
    return versionPages(assignPageIds(readResolvedSpec(await readFile(absolute, 'utf8'), {prefix: '[api-versions]', file: absolute})));
  };
  return {
    name: 'api-versions',
    async loadContent() {
      const index = readVersionsIndex(context.siteDir, options.versionsDir);
      const currentPages = await readPages(options.specPath);
      const current = index?.current ?? {version: 'current', routeBasePath: options.routeBasePath ?? '/docs/api'};
      const overview = (pages: typeof currentPages) => pages.find((page) => page.kind === 'overview')?.pageId ?? '';
      const schemasIndex = (routeBasePath: string, pages: typeof currentPages) =>
        pages.some((page) => page.kind === 'schema') ? {schemasIndexPath: `${routeBasePath}/${SCHEMA_PAGES_DIR}`} : {};
      const older = await Promise.all((index?.older ?? []).map(async (version) => ({version, pages: await readPages(version.specPath)})));
      const versions = [
        {
          name: current.version,
          routeBasePath: current.routeBasePath,
          overviewPath: `${current.routeBasePath}/${overview(currentPages)}`,
          ...schemasIndex(current.routeBasePath, currentPages),
          current: true,
        },
        ...older.map(({version, pages}) => ({
          name: version.version,
          ...(version.label ? {label: version.label} : {}),
          ...(version.releaseDate ? {releaseDate: version.releaseDate} : {}),
          routeBasePath: version.routeBasePath,
          overviewPath: `${version.routeBasePath}/${overview(pages)}`,
          ...schemasIndex(version.routeBasePath, pages),
          current: false,
        })),
      ];
      return {
        data: {apiId: options.apiId, storageKey: `docs-preferred-version-${options.apiId}`, pagesUrl: versionPagesUrl(options.apiId), versions},
        pages: {
          // Oldest first: the order the changelog tells what was added and removed in.
          order: [...versions].reverse().map((version) => version.name),
          pages: Object.fromEntries([[current.version, currentPages], ...older.map(({version, pages}) => [version.version, pages])]),
        },
      };
    },
    async contentLoaded({content, actions}) {
      actions.setGlobalData(content.data);
    },
    async postBuild({content, outDir}) {
      const file = path.join(outDir, versionPagesUrl(options.apiId));
      await mkdir(path.dirname(file), {recursive: true});
      await writeFile(file, JSON.stringify(content.pages));
    },
  };
}
