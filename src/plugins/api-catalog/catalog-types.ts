import type {SpecProvenance} from '../api-resources/resources';

/** One API of the site as the browser knows it (global data of the api-catalog plugin). */
export interface CatalogApi {
  id: string;
  label: string;
  /** The description's `info.title`. */
  title: string;
  main: boolean;
  routeBasePath: string;
  overviewPath: string;
  /** Its changelog page. */
  changelogPath: string;
  /** Folder of its downloads in the build, `''` for the site root. */
  downloadsDir: string;
  postmanFilename: string;
  /** The id of its api-versions plugin instance (`default` for the main API). */
  versionsPluginId: string;
  provenance: SpecProvenance;
}

export interface ApiCatalogData {
  apis: CatalogApi[];
}
