import {describe, expect, it} from 'vitest';
import {lazySidebar, lazySidebarModule, sidebarCategoryFile, sidebarCategoryFiles, sidebarsShownOnlyAt, wholeSidebarFile, type LazyCategory, type SidebarItem} from '../lazy-sidebar';

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
        chunk: {
          items: sidebar[1]!.items,
          docs: {'api/create-contact': {id: 'api/create-contact', title: 'Create a contact'}, 'api/list-contacts': {id: 'api/list-contacts'}},
        },
      },
      {sidebar: 'openApiSidebar', index: 3, chunk: {items: sidebar[3]!.items, docs: {}}},
      {sidebar: 'openApiSidebar', index: 4, chunk: {items: sidebar[4]!.items, docs: {}}},
    ]);
  });

  it('keeps their first item in the metadata, so they still render as categories, and leaves the others whole', () => {
    const items = lazy.props.version.docsSidebars.openApiSidebar!;
    // The first item as a bare link: no doc id, class or other field (they come with the category's file).
    expect(items[1]).toEqual({...sidebar[1], items: [{type: 'link', href: '/docs/api/create-contact', label: '/docs/api/create-contact'}]});
    expect(items[3]).toEqual({...sidebar[3], items: [{type: 'link', href: '/docs/api/get-user', label: '/docs/api/get-user'}]});
    // A category whose first item is a category (a tag in a group of tags): that category, holding only its own first link.
    expect(items[4]).toEqual({...sidebar[4], items: [{...sidebar[4]!.items![0], items: [{type: 'link', href: '/docs/api/deep', label: '/docs/api/deep'}]}]});
    // A page outside the sections: as it was.
    expect(items[2]).toBe(sidebar[2]);
    expect(items[0]).toBe(sidebar[0]);
    expect(lazy.props.version.docs).toEqual({intro: {id: 'intro'}});
    expect(lazy.props.version.label).toBe('Next');
    // The input is not changed.
    expect(props.version.docsSidebars.openApiSidebar[1]!.items).toHaveLength(2);
  });

  it('moves a category of groups (a large category of names), keeping its first group with only that group\'s first link', () => {
    const groups = [
      category(undefined, [link('/docs/api/schemas/account', 'api/schemas/account'), link('/docs/api/schemas/address', 'api/schemas/address')]),
      category(undefined, [link('/docs/api/schemas/zone', 'api/schemas/zone')]),
    ];
    const schemas = category('/docs/api/schemas', groups);
    const grouped = lazySidebar(
      {version: {docs: {'api/schemas/account': {id: 'api/schemas/account'}}, docsSidebars: {openApiSidebar: [link('/docs/', 'intro'), schemas]}}},
      new Set(['/docs/api/schemas', '/docs/api/schemas/account', '/docs/api/schemas/address', '/docs/api/schemas/zone']),
    )!;
    expect(grouped.categories).toEqual([{sidebar: 'openApiSidebar', index: 1, chunk: {items: groups, docs: {'api/schemas/account': {id: 'api/schemas/account'}}}}]);
    expect(grouped.props.version.docsSidebars.openApiSidebar![1]).toEqual({
      ...schemas,
      items: [{...groups[0], items: [{type: 'link', href: '/docs/api/schemas/account', label: '/docs/api/schemas/account'}]}],
    });
    expect(Object.fromEntries(grouped.categoriesOfPath)).toEqual({
      '/docs/api/schemas': [0],
      '/docs/api/schemas/account': [0],
      '/docs/api/schemas/address': [0],
      '/docs/api/schemas/zone': [0],
    });
  });

  it('names the category of each of its pages and of its own page', () => {
    expect(Object.fromEntries(lazy.categoriesOfPath)).toEqual({
      '/docs/api/contacts': [0],
      '/docs/api/create-contact': [0],
      '/docs/api/list-contacts': [0],
      '/docs/api/get-user': [1],
      '/docs/api/nested': [2],
      '/docs/api/inner': [2],
      '/docs/api/deep': [2],
    });
  });

  it('names every category of a page in several (an operation with several tags), in sidebar order', () => {
    const shared = link('/docs/api/update-pet', 'api/update-pet');
    const twice = lazySidebar(
      {version: {docs: {}, docsSidebars: {s: [category('/docs/api/pets', [link('/docs/api/list-pets'), shared]), category('/docs/api/owners', [link('/docs/api/list-owners'), shared])]}}},
      new Set(['/docs/api/pets', '/docs/api/list-pets', '/docs/api/update-pet', '/docs/api/owners', '/docs/api/list-owners']),
    )!;
    expect(twice.categoriesOfPath.get('/docs/api/update-pet')).toEqual([0, 1]);
    expect(twice.categoriesOfPath.get('/docs/api/list-owners')).toEqual([1]);
  });

  it('finds nothing to move when no page is in a section, or in props that are no version metadata', () => {
    expect(lazySidebar(props, new Set())).toBeUndefined();
    expect(lazySidebar({blogPost: {}}, moved)).toBeUndefined();
    expect(lazySidebar(null, moved)).toBeUndefined();
  });
});

describe('sidebarCategoryFiles', () => {
  const lazy = lazySidebar(props, moved)!;

  it('writes each category to a file of its number, in a directory named by a hash of them all', () => {
    const {directory, files} = sidebarCategoryFiles(lazy.categories);
    expect(directory).toMatch(/^assets\/sidebar\/[0-9a-f]{10}\/$/);
    expect(files).toEqual([
      [`${directory}sidebar-category-0.json`, JSON.stringify(lazy.categories[0]!.chunk)],
      [`${directory}sidebar-category-1.json`, JSON.stringify(lazy.categories[1]!.chunk)],
      [`${directory}sidebar-category-2.json`, JSON.stringify(lazy.categories[2]!.chunk)],
    ]);
    expect(files[0]![0]).toBe(sidebarCategoryFile(directory, 0));
  });

  it('names another directory when any category changes, or their order does', () => {
    const {directory} = sidebarCategoryFiles(lazy.categories);
    expect(sidebarCategoryFiles(lazy.categories).directory).toBe(directory);
    expect(sidebarCategoryFiles([...lazy.categories].reverse()).directory).not.toBe(directory);
    const changed = lazy.categories.map((category, index) => (index === 1 ? {...category, chunk: {...category.chunk, docs: {'api/get-user': {id: 'api/get-user'}}}} : category));
    expect(sidebarCategoryFiles(changed).directory).not.toBe(directory);
  });
});

describe('lazySidebarModule', () => {
  it("lists the categories' indexes per version metadata module and sidebar, in their order, and their files' path around the number", () => {
    const lazy = lazySidebar(props, moved)!;
    const [first, second] = lazy.categories as [LazyCategory, LazyCategory];
    const code = lazySidebarModule(
      [
        {propsFile: './props/client-a.json', categories: [first, second, {...first, sidebar: 'other', index: 7}, {...second, index: 9}]},
        {propsFile: './props/client-b.json', categories: [first]},
      ],
      'assets/sidebar/0123456789/',
    );
    expect(code).toBe(
      [
        '/** Sidebar categories and whole sidebars that load on demand: src/plugins/route-sections/lazy-sidebar.ts. */',
        'export const filePrefix = "assets/sidebar/0123456789/sidebar-category-";',
        'export const sidebarFilePrefix = "assets/sidebar/0123456789/sidebar-";',
        'export const fileSuffix = ".json";',
        'export const sidebars = [];',
        'export default [',
        '  {props: require.resolveWeak("./props/client-a.json"), sidebar: "openApiSidebar", indexes: [1,3]},',
        '  {props: require.resolveWeak("./props/client-a.json"), sidebar: "other", indexes: [7]},',
        // A run of the first sidebar again: a group of its own, so the numbering stays in order.
        '  {props: require.resolveWeak("./props/client-a.json"), sidebar: "openApiSidebar", indexes: [9]},',
        '  {props: require.resolveWeak("./props/client-b.json"), sidebar: "openApiSidebar", indexes: [1]}',
        '];',
        '',
      ].join('\n'),
    );
    // The client's path of category 3 (prefix, number, suffix) is the build's.
    const prefix = /filePrefix = (".*?");/.exec(code)![1]!;
    const suffix = /fileSuffix = (".*?");/.exec(code)![1]!;
    expect(`${JSON.parse(prefix)}3${JSON.parse(suffix)}`).toBe(sidebarCategoryFile('assets/sidebar/0123456789/', 3));
    // The label and link are in the props the client reads them from.
    expect(code).not.toContain('category /docs/api/contacts');
    expect(lazySidebarModule([])).toContain('export const sidebars = [];\nexport default [\n\n];\n');
  });

  it('lists the whole sidebars with their version metadata module, numbered in order, and their files beside the categories', () => {
    const whole = {sidebar: 'api:other', chunk: {items: [link('/docs/apis/other/overview')], docs: {}}};
    const code = lazySidebarModule([{propsFile: './props/client-a.json', categories: [], sidebars: [whole, {...whole, sidebar: 'api:other@1.0.0'}]}], 'assets/sidebar/0123456789/');
    expect(code).toContain(
      'export const sidebars = [\n  {props: require.resolveWeak("./props/client-a.json"), sidebar: "api:other"},\n  {props: require.resolveWeak("./props/client-a.json"), sidebar: "api:other@1.0.0"}\n];',
    );
    const prefix = JSON.parse(/sidebarFilePrefix = (".*?");/.exec(code)![1]!) as string;
    expect(`${prefix}1.json`).toBe(wholeSidebarFile('assets/sidebar/0123456789/', 1));
    const {directory, files} = sidebarCategoryFiles([], [whole]);
    expect(files).toEqual([[wholeSidebarFile(directory, 0), JSON.stringify(whole.chunk)]]);
  });
});

describe('whole sidebars', () => {
  // Meridian's sidebar, and another API's whose every page is in a route section.
  const other: SidebarItem[] = [
    link('/docs/apis/other/overview', 'apis/other/overview'),
    category('/docs/apis/other/pets', [link('/docs/apis/other/list-pets', 'apis/other/list-pets')]),
    link('/docs/apis/other/changelog', 'apis/other/changelog'),
  ];
  const twoApis = {
    version: {
      docs: {...props.version.docs, 'apis/other/overview': {id: 'apis/other/overview'}, 'apis/other/list-pets': {id: 'apis/other/list-pets'}},
      docsSidebars: {openApiSidebar: sidebar, 'api:other': other},
    },
  };
  const otherPaths = ['/docs/apis/other/overview', '/docs/apis/other/pets', '/docs/apis/other/list-pets', '/docs/apis/other/changelog'];
  const movedBoth = new Set([...moved, ...otherPaths]);

  it('takes a sidebar only moved routes show out of the metadata, with its docs, its categories still lazy inside it', () => {
    const lazy = lazySidebar(twoApis, movedBoth, new Set(['api:other']))!;
    expect(Object.keys(lazy.props.version.docsSidebars)).toEqual(['openApiSidebar']);
    expect(lazy.sidebars).toEqual([
      {
        sidebar: 'api:other',
        chunk: {
          items: [other[0], {...other[1], items: [{type: 'link', href: '/docs/apis/other/list-pets', label: '/docs/apis/other/list-pets'}]}, other[2]],
          docs: {'apis/other/overview': {id: 'apis/other/overview'}},
        },
      },
    ]);
    // Its category is numbered after Meridian's, into the whole sidebar's items.
    expect(lazy.categories.at(-1)).toMatchObject({sidebar: 'api:other', index: 1, chunk: {docs: {'apis/other/list-pets': {id: 'apis/other/list-pets'}}}});
    expect(Object.keys(lazy.props.version.docs)).toEqual(['intro']);
  });

  it('keeps a sidebar a page outside the sections shows, or with a link outside them', () => {
    expect(lazySidebar(twoApis, movedBoth, new Set())!.props.version.docsSidebars['api:other']).toBeDefined();
    const notAllMoved = new Set([...moved, ...otherPaths.slice(1)]);
    expect(lazySidebar(twoApis, notAllMoved, new Set(['api:other']))!.props.version.docsSidebars['api:other']).toBeDefined();
  });

  it('finds the sidebars only routes at moved paths show, at any depth of the route tree', () => {
    const routes = [
      {path: '/docs', routes: [{path: '/docs', routes: [
        {path: '/docs/apis/other/overview', sidebar: 'api:other'},
        {path: '/docs/apis/other/list-pets', sidebar: 'api:other'},
        {path: '/docs/api/create-contact', sidebar: 'openApiSidebar'},
        {path: '/docs/intro', sidebar: 'openApiSidebar'},
        {path: '/docs/apis/third/overview', sidebar: 'api:third'},
        {path: '/docs/apis/third/extra', sidebar: 'api:third'},
      ]}]},
    ];
    const paths = new Set(['/docs/apis/other/overview', '/docs/apis/other/list-pets', '/docs/api/create-contact', '/docs/apis/third/overview']);
    expect(sidebarsShownOnlyAt(routes, paths)).toEqual(new Set(['api:other']));
  });
});
