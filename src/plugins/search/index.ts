import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {Worker} from 'node:worker_threads';
import type {LoadContext, Plugin} from '@docusaurus/types';

import {readIndexedPages, writeNameLists} from './names-index';
import {writeTitleLists} from './titles-index';
import {validateOptions, type PluginOptions} from './search-options';

export type {PluginOptions} from './search-options';

export interface IndexReport {
  /** Pages Pagefind indexed (those with a `data-pagefind-body` element). */
  pages: number;
  /** Files written under the index folder. */
  files: number;
  /** Absolute path of the index folder. */
  outputPath: string;
  /** The pages' short names (page-names.mjs): the metadata's size before and after, or why the index was left as Pagefind wrote it. */
  /** Operations in the endpoint lists (endpoints.mjs). */
  endpoints: number;
  /** Names (schemas, tags, fields) in the names lists, and the lists' buckets (names.ts). */
  names: {names: number; buckets: number};
  /** Title keys, buckets and title words in the title lists (titles-index.ts). */
  titles: {titles: number; buckets: number; words: number};
  pageNames: {renamed: {language: string; pages: number; before: number; after: number}[]} | {skipped: string};
}

/**
 * Indexes the built HTML under `outDir` with Pagefind's Node API (in
 * pagefind-worker.mjs, see there why) and writes the chunked index to
 * `<outDir>/<outputSubdir>`. Rejects when Pagefind reports an error or finds
 * no page to index: a site without search must not be published silently.
 */
export function writeSearchIndex(outDir: string, options: PluginOptions): Promise<IndexReport> {
  const job = {
    outDir,
    outputPath: path.join(outDir, options.outputSubdir),
    glob: options.glob,
    excludeSelectors: options.excludeSelectors,
    language: options.language,
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'pagefind-worker.mjs'), {workerData: job});
    let settled = false;
    worker.once('message', (message: {report?: Omit<IndexReport, 'names'> & {pageIds: [string, string[]][]}; error?: string}) => {
      settled = true;
      if (!message.report) {
        reject(new Error(message.error));
        return;
      }
      const {pageIds, ...report} = message.report;
      try {
        const indexed = readIndexedPages(report.outputPath);
        resolve({...report, names: writeNameLists(report.outputPath, pageIds, indexed), titles: writeTitleLists(report.outputPath, indexed)});
      } catch (error) {
        reject(new Error(`[search] could not write the names and title lists of ${report.outputPath}: ${(error as Error).message}`));
      }
    });
    worker.once('error', (error) => {
      settled = true;
      reject(new Error(`[search] the Pagefind worker failed: ${error.message}`));
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`[search] the Pagefind worker exited with code ${code} before it reported the index.`));
    });
  });
}

/**
 * Set by scripts/site-build.ts for the rendering step of SITE_BUILD_STEPS=low-memory: the
 * file the plugin writes its job to instead of indexing, so that the index is
 * made once Docusaurus's process has exited and Pagefind's memory does not
 * add to the rendering's.
 */
export const SEARCH_JOB_VARIABLE = 'MERIDIAN_SEARCH_JOB';

/** What `writeSearchIndex` needs, as the plugin hands it on. */
export interface SearchJob {
  outDir: string;
  options: PluginOptions;
}

/** Prints what was indexed, with the index folder relative to `siteDir`. */
export function logIndexReport(report: IndexReport, siteDir: string): void {
  console.log(`[search] indexed ${report.pages} pages into ${path.relative(siteDir, report.outputPath)} (${report.files} files; ${report.endpoints} operations in the endpoint lists; ${report.names.names} names in ${report.names.buckets} names lists; ${report.titles.titles} titles in ${report.titles.buckets} title lists, ${report.titles.words} title words)`);
  if ('skipped' in report.pageNames) console.warn(`[search] the index keeps Pagefind's page names: ${report.pageNames.skipped}`);
  for (const {language, pages, before, after} of 'renamed' in report.pageNames ? report.pageNames.renamed : []) {
    console.log(`[search] short page names (${language}, ${pages} pages): the metadata every first search loads went from ${before} to ${after} bytes gzip`);
  }
}

/** Runs a job the plugin wrote to `jobFile`; rejects naming the file when it cannot be read. */
export async function runSearchJob(jobFile: string, siteDir: string): Promise<void> {
  let job: SearchJob;
  try {
    job = JSON.parse(readFileSync(jobFile, 'utf8')) as SearchJob;
  } catch (error) {
    throw new Error(`[search] could not read the search job ${jobFile}: ${(error as Error).message}`);
  }
  logIndexReport(await writeSearchIndex(job.outDir, validateOptions(job.options)), siteDir);
}

/** The site's search: a Pagefind index of the built docs pages and blog posts (the browser side is src/theme/SearchBar and src/pages/search). */
export default function searchPlugin(context: LoadContext, rawOptions: unknown): Plugin {
  const options = validateOptions(rawOptions);
  return {
    name: 'search',
    async postBuild({outDir}) {
      const jobFile = process.env[SEARCH_JOB_VARIABLE];
      if (jobFile) {
        writeFileSync(jobFile, JSON.stringify({outDir, options} satisfies SearchJob));
        console.log(`[search] the index is made after the rendering, in the build's own process (${SEARCH_JOB_VARIABLE}).`);
        return;
      }
      logIndexReport(await writeSearchIndex(outDir, options), context.siteDir);
    },
  };
}
