/**
 * Builders of the mdast nodes the twins are made of, so that the wording
 * reads as a sentence: `paragraph('Flow ', code(flow.type), '.')`. A string
 * is text, with its bare URLs and email addresses as the links GFM reads;
 * the serializer (serialize.ts) escapes the rest, so no wording here writes
 * Markdown syntax by hand.
 */
import type {
  Code,
  Emphasis,
  Heading,
  InlineCode,
  Link,
  List,
  ListItem,
  Paragraph,
  Parents,
  PhrasingContent,
  Root,
  Strong,
  Table,
  TableRow,
  Text,
} from 'mdast';
import {gfmAutolinkLiteralFromMarkdown} from 'mdast-util-gfm-autolink-literal';

/** Phrasing content, with strings standing for text. */
export type Inline = PhrasingContent | string;

/** Text as it is: a URL in it is escaped, not linked (`phrasing` links them). */
export const text = (value: string): Text => ({type: 'text', value});

const [transformBareUrls] = gfmAutolinkLiteralFromMarkdown().transforms ?? [];

/**
 * Turns the URLs and email addresses in a tree's text into the links GFM
 * reads from them (its own rule), so that they are written bare rather than
 * escaped (`https\://x.example/a\_b`). Changes the tree in place.
 */
export function linkBareUrls<T extends Parents>(tree: T): T {
  transformBareUrls(tree as unknown as Root);
  return tree;
}

/** What every bare URL or email address contains: a quick test before the transform. */
const MAYBE_URL = /https?:\/\/|www\.|@/i;

/** A code span: any value, backticks and `|` included, is written so that it reads back the same. */
export const code = (value: string): InlineCode => ({type: 'inlineCode', value});

/** Phrasing content of parts; neighbouring strings make one text node (the serializer escapes each node in one pass). */
export function phrasing(parts: readonly Inline[]): PhrasingContent[] {
  const result: PhrasingContent[] = [];
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    if (MAYBE_URL.test(pending)) result.push(...linkBareUrls<Paragraph>({type: 'paragraph', children: [text(pending)]}).children);
    else result.push(text(pending));
    pending = '';
  };
  for (const part of parts) {
    if (typeof part === 'string') {
      pending += part;
    } else {
      flush();
      result.push(part);
    }
  }
  flush();
  return result;
}

export const strong = (...children: Inline[]): Strong => ({type: 'strong', children: phrasing(children)});

export const emphasis = (...children: Inline[]): Emphasis => ({type: 'emphasis', children: phrasing(children)});

/** A link; its text is taken as it is (no link goes inside a link). */
export const link = (url: string, ...children: Inline[]): Link => ({
  type: 'link',
  url,
  children: children.filter((child) => child !== '').map((child) => (typeof child === 'string' ? text(child) : child)),
});

export const paragraph = (...children: Inline[]): Paragraph => ({type: 'paragraph', children: phrasing(children)});

/** Phrasing for a line of its own (a heading, a table cell, a list item): line breaks in text become spaces. */
function oneLine(parts: readonly Inline[]): PhrasingContent[] {
  return phrasing(parts.map((part) => (typeof part === 'string' ? part.replace(/\s*[\r\n]+\s*/g, ' ') : part)));
}

export const heading = (depth: number, ...children: Inline[]): Heading => ({
  type: 'heading',
  depth: Math.min(6, Math.max(1, depth)) as Heading['depth'],
  children: oneLine(children),
});

/** A fenced code block; trailing line breaks of `value` are dropped. */
export const codeBlock = (value: string, lang = ''): Code => ({type: 'code', lang: lang || null, value: value.replace(/\n+$/, '')});

/** A tight bulleted list of one-line items. */
export function bulletList(items: readonly (readonly Inline[])[]): List {
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: items.map((item): ListItem => ({type: 'listItem', spread: false, children: [{type: 'paragraph', children: oneLine(item)}]})),
  };
}

const row = (cells: readonly (readonly Inline[])[]): TableRow => ({
  type: 'tableRow',
  children: cells.map((cell) => ({type: 'tableCell', children: oneLine(cell)})),
});

/** A GFM table: a header row of plain words, then rows of phrasing cells. */
export function table(header: readonly string[], rows: readonly (readonly (readonly Inline[])[])[]): Table {
  return {type: 'table', align: header.map(() => null), children: [row(header.map((name) => [name])), ...rows.map(row)]};
}

/** Parts joined with a separator: `a; b; c`. Empty parts are left out. */
export function joined(parts: readonly (readonly Inline[])[], separator: string): Inline[] {
  return parts.filter((part) => part.some((item) => item !== '')).flatMap((part, index) => (index === 0 ? [...part] : [separator, ...part]));
}
