import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {literalPathMatch} from '../literal-path-match';
import {mulberry32} from '@site/scripts/seeded-random';

const require = createRequire(import.meta.url);
// React Router's own matchPath, as installed (the oracle).
const {matchPath} = require('react-router') as {matchPath: (pathname: string, options: object) => unknown};

/** Characters that mean something to path-to-regexp, case folding, or neither. */
const ALPHABET = ['a', 'b', 'Z', 'k', '0', '-', '_', '.', '/', '/', '/', ':', '(', ')', '*', '?', '+', '\\', '~', ' ', '%', 'é', '\u212a', '\u017f', '$', '[', '|'];
const OPTION_VALUES = [undefined, true, false, null, 1, 0];

function randomText(random: () => number, length: number): string {
  let text = '';
  for (let index = 0; index < length; index++) text += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return text;
}

/** Pathnames around `path`: itself, other case, a trailing slash, a deeper path, a longer name, a prefix, and noise. */
function pathnamesFor(path: string, random: () => number): string[] {
  return [
    path,
    path.toUpperCase(),
    path.toLowerCase(),
    `${path}/`,
    `${path}//`,
    `${path}/child`,
    `${path}x`,
    `${path}-more/x`,
    path.slice(0, -1),
    `/${randomText(random, 6)}`,
    `${path}/${randomText(random, 3)}`,
    '',
    '/',
  ];
}

describe('literalPathMatch', () => {
  it('answers exactly as React Router 5 matchPath for every plain-text path, and leaves every other path to it', () => {
    const random = mulberry32(14);
    const paths = ['/docs/api/create-contact', '/docs/API/Create', '/blog/2024/01/post', '/docs', '/a.b', '/x y', '/docs/', '/', '', '/:id', '/docs/*', '/a(b)', '/K'];
    for (let index = 0; index < 400; index++) paths.push(`/${randomText(random, 1 + Math.floor(random() * 10))}`);
    let literal = 0;
    let compared = 0;
    for (const path of paths) {
      for (const pathname of pathnamesFor(path, random)) {
        for (const exact of OPTION_VALUES) {
          for (const strict of OPTION_VALUES) {
            for (const sensitive of [undefined, true, false]) {
              const fast = literalPathMatch(pathname, path, exact, strict, sensitive);
              compared++;
              if (fast === undefined) continue;
              literal++;
              expect({path, pathname, exact, strict, sensitive, match: fast}).toEqual({
                path,
                pathname,
                exact,
                strict,
                sensitive,
                match: matchPath(pathname, {path, exact, strict, sensitive}),
              });
            }
          }
        }
      }
    }
    // Most generated paths contain some character path-to-regexp reads; the plain ones must still be many.
    expect(literal).toBeGreaterThan(compared / 20);
  });

  it('takes every docs route and blog post path, and none with parameters, wildcards, groups, escapes or a trailing slash', () => {
    expect(literalPathMatch('/docs/api/create-contact', '/docs/api/create-contact', true, false, false)).toEqual({
      path: '/docs/api/create-contact',
      url: '/docs/api/create-contact',
      isExact: true,
      params: {},
    });
    expect(literalPathMatch('/docs/api/create-contact', '/docs/api/create-campaign', true, false, false)).toBeNull();
    for (const path of ['/', '', '/docs/', '/docs/:id', '/docs/*', '/a(b)', '/a\\:b', '/a+', '/a?', '/café', 42, undefined]) {
      expect(literalPathMatch('/docs/x', path, true, false, false)).toBeUndefined();
    }
  });
});
