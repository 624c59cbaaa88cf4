/**
 * The bodies of the twins: per media type, its field table and its examples.
 */
import type {RootContent} from 'mdast';

import {streamFramingText, streamItemName} from '../models/model-text';
import type {ExampleModel, MediaTypeModel} from '../models/model-types';
import {richTextBlocks} from './hast';
import {fieldTable, type Direction, type MarkdownOptions} from './fields';
import {code, codeBlock, heading, paragraph, strong, type Inline} from './mdast';

/** The fence language of an example in the given media type. */
function exampleLanguage(mediaType: string): string {
  const essence = mediaType.split(';')[0].trim().toLowerCase();
  if (/[/+]json$/.test(essence)) return 'json';
  if (/[/+]xml$/.test(essence)) return 'xml';
  if (/[/+]ya?ml$/.test(essence)) return 'yaml';
  if (essence === 'text/html') return 'html';
  if (essence === 'text/csv') return 'csv';
  return 'text';
}

/** Each example: its bold title (with its summary), its description, its value. */
export function renderExamples(examples: ExampleModel[], mediaType: string, options: MarkdownOptions): RootContent[] {
  return examples.flatMap((example) => {
    let label = example.name === 'Example' ? 'Example' : `Example: ${example.name}`;
    if (example.generated && example.name !== 'Generated from the schema') label += ' (generated from the schema)';
    const title = paragraph(strong(label), ...(example.summary ? [` (${example.summary})`] : []));
    return [title, ...richTextBlocks(example.description, options), codeBlock(example.value, exampleLanguage(mediaType))];
  });
}

/** Field tables already written on a page, and where: the ten identical problem-details tables of the error responses are written once. */
export interface SeenTables {
  tables: Map<string, Inline[]>;
  /** Where the tables that follow are written: ``the `400` response``. */
  here: Inline[];
}

/** The media types of a body: field table, then examples. */
export function renderMediaTypes(
  content: MediaTypeModel[],
  direction: Direction,
  headingLevel: number,
  options: MarkdownOptions,
  seenTables?: SeenTables,
): RootContent[] {
  return content.flatMap(({mediaType, schema, stream, examples}) => {
    const blocks: RootContent[] = [heading(headingLevel, code(mediaType))];
    if (schema && stream) blocks.push(paragraph('Stream of ', code(streamItemName(schema)), `: ${streamFramingText(stream)}. Each item:`));
    if (schema) {
      const fields = fieldTable(schema, direction, options);
      const key = JSON.stringify(fields);
      const firstSeen = seenTables?.tables.get(key);
      if (firstSeen !== undefined && fields[0].type === 'table') {
        blocks.push(paragraph('Same fields as ', ...firstSeen, '.'));
      } else {
        seenTables?.tables.set(key, [...seenTables.here, ' (', code(mediaType), ')']);
        blocks.push(...fields);
      }
    }
    return [...blocks, ...renderExamples(examples, mediaType, options)];
  });
}
