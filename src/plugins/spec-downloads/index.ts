import {appendFile, mkdir, readFile, writeFile} from 'node:fs/promises';
import {gzipSync} from 'node:zlib';
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import type {LoadContext, Plugin} from '@docusaurus/types';

import {validateOptions, type PluginOptions} from './downloads-options';
import {SpecDocument, isObject} from '../../spec-reader/spec-document';
import {parseResolvedSpecText} from '../../spec-reader/parse-spec';
import {buildPostmanCollection} from './postman';

export type {PluginOptions} from './downloads-options';

export interface SpecDownloadsContent {
  /** The resolved spec exactly as `npm run spec` wrote it. */
  yamlText: string;
}

export interface DownloadFile {
  /** Path relative to the build output. */
  filename: string;
  contents: string;
}

/** Parses the resolved spec (with the spec step's parser), refusing anything
 * that is not an OpenAPI document with operations or webhooks. */
export function parseSpec(yamlText: string, source: string): SpecDocument {
  let document: unknown;
  try {
    document = parseResolvedSpecText(yamlText, source);
  } catch (error) {
    throw new Error(`[spec-downloads] ${source} is not valid YAML: ${(error as Error).message}`);
  }
  if (!isObject(document) || typeof document.openapi !== 'string') {
    throw new Error(`[spec-downloads] ${source} is not an OpenAPI document (no "openapi" version field). Run "npm run spec" again.`);
  }
  const spec = new SpecDocument(document);
  if (spec.operations().length + spec.webhooks().length === 0) {
    throw new Error(`[spec-downloads] ${source} has no operations and no webhooks; refusing to publish an empty API description.`);
  }
  return spec;
}

/** The three downloads of a resolved spec: YAML (as is), JSON and a Postman collection. */
export async function specDownloads(yamlText: string, options: PluginOptions): Promise<DownloadFile[]> {
  const spec = parseSpec(yamlText, options.specPath);
  const collection = await buildPostmanCollection(spec);
  return [
    {filename: options.yamlFilename, contents: yamlText},
    {filename: options.jsonFilename, contents: `${JSON.stringify(spec.root, null, 2)}\n`},
    {filename: options.postmanFilename, contents: `${JSON.stringify(collection, null, 2)}\n`},
  ];
}

/** A file of the build: a download as it is, or compressed (or a piece of it compressed) when it was too large. */
export interface PublishedFile {
  /** Path relative to the build output. */
  filename: string;
  contents: string | Uint8Array;
  /** The download this file holds compressed: its path, and its size before compression. */
  compressedFrom?: {filename: string; bytes: number};
}

/**
 * The downloads as files no larger than `maxFileBytes`: each one that fits
 * as it is, and each larger one gzip-compressed at `<file>.gz` (descriptions
 * and collections compress about tenfold), or, if even that is larger, in
 * pieces `<file>.gz.part-1`, `-2`, ... that concatenate to it.
 */
export function fitDownloads(files: DownloadFile[], maxFileBytes: number): PublishedFile[] {
  return files.flatMap((file): PublishedFile[] => {
    const bytes = Buffer.byteLength(file.contents);
    if (bytes <= maxFileBytes) return [file];
    const compressed = gzipSync(file.contents, {level: 9});
    const compressedFrom = {filename: file.filename, bytes};
    if (compressed.length <= maxFileBytes) return [{filename: `${file.filename}.gz`, contents: compressed, compressedFrom}];
    const pieces: PublishedFile[] = [];
    for (let start = 0; start < compressed.length; start += maxFileBytes) {
      pieces.push({filename: `${file.filename}.gz.part-${pieces.length + 1}`, contents: compressed.subarray(start, start + maxFileBytes), compressedFrom});
    }
    return pieces;
  });
}

/** The downloads as the build publishes them: `specDownloads`, each file fitted to `maxFileBytes`. */
export async function publishedDownloads(yamlText: string, options: PluginOptions): Promise<PublishedFile[]> {
  return fitDownloads(await specDownloads(yamlText, options), options.maxFileBytes);
}

/**
 * `_redirects` rules (Cloudflare Pages, Netlify) that send the URL of each
 * download published compressed to its `.gz`, so the URL the pages and
 * llms.txt link keeps working; pieces have no single file to send it to.
 */
export function compressedRedirects(files: PublishedFile[], baseUrl: string): string[] {
  return files
    .filter((file) => file.compressedFrom && file.filename === `${file.compressedFrom.filename}.gz`)
    .map((file) => `${baseUrl}${file.compressedFrom!.filename} ${baseUrl}${file.filename} 302`);
}

/**
 * `publishedDownloads` in a worker thread (downloads-worker.mjs), so that a large
 * spec's Postman conversion runs beside the other plugins' postBuild work
 * instead of before or after it.
 */
export function specDownloadsInWorker(yamlText: string, options: PluginOptions): Promise<PublishedFile[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'downloads-worker.mjs'), {workerData: {yamlText, options}});
    let settled = false;
    worker.once('message', (message: {files?: PublishedFile[]; error?: string}) => {
      settled = true;
      if (message.files) resolve(message.files);
      else reject(new Error(message.error));
    });
    worker.once('error', (error) => {
      settled = true;
      reject(new Error(`[spec-downloads] the downloads worker failed: ${error.message}`));
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`[spec-downloads] the downloads worker exited with code ${code} before it sent the files.`));
    });
  });
}

/** Publishes the resolved API description next to the site: `openapi.yaml`,
 * `openapi.json` and a Postman collection, all from the same `.spec/openapi.yaml`. */
export default function specDownloadsPlugin(context: LoadContext, rawOptions: unknown): Plugin<SpecDownloadsContent> {
  const options = validateOptions(rawOptions);
  const specFile = path.resolve(context.siteDir, options.specPath);
  return {
    name: 'spec-downloads',
    getPathsToWatch: () => [specFile],
    async loadContent() {
      try {
        return {yamlText: await readFile(specFile, 'utf8')};
      } catch (error) {
        throw new Error(
          `[spec-downloads] cannot read the resolved spec at ${specFile}: ${(error as Error).message}. Run "npm run spec" first.`,
        );
      }
    },
    async postBuild({outDir, content}) {
      const files = await specDownloadsInWorker(content.yamlText, options);
      for (const {filename, contents} of files) {
        const target = path.join(outDir, filename);
        await mkdir(path.dirname(target), {recursive: true});
        await writeFile(target, contents);
      }
      const redirects = compressedRedirects(files, context.baseUrl);
      // Several instances (versions, APIs) add to the one file; each append is one write.
      if (redirects.length > 0) await appendFile(path.join(outDir, '_redirects'), `${redirects.join('\n')}\n`, 'utf8');
      const describe = ({filename, contents, compressedFrom}: PublishedFile) =>
        `/${filename} (${Buffer.byteLength(contents)} bytes${compressedFrom ? `, /${compressedFrom.filename} compressed: ${compressedFrom.bytes} bytes is over maxFileBytes (${options.maxFileBytes})` : ''})`;
      console.log(`[spec-downloads] wrote ${files.map(describe).join(', ')}`);
    },
  };
}
