/**
 * The highlighted lines of a code block as HTML text, for static rendering
 * (src/theme/CodeBlock/Content). Only the server bundle has it: its
 * `prism-runtime` (./prism-runtime.server.ts) exports it, the browser's
 * does not.
 *
 * The browser never hydrates these lines (the first page keeps the server's
 * HTML, see src/theme/CodeBlock/Content, and a part hydrated later renders
 * its code blocks anew through `Highlight`), so the text only has to look
 * the same as what `Highlight`, the classic theme's `CodeBlock/Line` and our
 * `CodeBlock/Line/Token` render, not be the same markup
 * (__tests__/highlighted-html.test.tsx compares the two line by line):
 *
 *   React:  <div class="token-line"><span class="token punctuation">{</span><span class="token property">"a"</span><br/></div>
 *   here:   {<span class="token property">"a"</span>
 *
 * Lines are the code's own line breaks inside `<pre>`, not an element and a
 * `<br/>` each; text that the stylesheet colours as plain text (in both
 * colour modes: punctuation, operators) is not wrapped. Code blocks were a
 * quarter of GitHub's API pages' HTML, three quarters of it this markup.
 *
 * Only for blocks without line numbers and without highlighted lines: those
 * carry the theme's CSS module classes and keep the React path.
 */
import {escapeHtml} from '@site/src/client/escape-html';
import type {PrismModule} from './prism-types';

/** A token of prism-react-renderer's `normalizeTokens`: one line's piece, with its Prism types outermost first. */
interface LineToken {
  types: string[];
  content: string;
  empty?: boolean;
}

/** The lines `Highlight` renders: `useTokenize` of prism-react-renderer, without React's memo. */
function tokenizedLines(prism: PrismModule, code: string, language: string): LineToken[][] {
  const grammar = prism.Prism.languages[language];
  if (grammar == null) return prism.normalizeTokens([code]);
  const config = {code, grammar, language, tokens: [] as ReturnType<typeof prism.Prism.tokenize>};
  prism.Prism.hooks.run('before-tokenize', config);
  config.tokens = prism.Prism.tokenize(code, grammar);
  prism.Prism.hooks.run('after-tokenize', config);
  return prism.normalizeTokens(config.tokens);
}

/** Whether a token of these Prism types looks like plain text (theme-css.ts's `unstyledTokenTest`). */
export type UnstyledTest = (types: readonly string[]) => boolean;

export type HighlightedHtml = (prism: PrismModule, code: string, language: string, isUnstyled?: UnstyledTest) => {className: string; html: string};

/**
 * The `class` of `Highlight`'s `<pre>` and the HTML of its lines, for a code
 * block without line numbers or highlighted lines.
 */
export const highlightedHtml: HighlightedHtml = (prism, code, language, isUnstyled = () => false) => {
  // Highlight reads the grammar and writes the class with the language in lower case.
  const name = language.toLowerCase();
  let html = '';
  // Whether the text so far ends where a line starts: a line break that ends a block starts no line, so an empty last line needs one more.
  let atLineStart = true;
  let first = true;
  for (const tokens of tokenizedLines(prism, code, name)) {
    if (!first) html += '\n';
    first = false;
    atLineStart = true;
    for (const {types, content} of tokens) {
      // The classic theme's Line renders a line that is one line break empty; an empty token shows nothing.
      if (content === '' || (tokens.length === 1 && content === '\n')) continue;
      const plain = types.length === 1 && types[0] === 'plain';
      html += plain || isUnstyled(types) ? escapeHtml(content) : `<span class="${escapeHtml(['token', ...types].join(' '))}">${escapeHtml(content)}</span>`;
      atLineStart = /[\r\n]$/.test(content);
    }
  }
  return {className: `prism-code language-${name}`, html: atLineStart && !first ? `${html}\n` : html};
};
