import {describe, expect, it} from 'vitest';
import {lazySidebar, lazySidebarModule, type SidebarItem} from '../lazy-sidebar';

const link = (href: string, docId?: string): SidebarItem => ({type: 'link', href, label: href, ...(docId ? {docId} : {})});
const category = (href: string | undefined, items: SidebarItem[]): SidebarItem => ({type: 'category', label: `category ${href}`, collapsed: true, ...(href ? {href} : {}), items});

const sidebar: SidebarItem[] = [
  link('/docs/', 'intro'),
  category('/docs/api/contacts', [link('/docs/api/create-contact', 'api/create-contact'), link('/docs/api/list-contacts', 'api/list-contacts')]),
  category('/docs/api/tags', [link('/docs/api/list-tags', 'api/list-tags'), link('/docs/changelog', 'changelog')]),
  category(undefined, [link('/docs/api/get-user', 'api/get-user')]),
  category('/docs/api/nested', [category('/docs/api/inner', [link('/docs/api/deep', 'api/deep')])]),
];
const props = {
  version: {
    label: 'Next',
    docs: {intro: {id: 'intro'}, 'api/create-contact': {id: 'api/create-contact', title: 'Create a contact'}, 'api/list-contacts': {id: 'api/list-contacts'}},
    docsSidebars: {openApiSidebar: sidebar},
  },
};
// Every page except the changelog went into route sections.
const moved = new Set(['/docs/api/contacts', '/docs/api/create-contact', '/docs/api/list-contacts', '/docs/api/tags', '/docs/api/list-tags', '/docs/api/get-user', '/docs/api/nested', '/docs/api/inner', '/docs/api/deep']);

describe('lazySidebar', () => {
  const lazy = lazySidebar(props, moved)!;

  it('moves each top-level category with a link first and every page in a section, with or without a link of its own', () => {
    expect(lazy.categories).toEqual([
      {
        sidebar: 'openApiSidebar',
        index: 1,
        href: '/docs/api/contacts',
        label: 'category /docs/api/contacts',
        chunk: {
          items: sidebar[1]!.items,
          docs: {'api/create-contact': {id: 'api/create-contact', title: 'Create a contact'}, 'api/list-contacts': {id: 'api/list-contacts'}},
        },
      },
      {sidebar: 'openApiSidebar', index: 3, href: undefined, label: 'category undefined', chunk: {items: sidebar[3]!.items, docs: {}}},
    ]);
  });

  it('keeps their first item in the metadata, so they still render as categories, and leaves the others whole', () => {
    const items = lazy.props.version.docsSidebars.openApiSidebar!;
    expect(items[1]).toEqual({...sidebar[1], items: [link('/docs/api/create-contact', 'api/create-contact')]});
    expect(items[3]).toEqual({...sidebar[3], items: [link('/docs/api/get-user', 'api/get-user')]});
    // A page outside the sections, a category first: as they were.
    expect(items[2]).toBe(sidebar[2]);
    expect(items[4]).toBe(sidebar[4]);
    expect(items[0]).toBe(sidebar[0]);
    expect(lazy.props.version.docs).toEqual({intro: {id: 'intro'}});
    expect(lazy.props.version.label).toBe('Next');
    // The input is not changed.
    expect(props.version.docsSidebars.openApiSidebar[1]!.items).toHaveLength(2);
  });

  it('names the category of each of its pages and of its own page', () => {
    expect(Object.fromEntries(lazy.categoryOfPath)).toEqual({
      '/docs/api/contacts': 0,
      '/docs/api/create-contact': 0,
      '/docs/api/list-contacts': 0,
      '/docs/api/get-user': 1,
    });
  });

  it('finds nothing to move when no page is in a section, or in props that are no version metadata', () => {
    expect(lazySidebar(props, new Set())).toBeUndefined();
    expect(lazySidebar({blogPost: {}}, moved)).toBeUndefined();
    expect(lazySidebar(null, moved)).toBeUndefined();
  });
});

describe('lazySidebarModule', () => {
  it('lists each category with its version metadata module and a loader of its own chunk', () => {
    const lazy = lazySidebar(props, moved)!;
    const code = lazySidebarModule([{propsFile: './props/client-a.json', categories: lazy.categories, chunkFile: (index) => `./sidebar/a-${index}.json`}]);
    expect(code).toContain(
      '{props: require.resolveWeak("./props/client-a.json"), sidebar: "openApiSidebar", index: 1, href: "/docs/api/contacts", label: "category /docs/api/contacts", load: () => import(/* webpackChunkName: "sidebar-category-0" */ "./sidebar/a-0.json")}',
    );
    expect(code).toContain('index: 3, href: null, label: "category undefined", load: () => import(/* webpackChunkName: "sidebar-category-1" */ "./sidebar/a-1.json")}');
    expect(lazySidebarModule([])).toMatch(/export default \[\n\n\];/);
  });
});
