// @ts-check

/**
 * Worker thread that runs Pagefind's Node API for `writeSearchIndex`
 * (./index.ts). Pagefind is an ES module whose package exports only an
 * `import` entry; Docusaurus loads plugins through jiti, which turns
 * `import()` into `require()` and fails on it (ERR_PACKAGE_PATH_NOT_EXPORTED).
 * A worker loads this file, and Pagefind, as Node's own ES modules. The
 * indexing itself runs in Pagefind's binary (from the optional
 * @pagefind/<platform> package, no install script needed).
 *
 * Pagefind reads a copy of the pages to index, without their `id`
 * attributes, the docs sidebar and the asides it is told to leave out (see
 * indexed-html.mjs), in a temporary folder: the same paths, so the same URLs.
 * Once it has written the index, its pages get short names (page-names.mjs).
 */
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parentPort, workerData} from 'node:worker_threads';
import * as pagefind from 'pagefind';

import {asideClasses, indexedHtml, SIDEBAR_CLASS} from './indexed-html.mjs';
import {shortenPageNames} from './page-names.mjs';
import {writeEndpointLists} from './endpoints.mjs';

/** @typedef {{outDir: string, outputPath: string, glob: string, excludeSelectors: string[], language: string}} IndexJob */

/**
 * Copies the HTML files of `outDir` that have something to index (a
 * `data-pagefind-body` element) into `copyDir`, without their ids, their
 * sidebar and the asides of `excludeSelectors` (`aside.api-examples`).
 *
 * Returns the ids each copied page had (the field list's input, names.ts),
 * by the page's path relative to `outDir`, with `/` separators.
 *
 * @param {string} outDir
 * @param {string} copyDir
 * @param {string[]} excludeSelectors
 * @returns {[string, string[]][]}
 */
function copyIndexedPages(outDir, copyDir, excludeSelectors) {
  const dropped = [SIDEBAR_CLASS, ...asideClasses(excludeSelectors)];
  /** @type {[string, string[]][]} */
  const pageIds = [];
  for (const file of readdirSync(outDir, {recursive: true, encoding: 'utf8'})) {
    if (!file.endsWith('.html')) continue;
    // Bytes, not text: indexed-html.mjs says why.
    const bytes = readFileSync(path.join(outDir, file));
    if (!bytes.includes('data-pagefind-body')) continue;
    mkdirSync(path.dirname(path.join(copyDir, file)), {recursive: true});
    /** @type {string[]} */
    const ids = [];
    writeFileSync(path.join(copyDir, file), indexedHtml(bytes, dropped, ids));
    pageIds.push([file.split(path.sep).join('/'), ids]);
  }
  return pageIds;
}

/** @param {IndexJob} job */
async function writeIndex(job) {
  const copyDir = mkdtempSync(path.join(tmpdir(), 'search-index-'));
  try {
    const pageIds = copyIndexedPages(job.outDir, copyDir, job.excludeSelectors);
    const {index, errors} = await pagefind.createIndex({excludeSelectors: job.excludeSelectors, forceLanguage: job.language});
    if (!index) throw new Error(`[search] Pagefind could not start: ${errors.join('; ')}`);
    const added = await index.addDirectory({path: copyDir, glob: job.glob});
    if (added.errors.length > 0) throw new Error(`[search] Pagefind could not index ${job.outDir}: ${added.errors.join('; ')}`);
    if (added.page_count === 0) {
      throw new Error(`[search] no page of ${job.outDir} has a data-pagefind-body element; the docs and blog post wrappers in src/theme/ set it`);
    }
    const written = await index.writeFiles({outputPath: job.outputPath});
    if (written.errors.length > 0) throw new Error(`[search] Pagefind could not write ${job.outputPath}: ${written.errors.join('; ')}`);
    const pageNames = shortenPageNames(job.outputPath);
    const endpoints = writeEndpointLists(job.outputPath);
    // Counted on disk: Pagefind's getFiles() sends every file's bytes back
    // from its binary, a good share of a large API's index time, for a count.
    const files = readdirSync(job.outputPath, {recursive: true, withFileTypes: true}).filter((entry) => entry.isFile()).length;
    return {pages: added.page_count, files, outputPath: job.outputPath, pageNames, endpoints, pageIds};
  } finally {
    await pagefind.close();
    rmSync(copyDir, {recursive: true, force: true});
  }
}

writeIndex(workerData).then(
  (report) => parentPort?.postMessage({report}),
  (error) => parentPort?.postMessage({error: error instanceof Error ? error.message : String(error)}),
);
