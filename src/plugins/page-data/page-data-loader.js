// @ts-check
'use strict';

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
 * @this {{resourcePath: string}}
 * @param {string} source
 * @returns {string}
 */
module.exports = function pageDataLoader(source) {
  try {
    JSON.parse(source);
  } catch (error) {
    throw new Error(`${this.resourcePath} is not valid JSON: ${/** @type {Error} */ (error).message}`);
  }
  // JSON.stringify of the text is a valid JavaScript string literal (lone
  // surrogates, U+2028 and U+2029 are escaped or allowed since ES2019).
  return `module.exports = JSON.parse(${JSON.stringify(source)});\n`;
};
