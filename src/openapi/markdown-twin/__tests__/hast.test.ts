import {describe, expect, it} from 'vitest';

import {hastToMarkdown} from '..';
import {code, h, p, root, t} from './fixtures';

describe('hastToMarkdown', () => {
  it('converts the block and inline elements that descriptions use', () => {
    const richText = root(
      h('h2', {}, 'Pagination'),
      p('Send ', h('strong', {}, 'both'), ' values, ', h('em', {}, 'never'), ' one, as ', code('cursor'), ' says.'),
      h('ul', {}, t('\n'), h('li', {}, 'first ', h('a', {href: 'https://example.com/a'}, 'link')), t('\n'), h('li', {}, 'second', h('ol', {start: 3}, h('li', {}, 'nested'))), t('\n')),
      h('pre', {}, h('code', {className: ['language-json']}, '{\n  "a": 1\n}\n')),
      h('blockquote', {}, p('Quoted'), p('twice')),
      h(
        'table',
        {},
        h('thead', {}, h('tr', {}, h('th', {}, 'Status'), h('th', {align: 'right'}, 'Meaning'))),
        h('tbody', {}, h('tr', {}, h('td', {}, code('a|b')), h('td', {}, 'x | y'))),
      ),
      h('hr'),
      p('Line one', h('br'), 'line two'),
    );
    expect(hastToMarkdown(richText)).toBe(
      [
        '## Pagination',
        '',
        'Send **both** values, *never* one, as `cursor` says.',
        '',
        '- first [link](https://example.com/a)',
        '- second',
        // A list that starts at 3 cannot interrupt a paragraph (CommonMark): a blank line first.
        '',
        '  3. nested',
        '',
        '```json',
        '{',
        '  "a": 1',
        '}',
        '```',
        '',
        '> Quoted',
        '>',
        '> twice',
        '',
        '| Status | Meaning |',
        '| --- | ---: |',
        '| `a\\|b` | x \\| y |',
        '',
        '---',
        '',
        'Line one\\',
        'line two',
      ].join('\n'),
    );
  });

  it('writes loose lists with blank lines and indents their continuation', () => {
    const richText = root(h('ol', {}, h('li', {}, p('One'), p('more')), h('li', {}, p('Two'))));
    expect(hastToMarkdown(richText)).toBe('1. One\n\n   more\n\n2. Two');
  });

  it('escapes text that Markdown would read as markup', () => {
    const richText = root(p('Use *stars*, [brackets], <tags> & created_at but _lead'), p('# not a heading'), p('1. not a list'));
    expect(hastToMarkdown(richText)).toBe(
      'Use \\*stars\\*, \\[brackets], \\<tags> & created_at but \\_lead\n\n\\# not a heading\n\n1\\. not a list',
    );
  });

  it('makes a code span longer than the backticks it holds', () => {
    expect(hastToMarkdown(root(p(code('a`b'))))).toBe('``a`b``');
    expect(hastToMarkdown(root(h('pre', {}, h('code', {}, '```\nx\n```'))))).toBe('````\n```\nx\n```\n````');
  });

  it('resolves root-relative links against the site URL when given one', () => {
    const richText = root(p(h('a', {href: '/docs/api/get-contact'}, 'Retrieve')));
    expect(hastToMarkdown(richText)).toBe('[Retrieve](/docs/api/get-contact)');
    expect(hastToMarkdown(richText, {siteUrl: 'https://developer.meridian.example/'})).toBe(
      '[Retrieve](https://developer.meridian.example/docs/api/get-contact)',
    );
  });


  it('writes a link whose text is its URL, as GFM makes them from bare URLs, bare', () => {
    const richText = root(
      p(
        'See ',
        h('a', {href: 'https://x.example/_private/a__b'}, 'https://x.example/_private/a__b'),
        ' or write to ',
        h('a', {href: 'mailto:api_support@meridian.example'}, 'api_support@meridian.example'),
        '.',
      ),
    );
    expect(hastToMarkdown(richText)).toBe('See https://x.example/_private/a__b or write to api_support@meridian.example.');
  });

  it('keeps a list tight when an item holds a nested list, and loose when items hold paragraphs', () => {
    const nested = root(h('ul', {}, h('li', {}, 'one', h('ul', {}, h('li', {}, 'a'), h('li', {}, 'b'))), h('li', {}, 'two')));
    expect(hastToMarkdown(nested)).toBe('- one\n  - a\n  - b\n- two');
    const loose = root(h('ul', {}, h('li', {}, p('one')), h('li', {}, p('two'))));
    expect(hastToMarkdown(loose)).toBe('- one\n\n- two');
  });

  it('leaves out controls and media, and writes a definition list as bold terms', () => {
    const richText = root(
      p('Press ', h('button', {}, 'Copy'), 'here', h('video', {src: 'x.mp4'}, 'fallback'), '.'),
      h('dl', {}, h('dt', {}, 'Term'), h('dd', {}, p('Definition.'))),
    );
    expect(hastToMarkdown(richText)).toBe('Press here.\n\n**Term**\n\nDefinition.');
  });
});
