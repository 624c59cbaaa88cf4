import {describe, expect, it} from 'vitest';

import {withNameGroupsOpened} from '../name-groups';
import {arrangeSidebarItems, groupedByName, LARGE_CATEGORY_ITEMS, NAME_GROUP} from '../sidebar-arrangement';

const schemaDoc = (name: string) => ({type: 'doc', id: `api/schemas/${name}`, label: name, className: 'schema'});
const webhookDoc = (name: string) => ({type: 'doc', id: `api/${name}`, label: name, className: 'menu__list-item--webhook'});
/** `count` distinct names in reverse order, so any grouping must sort them. */
const names = (count: number) => Array.from({length: count}, (_, index) => `item-${String(count - index).padStart(4, '0')}`);

type Node = {type: string; label?: string; id?: string; collapsed?: boolean; customProps?: Record<string, unknown>; items?: Node[]};

describe('groupedByName', () => {
  it('leaves a list of at most LARGE_CATEGORY_ITEMS items as it is, in its own order', () => {
    const items = names(LARGE_CATEGORY_ITEMS).map(schemaDoc);
    expect(groupedByName(items)).toBe(items);
  });

  it('splits a larger list into collapsed groups of consecutive names, each labelled by its first and last name', () => {
    const items = names(LARGE_CATEGORY_ITEMS + 1).map(schemaDoc);
    const groups = groupedByName(items) as Node[];
    expect(groups.map((group) => [group.type, group.collapsed, group.customProps, group.items?.length])).toEqual([
      ['category', true, {[NAME_GROUP]: true}, 33],
      ['category', true, {[NAME_GROUP]: true}, 34],
      ['category', true, {[NAME_GROUP]: true}, 34],
    ]);
    expect(groups[0].label).toBe('item-0001 – item-0033');
    expect(groups[2].label).toBe('item-0068 – item-0101');
    // Every page once, in name order across the groups.
    expect(groups.flatMap((group) => group.items!.map((item) => item.label))).toEqual([...names(LARGE_CATEGORY_ITEMS + 1)].reverse());
  });

  it('orders names as a reader does: case and accents aside, numbers by value', () => {
    const labels = ['b', 'A', 'á3', 'a10', 'a2', ...names(LARGE_CATEGORY_ITEMS)];
    const groups = groupedByName(labels.map(schemaDoc)) as Node[];
    expect(groups[0].items!.slice(0, 5).map((item) => item.label)).toEqual(['A', 'a2', 'á3', 'a10', 'b']);
  });

  it('keeps groups near fifty pages at any size', () => {
    for (const count of [101, 270, 970, 6177]) {
      const sizes = (groupedByName(names(count).map(schemaDoc)) as Node[]).map((group) => group.items!.length);
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(count);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(50);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(Math.max(...sizes) - 1);
    }
  });
});

describe('arrangeSidebarItems with large categories of names', () => {
  it('groups a large Schemas category and a large Webhooks category, and no tag category', () => {
    const schemaNames = names(150);
    const webhookNames = names(120).map((name) => `hook-${name}`);
    const operations = names(130).map((name) => ({type: 'doc', id: `api/op-${name}`, label: `op ${name}`}));
    const arranged = arrangeSidebarItems(
      [
        {type: 'doc', id: 'api/overview'},
        {type: 'category', label: 'Pets', link: {type: 'doc', id: 'api/pets'}, items: [...operations, ...webhookNames.map(webhookDoc)]},
        {type: 'category', label: 'Schemas', items: schemaNames.map(schemaDoc)},
      ],
      {
        schemaLabels: new Map(schemaNames.map((name) => [`schemas/${name}`, name.toUpperCase()])),
        webhookPageIds: new Set(webhookNames),
        schemasIndexSlug: '/api/schemas',
      },
    ) as Node[];
    const [, pets, webhooks, schemas] = arranged;
    // A tag's operations keep the description's order: their category is not a list of names.
    expect(pets.items!.map((item) => item.id)).toEqual(operations.map((item) => item.id));
    expect(webhooks.label).toBe('Webhooks');
    expect(webhooks.items!.map((group) => group.label)).toEqual(['hook-item-0001 – hook-item-0040', 'hook-item-0041 – hook-item-0080', 'hook-item-0081 – hook-item-0120']);
    expect(schemas.label).toBe('Schemas');
    expect(schemas.items).toHaveLength(3);
    expect(schemas.items![0].label).toBe('ITEM-0001 – ITEM-0050');
    expect(schemas.items!.flatMap((group) => group.items!)).toHaveLength(150);
  });
});

describe('arrangeSidebarItems with many tags', () => {
  const tag = (name: string) => ({type: 'category', label: name, link: {type: 'doc', id: `api/${name}`}, items: [{type: 'doc', id: `api/list-${name}`, label: `List ${name}`}]});
  const arrange = (tags: Node[]) =>
    arrangeSidebarItems(
      [{type: 'doc', id: 'api/overview'}, ...tags, {type: 'doc', id: 'api/untagged-operation'}, {type: 'category', label: 'Schemas', items: [schemaDoc('pet')]}],
      {schemaLabels: new Map([['schemas/pet', 'Pet']]), webhookPageIds: new Set(['pet-born']), schemasIndexSlug: '/api/schemas'},
    ) as Node[];

  it('lists up to LARGE_CATEGORY_ITEMS tags as they are, in the description\'s order', () => {
    const tags = names(LARGE_CATEGORY_ITEMS).map(tag);
    const arranged = arrange(tags);
    expect(arranged.map((item) => item.label ?? item.id)).toEqual(['api/overview', ...names(LARGE_CATEGORY_ITEMS), 'api/untagged-operation', 'Schemas']);
  });

  it('lists more in closed groups of names where the first tag was, each tag whole, every other item in its place', () => {
    const tags = names(417).map(tag);
    const arranged = arrange(tags);
    expect(arranged[0].id).toBe('api/overview');
    const groups = arranged.slice(1, -2);
    expect(groups).toHaveLength(9);
    expect(groups.every((group) => group.type === 'category' && group.collapsed === true && group.customProps?.[NAME_GROUP] === true)).toBe(true);
    expect(groups[0].label).toBe('item-0001 – item-0046');
    // Each tag's category as it was, in name order.
    expect(groups.flatMap((group) => group.items!)).toEqual([...tags].reverse());
    expect(arranged.slice(-2).map((item) => item.label ?? item.id)).toEqual(['api/untagged-operation', 'Schemas']);
  });
});

describe('withNameGroupsOpened', () => {
  it('lists the pages of each group of names in place of the group, and leaves other categories as they are', () => {
    const pages = names(LARGE_CATEGORY_ITEMS + 20).map(schemaDoc);
    const tag = {type: 'category', label: 'Pets', items: [{type: 'doc', id: 'api/list-pets'}]};
    const opened = withNameGroupsOpened([tag, ...(groupedByName(pages) as Node[])]);
    expect(opened[0]).toBe(tag);
    expect(opened.slice(1).map((item) => item.label)).toEqual([...names(LARGE_CATEGORY_ITEMS + 20)].reverse());
  });
});
