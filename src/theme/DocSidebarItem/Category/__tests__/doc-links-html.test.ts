import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import {describe, expect, it} from 'vitest';

import {escapeHtml} from '@site/src/client/escape-html';

import {docLinksHtml} from '../doc-links-html';
import {WINDOWED_ABOVE, WINDOW_BEFORE, WINDOW_SIZE, listWindow, moreItem} from '../list-window';

const link = (id: string, extra: Record<string, unknown> = {}): PropSidebarItem =>
  ({type: 'link', label: `Label ${id}`, href: `/docs/api/${id}`, docId: `api/${id}`, className: 'get api-method', ...extra}) as PropSidebarItem;

// The docs plugin's tests, for the page /docs/api/b (their module loads only in a Docusaurus bundle).
const options = {
  itemClass: 'theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-2 menu__list-item',
  linkClass: 'theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-2',
  tabIndex: 0,
  isActive: (item: PropSidebarItem) => item.type === 'link' && item.href === '/docs/api/b',
  isVisible: (item: PropSidebarItem) => item.type !== 'link' || !item.unlisted || item.href === '/docs/api/b',
  targetOf: (href: string) => href,
};

describe('docLinksHtml', () => {
  it('writes each visible doc link as classic DocSidebarItem/Link renders it, the current one active', () => {
    const html = docLinksHtml([link('a'), link('b'), link('c', {unlisted: true}), link('d', {className: undefined})], options);
    expect(html).toBe(
      '<li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-2 menu__list-item get api-method"><a class="menu__link" tabindex="0" href="/docs/api/a"><span class="linkLabel">Label a</span></a></li>' +
        '<li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-2 menu__list-item get api-method"><a class="menu__link menu__link--active" aria-current="page" tabindex="0" href="/docs/api/b"><span class="linkLabel">Label b</span></a></li>' +
        '<li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-2 menu__list-item"><a class="menu__link" tabindex="0" href="/docs/api/d"><span class="linkLabel">Label d</span></a></li>',
    );
  });

  it('escapes labels and classes as React does, and keeps an unlisted link that is the current page', () => {
    const html = docLinksHtml([link('b', {unlisted: true, label: `<b>"Tom" & 'Jerry'</b>`, className: 'x" onclick="y'})], options);
    expect(html).toContain('<span class="linkLabel">&lt;b&gt;&quot;Tom&quot; &amp; &#x27;Jerry&#x27;&lt;/b&gt;</span>');
    expect(html).toContain('class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-2 menu__list-item x&quot; onclick=&quot;y"');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#x27;');
  });

  it('gives the base URL and trailing slash to each target, and writes nothing it is not sure of', () => {
    expect(docLinksHtml([link('a')], {...options, targetOf: (href) => `/base${href}/`})).toContain('href="/base/docs/api/a/"');
    const others: PropSidebarItem[] = [
      {type: 'link', label: 'External', href: 'https://example.com/'} as PropSidebarItem,
      {type: 'link', label: 'Not a doc', href: '/docs/custom'} as PropSidebarItem,
      {type: 'html', value: '<hr>', defaultStyle: true} as PropSidebarItem,
      {type: 'category', label: 'Nested', items: [link('x')], collapsed: true, collapsible: true} as PropSidebarItem,
      link('encoded', {href: '/docs/api/caf%C3%A9'}),
      link('query', {href: '/docs/api/a?x=1'}),
      link('no-base', {autoAddBaseUrl: false}),
    ];
    for (const other of others) expect(docLinksHtml([link('a'), other], options)).toBeUndefined();
    expect(docLinksHtml([], options)).toBe('');
  });

  it('writes an html item as classic DocSidebarItem/Html renders it without defaultStyle: its value as it is', () => {
    const html = docLinksHtml([moreItem('3 more in <Repos>', '/docs/api/repos', 'before') as PropSidebarItem, link('b')], options);
    expect(html).toBe(
      '<li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-2 menu__list-item sidebar-window-more"><a class="menu__link" href="/docs/api/repos" data-window="before">3 more in &lt;Repos&gt;</a></li>' +
        '<li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-2 menu__list-item get api-method"><a class="menu__link menu__link--active" aria-current="page" tabindex="0" href="/docs/api/b"><span class="linkLabel">Label b</span></a></li>',
    );
  });
});

describe('listWindow', () => {
  it('lists every item of a category up to WINDOWED_ABOVE, else a window around the current one', () => {
    expect(listWindow(WINDOWED_ABOVE, 50)).toBeUndefined();
    expect(listWindow(200, -1)).toEqual({start: 0, end: WINDOW_SIZE});
    expect(listWindow(200, 3)).toEqual({start: 0, end: WINDOW_SIZE});
    expect(listWindow(200, 100)).toEqual({start: 100 - WINDOW_BEFORE, end: 100 - WINDOW_BEFORE + WINDOW_SIZE});
    // Near the end, the window still holds WINDOW_SIZE items.
    expect(listWindow(200, 199)).toEqual({start: 200 - WINDOW_SIZE, end: 200});
    for (let count = WINDOWED_ABOVE + 1; count < 130; count += 7) {
      for (let active = -1; active < count; active++) {
        const {start, end} = listWindow(count, active)!;
        expect(end - start).toBe(WINDOW_SIZE);
        expect(start).toBeGreaterThanOrEqual(0);
        expect(end).toBeLessThanOrEqual(count);
        if (active >= 0) expect(active >= start && active < end).toBe(true);
      }
    }
  });
});
