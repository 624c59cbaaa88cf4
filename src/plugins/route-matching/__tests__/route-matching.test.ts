import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {runInNewContext} from 'node:vm';
import {describe, expect, it} from 'vitest';
import * as literalPathMatchModule from '../../../client/literal-path-match';
import routeMatchingPlugin, {LITERAL_PATH_MATCH, REACT_ROUTER_TEST, SERVER_PRELOAD} from '../index';
import {CORE_PRELOAD_TEST} from '../../route-sections';

const require = createRequire(import.meta.url);
const loader = require('../react-router-loader.js') as {
  withLiteralPathMatch: (source: string, matcher: string, format: 'esm' | 'cjs') => string | {error: string};
};
const reactRouterDir = path.dirname(require.resolve('react-router/package.json'));
const installed = (file: string) => readFileSync(path.join(reactRouterDir, file), 'utf8');

type MatchPath = (pathname: string, options: object | string) => unknown;

/** The patched CommonJS build, run with the real literal matcher and the real dependencies. */
function patchedMatchPath(): MatchPath {
  const patched = loader.withLiteralPathMatch(installed('cjs/react-router.js'), LITERAL_PATH_MATCH, 'cjs');
  if (typeof patched !== 'string') throw new Error(patched.error);
  const module = {exports: {} as {matchPath: MatchPath}};
  const requireFromRouter = createRequire(path.join(reactRouterDir, 'cjs/react-router.js'));
  runInNewContext(patched, {
    module,
    exports: module.exports,
    process: {env: {NODE_ENV: 'production'}},
    require: (request: string) => (request === LITERAL_PATH_MATCH ? literalPathMatchModule : requireFromRouter(request)),
  });
  return module.exports.matchPath;
}

describe('react-router-loader', () => {
  it('adds one statement to matchPath in both installed builds, importing the matcher by its absolute path', () => {
    for (const [file, format] of [['esm/react-router.js', 'esm'], ['cjs/react-router.js', 'cjs']] as const) {
      const source = installed(file);
      const patched = loader.withLiteralPathMatch(source, '/abs/literal-path-match.ts', format);
      expect(typeof patched).toBe('string');
      const added = (patched as string).split('\n').filter((line) => !source.includes(line));
      expect(added.map((line) => line.trim())).toEqual([
        format === 'esm'
          ? 'import {literalPathMatch as __literalPathMatch} from "/abs/literal-path-match.ts";'
          : 'var __literalPathMatch = require("/abs/literal-path-match.ts").literalPathMatch;',
        'var literal = __literalPathMatch(pathname, path, exact, strict, sensitive);',
        'if (literal !== undefined) return literal;',
      ]);
    }
  });

  it('gives the same matches as the unpatched matchPath, for plain paths and patterns alike', () => {
    const patched = patchedMatchPath();
    const original = (require('react-router') as {matchPath: MatchPath}).matchPath;
    const paths = ['/docs/api/create-contact', '/docs', '/docs/', '/', '/docs/:id', '/docs/*', ['/a', '/docs/api/create-contact']];
    const pathnames = ['/docs/api/create-contact', '/DOCS/api/create-contact/', '/docs/api/create-contact/x', '/docs', '/docs/', '/other'];
    for (const pathOption of paths) {
      for (const pathname of pathnames) {
        for (const exact of [undefined, true, false]) {
          for (const strict of [undefined, true]) {
            const options = {path: pathOption, exact, strict};
            expect({pathname, options, match: patched(pathname, options)}).toEqual({pathname, options, match: original(pathname, options)});
          }
        }
      }
    }
    expect(patched('/docs/x', '/docs/x')).toEqual(original('/docs/x', '/docs/x'));
  });

  it('refuses a react-router whose matchPath it does not recognise, naming the file, so the build does not silently match the slow way', () => {
    expect(loader.withLiteralPathMatch('function matchPath() {}', '/m.ts', 'esm')).toEqual({
      error:
        'expected React Router 5\'s matchPath (one "if (matched) return matched;" followed by "var _compilePath = compilePath$1(path, {"), found it 0 times; ' +
        'src/plugins/route-matching/react-router-loader.js must be updated for this react-router version',
    });
    const run = require('../react-router-loader.js') as (this: object, source: string) => string;
    expect(() => run.call({resourcePath: '/x/node_modules/react-router/esm/react-router.js', getOptions: () => ({matcher: '/m.ts'})}, 'export {}')).toThrow(
      /^\/x\/node_modules\/react-router\/esm\/react-router\.js: expected React Router 5's matchPath/,
    );
  });
});

describe('route-matching plugin', () => {
  class Replacement {
    constructor(
      readonly test: RegExp,
      readonly replacement: string,
    ) {}
  }
  const configure = (isServer: boolean) =>
    routeMatchingPlugin().configureWebpack?.({} as never, isServer, {currentBundler: {instance: {NormalModuleReplacementPlugin: Replacement}}} as never, undefined) as unknown as {
      module: {rules: {test: RegExp; use: {loader: string; options: object}[]}[]};
      plugins: Replacement[];
    };

  it('replaces the core preload with the indexed one in the server bundle only', () => {
    expect(configure(true).plugins).toEqual([new Replacement(CORE_PRELOAD_TEST, SERVER_PRELOAD)]);
    expect(configure(false).plugins).toEqual([]);
    expect(CORE_PRELOAD_TEST.test(require.resolve('@docusaurus/core/lib/client/preload.js'))).toBe(true);
  });

  it('sends both react-router builds, and nothing else, through the loader with the matcher', () => {
    const config = configure(false);
    const [rule] = config.module.rules;
    expect(rule.use).toEqual([{loader: require.resolve('../react-router-loader.js'), options: {matcher: LITERAL_PATH_MATCH}}]);
    expect(REACT_ROUTER_TEST.test(path.join(reactRouterDir, 'esm/react-router.js'))).toBe(true);
    expect(REACT_ROUTER_TEST.test(path.join(reactRouterDir, 'cjs/react-router.js'))).toBe(true);
    expect(REACT_ROUTER_TEST.test('/site/node_modules/react-router-dom/esm/react-router-dom.js')).toBe(false);
    expect(REACT_ROUTER_TEST.test('/site/node_modules/react-router/cjs/react-router.min.js')).toBe(false);
  });
});
