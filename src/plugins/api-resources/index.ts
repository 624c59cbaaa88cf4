import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

import {readResolvedSpec} from '../../spec-reader/parse-spec';
import {validateOptions} from './resources-options';
import {apiResourcesFromSpec, provenanceFrom, type ApiResourcesContent} from './resources';

export type {ApiResource, ApiResourcesContent} from './resources';

/** Reads the resolved spec once per build and hands its resource groups
 * (tags) and provenance to the home page, the docs landing and the footer as
 * global data, so a new tag in the spec gets its card without a code change. */
export default function apiResourcesPlugin(
  context: LoadContext,
  rawOptions: unknown,
): Plugin<ApiResourcesContent> {
  const options = validateOptions(rawOptions);
  const specFile = path.resolve(context.siteDir, options.specPath);
  const provenanceFile = path.resolve(context.siteDir, options.provenancePath);
  return {
    name: 'api-resources',
    getPathsToWatch: () => [specFile, provenanceFile],
    async loadContent() {
      let text: string;
      try {
        text = await readFile(specFile, 'utf8');
      } catch (error) {
        throw new Error(
          `[api-resources] cannot read the resolved spec at ${specFile}: ${(error as Error).message}. Run "npm run spec" first.`,
        );
      }
      const spec = readResolvedSpec(text, {prefix: '[api-resources]', file: specFile});
      let provenance: unknown = null;
      try {
        provenance = JSON.parse(await readFile(provenanceFile, 'utf8'));
      } catch {
        // The site still builds from a spec without provenance (e.g. during
        // `docusaurus start` on a hand-placed file); the footer then omits it.
      }
      return {
        title: spec.title,
        resources: apiResourcesFromSpec(spec, options.apiDocsBasePath),
        operationCount: spec.operations().length,
        provenance: provenanceFrom(provenance),
      };
    },
    async contentLoaded({content, actions}) {
      actions.setGlobalData(content);
    },
  };
}
