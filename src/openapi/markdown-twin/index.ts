/**
 * Markdown twins of the API reference: the same content as the pages, as
 * plain Markdown for people who paste it into a chat and for tools that read
 * `llms.txt`. Build-time only; nothing here reaches the browser.
 *
 * Each twin is an mdast tree (operation.ts, overview.ts, schema.ts, with the
 * wording of fields and constraints in fields.ts and media.ts), written by
 * `mdast-util-to-markdown` with GFM (serialize.ts). Descriptions and built
 * pages come in as HTML trees and go through `hast-util-to-mdast` (hast.ts).
 */
export {hastToMarkdown} from './hast';
export {heading, link, paragraph} from './mdast';
export {operationToMarkdown, type OperationMarkdownOptions} from './operation';
export {overviewToMarkdown, tagToMarkdown} from './overview';
export {schemaToMarkdown} from './schema';
export {serialize} from './serialize';
