import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import type {LoadContext, Plugin} from '@docusaurus/types';

import {validateOptions, type PluginOptions} from './options';
import {SpecDocument, isObject} from '../../openapi/spec-document';
import {parseResolvedSpecText} from '../../spec-source/parse-spec';
import {buildPostmanCollection} from './postman';

export type {PluginOptions} from './options';

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

/**
 * `specDownloads` in a worker thread (downloads-worker.mjs), so that a large
 * spec's Postman conversion runs beside the other plugins' postBuild work
 * instead of before or after it.
 */
export function specDownloadsInWorker(yamlText: string, options: PluginOptions): Promise<DownloadFile[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'downloads-worker.mjs'), {workerData: {yamlText, options}});
    let settled = false;
    worker.once('message', (message: {files?: DownloadFile[]; error?: string}) => {
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
        await writeFile(target, contents, 'utf8');
      }
      console.log(
        `[spec-downloads] wrote ${files.map(({filename, contents}) => `/${filename} (${Buffer.byteLength(contents)} bytes)`).join(', ')}`,
      );
    },
  };
}
