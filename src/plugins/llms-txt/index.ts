import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

import {operationToMarkdown, overviewToMarkdown, schemaToMarkdown, tagToMarkdown} from '../../openapi/markdown-twin';
import {SCHEMA_PAGES_DIR} from '../../openapi/generation/page-ids';
import type {PageModel} from '../../openapi/models/model-types';
import {parsePageModel} from '../../openapi/models/model-file';
import {htmlPageToMarkdown} from './html-to-markdown';
import {LLMS_FULL_PARTS_DIR, writeLlmsFull} from './llms-full';
import {
  absoluteUrl,
  formatLlmsTxt,
  llmsSections,
  markdownUrl,
  oneLine,
  twinFile,
  type LlmsSection,
  type LlmsSiteInfo,
  type TwinPage,
} from './llms';
import {validateOptions, type LlmsVersion, type OptionalLink, type PluginOptions} from './llms-options';

export type {PluginOptions} from './llms-options';

/** Routes of the docs pages: the docs base route itself and everything under it. */
export function docsRoutes(routesPaths: string[], docsRoute: string): string[] {
  const routes = routesPaths
    .map((route) => (route.length > 1 ? route.replace(/\/+$/, '') : route))
    .filter((route) => route === docsRoute || route.startsWith(`${docsRoute}/`));
  return [...new Set(routes)].sort();
}

/** A route joined to the base URL: (`/`, `/docs`) → `/docs`; (`/meridian/`, `/docs`) → `/meridian/docs`. */
export function withBaseUrl(baseUrl: string, route: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${route}`;
}

// Synchronous: a page's files are small and read one after another, and
// each await gave the thread back with nothing else to run on it, so much of
// the time was idle.
function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The page model `npm run gen` wrote for an API route, if any. */
async function readPageModel(modelDir: string, id: string): Promise<PageModel | undefined> {
  // Schema pages sit one folder down: `schemas/contact`.
  if (!/^(?:[\w.-]+\/)?[\w.-]+$/.test(id)) return undefined;
  const file = path.join(modelDir, `${id}.page.json`);
  const text = readIfExists(file);
  if (text === undefined) return undefined;
  let model: PageModel;
  try {
    model = parsePageModel<PageModel>(text);
  } catch (error) {
    throw new Error(`[llms] ${file}: ${(error as Error).message}; run "npm run gen" again.`);
  }
  if (!['operation', 'overview', 'tag', 'schema'].includes(model.kind)) {
    throw new Error(`[llms] ${file} has unknown kind ${JSON.stringify(model.kind)}; run "npm run gen" again.`);
  }
  return model;
}

interface BuildInputs {
  outDir: string;
  routesPaths: string[];
  siteConfig: {title: string; tagline: string; url: string; baseUrl: string};
  siteDir: string;
}

/**
 * Reads what the build wrote and returns every docs page, in reading order;
 * each page's Markdown twin goes to `emit` as soon as it is made, so no
 * build holds every twin at once (Microsoft Graph's are over a gigabyte).
 */
export async function collectTwinPages(
  inputs: BuildInputs,
  options: PluginOptions,
  emit: (page: TwinPage, markdown: string) => Promise<void> | void,
): Promise<TwinPage[]> {
  const {baseUrl, url} = inputs.siteConfig;
  const docsRoute = withBaseUrl(baseUrl, options.docsBasePath);
  const apiRoute = withBaseUrl(baseUrl, options.apiDocsBasePath);
  // Each API's pages read their models from its own folder: the main API's, then the site's other APIs'.
  const modelRoots = [
    {route: apiRoute, dir: path.resolve(inputs.siteDir, options.pageModelDir)},
    ...options.apis.map((api) => ({route: withBaseUrl(baseUrl, api.routeBasePath), dir: path.resolve(inputs.siteDir, api.pageModelDir)})),
  ];
  // Page models link with routes under the base URL; built HTML already has it in its links.
  const modelSiteUrl = `${url}${baseUrl.replace(/\/+$/, '')}`;
  const twinOptions = {siteUrl: modelSiteUrl, codeSamples: options.codeSamples};

  const pages: TwinPage[] = [];
  const tagOrder: string[] = [];
  const operationOrder: string[] = [];
  const add = async (page: TwinPage, markdown: string) => {
    pages.push(page);
    await emit(page, markdown);
  };
  for (const route of docsRoutes(inputs.routesPaths, docsRoute)) {
    const modelRoot = modelRoots.find((root) => route.startsWith(`${root.route}/`));
    const model = modelRoot ? await readPageModel(modelRoot.dir, route.slice(modelRoot.route.length + 1)) : undefined;
    if (model?.kind === 'schema') {
      await add({route, kind: 'schema', title: `${model.name} schema`, description: oneLine(model.plainDescription)}, schemaToMarkdown(model, twinOptions));
    } else if (model?.kind === 'operation') {
      await add(
        {
          route,
          kind: model.webhook ? 'webhook' : 'operation',
          title: model.summary || `${model.method.toUpperCase()} ${model.path}`,
          description: [`\`${model.method.toUpperCase()} ${model.path}\`.`, oneLine(model.plainDescription)].filter(Boolean).join(' '),
          tag: model.tags[0],
        },
        operationToMarkdown(model, twinOptions),
      );
    } else if (model?.kind === 'tag') {
      operationOrder.push(...model.operations.map((operation) => withBaseUrl(baseUrl, operation.permalink)));
      await add({route, kind: 'tag', title: model.name, description: oneLine(model.plainDescription), tag: model.name}, tagToMarkdown(model, twinOptions));
    } else if (model?.kind === 'overview') {
      tagOrder.push(...model.tags.map((tag) => tag.name));
      await add({route, kind: 'overview', title: model.title, description: oneLine(model.plainDescription)}, overviewToMarkdown(model, twinOptions));
    } else {
      const relative = route.slice(baseUrl.length);
      const candidates = [`${relative}.html`, path.join(relative, 'index.html')];
      let html: string | undefined;
      for (const candidate of candidates) {
        html = readIfExists(path.join(inputs.outDir, candidate));
        if (html !== undefined) break;
      }
      if (html === undefined) {
        console.warn(`[llms] no HTML file for ${route} (looked for ${candidates.join(', ')} in ${inputs.outDir}); it gets no Markdown twin.`);
        continue;
      }
      const converted = htmlPageToMarkdown(html, {siteUrl: url, siteTitle: inputs.siteConfig.title});
      await add(
        {
          route,
          // The schemas' index (a generated index page) belongs with the schema pages.
          kind: modelRoot && route === `${modelRoot.route}/${SCHEMA_PAGES_DIR}` ? 'schema' : modelRoot ? 'operation' : 'doc',
          title: converted.title || route,
          description: oneLine(converted.description),
        },
        converted.markdown,
      );
    }
  }

  // Reading order: other docs, then tag pages as the overview lists them,
  // then operations as their tag pages list them; otherwise route order.
  // Positions by value, first occurrence (a lookup in the list per page was quadratic).
  const positions = (list: string[]) => {
    const map = new Map<string, number>();
    list.forEach((value, index) => {
      if (!map.has(value)) map.set(value, index);
    });
    return {map, size: list.length};
  };
  const tagPositions = positions(tagOrder);
  const operationPositions = positions(operationOrder);
  const position = (list: {map: Map<string, number>; size: number}, value: string | undefined) =>
    (value === undefined ? undefined : list.map.get(value)) ?? list.size;
  const sortKey = (page: TwinPage, index: number): number[] => {
    if (page.kind === 'tag') return [1, position(tagPositions, page.tag), index];
    if (page.kind === 'operation') return [2, position(operationPositions, page.route), index];
    if (page.kind === 'webhook') return [3, 0, index];
    if (page.kind === 'schema') return [4, 0, index];
    return [0, 0, index];
  };
  return pages
    .map((page, index) => ({page, key: sortKey(page, index)}))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])
    .map(({page}) => page);
}

/** The summary paragraph of llms.txt: how to get Markdown and the whole reference. */
export function llmsDetails(site: LlmsSiteInfo, docsRoute: string, {split = false}: {split?: boolean} = {}): string {
  const full = absoluteUrl('/llms-full.txt', site, {underBaseUrl: true});
  return [
    `Every documentation page is also published as Markdown: add \`.md\` to its URL (for example ${markdownUrl(docsRoute, site)}).`,
    split ? `The whole reference, in parts listed in ${full}.` : `The whole reference in one file: ${full}.`,
  ].join(' ');
}

/** Writes `llms.txt`, `llms-full.txt` and a Markdown twin (`<route>.md`) of
 * every docs page, from the page models and the built HTML. */
export default function llmsTxtPlugin(context: LoadContext, rawOptions: unknown): Plugin<void> {
  const options = validateOptions(rawOptions);
  return {
    name: 'llms-txt',
    async postBuild({outDir, routesPaths, siteConfig}) {
      const site: LlmsSiteInfo = {url: siteConfig.url.replace(/\/+$/, ''), baseUrl: siteConfig.baseUrl};
      const twinPath = (page: TwinPage) => path.join(outDir, twinFile(page.route, siteConfig.baseUrl));
      const pages = await collectTwinPages({outDir, routesPaths, siteConfig, siteDir: context.siteDir}, options, async (page, markdown) => {
        const file = twinPath(page);
        mkdirSync(path.dirname(file), {recursive: true});
        writeFileSync(file, markdown, 'utf8');
      });
      if (pages.length === 0) {
        throw new Error(`[llms] the build has no docs routes under ${options.docsBasePath}; check the "docsBasePath" option.`);
      }
      const docsRoute = withBaseUrl(siteConfig.baseUrl, options.docsBasePath);
      const {title} = siteConfig;
      const siteIndexUrl = absoluteUrl('/llms.txt', site, {underBaseUrl: true});
      const under = (page: TwinPage, routeBasePath: string) => page.route.startsWith(`${withBaseUrl(siteConfig.baseUrl, routeBasePath)}/`);
      const noOptions = {docsRoute: '', optionalRoutes: [], optionalLinks: []};
      const linkOf = (link: OptionalLink) => ({title: link.title, url: absoluteUrl(link.url, site, {underBaseUrl: true}), description: link.description ?? ''});
      const writeIndex = async (index: string, text: string) => {
        const file = path.join(outDir, index.replace(/^\//, ''));
        mkdirSync(path.dirname(file), {recursive: true});
        await writeFile(file, text, 'utf8');
      };

      // Every older version, of the main API and of the others, gets an index of its own; llms.txt links it.
      const olderVersions = [
        ...options.versions.map((version) => ({version, heading: `${title} API ${version.name}`, apiLabel: undefined as string | undefined})),
        ...options.apis.flatMap((api) => api.versions.map((version) => ({version, heading: `${title}: ${api.label} API ${version.name}`, apiLabel: api.label}))),
      ];
      const versionOf = (page: TwinPage) => olderVersions.find(({version}) => under(page, version.routeBasePath));
      const apiOf = (page: TwinPage) => options.apis.find((api) => under(page, api.routeBasePath) || page.route === withBaseUrl(siteConfig.baseUrl, api.routeBasePath));
      for (const {version, heading, apiLabel} of olderVersions) {
        const what = apiLabel ? `an older version of the ${apiLabel} API` : 'an older version of the API';
        await writeIndex(
          version.index,
          formatLlmsTxt({
            title: heading,
            summary: `The reference of version ${version.name}, ${what}; the current one is listed in ${siteIndexUrl}.`,
            details: '',
            sections: llmsSections(pages.filter((page) => versionOf(page)?.version === version), noOptions, site),
          }),
        );
      }
      const current = pages.filter((page) => versionOf(page) === undefined);
      const versionLinks = (versions: LlmsVersion[], apiLabel?: string) =>
        versions.map((version) => ({
          title: apiLabel ? `${apiLabel} version ${version.name}` : `Version ${version.name}`,
          url: absoluteUrl(version.index, site, {underBaseUrl: true}),
          description: `The reference of version ${version.name} (an older version${apiLabel ? ` of the ${apiLabel} API` : ''}), page by page.`,
        }));

      // Each other API: its current version's sections in llms.txt, named after it, and an index of its own.
      const apiSections: LlmsSection[] = [];
      const apiLinks = [];
      for (const api of options.apis) {
        const apiPages = current.filter((page) => apiOf(page) === api);
        const sections = llmsSections(apiPages, noOptions, site);
        await writeIndex(
          api.index,
          formatLlmsTxt({
            title: `${title}: ${api.label} API`,
            summary: `The reference of the ${api.label} API, one of the APIs of ${title}; every API is listed in ${siteIndexUrl}.`,
            details: '',
            sections: [...sections, {title: 'Optional', links: [...api.optionalLinks.map(linkOf), ...versionLinks(api.versions, api.label)]}],
          }),
        );
        apiSections.push(...sections.map((section) => ({...section, title: section.title === 'Docs' ? api.label : `${api.label} ${section.title}`})));
        apiLinks.push({title: `${api.label} API`, url: absoluteUrl(api.index, site, {underBaseUrl: true}), description: `The ${api.label} API alone, page by page, with its downloads and versions.`});
      }
      const mainSections = llmsSections(
        current.filter((page) => apiOf(page) === undefined),
        {
          docsRoute,
          optionalRoutes: options.optionalRoutes.map((route) => withBaseUrl(siteConfig.baseUrl, route)),
          optionalLinks: [...options.optionalLinks.map(linkOf), ...versionLinks(options.versions), ...apiLinks, ...options.apis.flatMap((api) => versionLinks(api.versions, api.label))],
        },
        site,
      );
      const optionalAt = mainSections.findIndex((section) => section.title === 'Optional');
      const sections =
        optionalAt === -1 ? [...mainSections, ...apiSections] : [...mainSections.slice(0, optionalAt), ...apiSections, ...mainSections.slice(optionalAt)];

      // llms-full.txt first: whether it is split decides what llms.txt says of it.
      const heading = {title, summary: options.summary ?? siteConfig.tagline, details: llmsDetails(site, docsRoute)};
      const full = await writeLlmsFull({
        outDir,
        heading,
        splitDetails: llmsDetails(site, docsRoute, {split: true}),
        pages: current,
        sections,
        site,
        // Read back from the twin files just written.
        markdownOf: (page) => readFileSync(twinPath(page), 'utf8'),
        maxFileBytes: options.maxFileBytes,
      });
      const llmsTxt = formatLlmsTxt({...heading, details: llmsDetails(site, docsRoute, {split: full.parts.length > 0}), sections});
      await writeFile(path.join(outDir, 'llms.txt'), llmsTxt, 'utf8');
      const fullBytes = full.bytes;
      if (full.parts.length > 0) {
        console.log(
          `[llms] the whole reference is ${(full.totalBytes / 1024 ** 2).toFixed(1)} MiB, over maxFileBytes (${(options.maxFileBytes / 1024 ** 2).toFixed(1)} MiB): /llms-full.txt lists ${full.parts.length} parts under /${LLMS_FULL_PARTS_DIR}/, the largest ${(Math.max(...full.parts.map((part) => part.bytes)) / 1024 ** 2).toFixed(1)} MiB.`,
        );
      }
      const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
      console.log(
        `[llms] wrote ${pages.length} Markdown twins (${pages.filter((page) => page.kind === 'operation').length} operations, ${pages.filter((page) => page.kind === 'webhook').length} webhooks, ${pages.filter((page) => page.kind === 'schema').length} schemas), /llms.txt (${kib(Buffer.byteLength(llmsTxt))}) and /llms-full.txt (${kib(fullBytes)})`,
      );
    },
  };
}
