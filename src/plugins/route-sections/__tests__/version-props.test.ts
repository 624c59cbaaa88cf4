import {describe, expect, it} from 'vitest';
import {docIdsAt, docPathsOf, trimVersionProps} from '../version-props';

const globalData = {
  'docusaurus-plugin-content-docs': {
    default: {
      versions: [
        {
          docs: [
            {id: 'intro', path: '/docs'},
            {id: 'api/create-contact', path: '/docs/api/create-contact'},
            {id: 'api/list-contacts', path: '/docs/api/list-contacts'},
            {id: 'api/contacts', path: '/docs/api/contacts'},
            {id: 'api/schemas/contact', path: '/docs/api/schemas/contact'},
            // A generated index page is listed too, by its path.
            {id: '/docs/api/schemas', path: '/docs/api/schemas'},
          ],
        },
      ],
    },
  },
};

const props = {
  version: {
    pluginId: 'default',
    docsSidebars: {
      openApiSidebar: [
        {
          type: 'category',
          href: '/docs/api/contacts',
          items: [{type: 'link', href: '/docs/api/create-contact', label: 'Create a contact', docId: 'api/create-contact'}],
        },
        // A generated index page: a DocCard per item.
        {type: 'category', href: '/docs/api/schemas', items: [{type: 'link', href: '/docs/api/schemas/contact', docId: 'api/schemas/contact'}]},
      ],
    },
    docs: {
      intro: {id: 'intro', title: 'Intro', description: 'Start here', sidebar: 'openApiSidebar'},
      'api/create-contact': {id: 'api/create-contact', title: 'Create a contact', description: 'Creates one.', sidebar: 'openApiSidebar'},
      'api/list-contacts': {id: 'api/list-contacts', title: 'List contacts', description: 'Lists them.', sidebar: 'openApiSidebar'},
      'api/contacts': {id: 'api/contacts', title: 'Contacts', description: 'The contacts tag.', sidebar: 'openApiSidebar'},
      'api/schemas/contact': {id: 'api/schemas/contact', title: 'Contact', description: 'A person.', sidebar: 'openApiSidebar'},
    },
  },
};

describe('version props without the docs of moved routes', () => {
  it('finds the ids of docs by their paths in the global data of every docs instance', () => {
    expect([...docIdsAt(globalData, new Set(['/docs/api/create-contact', '/docs/api/list-contacts', '/blog/x']))]).toEqual([
      'api/create-contact',
      'api/list-contacts',
    ]);
  });

  const docPaths = docPathsOf(globalData);

  it('drops them from the docs map, but not the items of a generated index page, and keeps the sidebars and everything else', () => {
    const trimmed = trimVersionProps(props, new Set(['api/create-contact', 'api/list-contacts', 'api/contacts', 'api/schemas/contact']), docPaths) as typeof props;
    expect(Object.keys(trimmed.version.docs)).toEqual(['intro', 'api/schemas/contact']);
    expect(trimmed.version.docsSidebars).toEqual(props.version.docsSidebars);
    expect(trimmed.version.pluginId).toBe('default');
    // The input is left as it was.
    expect(Object.keys(props.version.docs)).toHaveLength(5);
  });

  it('keeps the pages of the groups of names a generated index page lists, and drops those of other nested categories', () => {
    const grouped = {
      version: {
        ...props.version,
        docsSidebars: {
          openApiSidebar: [
            {
              type: 'category',
              href: '/docs/api/schemas',
              items: [
                {type: 'category', label: 'A – C', customProps: {nameGroup: true}, items: [{type: 'link', href: '/docs/api/schemas/contact', docId: 'api/schemas/contact'}]},
                {type: 'category', label: 'Other', items: [{type: 'link', href: '/docs/api/create-contact', docId: 'api/create-contact'}]},
              ],
            },
          ],
        },
      },
    };
    const trimmed = trimVersionProps(grouped, new Set(['api/create-contact', 'api/schemas/contact']), docPaths) as typeof props;
    expect(Object.keys(trimmed.version.docs)).toEqual(['intro', 'api/list-contacts', 'api/contacts', 'api/schemas/contact']);
  });

  it('leaves other props, and version props with nothing to drop, alone', () => {
    expect(trimVersionProps({tag: {label: 'x'}}, new Set(['intro']), docPaths)).toBeUndefined();
    expect(trimVersionProps(null, new Set(['intro']), docPaths)).toBeUndefined();
    expect(trimVersionProps(props, new Set(['api/other', 'api/schemas/contact']), docPaths)).toBeUndefined();
  });
});
