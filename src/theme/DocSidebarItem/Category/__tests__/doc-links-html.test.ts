import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import {describe, expect, it} from 'vitest';

import {escapeHtml} from '@site/src/client/escape-html';

import {docLinksHtml} from '../doc-links-html';

const link = (id: string, extra: Record<string, unknown> = {}): PropSidebarItem =>
  ({type: 'link', label: `Label ${id}`, href: `/docs/api/${id}`, docId: `api/${id}`, className: 'get api-method', ...extra}) as PropSidebarItem;

// The docs plugin's tests, for the page /docs/api/b (their module loads only in a Docusaurus bundle).
const options = {
  itemClass: 'theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-2 menu__list-item',
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
      {type: 'html', value: '<hr>'} as PropSidebarItem,
      {type: 'category', label: 'Nested', items: [link('x')], collapsed: true, collapsible: true} as PropSidebarItem,
      link('encoded', {href: '/docs/api/caf%C3%A9'}),
      link('query', {href: '/docs/api/a?x=1'}),
      link('no-base', {autoAddBaseUrl: false}),
    ];
    for (const other of others) expect(docLinksHtml([link('a'), other], options)).toBeUndefined();
    expect(docLinksHtml([], options)).toBe('');
  });
});
