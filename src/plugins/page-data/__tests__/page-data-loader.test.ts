import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {runInNewContext} from 'node:vm';
import {describe, expect, it, vi} from 'vitest';
import type * as RspackModule from '@rspack/core';
import type {Stats} from '@rspack/core';
import pageDataPlugin, {MDX_LOADER, MODEL_FILE_NAME, MODEL_FILE_TEST, PAGE_DATA_TEST} from '../index';
import {PAGE_CORE_SUFFIX} from '../../../openapi/models/page-core';
import {fetchPageModel, pageModelOf} from '../client/page-model';
import * as modelFile from '../../../openapi/models/model-file';
import {encodePageModel} from '../../../openapi/models/model-file';

const require = createRequire(import.meta.url);

/** A bundler config with the docs plugin's MDX rule in it, as the plugin finds it. */
const docsConfig = () => ({module: {rules: [{test: /\.mdx?$/i, use: [{loader: MDX_LOADER, options: {}}]}]}});
interface ModelRule {
  resourceQuery?: string;
  test?: RegExp;
  type: string;
  generator?: {filename: string};
  use?: {loader: string; options: {readAtRunTime: boolean}}[];
}
const configure = (isServer: boolean) =>
  pageDataPlugin().configureWebpack?.(docsConfig() as never, isServer, {} as never, undefined) as unknown as {
    module: {parser: {json: {exportsDepth: number}; javascript?: {dynamicImportMode: string}}; rules: {test: RegExp; oneOf: ModelRule[]}[]};
  };
interface LoaderThis {
  resourcePath: string;
  getOptions?: () => {readAtRunTime?: boolean};
  addMissingDependency?: (file: string) => void;
}
const pageDataLoader = require('../page-data-loader.js') as {pitch: (this: LoaderThis) => string; MODEL_FILE_QUERY: string; PAGE_CORE_SUFFIX: string};
/** The module the server's stand-in requires to decode a model (page-data-loader.js). */
const MODEL_FILE_MODULE = path.resolve(__dirname, '../../../openapi/models/model-file.ts');
/** The module the browser bundle's page modules import (page-data-loader.js). */
const PAGE_MODEL_CLIENT = path.resolve(__dirname, '../client/page-model.ts');
/** The Rspack the site builds with (a dependency of @docusaurus/faster). */
const {rspack} = createRequire(require.resolve('@docusaurus/faster/package.json'))('@rspack/core') as typeof RspackModule;

/**
 * Bundles `entry` (which imports page models) for the browser with the
 * plugin's rules, runs the bundle with a `fetch` that serves the build's
 * files, and returns what the entry put in `result`, the emitted files and
 * the URLs fetched.
 */
async function bundleAndRun(dir: string, entry: string): Promise<{result: unknown; files: string[]; fetched: string[]}> {
  const out = path.join(dir, 'build');
  const {module} = configure(false);
  const compiler = rspack({
    mode: 'production',
    context: dir,
    entry: path.join(dir, entry),
    target: 'web',
    devtool: false,
    output: {path: out, publicPath: '/', filename: 'main.js', chunkFormat: 'array-push'},
    // The plugin's rules, and TypeScript (src/plugins/page-data/client/page-model.ts) as the site's own config compiles it.
    module: {...module, rules: [...module.rules, {test: /\.ts$/, loader: 'builtin:swc-loader', options: {jsc: {parser: {syntax: 'typescript'}}}}]} as never,
    // `@site` as Docusaurus's base config aliases it (the page model imports the site's hydration state through it).
    resolve: {extensions: ['.ts', '.js'], alias: {'@site': path.resolve(__dirname, '../../../..')}},
    // As Docusaurus's client config defines it for a production build (src/client/hydration-state.ts reads it).
    plugins: [new rspack.DefinePlugin({'process.env.HYDRATE_CLIENT_ENTRY': JSON.stringify(true)})],
  });
  const stats = await new Promise<Stats>((resolve, reject) => {
    compiler.run((error, result) => (error || !result ? reject(error ?? new Error('no stats')) : resolve(result)));
  });
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  if (stats.hasErrors()) throw new Error(stats.toString({all: false, errors: true}));
  const fetched: string[] = [];
  const serve = async (url: string) => {
    fetched.push(url);
    const file = path.join(out, url);
    if (!existsSync(file)) return new Response('not found', {status: 404, statusText: 'Not Found'});
    return new Response(readFileSync(file), {status: 200});
  };
  const context = {fetch: serve, result: undefined as unknown, Promise, Error, JSON, Response, self: {} as Record<string, unknown>};
  context.self = context;
  runInNewContext(readFileSync(path.join(out, 'main.js'), 'utf8'), context);
  // The entry settles once its top-level awaits have.
  for (let round = 0; round < 50 && context.result === undefined; round++) await new Promise((resolve) => setTimeout(resolve, 20));
  const files = readdirSync(out, {recursive: true}).map(String).sort();
  return {result: context.result, files, fetched};
}

describe('page-data-loader', () => {
  it('in the browser bundle, the model is a file of its own that the page module fetches before it settles', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'page-data-'));
    try {
      const description = {type: 'root', children: [{type: 'element', tagName: 'p', properties: {}, children: [{type: 'text', value: 'A contact of the account.'}]}]};
      const contact = {types: ['object'], typeLabel: 'contact', refName: 'contact', description, properties: [{types: ['string'], typeLabel: 'string', name: 'email', required: true}]};
      const model = {
        kind: 'operation',
        id: 'create-contact',
        text: 'a "quote" \\ </script><!-- \u2028 \ud800 lone 👩‍💻 ${x}`',
        nested: {list: [1, 'two', null, true]},
        fields: [{...contact, name: 'owner', required: true}, {...contact, name: 'manager', required: false}],
      };
      // As `npm run gen` writes it: the browser decodes the file's form.
      const text = JSON.stringify(encodePageModel(model));
      expect(text).toContain('"$shared"');
      writeFileSync(path.join(dir, 'create-contact.page.json'), text);
      writeFileSync(path.join(dir, 'entry.js'), "import page from './create-contact.page.json';\nself.result = page;\n");
      const {result, files, fetched} = await bundleAndRun(dir, 'entry.js');
      expect(result).toEqual(model);
      const modelFiles = files.filter((file) => file.startsWith(path.join('assets', 'models') + path.sep));
      expect(modelFiles).toHaveLength(1);
      expect(modelFiles[0]).toMatch(/^assets\/models\/[0-9a-f]{16}\.json$/);
      // Copied as it is, and not carried in the code.
      expect(readFileSync(path.join(dir, 'build', modelFiles[0]), 'utf8')).toBe(text);
      expect(readFileSync(path.join(dir, 'build', 'main.js'), 'utf8')).not.toContain('create-contact"');
      expect(fetched).toEqual([`/${modelFiles[0]}`]);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });

  it('an operation page with a core: the first page settles with the core alone, and the full model comes when asked for', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'page-data-'));
    try {
      const model = {kind: 'operation', id: 'get-contact', summary: 'Get a contact', responses: [{status: '200', text: 'x'.repeat(5000)}]};
      const core = {kind: 'operation', id: 'get-contact', summary: 'Get a contact', examples: {request: false, responses: true}};
      writeFileSync(path.join(dir, 'get-contact.page.json'), JSON.stringify(model));
      writeFileSync(path.join(dir, `get-contact${PAGE_CORE_SUFFIX}`), JSON.stringify(core));
      writeFileSync(
        path.join(dir, 'entry.js'),
        [
          "import page from './get-contact.page.json';",
          `import {fullModelOf, loadFullModel} from ${JSON.stringify(PAGE_MODEL_CLIENT)};`,
          'const full = fullModelOf(page);',
          'const settled = {page: {...page}, fullBefore: full.model};',
          'full.listeners.add(() => { self.result = {...settled, full: full.model, same: fullModelOf(page) === full}; });',
          // Asked twice: fetched once.
          'loadFullModel(full);',
          'loadFullModel(full);',
        ].join('\n'),
      );
      const {result, files, fetched} = await bundleAndRun(dir, 'entry.js');
      expect(result).toEqual({page: core, fullBefore: undefined, full: model, same: true});
      const modelFiles = files.filter((file) => file.startsWith(path.join('assets', 'models') + path.sep));
      expect(modelFiles).toHaveLength(2);
      const [coreFile, modelFile] = ['get-contact.page-core.json', 'get-contact.page.json'].map((name) => {
        const text = readFileSync(path.join(dir, name), 'utf8');
        return modelFiles.find((file) => readFileSync(path.join(dir, 'build', file), 'utf8') === text);
      });
      expect(fetched).toEqual([`/${coreFile}`, `/${modelFile}`]);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });

  it('imports an operation page\'s core next to its model when there is one, and watches for one when not', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'page-data-'));
    try {
      const resourcePath = path.join(dir, 'create-contact.page.json');
      writeFileSync(resourcePath, '{}');
      const missing: string[] = [];
      const pitch = () => pageDataLoader.pitch.call({resourcePath, getOptions: () => ({readAtRunTime: false}), addMissingDependency: (file) => missing.push(file)});
      expect(pitch()).toContain('export default await fetchPageModel(url);');
      expect(missing).toEqual([path.join(dir, `create-contact${PAGE_CORE_SUFFIX}`)]);
      writeFileSync(path.join(dir, `create-contact${PAGE_CORE_SUFFIX}`), '{}');
      const code = pitch();
      expect(code).toContain(`import coreUrl from ${JSON.stringify(`./create-contact${PAGE_CORE_SUFFIX}${pageDataLoader.MODEL_FILE_QUERY}`)};`);
      expect(code).toContain('export default await fetchOperationPageModel(coreUrl, url);');
      expect(missing).toHaveLength(1);
      expect(pageDataLoader.PAGE_CORE_SUFFIX).toBe(PAGE_CORE_SUFFIX);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });

  it('in the browser bundle, the module never reads the model: its pitch answers with the fetch', () => {
    const code = pageDataLoader.pitch.call({resourcePath: '/site/docs/api/say "hi".page.json', getOptions: () => ({readAtRunTime: false})});
    expect(code).toContain(`import url from ${JSON.stringify(`./say "hi".page.json${pageDataLoader.MODEL_FILE_QUERY}`)};`);
    expect(code).toContain('export default await fetchPageModel(url);');
  });

  it('with readAtRunTime (the server bundle), exports a stand-in that reads the file on every render, and names a file that is broken by then', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'page-data-'));
    try {
      const file = path.join(dir, 'say "hi" \\ there.page.json');
      const model = {kind: 'operation', text: '</script> \u2028', toc: [{id: 'a'}], description: {type: 'root', children: [{type: 'text', value: 'Read from its file form.'}]}};
      writeFileSync(file, JSON.stringify(encodePageModel(model)));
      const code = pageDataLoader.pitch.call({resourcePath: file, getOptions: () => ({readAtRunTime: true})});
      const module = {exports: undefined as unknown};
      // The server bundle resolves the stand-in's require of model-file.ts when it is built; Node here cannot load TypeScript.
      const bundledRequire = (id: string) => (id === MODEL_FILE_MODULE ? modelFile : require(id));
      runInNewContext(code, {module, JSON, require: bundledRequire, Error, Proxy});
      const standIn = module.exports as {toc: unknown};
      expect(pageModelOf(standIn)).toEqual(model);
      // Read again on each render: a changed file is seen, nothing is kept.
      writeFileSync(file, JSON.stringify(encodePageModel({...model, text: 'changed'})));
      expect(pageModelOf(standIn)).toEqual({...model, text: 'changed'});
      expect(pageModelOf(standIn)).not.toBe(pageModelOf(standIn));
      // Read directly (the overview's module reads its table of contents).
      expect(standIn.toc).toEqual([{id: 'a'}]);
      writeFileSync(file, '{"kind": ');
      expect(() => pageModelOf(standIn)).toThrow(`${file} is not valid JSON: `);
      writeFileSync(file, '{"kind": "operation", "node": {"$s": 2}}');
      expect(() => pageModelOf(standIn)).toThrow(`${file}: page model: shared subtree 2 is not in the table`);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });

  it('leaves a model the browser bundle gives as it is', () => {
    const model = {kind: 'tag', name: 'Contacts'};
    expect(pageModelOf(model)).toBe(model);
  });

  it('fetchPageModel names the file it could not fetch or parse', async () => {
    const respond = (response: Response) => vi.stubGlobal('fetch', () => Promise.resolve(response));
    try {
      respond(new Response('{"kind": "tag"}', {status: 200}));
      await expect(fetchPageModel('/assets/models/a.json')).resolves.toEqual({kind: 'tag'});
      respond(new Response('gone', {status: 404, statusText: 'Not Found'}));
      await expect(fetchPageModel('/assets/models/b.json')).rejects.toThrow('Page model /assets/models/b.json: HTTP 404 Not Found');
      respond(new Response('{"kind": ', {status: 200}));
      await expect(fetchPageModel('/assets/models/c.json')).rejects.toThrow('Page model /assets/models/c.json is not valid JSON: ');
      respond(new Response('{"kind": "tag", "node": {"$s": 0}}', {status: 200}));
      await expect(fetchPageModel('/assets/models/d.json')).rejects.toThrow('Page model /assets/models/d.json: page model: shared subtree 0 is not in the table');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('page-data plugin', () => {
  it('routes page models through the loader and limits JSON export tracking, in both bundles; the browser takes each as a file, the server reads them at run time', () => {
    for (const isServer of [true, false]) {
      const [rule] = configure(isServer).module.rules;
      expect(rule.test).toBe(MODEL_FILE_TEST);
      const [file, module] = rule.oneOf;
      expect(file).toEqual({resourceQuery: pageDataLoader.MODEL_FILE_QUERY, type: 'asset/resource', generator: {filename: MODEL_FILE_NAME}});
      expect(module.test).toBe(PAGE_DATA_TEST);
      expect(module.type).toBe(isServer ? 'javascript/auto' : 'javascript/esm');
      expect(module.use?.[0].loader).toBe(require.resolve('../page-data-loader.js'));
      expect(module.use?.[0].options).toEqual({readAtRunTime: isServer});
      expect(configure(isServer).module.parser.json.exportsDepth).toBe(1);
    }
    // The server bundle is one file; the client keeps a chunk per page.
    expect(configure(true).module.parser.javascript).toEqual({dynamicImportMode: 'eager'});
    expect(configure(false).module.parser.javascript).toBeUndefined();
    expect(PAGE_DATA_TEST.test('docs/api/create-contact.page.json')).toBe(true);
    expect(PAGE_DATA_TEST.test('static/openapi.json')).toBe(false);
    expect(PAGE_DATA_TEST.test(`docs/api/create-contact${PAGE_CORE_SUFFIX}`)).toBe(false);
    expect(MODEL_FILE_TEST.test(`docs/api/create-contact${PAGE_CORE_SUFFIX}`)).toBe(true);
    expect(MODEL_FILE_TEST.test('docs/api/create-contact.page.json')).toBe(true);
  });

  it('puts the generated-page loader in place of the MDX loader, and refuses to run before the docs plugin', () => {
    const config = docsConfig();
    pageDataPlugin().configureWebpack?.(config as never, false, {} as never, undefined);
    expect(config.module.rules[0].use[0].loader).toBe(require.resolve('../api-page-loader.js'));
    expect(() => pageDataPlugin().configureWebpack?.({module: {rules: []}} as never, false, {} as never, undefined)).toThrow(
      '[page-data] no rule uses @docusaurus/mdx-loader; the page-data plugin must come after the docs plugin in docusaurus.config.ts',
    );
  });
});
