import {describe, expect, it} from 'vitest';
import {themes, type PrismTheme} from 'prism-react-renderer';
import {prismThemeCss} from '../theme-css';

const rules = (css: string) => css.split('\n').filter((line) => line.includes('{'));

describe('prismThemeCss', () => {
  it('turns every styled entry of both themes into one rule scoped to its colour mode', () => {
    const css = prismThemeCss({light: themes.github, dark: themes.dracula});
    const styled = (theme: PrismTheme) => theme.styles.filter((entry) => Object.keys(entry.style).length > 0).length;
    // One rule for the plain colours of each mode, one per styled entry.
    expect(rules(css)).toHaveLength(2 + styled(themes.github) + styled(themes.dracula));
    for (const line of rules(css)) expect(line).toMatch(/^(:root:not\(\[data-theme='dark'\]\)|\[data-theme='dark'\])/);
  });

  it('writes camel-cased style properties as CSS properties, selectors for every type of an entry', () => {
    const theme: PrismTheme = {
      plain: {color: '#111', backgroundColor: '#fff'},
      styles: [{types: ['comment', 'prolog'], style: {color: '#555', fontStyle: 'italic', textDecorationLine: 'underline'}}],
    };
    const css = prismThemeCss({light: theme, dark: theme});
    expect(css).toContain(
      ":root:not([data-theme='dark']) .token.comment,:root:not([data-theme='dark']) .token.prolog{color:#555;font-style:italic;text-decoration-line:underline}",
    );
  });

  it('scopes language-specific entries to their language, and keeps the theme order so a later entry wins', () => {
    const theme: PrismTheme = {
      plain: {},
      styles: [
        {types: ['string'], style: {color: 'red'}},
        {types: ['string'], languages: ['json', 'yaml'], style: {color: 'blue'}},
      ],
    };
    const lines = rules(prismThemeCss({light: theme, dark: theme})).filter((line) => line.startsWith(":root:not([data-theme='dark'])"));
    expect(lines).toEqual([
      ":root:not([data-theme='dark']){}",
      ":root:not([data-theme='dark']) .token.string{color:red}",
      ":root:not([data-theme='dark']) .language-json .token.string,:root:not([data-theme='dark']) .language-yaml .token.string{color:blue}",
    ]);
  });

  it('cannot be broken out of by a hostile theme: names are escaped, values lose CSS and HTML delimiters', () => {
    const theme: PrismTheme = {
      plain: {color: 'red;}</style><script>'},
      styles: [{types: ['a{}b', 'x y'], style: {color: 'blue}body{display:none'}}],
    };
    const css = prismThemeCss({light: theme, dark: theme});
    expect(css).not.toMatch(/<\/?s/);
    for (const line of rules(css)) expect(line.match(/[{}]/g)).toEqual(['{', '}']);
  });
});
