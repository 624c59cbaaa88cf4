import type {Config} from '@docusaurus/types';
import type {UserThemeConfig} from '@docusaurus/theme-common';
import type * as Docs from '@docusaurus/plugin-content-docs';
import type * as Blog from '@docusaurus/plugin-content-blog';
import type * as Pages from '@docusaurus/plugin-content-pages';
import type * as Sitemap from '@docusaurus/plugin-sitemap';
import type * as ThemeClassic from '@docusaurus/theme-classic';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';

import path from 'node:path';
import {siteSettings} from './config/site';
import {navbar} from './config/navbar';
import {createFooter} from './config/footer';
import {createHomeLinks} from './config/home';
import {accessibleLightCodeTheme, darkCodeTheme} from './config/prism-themes';
import {SSR_TEMPLATE} from './config/ssr-template';
import {createApiLinks} from './src/openapi/links/api-links';
import {parseValidation} from './src/spec-source/spec-config';
import {createPageGenerators} from './src/openapi/generation/page-generators';
import {API_DOCS_BASE_PATH, API_OUTPUT_DIR} from './src/openapi/generation/page-ids';
import {readVersionsIndex} from './src/versions/versions-index';
import {versionDownloadsDir} from './src/versions/downloads';
import {apis as apisConfig} from './config/apis';
import {checkApisConfig, stagingDirOf} from './src/apis/apis-config';
import {versionsBaseOf} from './src/apis/resolve-apis';
import {withApiMenu} from './config/navbar';
import {versionsPluginId, type PluginOptions as ApiCatalogOptions} from './src/plugins/api-catalog';
import remarkApiLinks, {type RemarkApiLinksOptions} from './src/remark/remark-api-links';
import type {PluginOptions as ApiVersionsOptions} from './src/plugins/api-versions';
import type {PluginOptions as SpecDownloadsOptions} from './src/plugins/spec-downloads/downloads-options';
import type {PluginOptions as LlmsTxtOptions} from './src/plugins/llms-txt/llms-options';
import type {PluginOptions as SearchOptions} from './src/plugins/search/search-options';
import type {PluginOptions as HtmlMinificationOptions} from './src/plugins/html-minification/minification-options';
import type {PluginOptions as DevProblemsOptions} from './src/plugins/dev-problems/dev-problems-options';
import {bundleOnly} from './src/plugins/bundle-steps';

// The environment, read once. `SPEC_VALIDATION=strict` makes problems with
// the API description fatal; here: hand-written links to operations or tags
// it does not have.
const specValidation = parseValidation(process.env.SPEC_VALIDATION);
/** `docusaurus start` (Docusaurus defaults NODE_ENV to development; `docusaurus build` sets production). */
const isDevelopmentServer = process.env.NODE_ENV === 'development';

/** Written by `npm run spec`; every build-time reader of the API takes it from here. */
const resolvedSpecPath = '.spec/openapi.yaml';
/** One entry per page, also written by `npm run spec`: what the docs plugin generates from (see src/openapi/generation/page-outline.ts). */
const pageOutlinePath = '.spec/page-outline.json';
const provenancePath = '.spec/provenance.json';
const apiOutputDir = API_OUTPUT_DIR;
/** Where gen-api-docs writes: `npm run gen` sets a staging folder and syncs it into docs/api/ (scripts/gen.ts). */
const apiGenerationDir = process.env.API_GEN_STAGING_DIR ?? apiOutputDir;
const apiDocsBasePath = API_DOCS_BASE_PATH;
/** Where links in the spec that are relative to the vendor's site resolve;
 * empty: the origin of the spec's externalDocs.url, else of its first server. */
const specLinkBase = process.env.SPEC_LINK_BASE ?? '';

/** The older versions `npm run spec` prepared (openapi/releases/), newest first; none before it ran. */
const versionsIndex = readVersionsIndex(__dirname);
const olderVersions = versionsIndex?.older ?? [];

/** The site's APIs (config/apis.ts, src/apis/): the main one is Meridian above; each other has its own pages, sidebar, versions and downloads. */
const siteApis = checkApisConfig(apisConfig, __dirname);
const otherApis = siteApis
  .filter((api) => !api.main)
  .map((api) => ({api, olderVersions: readVersionsIndex(__dirname, versionsBaseOf(api).specDir)?.older ?? []}));
/** Where gen-api-docs writes an other API's pages: staged like the main API's when `npm run gen` stages (scripts/gen.ts). */
const generationDirOf = (outputDir: string) => (process.env.API_GEN_STAGING_DIR === undefined ? outputDir : stagingDirOf(outputDir));

/** The openapi-docs plugin's options of one version of the API: the same templates and generators, its own spec, folder and route. */
function apiPagesOptions(version: {outlinePath: string; specPath: string; outputDir: string; publishedDir: string; routeBasePath: string; olderVersion?: {name: string; currentSpecPath: string; currentRouteBase: string}}) {
  return {
    specPath: version.outlinePath,
    outputDir: version.outputDir,
    sidebarOptions: {groupPathsBy: 'tag', categoryLinkSource: 'tag'},
    // Our templates and generators: front matter without the plugin's
    // embedded API blob, and page bodies that only import build-time
    // data (src/openapi), so spec text is never compiled as MDX.
    template: 'src/openapi/generation/templates/api.mustache',
    infoTemplate: 'src/openapi/generation/templates/info.mustache',
    tagTemplate: 'src/openapi/generation/templates/tag.mustache',
    schemaTemplate: 'src/openapi/generation/templates/schema.mustache',
    // A page per named schema (<outputDir>/schemas/), in a "Schemas" sidebar category.
    showSchemas: true,
    markdownGenerators: createPageGenerators({
      specPath: version.specPath,
      outputDir: version.outputDir,
      publishedDir: version.publishedDir,
      apiDocsBasePath: version.routeBasePath,
      linkBase: specLinkBase,
      ...(version.olderVersion ? {olderVersion: version.olderVersion} : {}),
    }),
  } satisfies OpenApiPlugin.Options;
}

/** Hand-written links to API pages (footer, home page, and through the
 * remark plugin, docs, blog and pages) name an operationId or tag; this
 * resolves them against the resolved spec. */
const apiLinks = createApiLinks({
  specPath: resolvedSpecPath,
  siteDir: __dirname,
  apiDocsBasePath,
  validation: specValidation,
  // Told by the api-links plugin below, once per build rather than at every config load.
  holdReports: true,
});
// Before the default plugins, so they (and the broken-link check) see plain links. An attacher
// without options: Docusaurus ships the site config to the browser, and the options would put
// this machine's folder into main.js.
const apiLinksOptions: RemarkApiLinksOptions = {links: apiLinks, siteDir: __dirname};
const beforeDefaultRemarkPlugins = [() => remarkApiLinks(apiLinksOptions)];

const config = {
  title: siteSettings.title,
  tagline: siteSettings.tagline,
  favicon: siteSettings.favicon,
  url: siteSettings.url,
  baseUrl: siteSettings.baseUrl,
  organizationName: siteSettings.organizationName,
  projectName: siteSettings.projectName,
  trailingSlash: false,

  // Rspack's persistent cache only speeds up a second build on the same
  // machine, and CI and the publish job always build cold, so it costs more
  // memory than it saves time. Everything else in Faster stays on (v4 makes
  // each unset flag default to true).
  // A bundling step of one compiler (src/plugins/bundle-steps) must not share
  // the MDX cache: the server's compiler waits on the client's results.
  future: {v4: true, faster: {rspackPersistentCache: false, mdxCrossCompilerCache: bundleOnly(process.env) === undefined}},
  // The page's scripts start after its first frame is painted: config/ssr-template.ts.
  ssrTemplate: SSR_TEMPLATE,
  // v4 namespaces localStorage keys per site ("theme-1a2b"); the product
  // specification fixes the colour-mode key as plain "theme".
  storage: {type: 'localStorage', namespace: false},

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  // .md files are CommonMark (HTML comments such as the blog truncate marker
  // work there); .mdx files, including the generated API pages, are MDX.
  markdown: {format: 'detect', hooks: {onBrokenMarkdownLinks: 'warn'}},

  i18n: {
    defaultLocale: siteSettings.locale.defaultLocale,
    locales: siteSettings.locale.locales,
    localeConfigs: {
      [siteSettings.locale.defaultLocale]: {direction: siteSettings.locale.direction},
    },
  },

  customFields: {
    homeLinks: createHomeLinks(apiLinks),
    // The not-found page's way back to the reference.
    apiOverviewLink: apiLinks.apiLink({overview: true}, {from: 'src/theme/NotFound/Content'}),
  },

  clientModules: ['./src/client/prefetch-on-intent.ts', './src/client/hydration-state.ts', './src/client/field-anchor-clicks.ts'],

  // The classic preset's parts, named one by one and in the preset's order
  // (its plugins, then its theme; the order of their CSS and of theme
  // components follows). The preset would also pull in Algolia search, SVGR,
  // Google Analytics, Tag Manager and a debug plugin, which this site does not
  // use: about 54 packages on every install.
  plugins: [
    // Infima and the theme's CSS in cascade layers, so the site's own rules win
    // without raising specificity (what `future.v4` asks of the preset).
    '@docusaurus/plugin-css-cascade-layers',
    // With SITE_BUILD_STEPS=low-memory, the client and the server are bundled in processes of their own: scripts/site-build.ts.
    './src/plugins/bundle-steps/index.ts',
    // Previous and next links of docs from an index, not a search of the whole sidebar per doc: src/plugins/docs-navigation.
    './src/plugins/docs-navigation/index.ts',
    [
      '@docusaurus/plugin-content-docs',
      {
        sidebarPath: './sidebars.ts',
        routeBasePath: 'docs',
        docItemComponent: '@theme/ApiItem',
        lastVersion: 'current',
        versions: {current: {label: 'Next'}},
        beforeDefaultRemarkPlugins,
      } satisfies Docs.Options,
    ],
    [
      '@docusaurus/plugin-content-blog',
      {
        blogTitle: 'Blog',
        blogDescription: 'News from the Meridian API team: new endpoints, changes worth knowing about, and how these docs are made.',
        showReadingTime: true,
        blogSidebarCount: 'ALL',
        blogSidebarTitle: 'All posts',
        feedOptions: {type: ['rss', 'atom'], xslt: true},
        onInlineTags: 'throw',
        onInlineAuthors: 'throw',
        onUntruncatedBlogPosts: 'throw',
        beforeDefaultRemarkPlugins,
      } satisfies Blog.Options,
    ],
    ['@docusaurus/plugin-content-pages', {beforeDefaultRemarkPlugins} satisfies Pages.Options],
    // Older versions' pages are for readers pinned to them, not for search engines (they also carry noindex).
    [
      '@docusaurus/plugin-sitemap',
      {
        lastmod: null,
        changefreq: null,
        priority: null,
        ignorePatterns: [...olderVersions, ...otherApis.flatMap((other) => other.olderVersions)].map((version) => `${version.routeBasePath}/**`),
      } satisfies Sitemap.Options,
    ],
    ['@docusaurus/theme-classic', {customCss: './src/css/custom.css'} satisfies ThemeClassic.Options],
    // The copy buttons' icons as symbols each page writes once (src/theme/Icon).
    './src/plugins/icon-sprites/index.ts',
    // The footer's and home page's links were resolved when this file loaded;
    // their problems are told (or under strict, thrown) when the site's
    // content loads, so `gen-api-docs` and each config load of `build` do not repeat them.
    () => ({name: 'api-links', loadContent: () => apiLinks.releaseReports()}),
    [
      'docusaurus-plugin-openapi-docs',
      // The plugin's outer options type is not exported from its package entry
      // (only `Options`, checked per spec below).
      {
        id: 'openapi',
        docsPluginId: 'default',
        config: {
          meridian: apiPagesOptions({outlinePath: pageOutlinePath, specPath: resolvedSpecPath, outputDir: apiGenerationDir, publishedDir: apiOutputDir, routeBasePath: apiDocsBasePath}),
          // Each older version (openapi/releases/) under <apiDocsBasePath>/<version>: src/versions/README.md.
          ...Object.fromEntries(
            olderVersions.map((version) => [
              `meridian-${version.version}`,
              apiPagesOptions({
                ...version,
                // Staged beside the current version's pages, as scripts/gen.ts stages those.
                outputDir: path.posix.join(apiGenerationDir, path.posix.relative(apiOutputDir, version.outputDir)),
                publishedDir: version.outputDir,
                olderVersion: {name: version.version, currentSpecPath: resolvedSpecPath, currentRouteBase: apiDocsBasePath},
              }),
            ]),
          ),
          // The site's other APIs (src/apis/), each with its older versions below its own route.
          ...Object.fromEntries(
            otherApis.flatMap(({api, olderVersions: versions}) => [
              [api.id, apiPagesOptions({outlinePath: api.outlinePath, specPath: api.specPath, outputDir: generationDirOf(api.outputDir), publishedDir: api.outputDir, routeBasePath: api.routeBasePath})],
              ...versions.map((version) => [
                `${api.id}-${version.version}`,
                apiPagesOptions({
                  ...version,
                  outputDir: generationDirOf(version.outputDir),
                  publishedDir: version.outputDir,
                  olderVersion: {name: version.version, currentSpecPath: api.specPath, currentRouteBase: api.routeBasePath},
                }),
              ]),
            ]),
          ),
        },
      },
    ],
    // Page models load as parsed strings, not JSON modules: see the plugin.
    './src/plugins/page-data/index.ts',
    // Prism loads when a code block needs it, not on every page: src/theme/README.md.
    './src/plugins/prism-on-demand/index.ts',
    // The browser's route table in sections for large APIs, and each older
    // version's routes in a section of their own: src/plugins/route-sections.
    [
      './src/plugins/route-sections/index.ts',
      {
        isolatedPrefixes: [
          ...olderVersions.map((version) => `${version.routeBasePath}/`),
          // Another API's pages load only where they are read, its older versions apart from its current ones.
          ...otherApis.flatMap(({api, olderVersions: versions}) => [...versions.map((version) => `${version.routeBasePath}/`), `${api.routeBasePath}/`]),
        ],
      },
    ],
    // React Router matches plain-text route paths by comparing strings: src/plugins/route-matching.
    './src/plugins/route-matching/index.ts',
    // The browser starts a page in short tasks (React DOM's client a chunk of its own): src/plugins/staged-start.
    './src/plugins/staged-start/index.ts',
    // Static rendering minifies the HTML of sites up to 1,000 routes: src/plugins/html-minification.
    ['./src/plugins/html-minification/index.ts', {} satisfies Partial<HtmlMinificationOptions>],
    // The versions' names, dates and routes for the navbar and banners, and every version's page list for switching: src/versions/README.md.
    ['./src/plugins/api-versions/index.ts', {apiId: 'meridian', specPath: resolvedSpecPath} satisfies ApiVersionsOptions],
    // Each other API's versions and its downloads (src/apis/), and the list of the site's APIs for the browser.
    ...otherApis.flatMap(({api, olderVersions: versions}) => [
      [
        './src/plugins/api-versions/index.ts',
        {id: versionsPluginId(api), apiId: api.id, specPath: api.specPath, versionsDir: versionsBaseOf(api).specDir, routeBasePath: api.routeBasePath} satisfies ApiVersionsOptions & {id: string},
      ],
      ...[{dir: api.downloadsDir, specPath: api.specPath}, ...versions.map((version) => ({dir: `${api.downloadsDir}/${versionDownloadsDir(version.version)}`, specPath: version.specPath}))].map(({dir, specPath}) => [
        './src/plugins/spec-downloads/index.ts',
        {
          id: `spec-downloads-${dir.replace(/\//g, '-')}`,
          specPath,
          yamlFilename: `${dir}/openapi.yaml`,
          jsonFilename: `${dir}/openapi.json`,
          postmanFilename: `${dir}/${api.postmanFilename}`,
        } satisfies Partial<SpecDownloadsOptions> & {id: string},
      ]),
    ]),
    ...(otherApis.length > 0 ? [['./src/plugins/api-catalog/index.ts', {apis: siteApis} satisfies ApiCatalogOptions]] : []),
    ['./src/plugins/api-resources/index.ts', {specPath: resolvedSpecPath, provenancePath}],
    // /openapi.yaml, /openapi.json and the Postman collection, from the resolved spec.
    ['./src/plugins/spec-downloads/index.ts', {specPath: resolvedSpecPath} satisfies Partial<SpecDownloadsOptions>],
    // The same files of each older version, under /versions/<version>/.
    ...olderVersions.map((version) => [
      './src/plugins/spec-downloads/index.ts',
      {
        id: `spec-downloads-${version.version}`,
        specPath: version.specPath,
        yamlFilename: `${versionDownloadsDir(version.version)}/openapi.yaml`,
        jsonFilename: `${versionDownloadsDir(version.version)}/openapi.json`,
        postmanFilename: `${versionDownloadsDir(version.version)}/meridian.postman_collection.json`,
      } satisfies Partial<SpecDownloadsOptions> & {id: string},
    ]),
    // /llms.txt, /llms-full.txt and a Markdown twin (<route>.md) of every docs page.
    [
      './src/plugins/llms-txt/index.ts',
      {
        pageModelDir: apiOutputDir,
        apiDocsBasePath,
        optionalRoutes: ['/docs/changelog'],
        // Each older version's own index, linked from llms.txt.
        versions: olderVersions.map((version) => ({name: version.version, routeBasePath: version.routeBasePath, index: `/${versionDownloadsDir(version.version)}/llms.txt`})),
        // Each other API: its current pages in llms.txt under its name, and an index of its own and of each older version.
        apis: otherApis.map(({api, olderVersions: versions}) => ({
          id: api.id,
          label: api.label,
          routeBasePath: api.routeBasePath,
          pageModelDir: api.outputDir,
          index: `/${api.downloadsDir}/llms.txt`,
          optionalLinks: [
            {title: 'OpenAPI description (YAML)', url: `/${api.downloadsDir}/openapi.yaml`, description: `The description the ${api.label} reference is built from.`},
            {title: 'OpenAPI description (JSON)', url: `/${api.downloadsDir}/openapi.json`, description: 'The same description as JSON.'},
            {title: 'Postman collection', url: `/${api.downloadsDir}/${api.postmanFilename}`, description: 'One request per operation, in a folder per tag (Postman Collection v2.1).'},
          ],
          versions: versions.map((version) => ({
            name: version.version,
            routeBasePath: version.routeBasePath,
            index: `/${api.downloadsDir}/${versionDownloadsDir(version.version)}/llms.txt`,
          })),
        })),
        optionalLinks: [
          {title: 'OpenAPI description (YAML)', url: '/openapi.yaml', description: 'The complete API description the reference is built from.'},
          {title: 'OpenAPI description (JSON)', url: '/openapi.json', description: 'The same description as JSON.'},
          {
            title: 'Postman collection',
            url: '/meridian.postman_collection.json',
            description: 'One request per operation, in a folder per tag (Postman Collection v2.1).',
          },
        ],
      } satisfies Partial<LlmsTxtOptions>,
    ],
    // Search: after the build, Pagefind indexes the docs pages and blog posts
    // into build/pagefind/, a chunked index that the browser loads a piece at
    // a time, and only once the reader uses the search box (src/theme/SearchBar,
    // /search). What is left out of the index, and why: src/plugins/search/search-options.ts.
    ['./src/plugins/search/index.ts', {} satisfies Partial<SearchOptions>],
    // The development server's overlay of problems in the API description, from `npm start`: src/plugins/dev-problems.
    ['./src/plugins/dev-problems/index.ts', {enabled: isDevelopmentServer} satisfies Partial<DevProblemsOptions>],
  ],

  themeConfig: {
    image: siteSettings.socialCard,
    metadata: [
      {name: 'theme-color', content: '#0b2e4f'},
      // Site-wide default; pages with their own description keep theirs.
      {name: 'description', content: 'The public API reference of Meridian: every endpoint, its parameters, schemas and examples.'},
    ],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      id: siteSettings.announcement.id,
      content: siteSettings.announcement.content,
      backgroundColor: siteSettings.announcement.backgroundColor,
      textColor: siteSettings.announcement.textColor,
      isCloseable: true,
    },
    docs: {sidebar: {hideable: false, autoCollapseCategories: false}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    blog: {sidebar: {groupByYear: true}},
    navbar: withApiMenu(navbar, siteApis),
    footer: createFooter(apiLinks),
    prism: {
      theme: accessibleLightCodeTheme,
      darkTheme: darkCodeTheme,
      additionalLanguages: ['bash', 'json', 'yaml'],
    },
  } satisfies UserThemeConfig,
} satisfies Config;

export default config;
