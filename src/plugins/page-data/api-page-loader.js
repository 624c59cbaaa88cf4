// @ts-check
'use strict';

/**
 * Docusaurus's MDX loader (@docusaurus/mdx-loader 3.10.2) with a short way
 * for the generated API pages.
 *
 * Every page `npm run gen` writes is front matter and the same three lines:
 *
 *   import page from './<id>.page.json';
 *   import OperationPage from '@site/src/components/OperationPage';
 *
 *   <OperationPage page={page} />
 *
 * MDX compiles each through the whole unified pipeline (parse, the remark,
 * rehype and recma plugins, printing): about 11 ms per file on this machine,
 * for 14,500 files of Microsoft Graph 160 s of the bundler's main thread. For
 * exactly that shape (and nothing else) this loader writes the module the MDX
 * loader writes, byte for byte (its test compiles the site's pages both ways):
 * the same front matter, content title, metadata and assets exports, made with
 * the MDX loader's own helpers, and the same compiled body. Any other file,
 * or one whose front matter asks for something else (`mdx`, `format`), or an
 * MDX partial, goes to the MDX loader itself, with its own options.
 *
 * @typedef {{
 *   markdownConfig: {parseFrontMatter: (params: {filePath: string, fileContent: string, defaultParseFrontMatter: unknown}) => Promise<{frontMatter: Record<string, unknown>}>},
 *   metadataPath?: (filePath: string) => string | undefined,
 *   createAssets?: (params: {filePath: string, frontMatter: Record<string, unknown>}) => Record<string, unknown>,
 *   isMDXPartial?: (filePath: string) => boolean,
 *   siteDir: string,
 *   dependencies?: string[],
 * }} MdxOptions
 * @typedef {{
 *   resourcePath: string,
 *   _compiler?: {name?: string},
 *   getOptions: () => MdxOptions,
 *   async: () => (error: Error | null, result?: string) => void,
 *   addDependency: (file: string) => void,
 * }} LoaderContext
 */

const {createRequire} = require('node:module');
const {DEFAULT_PARSE_FRONT_MATTER, aliasedSitePath, getFileLoaderUtils, getWebpackLoaderCompilerName} = require('@docusaurus/utils');
const mdxLoaderModule = require('@docusaurus/mdx-loader');
const {createAssetsExportCode} = require('@docusaurus/mdx-loader/lib/utils.js');
// The MDX loader's own dependency, for the same quoting of the front matter.
const stringifyObject = createRequire(require.resolve('@docusaurus/mdx-loader')).call(null, 'stringify-object');

/** @type {(this: LoaderContext, source: string) => void} */
const mdxLoader = /** @type {any} */ (mdxLoaderModule.default);

/** The body of a generated page, after its front matter: two imports and the element. */
const GENERATED_BODY =
  /^\n*import (?<data>[A-Za-z_$][\w$]*) from '(?<dataPath>\.\/[\w.@-]+\.page\.json)';\nimport (?<component>[A-Z][\w$]*) from '(?<componentPath>@site\/src\/components\/[\w/-]+)';\n\n<\k<component> (?<prop>[a-z][\w$]*)=\{\k<data>\} \/>\n*$/;

/** Front matter keys that change how MDX compiles a file. */
const COMPILE_KEYS = ['mdx', 'format'];

/**
 * The text after the front matter block, or undefined when the file does not
 * start with one (then it is not a generated page).
 *
 * @param {string} source
 */
function bodyAfterFrontMatter(source) {
  const match = /^---\n[\s\S]*?\n---\n/.exec(source);
  return match === null ? undefined : source.slice(match[0].length);
}

/**
 * The compiled module of a generated page, as the MDX loader writes it, or
 * undefined when the file is not exactly a generated page.
 *
 * @param {string} source
 * @param {string} filePath
 * @param {MdxOptions} options
 * @param {'client' | 'server'} compilerName
 * @returns {Promise<string | undefined>}
 */
async function generatedPageModule(source, filePath, options, compilerName) {
  if (!filePath.endsWith('.mdx') || options.isMDXPartial?.(filePath)) return undefined;
  const body = bodyAfterFrontMatter(source);
  const shape = body === undefined ? null : GENERATED_BODY.exec(body);
  if (shape?.groups === undefined) return undefined;
  const {frontMatter} = await options.markdownConfig.parseFrontMatter({
    filePath,
    fileContent: source,
    defaultParseFrontMatter: DEFAULT_PARSE_FRONT_MATTER,
  });
  if (COMPILE_KEYS.some((key) => key in frontMatter)) return undefined;
  const {data, dataPath, component, componentPath, prop} = shape.groups;
  const metadataPath = options.metadataPath?.(filePath);
  const assets = options.createAssets ? options.createAssets({filePath, frontMatter}) : undefined;
  const fileLoaderUtils = getFileLoaderUtils(compilerName === 'server');
  const exportsCode = `
export const frontMatter = ${stringifyObject(frontMatter)};
export const contentTitle = ${stringifyObject(undefined)};
${metadataPath ? `export {default as metadata} from '${aliasedSitePath(metadataPath, options.siteDir)}'` : ''}
${
  assets
    ? `export const assets = ${createAssetsExportCode({
        assets,
        inlineMarkdownAssetImageFileLoader: fileLoaderUtils.loaders.inlineMarkdownAssetImageFileLoader,
      })};`
    : ''
}
`;
  const content = `import {jsx as _jsx} from "react/jsx-runtime";
import {useMDXComponents as _provideComponents} from "@mdx-js/react";
import ${data} from '${dataPath}';
import ${component} from '${componentPath}';
export const toc = [];
function _createMdxContent(props) {
  return _jsx(${component}, {
    ${prop}: ${data}
  });
}
export default function MDXContent(props = {}) {
  const {wrapper: MDXLayout} = {
    ..._provideComponents(),
    ...props.components
  };
  return MDXLayout ? _jsx(MDXLayout, {
    ...props,
    children: _jsx(_createMdxContent, {
      ...props
    })
  }) : _createMdxContent(props);
}
`;
  return `
${exportsCode}
${content}
`;
}

/** Generated pages per compiler that get the short way between two checks against the MDX loader. */
const CHECK_EVERY = 500;
/** @type {Map<string, number>} */
const shortWays = new Map();

/**
 * What the MDX loader writes for `source`, without its cross-compiler cache
 * (the other compiler never asks for this file's entry).
 *
 * @param {LoaderContext} loaderContext
 * @param {string} source
 * @returns {Promise<string>}
 */
function mdxModule(loaderContext, source) {
  return new Promise((resolve, reject) => {
    const options = {...loaderContext.getOptions(), crossCompilerCache: undefined};
    const context = Object.assign(Object.create(loaderContext), {
      getOptions: () => options,
      async: () => (/** @type {Error | null} */ error, /** @type {string | undefined} */ result) => (error ? reject(error) : resolve(result ?? '')),
    });
    mdxLoader.call(context, source);
  });
}

/**
 * @this {LoaderContext}
 * @param {string} source
 */
module.exports = function apiPageLoader(source) {
  const options = this.getOptions();
  const callback = this.async();
  options.dependencies?.forEach((file) => this.addDependency(file));
  const compilerName = getWebpackLoaderCompilerName(/** @type {any} */ (this));
  generatedPageModule(source, this.resourcePath, options, compilerName).then(
    async (module) => {
      if (module === undefined) {
        // Not a generated page: the MDX loader, with the same context and options.
        mdxLoader.call(Object.assign(Object.create(this), {async: () => callback}), source);
        return;
      }
      const count = shortWays.get(compilerName) ?? 0;
      shortWays.set(compilerName, count + 1);
      if (count % CHECK_EVERY === 0) {
        const expected = await mdxModule(this, source);
        if (expected !== module) {
          throw new Error(
            `[page-data] ${this.resourcePath}: the module written for a generated API page differs from what @docusaurus/mdx-loader writes for it; ` +
              'src/plugins/page-data/api-page-loader.js must be updated (a Docusaurus upgrade, or a remark, rehype or recma plugin that changes every page)',
          );
        }
      }
      callback(null, module);
    },
  ).catch((error) => callback(error));
};

module.exports.generatedPageModule = generatedPageModule;
module.exports.GENERATED_BODY = GENERATED_BODY;
