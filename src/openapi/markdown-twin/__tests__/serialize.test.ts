import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import type {Nodes, PhrasingContent, Root, RootContent, Table} from 'mdast';
import {gfmToMarkdown} from 'mdast-util-gfm';
import {toMarkdown, type Handle} from 'mdast-util-to-markdown';
import {describe, expect, it} from 'vitest';

import {mulberry32} from '../../../../scripts/seeded-random';
import {bulletList, code, emphasis, heading, link, paragraph, strong, table, text} from '../mdast';
import {serialize, SERIALIZE_OPTIONS} from '../serialize';

const parser = unified().use(remarkParse).use(remarkGfm);

/** The Markdown read back as CommonMark + GFM, as a chat or a docs renderer reads it. */
const readBack = (markdown: string): Root => parser.parse(markdown);

function textOf(node: Nodes): string {
  if ('value' in node) return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

function nodeTypes(node: Nodes): string[] {
  return [node.type, ...('children' in node ? node.children.flatMap(nodeTypes) : [])];
}

/** Text that no one meant as markup, each on a paragraph of its own (URLs are the next test's). */
const HOSTILE_TEXT = [
  '~~not struck~~ and ~one~ tilde',
  '*not emphasis* and **not strong** and _not either_ and * a star',
  '# not a heading',
  '1. not a list',
  '2) not a list either',
  '- not a bullet',
  '+ nor this',
  '> not a quote',
  '---',
  '***',
  '=== ',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  '![image](i.png)',
  '[reference]: /x',
  'HTML entities stay as written: &amp; &lt;b&gt; &#123; &copy;',
  'Backslashes: C:\\path\\*.txt and a trailing \\',
  '`not code` and ``not either``',
  'A pipe | in prose',
  '<made-up:autolink>',
  '    four spaces are not a code block',
  '```not a fence',
];

describe('serialize', () => {
  it('writes text that reads back as the same text, with no markup', () => {
    for (const value of HOSTILE_TEXT) {
      const markdown = serialize(paragraph(value));
      const [block, ...rest] = readBack(markdown).children;
      expect(rest, markdown).toEqual([]);
      expect(nodeTypes(block), markdown).toEqual(['paragraph', 'text']);
      expect(textOf(block), markdown).toBe(value);
    }
  });

  it('escapes tildes, so that ~~x~~ in prose is no strikethrough', () => {
    expect(serialize(paragraph('~~x~~'))).toBe('\\~\\~x\\~\\~\n');
  });

  it('keeps a bare URL as written, underscores and all, and GFM reads it as that link', () => {
    const values = [
      'See https://x.example/_private/__init__.py for details.',
      'Or www.example.com/a_b, then stop.',
      '(https://en.wikipedia.org/wiki/Snake_case)',
      'Mail api_support@meridian.example.',
    ];
    for (const value of values) {
      const markdown = serialize(paragraph(value));
      expect(markdown).toBe(`${value}\n`);
    }
    const urls = (markdown: string) => {
      const [block] = readBack(markdown).children;
      return block.type === 'paragraph' ? block.children.flatMap((node) => (node.type === 'link' ? [node.url] : [])) : [];
    };
    expect(urls(serialize(paragraph(values[0])))).toEqual(['https://x.example/_private/__init__.py']);
    expect(urls(serialize(paragraph(values[1])))).toEqual(['http://www.example.com/a_b']);
    expect(urls(serialize(paragraph(values[2])))).toEqual(['https://en.wikipedia.org/wiki/Snake_case']);
    expect(urls(serialize(paragraph(values[3])))).toEqual(['mailto:api_support@meridian.example']);
  });

  it('writes a link whose text is its URL bare where GFM would read it back, and as an autolink elsewhere', () => {
    const url = 'https://x.example/a_b';
    expect(serialize(paragraph('See ', link(url, url), '.'))).toBe('See https://x.example/a_b.\n');
    expect(serialize(paragraph('x', link(url, url)))).toBe('x<https://x.example/a_b>\n');
    expect(serialize(paragraph(link(url, url), 'y'))).toBe('<https://x.example/a_b>y\n');
    expect(serialize(paragraph(link(url, url), code('z')))).toBe('<https://x.example/a_b>`z`\n');
    expect(serialize(paragraph(link(`${url}.`, `${url}.`)))).toBe('<https://x.example/a_b.>\n');
    // GFM reads `_` in an email domain, CommonMark's `<…>` does not; a `!` before `[` is no image.
    expect(serialize(paragraph('!', link('mailto:a@b_c.example', 'a@b_c.example')))).toBe('\\![a@b_c.example](mailto:a@b_c.example)\n');
  });

  it('writes code spans and code blocks that hold backticks', () => {
    const values = ['a`b', '`leading', 'trailing`', 'a ``` b `c`', '``'];
    for (const value of values) {
      const [block] = readBack(serialize(paragraph(code(value)))).children;
      expect(block.type === 'paragraph' && block.children[0]).toEqual(expect.objectContaining({type: 'inlineCode', value}));
    }
    const [block] = readBack(serialize({type: 'code', lang: 'md', value: '```\nx\n````'})).children;
    expect(block).toEqual(expect.objectContaining({type: 'code', lang: 'md', value: '```\nx\n````'}));
  });

  it('keeps every table cell whole and on one line: pipes in text and code, line breaks, hostile text', () => {
    const cells = [['a | b'], [code('x|y')], ['one\ntwo'], ['<script>'], ['~~s~~ *e* [l](javascript:x)'], []];
    const markdown = serialize(table(['1', '2', '3', '4', '5', '6'], [cells]));
    const [read] = readBack(markdown).children as Table[];
    expect(read.type).toBe('table');
    expect(read.children[1].children.map(textOf)).toEqual(['a | b', 'x|y', 'one two', '<script>', '~~s~~ *e* [l](javascript:x)', '']);
    expect(read.children[1].children.map((cell) => cell.children.map((node) => node.type))).toEqual([
      ['text'], ['inlineCode'], ['text'], ['text'], ['text'], [],
    ]);
  });

  it('writes a table delimiter row of three dashes, with alignment', () => {
    const aligned: Table = {...table(['Status', 'Meaning'], [[['200'], ['OK']]]), align: [null, 'right']};
    expect(serialize(aligned)).toBe('| Status | Meaning |\n| --- | ---: |\n| 200 | OK |\n');
  });

  it('writes a heading on one line whatever its text holds', () => {
    const markdown = serialize(heading(2, 'Line\n# two'));
    expect(markdown).toBe('## Line # two\n');
    const [block] = readBack(markdown).children as RootContent[];
    expect(block).toEqual(expect.objectContaining({type: 'heading', depth: 2}));
  });

  it('keeps the text of a link label and of an image alt, whatever they hold', () => {
    const label = 'a ] [b] *c* `d`';
    const [block] = readBack(serialize(paragraph(link('https://x.example', label, text(' more'))))).children;
    expect(block.type === 'paragraph' && block.children.map((node) => node.type)).toEqual(['link']);
    expect(textOf(block)).toBe(`${label} more`);
  });

  it('writes any mix of markup characters, URLs and words so that it reads back as the same text and links', () => {
    const tokens = [
      '*', '**', '_', '__', '~', '~~', '`', '``', '[', ']', '(', ')', '<', '>', '!', '#', '|', '\\', '&amp;', '&#35;', '1.', '-', '+', '=',
      ':', '.', ',', ' ', ' ', ' ', 'word', 'snake_case', 'https://x.example/a_b', 'https://x.example/(c)', 'www.x.example/_y', 'a@b.example',
    ];
    const random = mulberry32(17);
    for (let sample = 0; sample < 500; sample++) {
      const value = Array.from({length: 1 + Math.floor(random() * 12)}, () => tokens[Math.floor(random() * tokens.length)]).join('').trim();
      if (value === '') continue;
      const written = paragraph(value);
      const markdown = serialize(written);
      const [block, ...rest] = readBack(markdown).children;
      expect(rest, markdown).toEqual([]);
      expect(block.type, markdown).toBe('paragraph');
      expect(textOf(block), markdown).toBe(value);
      const links = (node: Nodes): string[] => (node.type === 'link' ? [node.url] : 'children' in node ? node.children.flatMap(links) : []);
      expect(links(block), markdown).toEqual(links(written));
    }
  });

  it('writes text and table cells exactly as the stock text and table handlers would', () => {
    // The reference: SERIALIZE_OPTIONS with the stock text and GFM table handlers (delimiter row widened as ours does).
    const extensions = SERIALIZE_OPTIONS.extensions ?? [];
    const ours = extensions[extensions.length - 1].handlers ?? {};
    const stockTable = (gfmToMarkdown({tablePipeAlign: false}).extensions ?? []).map((extension) => extension.handlers?.table).find(Boolean) as Handle;
    const table3: Handle = (node, parent, state, info) => {
      const lines = stockTable(node, parent, state, info).split('\n');
      lines[1] = lines[1].replace(/:?-:?/g, (delimiter) => delimiter.replace('-', '---'));
      return lines.join('\n');
    };
    const reference = {...SERIALIZE_OPTIONS, extensions: [...extensions.slice(0, -1), {handlers: {link: ours.link, table: table3}}]};
    expect(Object.keys(ours).sort()).toEqual(['link', 'table', 'text']);

    const tokens = [
      'word', 'two words', ' ', ' ', '\t', '\n', '\r\n', '\\', '|', '*', '_', '~', '`', '#', '1.', '2)', '-', '+', '=', '>', '<', '<a', '[', ']', '(', ')',
      '!', '&', '&amp;', ':', '.', ',', '"', "'", '@', 'www.', 'http://', 'snake_case', 'é', '\u00a0',
    ];
    const random = mulberry32(29);
    const value = () => Array.from({length: Math.floor(random() * 6)}, () => tokens[Math.floor(random() * tokens.length)]).join('');
    const inline = (): PhrasingContent[] => {
      const shape = Math.floor(random() * 7);
      if (shape === 0) return [text(value()), code(value() || 'c'), text(value())];
      if (shape === 1) return [emphasis(value() || 'e'), text(value()), strong(value() || 's')];
      if (shape === 2) return [text(value()), link('https://x.example/y', value() || 'label'), text(value())];
      if (shape === 3) return [code(value() || 'c')];
      return [text(value())];
    };
    for (let sample = 0; sample < 3000; sample++) {
      const cells = Array.from({length: 1 + Math.floor(random() * 4)}, () => (random() < 0.2 ? [] : inline()));
      const tree: Root = {
        type: 'root',
        children: [
          {type: 'paragraph', children: inline()},
          {type: 'heading', depth: 3, children: inline()},
          {type: 'table', align: cells.map(() => (random() < 0.3 ? 'right' : null)), children: [
            {type: 'tableRow', children: cells.map(() => ({type: 'tableCell', children: [text(value())]}))},
            {type: 'tableRow', children: cells.map((children) => ({type: 'tableCell', children}))},
          ]},
          bulletList([[value()]]),
        ],
      };
      expect(serialize(tree), JSON.stringify(tree)).toBe(toMarkdown(tree, reference));
    }
    // Plain words take the quick way; what surrounds them decides nothing.
    expect(serialize(table(['Name', 'Type'], [[['id'], ['string']]]))).toBe('| Name | Type |\n| --- | --- |\n| id | string |\n');
  });
});
