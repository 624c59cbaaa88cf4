import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {runInNewContext} from 'node:vm';
import {describe, expect, it} from 'vitest';
import {activeDocContext} from '../client/active-doc-context';
import * as literalPathMatchModule from '../client/literal-path-match';
import {mulberry32} from '../../../../scripts/seeded-random';
import routeMatchingPlugin, {ACTIVE_DOC_CONTEXT, DOCS_CLIENT_UTILS_TEST, LITERAL_PATH_MATCH, REACT_ROUTER_TEST, SERVER_PRELOAD} from '../index';
import {CORE_PRELOAD_TEST} from '../../route-sections';
import {bundlerUtils, FakeReplacement} from '../../__tests__/bundler-stub';

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

const docsLoader = require('../docs-client-loader.js') as {
  withIndexedActiveDocContext: (source: string, helper: string) => string | {error: string};
};
const DOCS_CLIENT_FILE = require.resolve('@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js');

type DocsData = Parameters<typeof activeDocContext>[0] & {path: string};
interface DocsClientUtils {
  getActiveVersion: (data: DocsData, pathname: string) => DocsData['versions'][number] | undefined;
  getActiveDocContext: (data: DocsData, pathname: string) => ReturnType<typeof activeDocContext>;
  getDocVersionSuggestions: (data: DocsData, pathname: string) => {latestDocSuggestion: unknown};
}

/** The docs plugin's client utilities (an ES module whose `@docusaurus/router` is the bundler's alias) run with React Router's matchPath. */
function evaluateDocsClient(source: string): DocsClientUtils {
  const body = source
    .replace("import { matchPath } from '@docusaurus/router';", 'const {matchPath} = __router;')
    .replace(/^import \{activeDocContext as __activeDocContext\} from "[^"]+";$/m, 'const __activeDocContext = __helper.activeDocContext;')
    .replace(/^export (function|const) /gm, '$1 ');
  const evaluate = new Function('__router', '__helper', `${body}\nreturn {getActiveVersion, getActiveDocContext, getDocVersionSuggestions};`);
  return evaluate(require('react-router'), {activeDocContext}) as DocsClientUtils;
}

describe('docs-client-loader and activeDocContext', () => {
  it('puts an indexed getActiveDocContext in the installed docs plugin, keeping the module\'s other functions', () => {
    const file = DOCS_CLIENT_FILE;
    const source = readFileSync(file, 'utf8');
    const patched = docsLoader.withIndexedActiveDocContext(source, '/abs/active-doc-context.ts');
    expect(typeof patched).toBe('string');
    const lines = (patched as string).split('\n');
    expect(lines.filter((line) => !source.includes(line)).map((line) => line.trim())).toEqual([
      'import {activeDocContext as __activeDocContext} from "/abs/active-doc-context.ts";',
      'function scanActiveDocContext(data, pathname) {',
      'return __activeDocContext(data, pathname, getActiveVersion(data, pathname));',
    ]);
    expect(patched).toContain('export function getDocVersionSuggestions(data, pathname) {');
    expect(docsLoader.withIndexedActiveDocContext('export function getActiveVersion(data, pathname) {}', '/h.ts')).toEqual({
      error:
        'expected the docs plugin\'s "export function getActiveDocContext(data, pathname) {" once and its getActiveVersion(data, pathname), found the first 0 times; ' +
        'src/plugins/route-matching/docs-client-loader.js must be updated for this @docusaurus/plugin-content-docs version',
    });
    const run = require('../docs-client-loader.js') as (this: object, source: string) => string;
    expect(() => run.call({resourcePath: file, getOptions: () => ({activeDocContext: '/h.ts'})}, 'export {}')).toThrow(/docsClientUtils\.js: expected the docs plugin's/);
  });

  it('finds the doc and its other versions that the plugin\'s scans find, for any paths, cases, slashes and duplicates', () => {
    const source = readFileSync(DOCS_CLIENT_FILE, 'utf8');
    const original = evaluateDocsClient(source);
    const patched = evaluateDocsClient(docsLoader.withIndexedActiveDocContext(source, ACTIVE_DOC_CONTEXT) as string);
    const random = mulberry32(53);
    const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const segments = ['docs', 'api', 'Create-Contact', 'list', ':id', '*', 'x', 'é', '1.0', 'next'];
    const path = (prefix: string) => `${prefix}/${Array.from({length: 1 + Math.floor(random() * 3)}, () => pick(segments)).join('/')}${random() < 0.1 ? '/' : ''}`;
    for (let sample = 0; sample < 300; sample++) {
      const versions = ['/docs/1.0', '/docs'].slice(Math.floor(random() * 2)).map((versionPath, index) => ({
        name: `v${index}`,
        path: versionPath,
        isLast: index === 0,
        docs: Array.from({length: Math.floor(random() * 30)}, () => ({id: `doc-${Math.floor(random() * 12)}`, path: path(versionPath)})),
      }));
      const data: DocsData = {path: '/docs', versions};
      const pathnames = versions.flatMap((version) =>
        version.docs.flatMap((doc) => [doc.path, doc.path.toUpperCase(), `${doc.path}/`, doc.path.replace(/\/[^/]*$/, '/other')]),
      );
      for (const pathname of [...pathnames, '/docs', '/nowhere', path('/docs')]) {
        const expected = original.getActiveDocContext(data, pathname);
        const actual = patched.getActiveDocContext(data, pathname);
        expect(patched.getDocVersionSuggestions(data, pathname).latestDocSuggestion, pathname).toBe(original.getDocVersionSuggestions(data, pathname).latestDocSuggestion);
        expect(actual.activeVersion, pathname).toBe(expected.activeVersion);
        expect(actual.activeDoc, pathname).toBe(expected.activeDoc);
        expect(actual.alternateDocVersions, pathname).toEqual(expected.alternateDocVersions);
        for (const [name, doc] of Object.entries(expected.alternateDocVersions)) expect(actual.alternateDocVersions[name], pathname).toBe(doc);
      }
      // Docs added in place (a route section loading in the browser) are found too.
      const [version] = versions;
      version.docs.push({id: 'added', path: `${version.path}/added-later`});
      const added = patched.getActiveDocContext(data, `${version.path}/added-later`).activeDoc;
      expect(added).toBe(original.getActiveDocContext(data, `${version.path}/added-later`).activeDoc);
      if (!version.docs.slice(0, -1).some((doc) => /[:*]/.test(doc.path))) expect(added?.id).toBe('added');
    }
  });
});

describe('route-matching plugin', () => {
  const configure = (isServer: boolean) =>
    routeMatchingPlugin().configureWebpack?.({} as never, isServer, bundlerUtils, undefined) as unknown as {
      module: {rules: {test: RegExp; use: {loader: string; options: object}[]}[]};
      plugins: FakeReplacement[];
    };

  it('replaces the core preload with the indexed one in the server bundle only', () => {
    expect(configure(true).plugins).toEqual([new FakeReplacement(CORE_PRELOAD_TEST, SERVER_PRELOAD)]);
    expect(configure(false).plugins).toEqual([]);
    expect(CORE_PRELOAD_TEST.test(require.resolve('@docusaurus/core/lib/client/preload.js'))).toBe(true);
  });

  it('sends the docs plugin\'s client utilities, and nothing else, through the docs client loader', () => {
    for (const isServer of [true, false]) {
      const rule = configure(isServer).module.rules.find((candidate) => candidate.test === DOCS_CLIENT_UTILS_TEST);
      expect(rule?.use).toEqual([{loader: require.resolve('../docs-client-loader.js'), options: {activeDocContext: ACTIVE_DOC_CONTEXT}}]);
    }
    expect(DOCS_CLIENT_UTILS_TEST.test(require.resolve('@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js'))).toBe(true);
    expect(DOCS_CLIENT_UTILS_TEST.test(require.resolve('@docusaurus/plugin-content-docs/lib/client/index.js'))).toBe(false);
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
