// `npm run gen`: the API pages generated again from the resolved spec.
//
//   tsx scripts/gen.ts [gen-api-docs options]
//
// `docusaurus gen-api-docs all` writes into a staging folder that starts
// empty (the plugin only writes a page that does not exist), then only the
// files whose content changed are copied into docs/api/ and the generated
// files it no longer makes are deleted (scripts/sync-generated.ts): the
// development server rebuilds what changed, not every page. The staging
// folder is given to docusaurus.config.ts as API_GEN_STAGING_DIR.
// Exit status: the generator's.
import {rmSync} from 'node:fs';
import process from 'node:process';

import {API_OUTPUT_DIR} from '../src/openapi/generation/page-ids';
import {runDocusaurus} from './docusaurus-command';
import {syncGeneratedFiles} from './sync-generated';
import {checkApisConfig, stagingDirOf} from '../src/apis/apis-config';
import {loadApisConfig} from '../src/apis/resolve-apis';

/** `.gen/api` for `docs/api`: the plugin takes the pages' ids from the path after its first folder, so only that folder's name may differ. */
export const STAGING_DIR = API_OUTPUT_DIR.replace(/^[^/]+/, '.gen');

/** Each API's staging folder and the folder its changed files are copied into: the main API's first, then the site's other APIs (src/apis/), staged beside it as `.gen/<folder below docs/>`. */
export function generationTargets(root: string): Array<{staged: string; outputDir: string}> {
  const otherApis = checkApisConfig(loadApisConfig(root), root).filter((api) => !api.main);
  return [{staged: STAGING_DIR, outputDir: API_OUTPUT_DIR}, ...otherApis.map((api) => ({staged: stagingDirOf(api.outputDir), outputDir: api.outputDir}))];
}

function main(): number {
  const targets = generationTargets(process.cwd());
  for (const {staged} of targets) rmSync(staged, {recursive: true, force: true});
  const status = runDocusaurus(['gen-api-docs', 'all', ...process.argv.slice(2)], {
    prefix: '[gen]',
    what: 'docusaurus gen-api-docs',
    env: {...process.env, API_GEN_STAGING_DIR: STAGING_DIR},
  });
  // A failed generation leaves docs/api/ as it was: the last good pages stay.
  if (status !== 0) return status;
  for (const {staged, outputDir} of targets) {
    const {written, removed, unchanged} = syncGeneratedFiles(staged, outputDir);
    console.log(`[gen] ${outputDir}: ${written.length} written, ${removed.length} removed, ${unchanged} unchanged`);
    for (const file of written) console.log(`[gen]   wrote ${file}`);
    for (const file of removed) console.log(`[gen]   removed ${file}`);
  }
  return 0;
}

// Run as a command, not when a test imports it.
if (require.main === module) process.exitCode = main();
