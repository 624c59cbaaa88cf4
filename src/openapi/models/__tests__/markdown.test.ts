import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';

import {renderMarkdown, richTextToPlainText, summaryText} from '../markdown';
import {wellFormed} from '../../../spec-reader/well-formed';
import type {RichText, RichTextElement, RichTextNode} from '../model-types';
import {elementsOf} from '../../test-helpers/rich-text';

/**
 * The sanitising pipeline on hostile spec text (the vectors of
 * tests/fixtures/hostile.yaml): raw HTML, MDX syntax and script URLs must come
 * out as text or as inert elements, never as markup that runs.
 */

/** What the page would show, with text nodes joined as the browser joins them. */
function textOf(tree: RichText): string {
  const visit = (node: RichTextNode): string => (node.type === 'text' ? node.value : node.children.map(visit).join(''));
  return tree ? tree.children.map(visit).join('') : '';
}

/** The same checks the e2e suite makes in the browser, on the tree. */
function expectInert(tree: RichText): void {
  for (const element of elementsOf(tree)) {
    expect(['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'input', 'textarea', 'button']).not.toContain(element.tagName);
    for (const [name, value] of Object.entries(element.properties)) {
      expect(name.toLowerCase().startsWith('on'), `${element.tagName}.${name}`).toBe(false);
      expect(['id', 'name', 'style']).not.toContain(name);
      if (name === 'href' || name === 'src') expect(String(value)).toMatch(/^(https?:|mailto:|#)/);
    }
  }
}

const paragraph = (...children: RichTextNode[]): RichTextElement => ({type: 'element', tagName: 'p', properties: {}, children});
const text = (value: string): RichTextNode => ({type: 'text', value});

describe('renderMarkdown on hostile text', () => {
  it('shows a script element as text', () => {
    expect(renderMarkdown('<script>window.__xss=1</script>')).toEqual({
      type: 'root',
      children: [paragraph(text('<script>window.__xss=1</script>'))],
    });
  });

  it('shows an image with an unquoted event handler as text', () => {
    expect(renderMarkdown('a <img src=x onerror=window.__xss=2> b')).toEqual({
      type: 'root',
      children: [paragraph(text('a <img src=x onerror=window.__xss=2> b'))],
    });
  });

  it('shows <br> as the text the author wrote, like any other raw HTML', () => {
    const tree = renderMarkdown('line<br>break');
    expect(tree).toEqual({type: 'root', children: [paragraph(text('line'), text('<br>'), text('break'))]});
  });

  it('keeps MDX import and export lines as a paragraph of text', () => {
    expect(renderMarkdown("import X from 'y'\nexport const x = 1")).toEqual({
      type: 'root',
      children: [paragraph(text("import X from 'y'\nexport const x = 1"))],
    });
  });

  it('keeps braces, including a JavaScript expression, as text', () => {
    expect(renderMarkdown('{braces} and {window.__xss=3}')).toEqual({
      type: 'root',
      children: [paragraph(text('{braces} and {window.__xss=3}'))],
    });
  });

  it('keeps a <your-name> placeholder visible', () => {
    const tree = renderMarkdown('Your name, as `<your-name>` or <your-name> (replace <your-name>).');
    expect(textOf(tree)).toBe('Your name, as <your-name> or <your-name> (replace <your-name>).');
    expect(elementsOf(tree).map((element) => element.tagName)).toEqual(['p', 'code']);
  });

  it('shows unbalanced tags as text without swallowing what follows', () => {
    const tree = renderMarkdown('<div><span>never closed\n\nNext paragraph.');
    expect(tree).toEqual({
      type: 'root',
      children: [paragraph(text('<div><span>never closed')), text('\n'), paragraph(text('Next paragraph.'))],
    });
  });

  it('ends an unterminated code fence at the end of the text, holding the rest as code', () => {
    const tree = renderMarkdown('Intro\n\n```js\nwindow.__xss = 7;\n<script>x</script>');
    expect(tree).toEqual({
      type: 'root',
      children: [
        paragraph(text('Intro')),
        text('\n'),
        {
          type: 'element',
          tagName: 'pre',
          properties: {},
          children: [{type: 'element', tagName: 'code', properties: {className: ['language-js']}, children: [text('window.__xss = 7;\n<script>x</script>\n')]}],
        },
      ],
    });
  });

  it('drops javascript: URLs from Markdown links and shows raw anchors as text', () => {
    const tree = renderMarkdown('[click](javascript:window.__xss=4) and <a href="javascript:window.__xss=4">raw</a>');
    expect(tree).toEqual({
      type: 'root',
      children: [
        paragraph(
          {type: 'element', tagName: 'a', properties: {}, children: [text('click')]},
          text(' and '),
          text('<a href="javascript:window.__xss=4">'),
          text('raw'),
          text('</a>'),
        ),
      ],
    });
  });

  it.each([
    '[x](JaVaScRiPt:window.__xss=4)',
    '[x](java&#x09;script:window.__xss=4)',
    '[x](&#106;avascript:window.__xss=4)',
    '<javascript:window.__xss=4>',
    '[x](data:text/html,<script>window.__xss=4</script>)',
    '[x](vbscript:window.__xss=4)',
    '[x]\n\n[x]: javascript:window.__xss=4',
    '![x](javascript:window.__xss=4)',
  ])('drops the script URL of %j', (markdown) => {
    const tree = renderMarkdown(markdown);
    expectInert(tree);
    expect(elementsOf(tree).some((element) => 'href' in element.properties || 'src' in element.properties)).toBe(false);
  });

  it('keeps web and mail links', () => {
    const tree = renderMarkdown('[a](https://example.com/x?y=1) [b](mailto:dev@example.com) [c](/docs/intro)');
    expect(elementsOf(tree).filter((element) => element.tagName === 'a').map((element) => element.properties.href)).toEqual([
      'https://example.com/x?y=1',
      'mailto:dev@example.com',
      '/docs/intro',
    ]);
  });

  it('renders an admonition but keeps entity-encoded HTML inside it as text', () => {
    expect(renderMarkdown(':::note\n&lt;img src=x onerror=window.__xss=5&gt;\n:::')).toEqual({
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'aside',
          properties: {className: ['admonition', 'admonition-note']},
          children: [paragraph(text('<img src=x onerror=window.__xss=5>'))],
        },
      ],
    });
  });

  it('keeps HTML in an admonition title as text', () => {
    const tree = renderMarkdown(':::danger[<img src=x onerror=window.__xss=5>]\nbody\n:::');
    expectInert(tree);
    expect(textOf(tree)).toBe('<img src=x onerror=window.__xss=5>body');
  });

  it('shows directives it does not render as the text the author wrote', () => {
    expect(textOf(renderMarkdown('::leaf[x]{onclick="window.__xss=5"}'))).toBe('::leaf[x]{onclick="window.__xss=5"}');
    expect(textOf(renderMarkdown(':::details\nbody\n:::'))).toBe(':::details\nbody\n:::');
  });

  it('keeps a closing script tag as text', () => {
    const tree = renderMarkdown('</script><script>window.__xss=6</script>');
    expect(textOf(tree)).toBe('</script><script>window.__xss=6</script>');
    expect(elementsOf(tree).map((element) => element.tagName)).toEqual(['p']);
  });

  it('shows raw HTML with event handlers in response descriptions as text', () => {
    const tree = renderMarkdown(
      'Raw HTML: <b onmouseover=window.__xss=8>bold</b> <iframe src="javascript:window.__xss=8"></iframe>\n<svg onload=window.__xss=8><script>window.__xss=8</script></svg>',
    );
    expectInert(tree);
    expect(elementsOf(tree).map((element) => element.tagName)).toEqual(['p']);
  });

  it('does not let the spec set ids or DOM names', () => {
    const tree = renderMarkdown('# Title\n\n<h1 id="__docusaurus">x</h1>\n\n[^1]\n\n[^1]: note');
    expectInert(tree);
  });

  it('keeps a 20,000-character word whole', () => {
    const word = 'x'.repeat(20_000);
    expect(renderMarkdown(word)).toEqual({type: 'root', children: [paragraph(text(word))]});
  });

  it('keeps odd Unicode as it is and replaces a lone surrogate with U+FFFD', () => {
    const odd = 'RTL \u202Eevil\u202C, ZWJ \u{1F468}\u200D\u{1F469}\u200D\u{1F467}, combining Z\u0364\u0351a\u0338, lone \uD800 end';
    const tree = renderMarkdown(odd);
    expect(tree).toEqual({type: 'root', children: [paragraph(text(odd.replace('\uD800', '\uFFFD')))]});
    expect(JSON.stringify(tree)).not.toMatch(/\\ud800/i);
  });

  it('returns null for empty or non-string text', () => {
    expect(renderMarkdown('')).toBeNull();
    expect(renderMarkdown('  \n ')).toBeNull();
    expect(renderMarkdown(undefined)).toBeNull();
    expect(renderMarkdown({toString: () => '<script>'})).toBeNull();
  });
});

describe('renderMarkdown results shared between calls', () => {
  it('gives the same frozen tree for the same text and level, and a different one per level', () => {
    const text = 'Shared **field** description.\n\n# Heading';
    const first = renderMarkdown(text, {topHeadingLevel: 5});
    expect(renderMarkdown(text, {topHeadingLevel: 5})).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.children[0])).toBe(true);
    expect(() => {
      (first?.children[1] as RichTextElement).tagName = 'h1';
    }).toThrow(TypeError);
    const otherLevel = renderMarkdown(text, {topHeadingLevel: 2});
    expect(elementsOf(otherLevel).map((element) => element.tagName)).toEqual(['p', 'strong', 'h2']);
    expect(elementsOf(first).map((element) => element.tagName)).toEqual(['p', 'strong', 'h5']);
  });

  it('numbers heading ids as a page of the text alone would, on every call', () => {
    const text = '## Errors\n\n### Errors\n\n## Limits';
    const first = renderMarkdown(text, {topHeadingLevel: 2, headingIds: true});
    const second = renderMarkdown(text, {topHeadingLevel: 2, headingIds: true});
    expect(elementsOf(first).map((element) => element.properties.id)).toEqual(['errors', 'errors-1', 'limits']);
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // Without heading ids, the same text is another tree, with no ids.
    const plain = renderMarkdown(text, {topHeadingLevel: 2});
    expect(plain).not.toBe(first);
    expect(elementsOf(plain).map((element) => element.properties.id)).toEqual([undefined, undefined, undefined]);
  });
});

describe('wellFormed', () => {
  it('replaces lone surrogates of either half and keeps pairs', () => {
    expect(wellFormed('a\uD800b\uDC00c\u{1F600}')).toBe('a\uFFFDb\uFFFDc\u{1F600}');
  });
});

describe('summaryText', () => {
  it('takes the first paragraph as plain text and shortens it with an ellipsis', () => {
    expect(summaryText(renderMarkdown('First <script>x</script> *para*.\n\nSecond.'))).toBe('First <script>x</script> para.');
    expect(summaryText(renderMarkdown('y'.repeat(300)), 50)).toBe(`${'y'.repeat(49)}…`);
    expect(richTextToPlainText(renderMarkdown('a\n\nb'))).toBe('a b');
  });
});

describe('tests/fixtures/hostile.yaml', () => {
  const fixture = path.resolve(__dirname, '../../../../tests/fixtures/hostile.yaml');
  const spec: unknown = parse(readFileSync(fixture, 'utf8'));

  /** Every string in the fixture that a description or summary field holds. */
  function specTexts(value: unknown, key = ''): string[] {
    if (typeof value === 'string') return /^(description|summary|title|name)$/.test(key) ? [value] : [];
    if (Array.isArray(value)) return value.flatMap((item) => specTexts(item, key));
    if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([child, item]) => specTexts(item, child));
    return [];
  }

  it('renders every description and summary in the fixture inert', () => {
    // The ~200 KB description has a test of its own below.
    const texts = specTexts(spec).filter((source) => source.length < 100_000);
    expect(texts.length).toBeGreaterThan(30);
    for (const source of texts) expectInert(renderMarkdown(source, {topHeadingLevel: 3}));
  });

  it('renders the ~200 KB description without a super-linear slowdown', () => {
    const large = ((spec as {paths: Record<string, Record<string, {description?: string}>>}).paths['/v1/hostile/{name}/large'].put.description) ?? '';
    expect(large.length).toBeGreaterThan(200_000);
    // CPU time of this process, compared within the test, so the host's speed and load cancel out.
    const cpuMs = (work: () => void) => {
      const start = process.cpuUsage();
      work();
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    };
    const lines = large.split('\n');
    const eighth = lines.slice(0, Math.ceil(lines.length / 8)).join('\n');
    // Warm the parser up on other text (rendered trees are cached by their source).
    renderMarkdown(lines.slice(Math.ceil(lines.length / 8), Math.ceil(lines.length / 4)).join('\n'), {topHeadingLevel: 3});
    const part = cpuMs(() => renderMarkdown(eighth, {topHeadingLevel: 3}));
    let tree = renderMarkdown('', {topHeadingLevel: 3});
    const whole = cpuMs(() => {
      tree = renderMarkdown(large, {topHeadingLevel: 3});
    });
    // Linear work on eight times the text takes about eight times as long; a quadratic parse, about 64 times.
    expect(whole / Math.max(part, 1)).toBeLessThan(24);
    expectInert(tree);
    expect(elementsOf(tree).filter((element) => element.tagName === 'table').length).toBeGreaterThan(400);
  });
});

describe('renderMarkdown heading levels', () => {
  const levels = (tree: RichText): string[] => elementsOf(tree).map((node) => node.tagName).filter((tag) => /^h[1-6]$/.test(tag));

  it('puts the text\'s highest heading at topHeadingLevel, whatever level the writer started at', () => {
    for (const top of ['#', '##', '###']) {
      expect(levels(renderMarkdown(`${top} Base URLs\n\ntext\n\n${top}# Sandbox\n\n${top} Errors`, {topHeadingLevel: 2}))).toEqual(['h2', 'h3', 'h2']);
    }
  });

  it('keeps the levels below the top as the writer nested them, up to h6', () => {
    expect(levels(renderMarkdown('## A\n\n#### B\n\n###### C', {topHeadingLevel: 4}))).toEqual(['h4', 'h6', 'h6']);
  });

  it('finds the highest heading inside lists and quotes too', () => {
    expect(levels(renderMarkdown('> ## Quoted\n\n### After', {topHeadingLevel: 3}))).toEqual(['h3', 'h4']);
  });

  it('leaves text without headings as it is', () => {
    expect(levels(renderMarkdown('Plain *text*.', {topHeadingLevel: 2}))).toEqual([]);
  });
});

describe('renderMarkdown on a description of many blocks', () => {
  it('renders 70,000 paragraphs (210 KB) and shifts its headings without running out of stack', () => {
    const tree = renderMarkdown(`${'a\n\n'.repeat(70_000)}## End`, {topHeadingLevel: 3});
    expect(elementsOf(tree).filter((node) => node.tagName === 'p')).toHaveLength(70_000);
    expect(elementsOf(tree).filter((node) => /^h[1-6]$/.test(node.tagName)).map((node) => node.tagName)).toEqual(['h3']);
  });
});
