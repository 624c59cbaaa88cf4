import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {generateCodeSamples} from '../models/code-samples';
import {wellFormed} from '../../spec-reader/well-formed';
import {declaredCodeSamples, operationPageModel, sampleRequest} from '../models/model';
import {overviewPageModel, tagPageModel} from '../models/model-overview';
import {operationPageCore, PAGE_CORE_SUFFIX} from '../models/page-core';
import {encodePageModel} from '../models/model-file';
import {assignPageIds, SCHEMA_PAGES_DIR} from './page-ids';
import {holdsContent, listKept} from './kept-files';
import {schemaLinksFor, schemaPageModel, SchemaUsageIndex} from '../models/schema-pages';
import {serializeArrangement, SIDEBAR_ARRANGEMENT_FILE} from './sidebar-arrangement';
import {linkContextFor} from '../links/spec-link-context';
import type {LinkContext} from '../links/spec-links';
import {readResolvedSpec} from '../../spec-reader/parse-spec';
import {isPre32Operation, type SpecDocument} from '../../spec-reader/spec-document';
import {matchPage, type PageKey, type VersionPage} from '../../versions/page-keys';
import {versionPages} from '../../versions/version-pages';
import type {CodeSample, OperationPageCore, OperationPageModel, PageModel} from '../models/model-types';

/** What docusaurus-plugin-openapi-docs hands a page generator (the parts we use). */
interface PluginPageItem {
  id: string;
  type: 'api' | 'info' | 'tag' | 'schema';
  title?: string;
  description?: string;
  api?: {method?: string; path?: string};
  tag?: {name?: string};
  frontMatter?: Record<string, unknown>;
}

export interface PageGeneratorOptions {
  /** The resolved spec written by `npm run spec`. */
  specPath: string;
  /** The plugin's `outputDir`; page data is written next to each page. */
  outputDir: string;
  /** Where a sync copies `outputDir` when it is a staging folder (scripts/gen.ts): a model already there with the same bytes is listed as kept (./kept-files.ts), not written. */
  publishedDir?: string;
  /** Route of the generated pages, e.g. `/docs/api`. */
  apiDocsBasePath: string;
  /** SPEC_LINK_BASE: where links relative to the vendor's site resolve (an
   * absolute http(s) URL). Unset or empty: the origin of the spec's
   * `externalDocs.url`, else of its first server URL (see spec-links.ts). */
  linkBase?: string;
  /** Set for an older version's pages: its name, and the current version's
   * spec and route, where each page's banner and canonical link point. */
  olderVersion?: {name: string; currentSpecPath: string; currentRouteBase: string};
}

/** Slug of the schemas' index page (a generated index of the sidebar's
 * "Schemas" category), relative to the docs route: `/docs/api/schemas` → `/api/schemas`. */
export function schemasIndexSlug(apiDocsBasePath: string): string {
  return `${apiDocsBasePath.replace(/^\/docs(?=\/|$)/, '')}/${SCHEMA_PAGES_DIR}`;
}

/** An operation's method as a class name of its sidebar item (`get`, `query`, `copy`): HTTP allows characters a class name or our front matter's quotes would not. */
export function methodClassName(method: string): string {
  return method.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
}

/** The page id of each navigation tag's parent tag (OpenAPI 3.2 `parent`), by the child's page id. */
export function tagParentPageIds(spec: SpecDocument, ids: ReturnType<typeof assignPageIds>): Map<string, string> {
  const parents = new Map<string, string>();
  for (const [name, tag] of spec.declaredTags()) {
    const parent = typeof tag.parent === 'string' ? tag.parent : undefined;
    const childId = ids.tagPageId(name);
    const parentId = parent === undefined ? undefined : ids.tagPageId(parent);
    if (childId !== undefined && parentId !== undefined && spec.isNavigationTag(name) && spec.isNavigationTag(parent!)) parents.set(childId, parentId);
  }
  return parents;
}

/** Front matter values are written between double quotes in our templates:
 * JSON string escaping is valid YAML double-quoted escaping. */
function yamlQuoted(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** The `<title>` of a tag page (its heading stays the bare tag name). */
function tagPageTitle(tagName: string): string {
  return `${tagName} API`;
}

/** Body of every generated page: it imports its data and renders it with our
 * component, so no text from the spec is ever compiled as MDX. */
function pageBody(id: string, component: 'OperationPage' | 'OverviewPage' | 'TagPage' | 'SchemaPage', exportToc = false): string {
  // A schema page's file sits in the schemas folder, next to its data.
  const file = id.split('/').pop() ?? id;
  return [
    `import page from './${file}.page.json';`,
    `import ${component} from '@site/src/components/${component}';`,
    ...(exportToc ? ['', 'export const toc = page.toc;'] : []),
    '',
    `<${component} page={page} />`,
    '',
  ].join('\n');
}

/**
 * The plugin's `markdownGenerators`: each writes `<id>.page.json` (the render
 * model) and returns an MDX body that only imports it. Titles and
 * descriptions for the front matter are escaped here for our templates.
 * Each set is closed over one API version's spec, folder and links, so sets
 * for several APIs or versions may run interleaved in one process.
 */
export function createPageGenerators(options: PageGeneratorOptions) {
  let spec: SpecDocument | undefined;
  // Pages by id, listed once: a lookup per page in a fresh list made
  // generation quadratic in the number of operations.
  let operationsByPageId: Map<string, ReturnType<typeof assignPageIds>['operations'][number]> | undefined;
  const findOperation = (pageId: string) => {
    operationsByPageId ??= new Map(assignPageIds(loadSpec()).operations.map((entry) => [entry.pageId, entry]));
    return operationsByPageId.get(pageId);
  };
  const loadSpec = (): SpecDocument => {
    if (!spec) {
      spec = readResolvedSpec(readFileSync(options.specPath, 'utf8'), {prefix: '[api-pages]', file: options.specPath});
    }
    return spec;
  };
  let linkContext: LinkContext | undefined;
  /** The spec, and what links in its text lead to: handed to every model these generators build, and to no other. */
  const loadSpecWithLinks = (): {document: SpecDocument; links: LinkContext} => {
    const document = loadSpec();
    linkContext ??= linkContextFor(document, {apiDocsBasePath: options.apiDocsBasePath, linkBase: options.linkBase});
    return {document, links: linkContext};
  };
  let usageIndex: SchemaUsageIndex | undefined;
  const schemaUsage = () => (usageIndex ??= new SchemaUsageIndex(loadSpec(), options.apiDocsBasePath, {links: loadSpecWithLinks().links}));
  /** Writes a page's model, `<id>.page.json`, or another file of it (`<id>.page-core.json`). */
  const writePage = (page: PageModel | OperationPageCore, suffix = '.page.json') => {
    // No lone surrogate may reach the page data, from the spec or from a code
    // sample generator: Rspack's JSON parser refuses "\ud800" and the build stops.
    // In its file form (../models/model-file.ts): webhook payloads repeat whole schemas.
    const json = JSON.stringify(encodePageModel(page), (_key, value: unknown) => (typeof value === 'string' ? wellFormed(value) : value));
    const name = `${page.id}${suffix}`;
    const file = path.join(options.outputDir, name);
    mkdirSync(path.dirname(file), {recursive: true});
    const content = Buffer.from(json, 'utf8');
    if (options.publishedDir !== undefined && options.publishedDir !== options.outputDir && holdsContent(path.join(options.publishedDir, name), content)) listKept(file);
    else writeFileSync(file, content);
  };
  let currentPages: VersionPage[] | undefined;
  /** Front matter of an older version's page: its version, and the same page's route in the current version if it has one. */
  const versionFrontMatter = (key: PageKey): Record<string, string> => {
    const older = options.olderVersion;
    if (older === undefined) return {};
    currentPages ??= versionPages(assignPageIds(readResolvedSpec(readFileSync(older.currentSpecPath, 'utf8'), {prefix: '[api-pages]', file: older.currentSpecPath})));
    const current = matchPage(currentPages, key);
    return {api_version: yamlQuoted(older.name), ...(current ? {current_version_path: yamlQuoted(`${older.currentRouteBase}/${current.pageId}`)} : {})};
  };
  /** The title (an older version's names its version: `Create a contact (2.2.0)`, so no two pages share one); the sidebar keeps the bare one. */
  const setFrontMatter = (item: PluginPageItem, title: string, description: string, key: PageKey) => {
    const older = options.olderVersion;
    item.title = yamlQuoted(older ? `${title} (${older.name})` : title);
    item.frontMatter = {...item.frontMatter, description: yamlQuoted(description), ...(older ? {sidebar_label: yamlQuoted(title)} : {}), ...versionFrontMatter(key)};
  };

  return {
    createApiPageMD(item: PluginPageItem): string {
      const {document, links} = loadSpecWithLinks();
      // The plugin generates from the page outline, whose operationIds are our page ids.
      const entry = findOperation(item.id);
      if (!entry) throw new Error(`[api-pages] no operation or webhook has page id "${item.id}" in ${options.specPath}; run "npm run spec" again.`);
      const webhook = entry.kind === 'webhook';
      const model = webhook ? {...operationPageModel(document, entry, {links}), webhook: true, servers: []} : operationPageModel(document, entry, {links});
      const declared: CodeSample[] = declaredCodeSamples(entry.operation).map((sample, index) => ({
        id: `declared-${index}`,
        label: sample.label,
        language: sample.lang.toLowerCase(),
        code: sample.source,
      }));
      // A webhook is a request the API sends, so there is nothing to call.
      const generated = webhook ? [] : generateCodeSamples(sampleRequest(model));
      schemaUsage().addOperation(entry, model);
      const schemaLinks = schemaLinksFor(document, model, options.apiDocsBasePath);
      const page: OperationPageModel = {
        ...model,
        codeSamples: [...declared, ...generated],
        ...(Object.keys(schemaLinks).length > 0 ? {schemaLinks} : {}),
      };
      writePage(page);
      // What the page hydrates with on a first visit (src/plugins/page-data).
      writePage(operationPageCore(page), PAGE_CORE_SUFFIX);
      // Method, path and operationId lead the meta description: search engines
      // and the local search index read it (the index skips text above the first heading).
      const operationId = page.operationId ? ` (${page.operationId})` : '';
      const operationKey: PageKey = {kind: entry.kind, method: entry.method.toLowerCase(), path: entry.path, ...(typeof entry.operation.operationId === 'string' ? {operationId: entry.operation.operationId} : {})};
      setFrontMatter(item, page.summary, `${page.method.toUpperCase()} ${page.path}${operationId}: ${page.plainDescription}`, operationKey);
      // The outline gives an OpenAPI 3.2 method's page a GET slot (page-outline.ts): its sidebar class names the real one.
      if (item.api) item.api.method = methodClassName(entry.method);
      return pageBody(item.id, 'OperationPage');
    },
    createInfoPageMD(item: PluginPageItem): string {
      const {document, links} = loadSpecWithLinks();
      const ids = assignPageIds(document);
      const id = ids.overviewId;
      // The plugin named the overview in its sidebar before we chose its id.
      const overview = id === item.id ? undefined : {from: item.id, to: id};
      item.id = id;
      // The info page is generated once per spec: the one place to say how
      // sidebars.ts arranges the plugin's sidebar (schema entries named,
      // webhooks in a category of their own, 3.2 tag parents and methods).
      mkdirSync(options.outputDir, {recursive: true});
      writeFileSync(
        path.join(options.outputDir, SIDEBAR_ARRANGEMENT_FILE),
        serializeArrangement({
          ...(overview ? {overview} : {}),
          schemaLabels: new Map(ids.schemas.map((schema) => [schema.pageId, schema.name])),
          webhookPageIds: new Set(ids.operations.filter((operation) => operation.kind === 'webhook').map((operation) => operation.pageId)),
          tagParents: tagParentPageIds(loadSpec(), ids),
          labelTags: new Set(ids.tags.filter((tag) => !loadSpec().isNavigationTag(tag.name)).map((tag) => tag.pageId)),
          methodClasses: new Map(ids.operations.filter((operation) => !isPre32Operation(operation)).map((operation) => [operation.pageId, methodClassName(operation.method)])),
          schemasIndexSlug: ids.schemas.length > 0 ? schemasIndexSlug(options.apiDocsBasePath) : undefined,
          ...(options.olderVersion ? {schemasIndexTitle: `Schemas (${options.olderVersion.name})`} : {}),
        }),
      );
      const page = overviewPageModel(document, item.id, options.apiDocsBasePath, {links});
      writePage(page);
      setFrontMatter(item, page.title, page.plainDescription, {kind: 'overview'});
      return pageBody(item.id, 'OverviewPage', true);
    },
    createSchemaPageMD(item: PluginPageItem): string {
      const {document} = loadSpecWithLinks();
      // The outline names each schema by the last part of its page id (see page-outline.ts).
      const schema = assignPageIds(document).schemas.find((candidate) => candidate.pageId === `${SCHEMA_PAGES_DIR}/${item.id}`);
      if (!schema) throw new Error(`[api-pages] no schema has page id "${SCHEMA_PAGES_DIR}/${item.id}" in ${options.specPath}; run "npm run spec" again.`);
      const page = schemaPageModel(document, schemaUsage(), schema.name, options.apiDocsBasePath);
      writePage(page);
      setFrontMatter(item, `${page.name} schema`, page.plainDescription, {kind: 'schema', name: schema.name});
      return pageBody(page.id, 'SchemaPage');
    },
    createTagPageMD(item: PluginPageItem): string {
      const {document, links} = loadSpecWithLinks();
      // The outline names each tag by its page id (see page-outline.ts).
      const tag = assignPageIds(document).tags.find((candidate) => candidate.pageId === item.id);
      if (!tag) throw new Error(`[api-pages] no tag has page id "${item.id}" in ${options.specPath}; run "npm run spec" again.`);
      const page = tagPageModel(document, tag.name, options.apiDocsBasePath, {links});
      writePage(page);
      // The document title says what the page is: a tag named "Tags" must
      // not share "Tags | Meridian" with the blog's tag index.
      setFrontMatter(item, tagPageTitle(page.name), page.plainDescription, {kind: 'tag', name: tag.name});
      return pageBody(item.id, 'TagPage');
    },
  };
}
