/** The custom prop that marks a group of a large category of names in the sidebar: index pages list its pages, not the group (src/theme/DocCardList). */
export const NAME_GROUP = 'nameGroup';

interface Item {
  type: string;
  customProps?: Record<string, unknown>;
  items?: readonly Item[];
}

/** The items with each group of a large category of names replaced by its pages. */
export function withNameGroupsOpened<T extends Item>(items: readonly T[]): T[] {
  return items.flatMap((item) => (item.type === 'category' && item.customProps?.[NAME_GROUP] === true ? withNameGroupsOpened((item.items ?? []) as T[]) : [item]));
}
