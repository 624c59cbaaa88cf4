import {describe, expect, it} from 'vitest';

import {withoutDocsSidebar, withoutIds} from '../indexed-html.mjs';

describe('withoutIds', () => {
  it('drops id attributes, quoted or not, and keeps every other attribute and all text', () => {
    const html =
      '<div id=__docusaurus><main data-pagefind-body><h2 class=anchor id=parameters>Parameters</h2>' +
      '<li class="field" id="response.201.application/json.items[].id" data-depth=2>id <code>string</code></li>' +
      "<p id='lead' data-id=keep>Pass id=42 or <b>id=&quot;x&quot;</b></p></main></div>";
    expect(withoutIds(html)).toBe(
      '<div><main data-pagefind-body><h2 class=anchor>Parameters</h2>' +
        '<li class="field" data-depth=2>id <code>string</code></li>' +
        '<p data-id=keep>Pass id=42 or <b>id=&quot;x&quot;</b></p></main></div>',
    );
  });

  it('keeps the Pagefind attributes whose values mention an id', () => {
    const html = '<div data-pagefind-meta="operationId:getUser, id:1" title="see id=5" id=x data-pagefind-body>';
    expect(withoutIds(html)).toBe('<div data-pagefind-meta="operationId:getUser, id:1" title="see id=5" data-pagefind-body>');
  });
});

describe('withoutDocsSidebar', () => {
  const sidebar =
    '<aside class="theme-doc-sidebar-container docSidebarContainer_Mb1F"><div class=sidebarViewport_VZLN><nav aria-label="Docs sidebar">' +
    '<ul><li><a href=/docs/api/a>A &lt;aside&gt;</a><aside class=nested>x</aside></li></ul></nav></div></aside>';
  const main = '<main class=docMainContainer><article data-pagefind-body><aside class=api-examples>code</aside><p>Text</p></article></main>';

  it('drops the docs sidebar with everything in it, nested asides included, and keeps the rest byte for byte', () => {
    expect(withoutDocsSidebar(`<div class=docRoot>${sidebar}${main}</div>`)).toBe(`<div class=docRoot>${main}</div>`);
  });

  it('leaves pages without a docs sidebar, or with one that never closes, as they are', () => {
    expect(withoutDocsSidebar(`<div>${main}</div>`)).toBe(`<div>${main}</div>`);
    const unclosed = '<div><aside class="theme-doc-sidebar-container"><nav><aside>';
    expect(withoutDocsSidebar(unclosed)).toBe(unclosed);
    // Twice in a row: the pattern's state does not leak between calls.
    expect(withoutDocsSidebar(`${sidebar}${main}`)).toBe(main);
    expect(withoutDocsSidebar(`${sidebar}${main}`)).toBe(main);
  });
});
