/** Options of the `html-minification` plugin. */
export interface PluginOptions {
  /**
   * Static rendering minifies each page's HTML (Docusaurus's SWC HTML
   * minifier) when the site has at most this many routes; a larger site
   * publishes the HTML as React renders it, because minifying saves little of
   * a page's gzip size and is the largest single part of static rendering
   * for a large API (bench README, "HTML minification").
   * At least 200: a site of up to 100 pages renders on the main thread,
   * whose minifier has read its setting before any plugin runs (./index.ts).
   * `Infinity` always minifies.
   */
  maxMinifiedRoutes: number;
}

export const DEFAULT_OPTIONS: PluginOptions = {maxMinifiedRoutes: 1000};

/** Below this, a site that skipped minification could render on the main thread, which minifies anyway. */
export const MIN_MAX_MINIFIED_ROUTES = 200;

/** Merges the options with the defaults and checks them; throws naming the option and its value. */
export function validateOptions(rawOptions: unknown): PluginOptions {
  if (rawOptions === undefined) return {...DEFAULT_OPTIONS};
  if (typeof rawOptions !== 'object' || rawOptions === null || Array.isArray(rawOptions)) {
    throw new Error(`[html-minification] options must be an object, got ${JSON.stringify(rawOptions)}`);
  }
  for (const key of Object.keys(rawOptions)) {
    if (!(key in DEFAULT_OPTIONS) && key !== 'id') {
      throw new Error(`[html-minification] unknown option "${key}"; known options: ${Object.keys(DEFAULT_OPTIONS).join(', ')}`);
    }
  }
  const options = {...DEFAULT_OPTIONS, ...(rawOptions as Partial<PluginOptions>)};
  const max = options.maxMinifiedRoutes;
  if (typeof max !== 'number' || max < MIN_MAX_MINIFIED_ROUTES || (!Number.isInteger(max) && max !== Infinity)) {
    throw new Error(
      `[html-minification] option "maxMinifiedRoutes" must be a whole number of routes, at least ${MIN_MAX_MINIFIED_ROUTES}, or Infinity, got ${typeof max === 'number' ? String(max) : JSON.stringify(max)}`,
    );
  }
  return options;
}
