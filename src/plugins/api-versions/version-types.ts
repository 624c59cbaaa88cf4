import type {VersionPage} from '../../versions/page-keys';

/** One version as the browser knows it (global data): newest first, the current one first of all. */
export interface ApiVersionInfo {
  name: string;
  /** The configuration's label of the version (openapi-docs' per-version `label`), shown instead of its name. */
  label?: string;
  /** `YYYY-MM-DD`; the current version may have none (unreleased). */
  releaseDate?: string;
  routeBasePath: string;
  overviewPath: string;
  /** The schemas' index (a generated index, no doc of its own), when the version has schemas. */
  schemasIndexPath?: string;
  current: boolean;
}

/** The api-versions plugin's global data. */
export interface ApiVersionsData {
  apiId: string;
  /** localStorage key of the reader's chosen version. */
  storageKey: string;
  /** The VersionPagesFile's URL. */
  pagesUrl: string;
  versions: ApiVersionInfo[];
}

/** Every version's pages, fetched when the reader switches versions. */
export interface VersionPagesFile {
  /** Version names, oldest first. */
  order: string[];
  /** By version name; each page's route is `<routeBasePath>/<pageId>`. */
  pages: Record<string, VersionPage[]>;
}
