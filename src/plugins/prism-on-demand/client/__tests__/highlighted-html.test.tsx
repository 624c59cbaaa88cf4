import React from 'react';
import {renderToString} from 'react-dom/server';
import * as prismModule from 'prism-react-renderer';
import type {PrismTheme, RenderProps} from 'prism-react-renderer';
import {describe, expect, it} from 'vitest';

import {mulberry32} from '../../../../../scripts/seeded-random';
import Token from '../../../../theme/CodeBlock/Line/Token';
import {highlightedHtml} from '../highlighted-html';

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

describe('highlightedHtml', () => {
  it('writes the markup React renders through Highlight, the theme Line and our Token', () => {
    for (const [language, code] of SAMPLES) {
      expect(highlightedHtml(prismModule, code, language), `${language}: ${JSON.stringify(code)}`).toEqual(reactRendered(code, language));
    }
  });

  it('writes the same markup for any mix of code characters, line breaks and blank lines', () => {
    const pieces = ['{', '}', '"', "'", '`', '<', '>', '&', '\n', '\n\n', '\r\n', ' ', '  ', '\t', 'word', '1.5', '#', '//', '/*', '*/', '$x', '${', ':', ',', 'true', 'def', '\\'];
    const languages = ['json', 'bash', 'python', 'javascript', 'yaml', 'markup', 'go', 'plain'];
    const random = mulberry32(41);
    for (let sample = 0; sample < 1500; sample++) {
      const code = Array.from({length: Math.floor(random() * 16)}, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const language = languages[Math.floor(random() * languages.length)];
      expect(highlightedHtml(prismModule, code, language), `${language}: ${JSON.stringify(code)}`).toEqual(reactRendered(code, language));
    }
  });

  it('writes lines the tokenizer could give, as React does: text after text, empty text, empty tokens of any type', () => {
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
      expect(highlightedHtml(stub, 'x', 'no-grammar').html, JSON.stringify(tokens)).toBe(expected);
    }
  });

  it('keeps text between tokens unwrapped and an empty line as a line break', () => {
    const {html} = highlightedHtml(prismModule, '{"a": 1}\n\n', 'json');
    expect(html).toBe(
      '<div class="token-line"><span class="token punctuation">{</span><span class="token property">&quot;a&quot;</span>' +
        '<span class="token operator">:</span> <span class="token number">1</span><span class="token punctuation">}</span><br/></div>' +
        '<div class="token-line"><span class="token plain" style="display:inline-block"></span><br/></div>' +
        '<div class="token-line"><span class="token plain" style="display:inline-block"></span><br/></div>',
    );
  });
});
