import {textOf} from './model-text';
import {renderMarkdown, summaryText, type SpecTextOptions} from './markdown';
import {wellFormed} from '../../spec-reader/well-formed';
import {securitySchemeModels} from './model-security';
import {safeUrl, serverModels} from './model-urls';
import {assignPageIds, SCHEMA_PAGES_DIR, type PagedOperation} from '../generation/page-ids';
import {displaySummary} from '../generation/page-outline';
import {asString, isObject, type SpecDocument} from '../../spec-reader/spec-document';
import type {OverviewPageModel, RichText, TagPageModel, TocEntry} from './model-types';

/** The models of the overview page and the tag pages, and the tag groups
 * they (and the home page's cards) list. */

/** Every tag an operation or webhook uses (declared ones first, in
 * declaration order), with its page id and its operations. */
export function tagGroups(spec: SpecDocument): TagGroup[] {
  const cached = tagGroupsBySpec.get(spec);
  if (cached) return cached;
  const ids = assignPageIds(spec);
  // One pass over the operations: every tag page asks for its group, and a
  // filter per tag made that tags × tags × operations for a large API.
  const operationsByTag = new Map<string, PagedOperation[]>(ids.tags.map((tag) => [tag.name, []]));
  for (const operation of ids.operations) {
    for (const tag of new Set(operation.tags)) operationsByTag.get(tag)?.push(operation);
  }
  const groups = ids.tags.map((tag) => ({
    name: tag.name,
    pageId: tag.pageId,
    ...(tag.description !== undefined ? {description: tag.description} : {}),
    operations: operationsByTag.get(tag.name) ?? [],
  }));
  tagGroupsBySpec.set(spec, groups);
  return groups;
}

interface TagGroup {
  name: string;
  pageId: string;
  description?: string;
  operations: PagedOperation[];
}

const tagGroupsBySpec = new WeakMap<SpecDocument, TagGroup[]>();

/** `info.description` as the overview page shows it, with the heading ids its
 * table of contents and links into it (spec-link-context.ts) use. */
export function overviewDescription(spec: SpecDocument, {links}: SpecTextOptions = {}): RichText {
  return renderMarkdown(spec.info.description, {topHeadingLevel: 2, headingIds: true, links});
}

export function overviewPageModel(spec: SpecDocument, id: string, apiDocsBasePath: string, {links}: SpecTextOptions = {}): OverviewPageModel {
  const info = spec.info;
  const description = overviewDescription(spec, {links});
  const toc: TocEntry[] = [];
  const collect = (nodes: NonNullable<typeof description>['children']) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      const level = /^h([23])$/.exec(node.tagName);
      if (level && typeof node.properties.id === 'string') {
        toc.push({value: textOf(node), id: node.properties.id, level: Number(level[1])});
      }
      collect(node.children);
    }
  };
  if (description) collect(description.children);
  const contact = isObject(info.contact) ? info.contact : undefined;
  const license = isObject(info.license) ? info.license : undefined;
  const title = wellFormed(spec.title);
  const model: OverviewPageModel = {
    kind: 'overview',
    id,
    title,
    version: wellFormed(String(info.version ?? '')),
    plainDescription: summaryText(description) || title,
    toc,
    servers: serverModels(spec, spec.root.servers),
    securitySchemes: securitySchemeModels(spec, {links}),
    tags: tagGroups(spec)
      .map((group) => ({
        name: wellFormed(group.name),
        summary: summaryText(renderMarkdown(group.description, {links})),
        permalink: `${apiDocsBasePath}/${group.pageId}`,
        operationCount: group.operations.length,
      })),
  };
  if (description) model.description = description;
  const schemaCount = assignPageIds(spec).schemas.length;
  if (schemaCount > 0) model.schemas = {permalink: `${apiDocsBasePath}/${SCHEMA_PAGES_DIR}`, count: schemaCount};
  if (contact) {
    model.contact = {};
    if (asString(contact.name)) model.contact.name = wellFormed(String(contact.name));
    if (asString(contact.email) && /^[^\s@<>]+@[^\s@<>]+$/.test(String(contact.email))) model.contact.email = String(contact.email);
    if (safeUrl(contact.url)) model.contact.url = safeUrl(contact.url);
  }
  if (license && asString(license.name)) {
    model.license = {name: wellFormed(String(license.name))};
    const url = safeUrl(license.url) ?? (asString(license.identifier) ? `https://spdx.org/licenses/${encodeURIComponent(String(license.identifier))}.html` : undefined);
    if (url) model.license.url = url;
  }
  if (safeUrl(info.termsOfService)) model.termsOfService = safeUrl(info.termsOfService);
  return model;
}

export function tagPageModel(spec: SpecDocument, tagName: string, apiDocsBasePath: string, {links}: SpecTextOptions = {}): TagPageModel {
  const group = tagGroups(spec).find((candidate) => candidate.name === tagName);
  // Only a tag that some operation or webhook uses has a page (page-ids.ts).
  if (!group) throw new Error(`[api-pages] no operation or webhook uses the tag "${tagName}", so it has no page`);
  const description = renderMarkdown(group.description, {topHeadingLevel: 2, links});
  return {
    kind: 'tag',
    id: group.pageId,
    name: wellFormed(tagName),
    plainDescription: summaryText(description) || `Operations tagged ${wellFormed(tagName)}.`,
    ...(description ? {description} : {}),
    operations: group.operations.map(({operation, method, path, pageId, kind}) => ({
      id: pageId,
      permalink: `${apiDocsBasePath}/${pageId}`,
      method: kind === 'webhook' ? 'event' : method,
      path: wellFormed(path),
      summary: wellFormed(displaySummary(operation, method, path, kind)),
      deprecated: operation.deprecated === true,
    })),
  };
}
