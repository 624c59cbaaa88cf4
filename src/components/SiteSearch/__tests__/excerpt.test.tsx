import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';

import {decodeEntities, Excerpt, excerptParts} from '../excerpt';

describe('excerptParts', () => {
  it('turns <mark> pairs into marked runs and everything else into text', () => {
    expect(excerptParts('Creates a <mark>contact</mark> and returns <mark>it</mark>.')).toEqual([
      {text: 'Creates a ', marked: false},
      {text: 'contact', marked: true},
      {text: ' and returns ', marked: false},
      {text: 'it', marked: true},
      {text: '.', marked: false},
    ]);
  });

  it('decodes the escaped text Pagefind writes, so spec text reads as it was written', () => {
    expect(excerptParts('Get &lt;/script&gt;&lt;script&gt;window.__xss=6&lt;/script&gt; <mark>hostile</mark> & more')).toEqual([
      {text: 'Get </script><script>window.__xss=6</script> ', marked: false},
      {text: 'hostile', marked: true},
      {text: ' & more', marked: false},
    ]);
  });

  it('keeps any other tag, unescaped or escaped, as text', () => {
    expect(excerptParts('<img src=x onerror="window.__xss=1"><mark>x</mark><script>1</script>')).toEqual([
      {text: '<img src=x onerror="window.__xss=1">', marked: false},
      {text: 'x', marked: true},
      {text: '<script>1</script>', marked: false},
    ]);
    // An escaped <mark> from the spec's own text is text, not a highlight.
    expect(excerptParts('&lt;mark&gt;not a highlight&lt;/mark&gt;')).toEqual([{text: '<mark>not a highlight</mark>', marked: false}]);
  });

  it('survives an unclosed or stray </mark> and an empty excerpt', () => {
    expect(excerptParts('a <mark>b')).toEqual([
      {text: 'a ', marked: false},
      {text: 'b', marked: true},
    ]);
    expect(excerptParts('a</mark> b')).toEqual([{text: 'a b', marked: false}]);
    expect(excerptParts('')).toEqual([]);
  });
});

describe('decodeEntities', () => {
  it("undoes what Pagefind escapes (< and >) and leaves the page's own references as written", () => {
    expect(decodeEntities('&lt;b&gt; &amp; &quot; &#39;')).toBe('<b> &amp; &quot; &#39;');
  });
});

describe('Excerpt', () => {
  it('renders only <mark> elements and escaped text', () => {
    const html = renderToStaticMarkup(<Excerpt excerpt={'&lt;img src=x onerror=alert(1)&gt; <mark>onerror</mark> <script>window.__xss=1</script>'} />);
    expect(html).toBe('<span>&lt;img src=x onerror=alert(1)&gt; <mark>onerror</mark> &lt;script&gt;window.__xss=1&lt;/script&gt;</span>');
  });
});
