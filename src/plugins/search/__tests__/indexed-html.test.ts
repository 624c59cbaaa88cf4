import {describe, expect, it} from 'vitest';

import {withoutIds} from '../indexed-html.mjs';

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
