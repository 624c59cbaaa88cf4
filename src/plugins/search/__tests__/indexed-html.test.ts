import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

import {asideClasses, detached, indexedHtml, SIDEBAR_CLASS, withoutAsides as withoutAsidesInBytes, withoutIds} from '../indexed-html.mjs';

/** withoutAsides reads and returns a page's bytes; these tests write pages as text. */
const withoutAsides = (html: string, classNames: string[]) => withoutAsidesInBytes(Buffer.from(html), classNames).toString('utf8');

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

  it('gives the ids it drops, in the page\'s order, quotes taken off, when asked', () => {
    const ids: string[] = [];
    withoutIds('<h2 id=parameters>P</h2><li id="request-body.consent.email_marketing">e</li><p id>x</p><li id=\'response-200.data[].id\'>i</li>', ids);
    expect(ids).toEqual(['parameters', 'request-body.consent.email_marketing', 'response-200.data[].id']);
  });

  it('keeps the ids it gives without the pages they came from', () => {
    // 100 pages of 2 MB, their ids kept, as the search index's build keeps every page's: the ids alone are a few kilobytes.
    const script = `
      const {withoutIds} = await import(${JSON.stringify(path.join(__dirname, '..', 'indexed-html.mjs'))});
      const kept = [];
      for (let page = 0; page < 100; page++) {
        const ids = [];
        withoutIds('<h2 id="parameters-of-page-' + page + '">P</h2><p>' + String(page).repeat(2e6) + '</p><li id=request-body.consent.email_marketing>e</li>', ids);
        kept.push(ids);
      }
      gc();
      console.log(JSON.stringify({heapMb: process.memoryUsage().heapUsed / 2 ** 20, first: kept[7]}));
    `;
    const result = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {encoding: 'utf8'});
    expect(result.stderr).toBe('');
    const {heapMb, first} = JSON.parse(result.stdout) as {heapMb: number; first: string[]};
    expect(first).toEqual(['parameters-of-page-7', 'request-body.consent.email_marketing']);
    // Held through the ids, the pages would be 200 MB or more.
    expect(heapMb).toBeLessThan(40);
  });

  it('copies strings into one of their own, equal to them, in order', () => {
    expect(detached(['a-long-id-of-more-than-13-characters', '', 'b', 'é-and-😀'])).toEqual(['a-long-id-of-more-than-13-characters', '', 'b', 'é-and-😀']);
    expect(detached([])).toEqual([]);
  });

  it('drops an id without a value, and leaves tags without an id as they are', () => {
    expect(withoutIds('<p id class=a>x</p><p data-idx=1 title="an id">y</p><input id=q disabled>')).toBe('<p class=a>x</p><p data-idx=1 title="an id">y</p><input disabled>');
  });
});

describe('withoutAsides', () => {
  const sidebar =
    '<aside class="theme-doc-sidebar-container docSidebarContainer_Mb1F"><div class=sidebarViewport_VZLN><nav aria-label="Docs sidebar">' +
    '<ul><li><a href=/docs/api/a>A &lt;aside&gt;</a><aside class=nested>x</aside></li></ul></nav></div></aside>';
  const examples = '<aside class="aside_x1 api-examples" aria-label=Examples><aside class=inner>code</aside></aside>';
  const main = `<main class=docMainContainer><article data-pagefind-body>${examples}<p>Text</p><aside class=api-examples-note>kept</aside>${examples}</article></main>`;
  const dropped = [SIDEBAR_CLASS, 'api-examples'];

  it('drops every aside with one of the classes, with everything in it, nested asides included, and keeps the rest byte for byte', () => {
    expect(withoutAsides(`<div class=docRoot>${sidebar}${main}</div>`, dropped)).toBe(
      '<div class=docRoot><main class=docMainContainer><article data-pagefind-body><p>Text</p><aside class=api-examples-note>kept</aside></article></main></div>',
    );
    expect(withoutAsides(`${sidebar}${main}`, [SIDEBAR_CLASS])).toBe(main);
  });

  it('reads the class attribute quoted or not, a class only as a whole word, and never text in another attribute', () => {
    expect(withoutAsides("<p>a</p><aside class=api-examples>x</aside><aside class='b api-examples'>y</aside><p>b</p>", ['api-examples'])).toBe('<p>a</p><p>b</p>');
    const lookalikes = '<aside class="api-examples-note" data-class="api-examples">x</aside><aside title=" class=api-examples" class=note>y</aside>';
    expect(withoutAsides(lookalikes, ['api-examples'])).toBe(lookalikes);
  });

  it('leaves pages without such an aside, or with one that never closes, as they are', () => {
    expect(withoutAsides(`<div>${main}</div>`, [SIDEBAR_CLASS])).toBe(`<div>${main}</div>`);
    const unclosed = '<div><aside class="theme-doc-sidebar-container"><nav><aside>';
    expect(withoutAsides(unclosed, dropped)).toBe(unclosed);
    expect(withoutAsides(`${sidebar}<p>x</p>${unclosed}`, dropped)).toBe(`<p>x</p>${unclosed}`);
    // Twice in a row: the pattern's state does not leak between calls.
    expect(withoutAsides(`${sidebar}${main}`, [SIDEBAR_CLASS])).toBe(main);
    expect(withoutAsides(`${sidebar}${main}`, [SIDEBAR_CLASS])).toBe(main);
  });

  it('reads a tag as <aside followed by the end of its name, and a closing tag up to its >', () => {
    const lookalikes = '<asides class=api-examples>a</asides><aside_x class=api-examples>b</aside_x>';
    expect(withoutAsides(lookalikes, ['api-examples'])).toBe(lookalikes);
    expect(withoutAsides('<aside class=api-examples><aside\tclass=x>a</aside\n></asidex></aside >b', ['api-examples'])).toBe('b');
    expect(withoutAsides('<aside class=api-examples>a</aside b>c', ['api-examples'])).toBe('<aside class=api-examples>a</aside b>c');
    expect(withoutAsides('<p>x</p><aside class=api-examples', ['api-examples'])).toBe('<p>x</p><aside class=api-examples');
  });
});

describe('indexedHtml', () => {
  it('gives back every character outside what it drops byte for byte, whatever the script, and reads only ASCII as whitespace', () => {
    // U+00A0 is whitespace to \s, and 0xA0 is a byte of many UTF-8 characters (à is C3 A0, 蠠 is E8 A0 A0).
    const text = 'Café — naïve → 日本語 ✓ 😀 à 蠠';
    const page =
      `<aside class="${SIDEBAR_CLASS}"><a href=/x>Ünïcode ${text}</a></aside>` +
      `<main data-pagefind-body><h2 id=é title=à\u00a0id class=a>${text}</h2><p data-x=à蠠 id=x>x\u00a0id=1 ${text}</p>` +
      `<aside class=api-examples>${text}</aside><span\u00a0id=y>${text}</span></main>`;
    const indexed = indexedHtml(Buffer.from(page), [SIDEBAR_CLASS, 'api-examples']);
    expect(indexed.toString('utf8')).toBe(
      `<main data-pagefind-body><h2 title=à\u00a0id class=a>${text}</h2><p data-x=à蠠>x\u00a0id=1 ${text}</p><span\u00a0id=y>${text}</span></main>`,
    );
    expect(Buffer.from(indexed.toString('utf8')).equals(indexed)).toBe(true);
  });

  it('gives back a page with nothing to drop as it was', () => {
    const page = '<main data-pagefind-body><p class=a>Aucun identifiant — ничего</p></main>';
    expect(indexedHtml(Buffer.from(page), [SIDEBAR_CLASS]).toString('utf8')).toBe(page);
  });
});

describe('asideClasses', () => {
  it('takes the class of each aside.<class> selector and nothing else', () => {
    expect(asideClasses(['aside.api-examples', '.schema-page-details', ' aside.x-y ', 'aside .a', 'div.b', 'aside.a.b'])).toEqual(['api-examples', 'x-y']);
  });
});
