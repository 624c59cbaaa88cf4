// @ts-check
'use strict';

/** The key of the server stand-in's reader (src/client/page-model.ts, READ_PAGE_MODEL). */
const READ_PAGE_MODEL = '__readPageModel';

/**
 * Turns a page model (`docs/api/<id>.page.json`) into a module that parses
 * its JSON at run time: `module.exports = JSON.parse("...")`.
 *
 * As a JSON module, Rspack parses every page model into a value tree it keeps
 * for the whole compilation, in both the client and the server compiler; for
 * thousands of pages that was most of the build's memory. A single string
 * literal costs the bundler (parser and minifier) almost nothing, and
 * browsers parse `JSON.parse` of a string faster than the equivalent object
 * literal. The JSON is validated here, so a broken page model still fails
 * the build, naming the file.
 *
 * With the option `readAtRunTime` (the server bundle), the module is a
 * stand-in that reads the file each time a page renders
 * (src/client/page-model.ts: `pageModelOf`), naming the file if it is broken;
 * the model is not kept in the bundle's module cache. The
 * server bundle only runs during the build, next to the files `npm run gen`
 * wrote, and without the page models it is a fraction of their size (92 MB
 * of them for GitHub's API): less for the bundler to process and for every
 * static-rendering thread to load.
 *
 * @this {{resourcePath: string, getOptions?: () => {readAtRunTime?: boolean}}}
 * @param {string} source
 * @returns {string}
 */
module.exports = function pageDataLoader(source) {
  if (this.getOptions?.().readAtRunTime === true) {
    // Not parsed here: the client compiler of the same build parses every
    // page model (below) and fails the build on a broken one; parsing 800 MB
    // of Microsoft Graph's models twice took a minute. A file that changes
    // between the two is still named when the page renders.
    const file = JSON.stringify(this.resourcePath);
    const key = JSON.stringify(READ_PAGE_MODEL);
    return (
      `var file = ${file};\n` +
      'function read() {\n' +
      '  try { return JSON.parse(require("node:fs").readFileSync(file, "utf8")); }\n' +
      '  catch (error) { throw new Error(file + " is not valid JSON: " + error.message); }\n' +
      '}\n' +
      // The stand-in of src/client/page-model.ts: its reader, and any other property read from the model.
      `module.exports = new Proxy({}, {get: function (_, name) { return name === ${key} ? read : read()[name]; }});\n`
    );
  }
  try {
    JSON.parse(source);
  } catch (error) {
    throw new Error(`${this.resourcePath} is not valid JSON: ${/** @type {Error} */ (error).message}`);
  }
  // JSON.stringify of the text is a valid JavaScript string literal (lone
  // surrogates, U+2028 and U+2029 are escaped or allowed since ES2019).
  return `module.exports = JSON.parse(${JSON.stringify(source)});\n`;
};
