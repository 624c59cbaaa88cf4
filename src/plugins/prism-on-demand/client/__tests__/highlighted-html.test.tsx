import React from 'react';
import {renderToString} from 'react-dom/server';
import * as prismModule from 'prism-react-renderer';
import type {PrismTheme, RenderProps} from 'prism-react-renderer';
import {describe, expect, it} from 'vitest';

import {mulberry32} from '../../../../../scripts/seeded-random';
import Token from '../../../../theme/CodeBlock/Line/Token';
import {highlightedHtml} from '../highlighted-html';
import {unstyledTokenTest} from '../../theme-css';
import {accessibleLightCodeTheme, darkCodeTheme} from '../../../../../config/prism-themes';

const {Highlight} = prismModule;

/** src/theme/CodeBlock/Content's theme. */
const CLASS_ONLY_THEME: PrismTheme = {plain: {}, styles: []};

type Line = RenderProps['tokens'][number];

/** The classic theme's CodeBlock/Line (3.10.2) without line numbers or line classes, as the site renders it. */
function ThemeLine({line: lineProp, getLineProps, getTokenProps}: {line: Line} & Pick<RenderProps, 'getLineProps' | 'getTokenProps'>) {
  const line = lineProp.length === 1 && lineProp[0].content === '\n' ? [{...lineProp[0], content: ''}] : lineProp;
  const lineProps = getLineProps({line, className: undefined});
  const lineTokens = line.map((token, key) => {
    const tokenProps = getTokenProps({token});
    return (
      <Token key={key} {...tokenProps} line={line} token={token}>
        {tokenProps.children}
      </Token>
    );
  });
  return (
    <div {...lineProps}>
      {lineTokens}
      <br />
    </div>
  );
}

/** What React writes for a code block's <pre>: its class and the HTML inside <code>. */
function reactRendered(code: string, language: string): {className: string; html: string} {
  let className = '';
  const html = renderToString(
    <Highlight theme={CLASS_ONLY_THEME} code={code} language={language}>
      {({className: preClass, tokens, getLineProps, getTokenProps}) => {
        className = preClass;
        return (
          <>
            {tokens.map((line, index) => (
              <ThemeLine key={index} line={line} getLineProps={getLineProps} getTokenProps={getTokenProps} />
            ))}
          </>
        );
      }}
    </Highlight>,
  );
  return {className, html};
}

const UNESCAPED: Record<string, string> = {'&quot;': '"', '&amp;': '&', '&#x27;': "'", '&lt;': '<', '&gt;': '>'};

/**
 * What a reader sees of a code block's HTML inside `<pre>`: its lines, each
 * a list of runs of text with the classes that colour them (none for text
 * that looks plain). A `<div>` line ends with its `<br/>`; a line break in
 * the text breaks a line, except one that ends the block; the HTML parser
 * reads CR LF and CR as LF.
 */
function seenLines(html: string, isUnstyled: (types: readonly string[]) => boolean): [string, string][][] {
  const lines: [string, string][][] = [[]];
  let classes = '';
  const add = (text: string) => {
    const line = lines[lines.length - 1];
    const last = line[line.length - 1];
    if (last && last[1] === classes) last[0] += text;
    else if (text !== '') line.push([text, classes]);
  };
  for (const [, tag, spanClass, text] of html.matchAll(/(<div class="token-line">|<\/div>|<br\/>|<!-- -->|<span class="([^"]*)"(?: style="[^"]*")?>|<\/span>)|([^<]+)/g)) {
    if (text !== undefined) {
      const pieces = text.replace(/&[#\w]+;/g, (entity) => UNESCAPED[entity] ?? entity).replace(/\r\n?/g, '\n').split('\n');
      pieces.forEach((piece, index) => {
        if (index > 0) lines.push([]);
        add(piece);
      });
    } else if (tag === '<br/>') lines.push([]);
    else if (spanClass !== undefined) {
      const types = spanClass.split(' ').slice(1);
      classes = (types.length === 1 && types[0] === 'plain') || isUnstyled(types) ? '' : types.join(' ');
    } else if (tag === '</span>') classes = '';
  }
  // The last line is the one a final line break (text) or <br/> (a div line) starts, which shows nothing.
  if (lines.length > 1 && lines[lines.length - 1].length === 0) lines.pop();
  return lines;
}

const SAMPLES: [string, string][] = [
  ['json', '{\n  "id": 1,\n\n  "name": "<a & b>",\n  "quote": "it\'s",\n  "nested": {"list": [1, 2.5e3, null, true]}\n}\n'],
  ['bash', "curl -X POST 'https://api.example.com/v1/contacts?x=1&y=2' \\\n  -H \"Authorization: Bearer $TOKEN\" \\\n  --data '{\"a\": \"<b>\"}'"],
  ['python', 'import requests\n\n\ndef f(x):\n    """Doc\n    string"""\n    return x  # comment\n'],
  ['javascript', 'const s = `multi\nline ${value}\n\ttemplate`;\n// done'],
  ['JSON', '{"upper": "case language"}'],
  ['no-such-language', 'plain <text> & "quotes"\n\nafter an empty line\n'],
  ['json', ''],
  ['json', '\n'],
  ['yaml', 'a: 1\r\nb: "two"\r\n\r\nc: [x, y]'],
  ['markup', '<div class="x">&amp; <!-- c --></div>'],
];

/** The site's themes' test of plain-looking tokens, as src/theme/CodeBlock/Content passes it. */
const unstyledIn = (language: string) => unstyledTokenTest([accessibleLightCodeTheme, darkCodeTheme], language.toLowerCase());

/** Expects the static HTML of `code` to look as React's markup of it does, with the same <pre> class. */
function expectSameLook(code: string, language: string, isUnstyled = unstyledIn(language)): void {
  const ours = highlightedHtml(prismModule, code, language, isUnstyled);
  const react = reactRendered(code, language);
  const what = `${language}: ${JSON.stringify(code)}`;
  expect(ours.className, what).toBe(react.className);
  expect(seenLines(ours.html, isUnstyled), what).toEqual(seenLines(react.html, isUnstyled));
}

describe('highlightedHtml', () => {
  it('writes what looks as the markup React renders through Highlight, the theme Line and our Token', () => {
    for (const [language, code] of SAMPLES) {
      expectSameLook(code, language);
      // With every token wrapped too.
      expectSameLook(code, language, () => false);
    }
  });

  it('looks the same for any mix of code characters, line breaks and blank lines', () => {
    const pieces = ['{', '}', '"', "'", '`', '<', '>', '&', '\n', '\n\n', '\r\n', ' ', '  ', '\t', 'word', '1.5', '#', '//', '/*', '*/', '$x', '${', ':', ',', 'true', 'def', '\\'];
    const languages = ['json', 'bash', 'python', 'javascript', 'yaml', 'markup', 'go', 'plain'];
    const random = mulberry32(41);
    for (let sample = 0; sample < 1500; sample++) {
      const code = Array.from({length: Math.floor(random() * 16)}, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const language = languages[Math.floor(random() * languages.length)];
      expectSameLook(code, language);
    }
  });

  it('looks the same for lines the tokenizer could give, as React does: text after text, empty text, empty tokens of any type', () => {
    let props: Pick<RenderProps, 'getLineProps' | 'getTokenProps'> | undefined;
    renderToString(
      <Highlight theme={CLASS_ONLY_THEME} code="" language="json">
        {(render) => {
          props = render;
          return null;
        }}
      </Highlight>,
    );
    const plain = (content: string) => ({types: ['plain'], content});
    const lines: Line[][] = [
      [[plain('a'), plain('<b>'), plain(''), plain('c')]],
      [[plain(''), {types: ['string'], content: '', empty: true}], [{types: ['template-string', 'string'], content: '\n', empty: true}]],
      [[{types: ['comment'], content: 'x', empty: true}, plain('y')]],
    ];
    for (const tokens of lines) {
      const stub = {...prismModule, normalizeTokens: () => tokens};
      const expected = renderToString(<>{tokens.map((line, index) => <ThemeLine key={index} line={line} {...props!} />)}</>);
      const isUnstyled = unstyledIn('no-grammar');
      expect(seenLines(highlightedHtml(stub, 'x', 'no-grammar', isUnstyled).html, isUnstyled), JSON.stringify(tokens)).toEqual(seenLines(expected, isUnstyled));
    }
  });

  it('writes lines as the code\'s line breaks, punctuation unwrapped, and an empty last line as one more break', () => {
    const {html} = highlightedHtml(prismModule, '{"a": 1}\n\n', 'json', unstyledIn('json'));
    expect(html).toBe('{<span class="token property">&quot;a&quot;</span>: <span class="token number">1</span>}\n\n\n');
    expect(seenLines(html, unstyledIn('json'))).toEqual([[['{', ''], ['"a"', 'property'], [': ', ''], ['1', 'number'], ['}', '']], [], []]);
    expect(highlightedHtml(prismModule, 'a', 'json', unstyledIn('json')).html).toBe('a');
    expect(highlightedHtml(prismModule, '', 'json', unstyledIn('json')).html).toBe('\n');
  });

  it('leaves unwrapped only the tokens both colour modes draw in the plain colour', () => {
    const json = unstyledIn('json');
    expect(json(['punctuation'])).toBe(true);
    expect(json(['operator'])).toBe(true);
    expect(json(['property'])).toBe(false);
    expect(json(['string'])).toBe(false);
    // Punctuation's rule comes after the string's in the light theme, but Dracula's punctuation colour is its plain one: a string's punctuation is coloured.
    expect(json(['string', 'punctuation'])).toBe(false);
    const sameColour = {plain: {color: '#ABC'}, styles: [{types: ['punctuation'], style: {color: 'rgb(170, 187, 204)'}}, {types: ['comment'], style: {color: '#abc', fontStyle: 'italic' as const}}]};
    const test = unstyledTokenTest([sameColour], 'json');
    expect(test(['punctuation'])).toBe(true);
    expect(test(['comment'])).toBe(false);
    expect(test(['unknown'])).toBe(true);
    const forLanguage = {plain: {color: '#000'}, styles: [{types: ['punctuation'], style: {color: '#000'}}, {types: ['punctuation'], languages: ['json'], style: {color: '#f00'}}]};
    expect(unstyledTokenTest([forLanguage], 'json')(['punctuation'])).toBe(false);
    expect(unstyledTokenTest([forLanguage], 'yaml')(['punctuation'])).toBe(true);
  });
});
