/**
 * The Markdown twins of the overview page (from the description's `info`)
 * and of the tag pages.
 */
import type {RootContent} from 'mdast';

import type {OverviewPageModel, TagPageModel} from '../models/model-types';
import {resolveHref, richTextBlocks} from './hast';
import {bulletList, code, heading, joined, link, paragraph, table, type Inline} from './mdast';
import type {OperationMarkdownOptions} from './operation';
import {serialize} from './serialize';

/** A second-level section listing `items`, one line each; nothing when there are none. */
function listSection<T>(title: string, items: readonly T[], line: (item: T) => Inline[]): RootContent[] {
  return items.length === 0 ? [] : [heading(2, title), bulletList(items.map(line))];
}

function renderSecuritySchemes(page: OverviewPageModel, options: OperationMarkdownOptions): RootContent[] {
  if (page.securitySchemes.length === 0) return [];
  const blocks: RootContent[] = [heading(2, 'Authentication schemes')];
  for (const scheme of page.securitySchemes) {
    blocks.push(heading(3, code(scheme.key), ` (${scheme.kind}${scheme.deprecated ? ', deprecated' : ''})`), ...richTextBlocks(scheme.description, options));
    if (scheme.oauth2MetadataUrl) blocks.push(paragraph('Authorization server metadata: ', code(scheme.oauth2MetadataUrl), '.'));
    for (const flow of scheme.flows) {
      const parts: Inline[][] = [
        ['Flow ', code(flow.type)],
        flow.tokenUrl ? ['token URL ', code(flow.tokenUrl)] : [],
        flow.authorizationUrl ? ['authorization URL ', code(flow.authorizationUrl)] : [],
        flow.deviceAuthorizationUrl ? ['device authorization URL ', code(flow.deviceAuthorizationUrl)] : [],
      ];
      blocks.push(paragraph(...joined(parts, ', '), '.'));
      if (flow.scopes.length > 0) {
        blocks.push(table(['Scope', 'Grants'], flow.scopes.map((scope) => [[code(scope.name)], [scope.description]])));
      }
    }
  }
  return blocks;
}

function renderContact(page: OverviewPageModel, options: OperationMarkdownOptions): RootContent[] {
  const lines: Inline[][] = [];
  if (page.contact) {
    const {name, email, url} = page.contact;
    lines.push(['Contact: ', ...joined([[name ?? 'API team'], email ? [email] : [], url ? [url] : []], ', ')]);
  }
  if (page.license) {
    const {name, url} = page.license;
    lines.push(['Licence: ', url ? link(resolveHref(url, options), name) : name]);
  }
  if (page.termsOfService) lines.push([`Terms of service: ${page.termsOfService}`]);
  return lines.length > 0 ? [heading(2, 'Contact and licence'), bulletList(lines)] : [];
}

/** The Markdown twin of the overview page generated from the spec's `info`. */
export function overviewToMarkdown(page: OverviewPageModel, options: OperationMarkdownOptions): string {
  const blocks: RootContent[] = [heading(1, page.title)];
  if (page.version) blocks.push(paragraph('Version ', code(page.version)));
  blocks.push(...richTextBlocks(page.description, {siteUrl: options.siteUrl}));
  blocks.push(...listSection('Servers', page.servers, ({url, description}) => [code(url), ...(description ? [`: ${description}`] : [])]));
  blocks.push(...renderSecuritySchemes(page, options));
  blocks.push(
    ...listSection('Resources', page.tags, (tag) => [
      link(resolveHref(tag.permalink, options), tag.name),
      ` (${tag.operationCount} ${tag.operationCount === 1 ? 'operation' : 'operations'})`,
      ...(tag.summary ? [`: ${tag.summary}`] : []),
    ]),
  );
  blocks.push(...renderContact(page, options));
  return serialize({type: 'root', children: blocks});
}

/** The Markdown twin of a tag page: its description and its operations. */
export function tagToMarkdown(page: TagPageModel, options: OperationMarkdownOptions): string {
  const blocks: RootContent[] = [heading(1, page.name), ...richTextBlocks(page.description, {siteUrl: options.siteUrl})];
  blocks.push(
    ...listSection('Operations', page.operations, (operation) => [
      link(resolveHref(operation.permalink, options), operation.summary),
      ': ',
      code(`${operation.method.toUpperCase()} ${operation.path}`),
      ...(operation.deprecated ? [' (deprecated)'] : []),
    ]),
  );
  return serialize({type: 'root', children: blocks});
}
