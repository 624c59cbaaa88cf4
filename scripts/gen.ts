// `npm run gen`: the API pages generated again from the resolved spec.
//
//   tsx scripts/gen.ts [gen-api-docs options]
//
// `docusaurus gen-api-docs all` writes into a staging folder emptied first
// (the plugin only writes a page that does not exist), given to
// docusaurus.config.ts as API_GEN_STAGING_DIR; then the generation is synced
// into docs/api/ (scripts/sync-generated.ts): only changed files are
// rewritten, so the development server rebuilds only what changed, and only
// files the last sync copied there are deleted.
// Exit status: the generator's, or 1 when a sync could not run.
import {rmSync} from 'node:fs';
import process from 'node:process';

import {API_OUTPUT_DIR} from '../src/openapi/generation/page-ids';
import {runDocusaurus} from './docusaurus-command';
import {SyncRecordError, syncGeneratedFiles, syncRecordOf, type SyncResult} from './sync-generated';
import {checkApisConfig, stagingDirOf} from '../src/apis/apis-config';
import {loadApisConfig} from '../src/apis/resolve-apis';

/** `.gen/api` for `docs/api`: the plugin takes the pages' ids from the path after its first folder, so only that folder's name may differ. */
export const STAGING_DIR = API_OUTPUT_DIR.replace(/^[^/]+/, '.gen');

/** Where each API is generated, synced, and the sync recorded: the main API's first, then the site's other APIs (src/apis/), staged beside it as `.gen/<folder below docs/>`. */
export function generationTargets(root: string): Array<{staged: string; outputDir: string; record: string}> {
  const otherApis = checkApisConfig(loadApisConfig(root), root).filter((api) => !api.main);
  return [{staged: STAGING_DIR, outputDir: API_OUTPUT_DIR}, ...otherApis.map((api) => ({staged: stagingDirOf(api.outputDir), outputDir: api.outputDir}))].map((target) => ({
    ...target,
    record: syncRecordOf(target.staged),
  }));
}

/** The log lines of one folder's sync. */
export function syncReport(outputDir: string, {written, removed, unchanged, unrecorded}: SyncResult): string[] {
  return [
    `[gen] ${outputDir}: ${written.length} written, ${removed.length} removed, ${unchanged} unchanged`,
    ...written.map((file) => `[gen]   wrote ${file}`),
    ...removed.map((file) => `[gen]   removed ${file}`),
    ...unrecordedReport(outputDir, unrecorded),
  ];
}

/** The files a sync without a record left, named so that a reader can tell whether they are old pages. */
export function unrecordedReport(outputDir: string, unrecorded: string[]): string[] {
  if (unrecorded.length === 0) return [];
  return [
    `[gen] ${outputDir}: no record of an earlier sync, so ${unrecorded.length} file(s) this generation did not make were left; if they are old pages, delete ${outputDir} and run "npm run gen" again:`,
    ...unrecorded.map((file) => `[gen]   left ${file}`),
  ];
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
  for (const {staged, outputDir, record} of targets) {
    try {
      for (const line of syncReport(outputDir, syncGeneratedFiles(staged, outputDir, record))) console.log(line);
    } catch (error) {
      if (!(error instanceof SyncRecordError)) throw error;
      console.error(`[gen] ${error.message}`);
      return 1;
    }
  }
  return 0;
}

// Run as a command, not when a test imports it.
if (require.main === module) process.exitCode = main();
