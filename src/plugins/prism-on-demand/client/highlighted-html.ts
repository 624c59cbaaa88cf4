/**
 * The highlighted lines of a code block as HTML text, for static rendering
 * (src/theme/CodeBlock/Content). Only the server bundle has it: its
 * `prism-runtime` (./prism-runtime.server.ts) exports it, the browser's
 * does not.
 *
 * The markup is what `Highlight` (prism-react-renderer, with the class-only
 * theme of src/theme/CodeBlock/Content), the classic theme's
 * `CodeBlock/Line` and our `CodeBlock/Line/Token` render, byte for byte
 * (checked against them in __tests__/highlighted-html.test.tsx):
 *
 *   <div class="token-line">text<!-- -->text<span class="token string">"x"</span><br/></div>
 *
 * Rendered through React, each token is a component call, a props object
 * built by three spreads and a React element: on GitHub's API, 1.7 million
 * token spans in 526,000 lines, about an eighth of static rendering's time.
 * As text they cost a string concatenation each. The browser never
 * hydrates these lines (the first page keeps the server's HTML, see
 * src/theme/CodeBlock/Content), and a code block rendered in the browser
 * goes through `Highlight` and gives the same markup.
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

export type HighlightedHtml = (prism: PrismModule, code: string, language: string) => {className: string; html: string};

/**
 * The `class` of `Highlight`'s `<pre>` and the HTML of its lines, for a code
 * block without line numbers or highlighted lines.
 */
export const highlightedHtml: HighlightedHtml = (prism, code, language) => {
  // Highlight reads the grammar and writes the class with the language in lower case.
  const name = language.toLowerCase();
  let html = '';
  for (const tokens of tokenizedLines(prism, code, name)) {
    // The classic theme's Line: a line that is one line break renders empty (its <br/> ends it).
    const line = tokens.length === 1 && tokens[0].content === '\n' ? [{...tokens[0], content: ''}] : tokens;
    html += '<div class="token-line">';
    // React separates text next to text with an empty comment, so that hydration finds both.
    let afterText = false;
    for (const {types, content, empty} of line) {
      if (!empty && types.length === 1 && types[0] === 'plain') {
        // Our Token renders plain text without a span; React writes nothing for an empty string.
        if (content === '') continue;
        html += (afterText ? '<!-- -->' : '') + escapeHtml(content);
        afterText = true;
        continue;
      }
      // The class-only theme styles nothing, but prism-react-renderer gives an empty line's
      // token `display: inline-block`, unless it is one type other than plain.
      const inlineBlock = empty && !(types.length === 1 && types[0] !== 'plain');
      html += `<span class="${escapeHtml(['token', ...types].join(' '))}"${inlineBlock ? ' style="display:inline-block"' : ''}>${escapeHtml(content)}</span>`;
      afterText = false;
    }
    html += '<br/></div>';
  }
  return {className: `prism-code language-${name}`, html};
};
