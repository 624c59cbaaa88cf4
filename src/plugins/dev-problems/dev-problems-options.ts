/** Where `npm start` (scripts/start.ts) writes the spec step's last result, relative to the site root. */
export const DEV_STATUS_FILE = '.gen/dev/status.json';
/** The URL path, under the site's baseUrl, the development server serves that file's folder at. */
export const DEV_STATUS_ROUTE = '__spec-dev';

export interface PluginOptions {
  /** Only the development server shows the overlay; false (every production build) makes the plugin do nothing. */
  enabled: boolean;
  /** The status file `npm start` writes. */
  statusFile: string;
}

export const DEFAULT_OPTIONS: PluginOptions = {enabled: false, statusFile: DEV_STATUS_FILE};

export function validateOptions(rawOptions: unknown): PluginOptions {
  if (rawOptions !== undefined && (typeof rawOptions !== 'object' || rawOptions === null)) {
    throw new Error(`[dev-problems] options must be an object, got ${JSON.stringify(rawOptions)}`);
  }
  const options = {...DEFAULT_OPTIONS, ...(rawOptions as Partial<PluginOptions> | undefined)};
  if (typeof options.enabled !== 'boolean') throw new Error(`[dev-problems] option "enabled" must be true or false, got ${JSON.stringify(options.enabled)}`);
  if (typeof options.statusFile !== 'string' || !options.statusFile.endsWith('.json')) {
    throw new Error(`[dev-problems] option "statusFile" must be the path of a .json file, got ${JSON.stringify(options.statusFile)}`);
  }
  return options;
}
