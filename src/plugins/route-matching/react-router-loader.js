// @ts-check
'use strict';

/**
 * Puts `literalPathMatch` (src/plugins/route-matching/client/literal-path-match.ts) in front of the
 * path-to-regexp matching inside React Router 5's `matchPath`, in the build
 * of react-router the bundler takes (its ES module or CommonJS file). Why:
 * ./index.ts.
 *
 * The change is one statement at the top of the function `matchPath` reduces
 * each path with. If an upgrade of react-router changes that code, the
 * statement is not found and the build fails here, naming the file, instead
 * of silently matching the slow way.
 *
 * @this {{resourcePath: string, getOptions: () => {matcher: string}}}
 * @param {string} source
 * @returns {string}
 */
module.exports = function reactRouterLoader(source) {
  const {matcher} = this.getOptions();
  const result = withLiteralPathMatch(source, matcher, /\.mjs$|[\\/]esm[\\/]/.test(this.resourcePath) ? 'esm' : 'cjs');
  if (typeof result !== 'string') throw new Error(`${this.resourcePath}: ${result.error}`);
  return result;
};

/** The line in matchPath's reducer after which the fast path goes (the same in react-router 5.3's ESM and CommonJS builds). */
const ANCHOR = /(\n([ \t]*)if \(matched\) return matched;\n)(\s*var _compilePath = compilePath\$1\(path, \{)/g;

/**
 * @param {string} source react-router's module
 * @param {string} matcher the absolute path of literal-path-match
 * @param {'esm' | 'cjs'} format
 * @returns {string | {error: string}}
 */
function withLiteralPathMatch(source, matcher, format) {
  const found = [...source.matchAll(ANCHOR)].length;
  if (found !== 1) {
    return {
      error:
        `expected React Router 5's matchPath (one "if (matched) return matched;" followed by "var _compilePath = compilePath$1(path, {"), found it ${found} times; ` +
        'src/plugins/route-matching/react-router-loader.js must be updated for this react-router version',
    };
  }
  const request = JSON.stringify(matcher);
  const binding = '__literalPathMatch';
  const header = format === 'esm' ? `import {literalPathMatch as ${binding}} from ${request};\n` : `var ${binding} = require(${request}).literalPathMatch;\n`;
  const body = source.replace(
    ANCHOR,
    (_, before, indent, after) =>
      `${before}${indent}var literal = ${binding}(pathname, path, exact, strict, sensitive);\n${indent}if (literal !== undefined) return literal;\n${after}`,
  );
  // After "use strict" in the CommonJS build, so the directive stays first.
  return format === 'cjs' ? body.replace(/^('use strict';\n)?/, (directive) => `${directive}${header}`) : `${header}${body}`;
}

module.exports.withLiteralPathMatch = withLiteralPathMatch;
