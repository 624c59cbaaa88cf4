import {API_DOCS_BASE_PATH} from '../../openapi/generation/page-ids';

export interface PluginOptions {
  /** Resolved OpenAPI description written by `npm run spec`. */
  specPath: string;
  /** Provenance record written next to it by `npm run spec`. */
  provenancePath: string;
  /** Where the generated API pages live, as a URL path. */
  apiDocsBasePath: string;
}

export const DEFAULT_OPTIONS: Omit<PluginOptions, 'specPath' | 'provenancePath'> = {
  apiDocsBasePath: API_DOCS_BASE_PATH,
};

export function validateOptions(rawOptions: unknown): PluginOptions {
  if (typeof rawOptions !== 'object' || rawOptions === null) {
    throw new Error(`[api-resources] options must be an object, got ${JSON.stringify(rawOptions)}`);
  }
  const options = rawOptions as Partial<PluginOptions>;
  for (const key of ['specPath', 'provenancePath'] as const) {
    const value = options[key];
    if (typeof value !== 'string' || value.trim() === '') {
      throw new Error(
        `[api-resources] option "${key}" must be a non-empty path, got ${JSON.stringify(value)}`,
      );
    }
  }
  const merged = {...DEFAULT_OPTIONS, ...options} as PluginOptions;
  if (!merged.apiDocsBasePath.startsWith('/')) {
    throw new Error(
      `[api-resources] option "apiDocsBasePath" must start with "/", got ${JSON.stringify(merged.apiDocsBasePath)}`,
    );
  }
  return merged;
}
