/**
 * The Markdown twin of a schema page: its fields, composition, examples and users.
 */
import type {RootContent} from 'mdast';

import {ownValue} from '../../spec-reader/own-keys';
import type {SchemaPageModel} from '../models/model-types';
import {resolveHref, richTextBlocks} from './hast';
import {fieldTable, type MarkdownOptions} from './fields';
import {renderExamples} from './media';
import {bulletList, code, heading, joined, link, paragraph, type Inline} from './mdast';
import type {OperationMarkdownOptions} from './operation';
import {serialize} from './serialize';

function renderUsers(page: SchemaPageModel, options: MarkdownOptions): RootContent[] {
  if (page.usedBy.length === 0) return [paragraph('No operation, webhook or other schema of the API description refers to this schema.')];
  const users = page.usedBy.map((user) => {
    const url = resolveHref(user.permalink, options);
    const fields: Inline[][] = user.fields.map((field) => (field.anchor ? [link(`${url}#${field.anchor}`, code(field.path))] : [field.path]));
    if (user.moreFields) fields.push([`${user.moreFields} more`]);
    return [
      link(url, user.title),
      ` (${user.kind}`,
      ...(user.endpoint ? [', ', code(user.endpoint)] : []),
      ')',
      ...(fields.length > 0 ? [': ', ...joined(fields, ', ')] : []),
    ];
  });
  return [bulletList(users)];
}

/** The Markdown twin of a schema page. */
export function schemaToMarkdown(page: SchemaPageModel, options: OperationMarkdownOptions): string {
  const markdownOptions: MarkdownOptions = {siteUrl: options.siteUrl, schemaLinks: page.schemaLinks};
  const blocks: RootContent[] = [
    heading(1, page.name),
    paragraph('Schema ', code(`components.schemas.${page.name}`), '.'),
    ...richTextBlocks(page.schema.description, markdownOptions),
  ];
  if (page.allOf.length > 0) {
    const parts = page.allOf.map((name) => {
      const route = ownValue(page.schemaLinks, name);
      return [route ? link(resolveHref(route, markdownOptions), name) : code(name)];
    });
    blocks.push(paragraph('Composed with ', code('allOf'), ' from ', ...joined(parts, ', '), '; their fields are listed with its own.'));
  }
  blocks.push(heading(2, 'Fields'), ...fieldTable({...page.schema, description: undefined}, 'schema', markdownOptions));
  if (page.examples.length > 0) {
    blocks.push(heading(2, page.examples.length > 1 ? 'Examples' : 'Example'), ...renderExamples(page.examples, 'application/json', markdownOptions));
  }
  blocks.push(heading(2, 'Used by'), ...renderUsers(page, markdownOptions));
  if (page.moreUsers) blocks.push(paragraph(`And ${page.moreUsers} more.`));
  return serialize({type: 'root', children: blocks});
}
