import {readFileSync} from 'node:fs';
import path from 'node:path';

import {missingTargetReason, resolveReference, type ApiReference, type ResolvedReference} from './site-references';
import {readResolvedSpec} from '../../spec-reader/parse-spec';
import type {SpecDocument} from '../../spec-reader/spec-document';

/**
 * Links from the site's own files (config, pages, docs, blog) to generated
 * API pages, resolved against the resolved description at build time. The
 * config, the home page's custom fields and the `api-links` remark plugin all
 * go through one `ApiLinks`, so the description is read once and each miss is
 * reported once, in the same words.
 */

/** `SPEC_VALIDATION` (read by the config with the spec step's own parser):
 * `strict` makes a problem with the description (here: a hand-written link to
 * something it does not have) end the build. */
export type SpecValidation = 'publish' | 'strict';

export interface ApiLinksOptions {
  /** The resolved description written by `npm run spec`, relative to `siteDir`. */
  specPath: string;
  siteDir: string;
  /** Route of the generated pages, e.g. `/docs/api`. */
  apiDocsBasePath: string;
  validation: SpecValidation;
  /** Where warnings go (one line each, `[api-links] …`); stderr by default. */
  warn?: (line: string) => void;
  /**
   * Hold problems (warnings, and under strict the error) until
   * `releaseReports()`. Every docusaurus command loads the config, and so
   * resolves the config's own links: `clean-api-docs`, `gen-api-docs`, and
   * `build` twice. Held, they are told once, by whichever load builds the site.
   */
  holdReports?: boolean;
}

export interface ReferenceSite {
  /** The file that holds the reference, relative to the site root (with `:line:column` when known). */
  from: string;
}

export interface ApiLinks {
  /**
   * The page of `reference`. A target the description lacks gives the
   * overview (`found: false`) and a warning naming `from`; with
   * `ifMissing: 'omit'` the warning says the caller leaves the link out.
   * Under `SPEC_VALIDATION=strict` a missing target throws instead (when
   * reports are held: `releaseReports()` does).
   */
  resolve(reference: ApiReference, site: ReferenceSite & {ifMissing?: 'overview' | 'omit'}): ResolvedReference;
  /** The route to put in `to` or `href`: the target's page, else the overview's. */
  apiLink(reference: ApiReference, site: ReferenceSite): string;
  /** The target's route, or undefined when the description lacks it (for links that are better left out, such as a call to action). */
  optionalApiLink(reference: ApiReference, site: ReferenceSite): string | undefined;
  /** Tells the problems held so far (see `holdReports`): warns, or under strict throws one Error listing
   * every fatal one. Problems found afterwards are told at once. */
  releaseReports(): void;
}

type LoadedSpec = {spec: SpecDocument} | {spec: undefined};

export function createApiLinks(options: ApiLinksOptions): ApiLinks {
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const reported = new Set<string>();
  let holding = options.holdReports ?? false;
  const held: {line: string; fatal: boolean}[] = [];
  const report = (line: string, fatal: boolean) => {
    // Thrown at every use, so no caller goes on with the fallback.
    if (fatal && !holding) throw new Error(line);
    // A file compiled twice, or a link used twice, is one problem.
    if (reported.has(line)) return;
    reported.add(line);
    if (holding) held.push({line, fatal});
    else warn(line);
  };

  // Read on the first reference, not when the config loads: most files
  // compiled (every generated page) have none.
  let loaded: LoadedSpec | undefined;
  const load = (): LoadedSpec => {
    if (loaded) return loaded;
    const file = path.resolve(options.siteDir, options.specPath);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new Error(`[api-links] cannot read ${options.specPath}: ${(error as Error).message}`);
      }
      // `docusaurus start` before `npm run spec`: the site can still be
      // worked on, with every API link pointing at the docs home.
      report(
        `[api-links] ${options.specPath} does not exist, so links to API pages point to /docs; run "npm run spec" to resolve them`,
        false,
      );
      loaded = {spec: undefined};
      return loaded;
    }
    loaded = {spec: readResolvedSpec(text, {prefix: '[api-links]', file: options.specPath})};
    return loaded;
  };

  const resolve: ApiLinks['resolve'] = (reference, {from, ifMissing = 'overview'}) => {
    const {spec} = load();
    const resolved = resolveReference(spec, reference, options.apiDocsBasePath);
    // Without a description nothing can be found; that was said once already.
    if (resolved.found || !spec) return resolved;
    const problem = `[api-links] ${from}: ${missingTargetReason(reference)}`;
    if (options.validation === 'strict') report(`${problem} (SPEC_VALIDATION=strict)`, true);
    else report(`${problem}; ${ifMissing === 'omit' ? 'leaving the link out' : 'linking to the overview instead'}`, false);
    return resolved;
  };

  return {
    resolve,
    apiLink: (reference, site) => resolve(reference, site).permalink,
    optionalApiLink: (reference, site) => {
      const resolved = resolve(reference, {...site, ifMissing: 'omit'});
      return resolved.found ? resolved.permalink : undefined;
    },
    releaseReports: () => {
      holding = false;
      const released = held.splice(0);
      for (const {line} of released.filter(({fatal}) => !fatal)) warn(line);
      const fatal = released.filter(({fatal}) => fatal).map(({line}) => line);
      if (fatal.length > 0) throw new Error(fatal.join('\n'));
    },
  };
}
