// @ts-check
'use strict';

/**
 * Replaces `getActiveDocContext` in the docs plugin's client utilities
 * (@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js) with
 * `activeDocContext` (src/plugins/route-matching/client/active-doc-context.ts), which finds the same
 * doc through an index. Why: ./index.ts.
 *
 * The plugin's function is renamed, not removed, and a new
 * `getActiveDocContext` calls ours with the module's own `getActiveVersion`,
 * so the module's other functions (`getDocVersionSuggestions`) use it too.
 * If an upgrade changes the function's signature line, the build fails
 * here, naming the file, instead of silently scanning.
 *
 * @this {{resourcePath: string, getOptions: () => {activeDocContext: string}}}
 * @param {string} source
 * @returns {string}
 */
module.exports = function docsClientLoader(source) {
  const result = withIndexedActiveDocContext(source, this.getOptions().activeDocContext);
  if (typeof result !== 'string') throw new Error(`${this.resourcePath}: ${result.error}`);
  return result;
};

const SIGNATURE = 'export function getActiveDocContext(data, pathname) {';

/**
 * @param {string} source the docs plugin's docsClientUtils.js (an ES module)
 * @param {string} helper the absolute path of active-doc-context
 * @returns {string | {error: string}}
 */
function withIndexedActiveDocContext(source, helper) {
  const found = source.split(SIGNATURE).length - 1;
  if (found !== 1 || !source.includes('export function getActiveVersion(data, pathname) {')) {
    return {
      error:
        `expected the docs plugin's "${SIGNATURE}" once and its getActiveVersion(data, pathname), found the first ${found} times; ` +
        'src/plugins/route-matching/docs-client-loader.js must be updated for this @docusaurus/plugin-content-docs version',
    };
  }
  return [
    `import {activeDocContext as __activeDocContext} from ${JSON.stringify(helper)};`,
    source.replace(SIGNATURE, 'function scanActiveDocContext(data, pathname) {'),
    'export function getActiveDocContext(data, pathname) {',
    '  return __activeDocContext(data, pathname, getActiveVersion(data, pathname));',
    '}',
    '',
  ].join('\n');
}

module.exports.withIndexedActiveDocContext = withIndexedActiveDocContext;
