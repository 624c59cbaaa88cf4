// @ts-check
'use strict';

const fs = require('node:fs');
const path = require('node:path');

/** The key of the server stand-in's reader (src/plugins/page-data/client/page-model.ts, READ_PAGE_MODEL). */
const READ_PAGE_MODEL = '__readPageModel';

/**
 * The query under which the browser bundle takes a page model as a file of
 * its own (./index.ts gives it Rspack's `asset/resource` type).
 */
const MODEL_FILE_QUERY = '?page-model-file';

/**
 * The file of an operation page's core, next to its full model
 * (src/openapi/models/page-core.ts, PAGE_CORE_SUFFIX).
 */
const PAGE_CORE_SUFFIX = '.page-core.json';

/** src/plugins/page-data/client/page-model.ts, which fetches a model in the browser. */
const PAGE_MODEL_CLIENT = path.resolve(__dirname, './client/page-model.ts');

/** src/openapi/models/model-file.ts, which reads a model file's form. */
const MODEL_FILE_MODULE = path.resolve(__dirname, '../../openapi/models/model-file.ts');

/**
 * Turns a page model (`docs/api/<id>.page.json`) into the module its page
 * imports, without reading it: the work is done in the loader's pitch, so
 * neither the bundler nor this loader holds the model's text.
 *
 * In the browser bundle the model is a static file of its own
 * (`assets/models/<hash>.json`, copied by Rspack's native asset modules) and
 * the module fetches it, awaited at its top level: the page's `import()`
 * settles once the model has arrived, so Docusaurus's route preload (before
 * hydration, and on a link's hover before a client-side navigation) waits
 * for it as it waits for the page's code. Before, each model was a
 * `JSON.parse("...")` string in the page's chunk: for Microsoft Graph's
 * 14,500 pages the bundler kept, minified and wrote 800 MB of string
 * literals, about 3 GB of the build's peak and 90 s of its time.
 *
 * With the option `readAtRunTime` (the server bundle), the module is a
 * stand-in that reads the file each time a page renders
 * (src/plugins/page-data/client/page-model.ts: `pageModelOf`) and decodes it
 * (src/openapi/models/model-file.ts), naming the file if it is broken;
 * the model is not kept in the bundle's module cache. The server bundle only
 * runs during the build, next to the files `npm run gen` wrote. A broken
 * model therefore fails the build when its page renders, naming the file.
 *
 * @this {{resourcePath: string, getOptions?: () => {readAtRunTime?: boolean}, addMissingDependency?: (file: string) => void}}
 * @returns {string}
 */
function pitchPageData() {
  const file = JSON.stringify(this.resourcePath);
  if (this.getOptions?.().readAtRunTime === true) {
    const key = JSON.stringify(READ_PAGE_MODEL);
    return (
      `var file = ${file};\n` +
      `var decodePageModel = require(${JSON.stringify(MODEL_FILE_MODULE)}).decodePageModel;\n` +
      'function read() {\n' +
      '  var value;\n' +
      '  try { value = JSON.parse(require("node:fs").readFileSync(file, "utf8")); }\n' +
      '  catch (error) { throw new Error(file + " is not valid JSON: " + error.message); }\n' +
      '  try { return decodePageModel(value); }\n' +
      '  catch (error) { throw new Error(file + ": " + error.message); }\n' +
      '}\n' +
      // The stand-in of src/plugins/page-data/client/page-model.ts: its reader, and any other property read from the model.
      `module.exports = new Proxy({}, {get: function (_, name) { return name === ${key} ? read : read()[name]; }});\n`
    );
  }
  const modelFile = JSON.stringify(`./${path.basename(this.resourcePath)}${MODEL_FILE_QUERY}`);
  const corePath = this.resourcePath.replace(/\.page\.json$/, PAGE_CORE_SUFFIX);
  if (corePath !== this.resourcePath && fs.existsSync(corePath)) {
    // An operation page: its core first, the rest when a reader uses it (src/plugins/page-data/client/page-model.ts).
    const coreFile = JSON.stringify(`./${path.basename(corePath)}${MODEL_FILE_QUERY}`);
    return (
      `import url from ${modelFile};\n` +
      `import coreUrl from ${coreFile};\n` +
      `import {fetchOperationPageModel} from ${JSON.stringify(PAGE_MODEL_CLIENT)};\n` +
      'export default await fetchOperationPageModel(coreUrl, url);\n'
    );
  }
  // A core written later (`npm run gen` under `docusaurus start`) builds the page again.
  this.addMissingDependency?.(corePath);
  return (
    `import url from ${modelFile};\n` +
    `import {fetchPageModel} from ${JSON.stringify(PAGE_MODEL_CLIENT)};\n` +
    'export default await fetchPageModel(url);\n'
  );
}

/**
 * Not reached: the pitch above answers for every page model.
 *
 * @this {{resourcePath: string}}
 */
function pageDataLoader() {
  throw new Error(`[page-data] ${this.resourcePath}: the loader's pitch did not answer`);
}

module.exports = pageDataLoader;
module.exports.pitch = pitchPageData;
module.exports.MODEL_FILE_QUERY = MODEL_FILE_QUERY;
module.exports.PAGE_CORE_SUFFIX = PAGE_CORE_SUFFIX;
