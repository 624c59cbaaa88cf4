import {describe, expect, it} from 'vitest';
import {navbarDocIds, sectionDocs, splitGlobalDocs, type GlobalData} from '../global-docs';
import {addGlobalDocs, DOCS_PLUGIN, type DocsGlobalData} from '../client/section-global-docs';

const doc = (id: string, path: string) => ({id, path, sidebar: 'openApiSidebar'});

function site(): GlobalData {
  return {
    [DOCS_PLUGIN]: {
      default: {
        path: '/docs',
        versions: [
          {
            name: 'current',
            path: '/docs',
            mainDocId: 'intro',
            docs: [doc('intro', '/docs'), doc('create-contact', '/docs/api/create-contact'), doc('list-contacts', '/docs/api/list-contacts'), doc('contacts', '/docs/api/contacts')],
            sidebars: {openApiSidebar: {link: {path: '/docs', label: 'intro'}}},
          },
        ],
      },
    },
    'api-resources': {default: {tags: ['Contacts']}},
  };
}

const docsOf = (data: GlobalData) => (data[DOCS_PLUGIN].default as {versions: {docs: {id: string}[]}[]}).versions[0].docs.map((entry) => entry.id);

describe('splitGlobalDocs', () => {
  it('takes moved docs out of a copy and keeps the rest of the global data', () => {
    const data = site();
    const before = JSON.stringify(data);
    const {trimmed, byPath} = splitGlobalDocs(data, new Set(['/docs/api/create-contact', '/docs/api/list-contacts']), new Set());
    expect(docsOf(trimmed!)).toEqual(['intro', 'contacts']);
    expect(trimmed!['api-resources']).toEqual(data['api-resources']);
    expect((trimmed![DOCS_PLUGIN].default as {versions: {sidebars: unknown}[]}).versions[0].sidebars).toEqual({openApiSidebar: {link: {path: '/docs', label: 'intro'}}});
    expect([...byPath.keys()]).toEqual(['/docs/api/create-contact', '/docs/api/list-contacts']);
    expect(byPath.get('/docs/api/create-contact')).toEqual(['default', 'current', doc('create-contact', '/docs/api/create-contact')]);
    expect(JSON.stringify(data)).toBe(before);
  });

  it("keeps each version's main doc and the docs navbar items name", () => {
    const moved = new Set(['/docs', '/docs/api/create-contact', '/docs/api/list-contacts']);
    const {trimmed} = splitGlobalDocs(site(), moved, navbarDocIds([{type: 'dropdown', items: [{type: 'doc', docId: 'list-contacts'}]}, {type: 'docSidebar', sidebarId: 'openApiSidebar'}]));
    expect(docsOf(trimmed!)).toEqual(['intro', 'list-contacts', 'contacts']);
  });

  it('changes nothing when no doc moved, or without the docs plugin', () => {
    expect(splitGlobalDocs(site(), new Set(['/blog/hello']), new Set()).trimmed).toBeUndefined();
    expect(splitGlobalDocs({'api-resources': {}}, new Set(['/docs']), new Set()).trimmed).toBeUndefined();
  });
});

describe('sectionDocs and addGlobalDocs', () => {
  it('a loaded section puts its entries back, once, and the list is whole again', () => {
    const whole = site();
    const moved = new Set(['/docs/api/create-contact', '/docs/api/list-contacts']);
    const {trimmed, byPath} = splitGlobalDocs(whole, moved, new Set());
    const groups = sectionDocs(['/docs/api/list-contacts', '/blog/unknown', '/docs/api/create-contact'], byPath);
    expect(groups).toEqual([['default', 'current', [doc('list-contacts', '/docs/api/list-contacts'), doc('create-contact', '/docs/api/create-contact')]]]);
    addGlobalDocs(groups, trimmed as DocsGlobalData);
    addGlobalDocs(groups, trimmed as DocsGlobalData);
    expect(docsOf(trimmed!).sort()).toEqual(docsOf(whole).sort());
  });

  it('ignores entries of an unknown plugin id or version', () => {
    const data = site();
    addGlobalDocs([['other', 'current', [doc('x', '/x')]], ['default', 'next', [doc('y', '/y')]]], data as DocsGlobalData);
    expect(docsOf(data)).toEqual(docsOf(site()));
  });
});
