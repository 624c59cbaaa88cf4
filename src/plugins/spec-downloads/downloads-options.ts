/** Options of the `spec-downloads` plugin, which publishes the resolved API
 * description as downloads next to the built site. */
export interface PluginOptions {
  /** Resolved OpenAPI description written by `npm run spec` (YAML), relative to the site directory. */
  specPath: string;
  /** Path in the build output of the byte-for-byte copy of the YAML description. */
  yamlFilename: string;
  /** Path in the build output of the same description as JSON (`JSON.stringify(doc, null, 2)`). */
  jsonFilename: string;
  /** Path in the build output of the Postman Collection (v2.1) with one request per operation. */
  postmanFilename: string;
  /**
   * The largest download published as it is, in bytes. A larger one is
   * published gzip-compressed at `<file>.gz` (in numbered parts if even that
   * is larger), and a `_redirects` rule sends its own URL there. Below
   * Cloudflare Pages' 25 MiB per file by default.
   */
  maxFileBytes: number;
}

/** Cloudflare Pages refuses a file over 25 MiB; the default stays a margin below. */
export const DEFAULT_MAX_FILE_BYTES = 20 * 1024 * 1024;

export const DEFAULT_OPTIONS: PluginOptions = {
  specPath: '.spec/openapi.yaml',
  yamlFilename: 'openapi.yaml',
  jsonFilename: 'openapi.json',
  postmanFilename: 'meridian.postman_collection.json',
  maxFileBytes: DEFAULT_MAX_FILE_BYTES,
};

/** A relative path inside the build output: no leading slash, no `..`, no backslashes. */
const OUTPUT_PATH = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[\w.@-]+(?:\/[\w.@-]+)*$/;

const EXTENSIONS: Record<Exclude<keyof PluginOptions, 'specPath' | 'maxFileBytes'>, RegExp> = {
  yamlFilename: /\.ya?ml$/,
  jsonFilename: /\.json$/,
  postmanFilename: /\.json$/,
};

/** Merges the options with the defaults and checks them; throws naming the option and its value. */
export function validateOptions(rawOptions: unknown): PluginOptions {
  if (rawOptions === undefined) return {...DEFAULT_OPTIONS};
  if (typeof rawOptions !== 'object' || rawOptions === null || Array.isArray(rawOptions)) {
    throw new Error(`[spec-downloads] options must be an object, got ${JSON.stringify(rawOptions)}`);
  }
  const options = {...DEFAULT_OPTIONS, ...(rawOptions as Partial<PluginOptions>)};
  for (const key of Object.keys(rawOptions)) {
    if (!(key in DEFAULT_OPTIONS) && key !== 'id') {
      throw new Error(`[spec-downloads] unknown option "${key}"; known options: ${Object.keys(DEFAULT_OPTIONS).join(', ')}`);
    }
  }
  if (typeof options.specPath !== 'string' || options.specPath.trim() === '') {
    throw new Error(`[spec-downloads] option "specPath" must be a non-empty path, got ${JSON.stringify(options.specPath)}`);
  }
  for (const key of Object.keys(EXTENSIONS) as (keyof typeof EXTENSIONS)[]) {
    const value: unknown = options[key];
    if (typeof value !== 'string' || !OUTPUT_PATH.test(value) || !EXTENSIONS[key].test(value)) {
      throw new Error(
        `[spec-downloads] option "${key}" must be a relative path inside the build output ending in ${EXTENSIONS[key] === EXTENSIONS.yamlFilename ? '".yaml" or ".yml"' : '".json"'}, got ${JSON.stringify(value)}`,
      );
    }
  }
  if (typeof options.maxFileBytes !== 'number' || !Number.isInteger(options.maxFileBytes) || options.maxFileBytes < 1024) {
    throw new Error(`[spec-downloads] option "maxFileBytes" must be a whole number of bytes, at least 1024, got ${JSON.stringify(options.maxFileBytes)}`);
  }
  const outputs = [options.yamlFilename, options.jsonFilename, options.postmanFilename];
  if (new Set(outputs).size !== outputs.length) {
    throw new Error(`[spec-downloads] options "yamlFilename", "jsonFilename" and "postmanFilename" must differ, got ${JSON.stringify(outputs)}`);
  }
  return options;
}
