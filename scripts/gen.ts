// `npm run gen`: the API pages generated again from the resolved spec.
//
//   tsx scripts/gen.ts [gen-api-docs options]
//
// Each Docusaurus command loads the config and initialises every plugin
// first, so `docusaurus clean-api-docs` spends nearly all its time before
// deleting a file. Here the same files are deleted directly, then one
// `docusaurus gen-api-docs all` runs as before: the plugin only writes a page
// that does not exist, so the clean must come first.
//
// What is deleted is what the plugin's clean deletes
// (docusaurus-plugin-openapi-docs, lib/index.js, `cleanApiDocs`): in the
// output folder itself, the generated pages (`*.api.mdx`, `*.info.mdx`,
// `*.tag.mdx`), the sidebar (`sidebar.js`, `sidebar.ts`) and the JSON next to
// them but `versions.json` (our page data is `<id>.page.json`); and the
// `schemas` folder. Any other file there, and files whose names start with a
// dot (which its glob skips), stay.
// Exit status: the generator's.
import {readdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';

import {API_OUTPUT_DIR, SCHEMA_PAGES_DIR} from '../src/openapi/page-ids';
import {runDocusaurus} from './docusaurus-command';

/** Whether the plugin's clean deletes a file of this name in the output folder. */
export function isGeneratedFile(name: string): boolean {
  if (name.startsWith('.')) return false;
  return /\.(api|info|tag)\.mdx$/.test(name) || name === 'sidebar.js' || name === 'sidebar.ts' || (name.endsWith('.json') && name !== 'versions.json');
}

/** Deletes what `docusaurus clean-api-docs` would in `outputDir`; returns how many files and folders went. A missing folder is nothing to clean. */
export function cleanGeneratedFiles(outputDir: string): number {
  let entries;
  try {
    entries = readdirSync(outputDir, {withFileTypes: true});
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const entry of entries) {
    const isSchemas = entry.name === SCHEMA_PAGES_DIR && entry.isDirectory();
    if (!isSchemas && !(entry.isFile() && isGeneratedFile(entry.name))) continue;
    rmSync(path.join(outputDir, entry.name), {recursive: isSchemas});
    removed += 1;
  }
  return removed;
}

/**
 * Cleans the older versions' folders too (`docs/api/<version>/`, one per
 * release, see src/versions/): every folder of the output folder but the
 * schemas, whether or not its version is still released, so a deleted release
 * leaves no pages behind. A folder left empty goes.
 */
export function cleanVersionFolders(outputDir: string): number {
  let entries;
  try {
    entries = readdirSync(outputDir, {withFileTypes: true});
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name === SCHEMA_PAGES_DIR || entry.name.startsWith('.')) continue;
    const folder = path.join(outputDir, entry.name);
    removed += cleanGeneratedFiles(folder);
    if (readdirSync(folder).length === 0) rmSync(folder, {recursive: true});
  }
  return removed;
}

function main(): number {
  const removed = cleanGeneratedFiles(API_OUTPUT_DIR) + cleanVersionFolders(API_OUTPUT_DIR);
  console.log(`[gen] removed ${removed} generated ${removed === 1 ? 'entry' : 'entries'} from ${API_OUTPUT_DIR}`);
  return runDocusaurus(['gen-api-docs', 'all', ...process.argv.slice(2)], {prefix: '[gen]', what: 'docusaurus gen-api-docs'});
}

// Run as a command, not when a test imports the cleaning.
if (require.main === module) process.exitCode = main();
