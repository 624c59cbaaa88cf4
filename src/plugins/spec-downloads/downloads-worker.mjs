// @ts-check

/**
 * Worker thread that builds the downloads (`publishedDownloads` of ./index.ts) off
 * the build's main thread. The Postman conversion is the slow part, and the
 * search index, also
 * single-threaded and in the same postBuild phase, waited for it. In a worker
 * it runs on the other core. jiti loads the TypeScript module, as Docusaurus
 * itself loads plugins.
 */
import {fileURLToPath} from 'node:url';
import {parentPort, workerData} from 'node:worker_threads';
import createJiti from 'jiti';

const jiti = createJiti(fileURLToPath(import.meta.url), {interopDefault: true});
/** @type {{publishedDownloads: (yamlText: string, options: unknown) => Promise<unknown>}} */
const {publishedDownloads} = jiti('./index.ts');

publishedDownloads(workerData.yamlText, workerData.options).then(
  (files) => parentPort?.postMessage({files}),
  (error) => parentPort?.postMessage({error: error instanceof Error ? error.message : String(error)}),
);
