import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {NAME_GROUP} from './name-groups';
import {SCHEMA_PAGES_DIR} from './page-ids';

export {NAME_GROUP};

/**
 * The site's API sidebar from the one docusaurus-plugin-openapi-docs
 * generates (`sidebar.ts`, left as the plugin writes it): our page
 * generators write what the plugin cannot know beside it
 * (SIDEBAR_ARRANGEMENT_FILE), and `sidebars.ts` applies it when Docusaurus
 * loads the sidebars.
 */

/** File beside the plugin's `sidebar.ts` holding its arrangement (SerializedArrangement). */
export const SIDEBAR_ARRANGEMENT_FILE = 'sidebar-arrangement.json';

interface SidebarNode {
  type?: string;
  id?: string;
  label?: string;
  items?: SidebarNode[];
  link?: unknown;
  collapsed?: boolean;
  collapsible?: boolean;
  [key: string]: unknown;
}

export interface SidebarArrangement {
  /** The overview page's id when our generators gave it another one than the plugin's sidebar names (`from`: the plugin's, `to`: ours). */
  overview?: {from: string; to: string};
  /** Label of each schema page, by page id (`schemas/contact` → `Contact`). */
  schemaLabels: Map<string, string>;
  /** Page ids of the webhook pages, in the description's order. */
  webhookPageIds: Set<string>;
  /** Route of the schemas' index page below the docs route, e.g. `/api/schemas`. */
  schemasIndexSlug?: string;
  /** The schemas index page's title; default "Schemas" (an older version's names its version, so titles stay unique). */
  schemasIndexTitle?: string;
  /** Page ids of the tags whose 3.2 `kind` is not `nav` (labels, not navigation): their categories leave the sidebar where every page in them is in another category. */
  labelTags?: Set<string>;
  /** The page id of a tag category's parent tag (OpenAPI 3.2 `parent`), by the child's page id. */
  tagParents?: Map<string, string>;
  /** Method class of the pages the plugin saw under another method (OpenAPI 3.2's, see page-outline.ts), by page id. */
  methodClasses?: Map<string, string>;
}

/** Last part of a doc id, after the plugin's folder prefix (`api/schemas/contact` → `schemas/contact` for schemas). */
function pageIdOf(docId: string, folder: string): string | undefined {
  const marker = `${folder}/`;
  const at = docId.lastIndexOf(marker);
  return at === -1 ? undefined : docId.slice(at);
}

/** The tag page id a category links to (`api/pets` → `pets`). */
function categoryPageId(item: SidebarNode): string | undefined {
  if (item.type !== 'category' || typeof item.link !== 'object' || item.link === null) return undefined;
  const id = (item.link as {id?: unknown}).id;
  return typeof id === 'string' ? id.slice(id.lastIndexOf('/') + 1) : undefined;
}

/** The doc ids a list of sidebar items holds, at any depth. */
function docIds(items: SidebarNode[]): string[] {
  return items.flatMap((item) => (item.type === 'doc' && typeof item.id === 'string' ? [item.id] : docIds(item.items ?? [])));
}

/** Top-level categories of label tags left out, where each of their pages is also in another category: the tag's page stays, linked from the overview. */
function withoutLabelCategories(items: SidebarNode[], labelTags: Set<string> | undefined): SidebarNode[] {
  if (!labelTags || labelTags.size === 0) return items;
  const isLabel = (item: SidebarNode) => {
    const id = categoryPageId(item);
    return id !== undefined && labelTags.has(id);
  };
  const elsewhere = new Set(docIds(items.filter((item) => !isLabel(item))));
  return items.filter((item) => !isLabel(item) || !docIds(item.items ?? []).every((id) => elsewhere.has(id)));
}

/** Tag categories moved into their parent tag's category, after its pages.
 * A parent without a category, or a chain of parents that comes back to
 * itself, leaves the category where it was. */
function nestTagCategories(items: SidebarNode[], tagParents: Map<string, string> | undefined): SidebarNode[] {
  if (!tagParents || tagParents.size === 0) return items;
  const categories = new Set(items.map(categoryPageId).filter((id): id is string => id !== undefined));
  const parentOf = (id: string) => {
    const parent = tagParents.get(id);
    return parent !== undefined && categories.has(parent) ? parent : undefined;
  };
  const inLoop = (id: string) => {
    const seen = new Set([id]);
    for (let parent = parentOf(id); parent !== undefined; parent = parentOf(parent)) {
      if (seen.has(parent)) return true;
      seen.add(parent);
    }
    return false;
  };
  const children = new Map<string, SidebarNode[]>();
  const top: SidebarNode[] = [];
  for (const item of items) {
    const id = categoryPageId(item);
    const parent = id !== undefined && !inLoop(id) ? parentOf(id) : undefined;
    if (parent === undefined) top.push(item);
    else children.set(parent, [...(children.get(parent) ?? []), item]);
  }
  const withChildren = (item: SidebarNode): SidebarNode => {
    const id = categoryPageId(item);
    const nested = id === undefined ? undefined : children.get(id);
    return nested ? {...item, items: [...(item.items ?? []), ...nested.map(withChildren)]} : item;
  };
  return top.map(withChildren);
}

/**
 * The top-level doc item `<dir>/<from>` (or `from`) renamed to `to`, where the
 * plugin puts the overview page. Items inside categories (operation pages) and
 * category links (tag pages) keep their ids, even when equal.
 */
function renameOverview(items: SidebarNode[], overview: SidebarArrangement['overview']): SidebarNode[] {
  if (!overview) return items;
  const {from, to} = overview;
  const at = items.findIndex((item) => item.type === 'doc' && typeof item.id === 'string' && (item.id === from || item.id.endsWith(`/${from}`)));
  if (at === -1) return items;
  const id = String(items[at].id);
  return items.map((item, index) => (index === at ? {...item, id: `${id.slice(0, id.length - from.length)}${to}`} : item));
}

/** Most pages a category of names (schemas, webhooks) lists directly, and most tags the sidebar's top level does; more are listed in groups. */
export const LARGE_CATEGORY_ITEMS = 100;
/** About how many pages each group of a large category holds. */
const NAME_GROUP_ITEMS = 50;

const labelOf = (item: SidebarNode) => (typeof item.label === 'string' ? item.label : String(item.id ?? ''));
const byName = new Intl.Collator('en', {sensitivity: 'base', numeric: true});

/**
 * `items` as they are when there are at most LARGE_CATEGORY_ITEMS, else in
 * name order, in collapsed groups of consecutive names labelled by their first
 * and last (as a dictionary's guide words): an open category renders every
 * item it lists, so a page inside a list of a thousand schemas carried the
 * links of all of them.
 */
export function groupedByName(items: SidebarNode[]): SidebarNode[] {
  if (items.length <= LARGE_CATEGORY_ITEMS) return items;
  const sorted = [...items].sort((a, b) => byName.compare(labelOf(a), labelOf(b)));
  const groups = Math.ceil(sorted.length / NAME_GROUP_ITEMS);
  return Array.from({length: groups}, (_, index) => {
    // Group sizes differ by at most one.
    const group = sorted.slice(Math.floor((index * sorted.length) / groups), Math.floor(((index + 1) * sorted.length) / groups));
    return {type: 'category', label: `${labelOf(group[0])} – ${labelOf(group[group.length - 1])}`, collapsible: true, collapsed: true, customProps: {[NAME_GROUP]: true}, items: group};
  });
}

/**
 * The top level's tag categories in groups of names (groupedByName) when
 * there are more than LARGE_CATEGORY_ITEMS of them, the first group where the
 * first tag was; every other item in its place. Each tag is a closed category
 * on every page: Microsoft Graph's 417 were two thirds of each page's HTML.
 */
function groupedTagCategories(items: SidebarNode[], schemasCategory: SidebarNode | undefined): SidebarNode[] {
  const isTag = (item: SidebarNode) => item.type === 'category' && item !== schemasCategory;
  const tags = items.filter(isTag);
  if (tags.length <= LARGE_CATEGORY_ITEMS) return items;
  const first = tags[0];
  return items.flatMap((item) => (item === first ? groupedByName(tags) : isTag(item) ? [] : [item]));
}

/** The sidebar as the site shows it, from the plugin's: the overview under its page id, webhooks in a
 * "Webhooks" category of their own, schema pages named by their schema and
 * grouped in a collapsed "Schemas" category with an index page; either
 * category, when large, in groups of names (groupedByName), and so the tags
 * when there are many. */
export function arrangeSidebarItems(items: SidebarNode[], arrangement: SidebarArrangement): SidebarNode[] {
  const webhooks: SidebarNode[] = [];
  const webhookIds = new Set<string>();
  const isWebhook = (item: SidebarNode) =>
    item.type === 'doc' && typeof item.id === 'string' && arrangement.webhookPageIds.has(item.id.slice(item.id.lastIndexOf('/') + 1));
  // The plugin's category of the schema pages, known by its pages' ids: a tag
  // named "Schemas" has a category of that label too, holding operations.
  const isSchemaPage = (item: SidebarNode) => {
    const pageId = item.type === 'doc' && typeof item.id === 'string' ? pageIdOf(item.id, SCHEMA_PAGES_DIR) : undefined;
    return pageId !== undefined && arrangement.schemaLabels.has(pageId);
  };
  let schemasCategory: SidebarNode | undefined;
  const visit = (list: SidebarNode[]): SidebarNode[] =>
    list.flatMap((item) => {
      if (isWebhook(item)) {
        // A webhook with two tags is in two tag categories; the Webhooks category lists it once.
        if (!webhookIds.has(String(item.id))) webhooks.push(item);
        webhookIds.add(String(item.id));
        return [];
      }
      const methodClass = item.type === 'doc' && typeof item.id === 'string' ? arrangement.methodClasses?.get(item.id.slice(item.id.lastIndexOf('/') + 1)) : undefined;
      if (methodClass !== undefined && typeof item.className === 'string') {
        return [{...item, className: item.className.split(' ').map((name) => (name === 'get' ? methodClass : name)).join(' ')}];
      }
      if (item.type === 'doc' && typeof item.id === 'string') {
        const schemaPage = pageIdOf(item.id, SCHEMA_PAGES_DIR);
        const label = schemaPage ? arrangement.schemaLabels.get(schemaPage) : undefined;
        return label === undefined ? [item] : [{...item, label}];
      }
      if (item.type === 'category' && Array.isArray(item.items)) {
        const isSchemas = !item.link && item.items.length > 0 && item.items.every(isSchemaPage);
        const children = visit(item.items);
        // A category left without pages and without a page of its own has nothing to show.
        if (children.length === 0 && !item.link) return [];
        if (isSchemas) {
          schemasCategory = {
            ...item,
            items: groupedByName(children),
            collapsible: true,
            collapsed: true,
            ...(arrangement.schemasIndexSlug
              ? {link: {type: 'generated-index', slug: arrangement.schemasIndexSlug, title: arrangement.schemasIndexTitle ?? 'Schemas', description: 'Every data model of the API, with its fields and where it is used.'}}
              : {}),
          };
          return [schemasCategory];
        }
        return [{...item, items: children}];
      }
      return [item];
    });
  const arranged = groupedTagCategories(
    nestTagCategories(withoutLabelCategories(visit(renameOverview(items, arrangement.overview)), arrangement.labelTags), arrangement.tagParents),
    schemasCategory,
  );
  if (webhooks.length === 0) return arranged;
  // In the description's order (the order of webhookPageIds), not the order
  // of the tag categories and the outline's keys the plugin found them in.
  const positions = new Map([...arrangement.webhookPageIds].map((pageId, index) => [pageId, index]));
  const positionOf = (item: SidebarNode) => positions.get(String(item.id).slice(String(item.id).lastIndexOf('/') + 1)) ?? positions.size;
  webhooks.sort((a, b) => positionOf(a) - positionOf(b));
  const webhookCategory: SidebarNode = {type: 'category', label: 'Webhooks', collapsible: true, collapsed: true, items: groupedByName(webhooks)};
  const schemasAt = schemasCategory ? arranged.indexOf(schemasCategory) : -1;
  return schemasAt === -1 ? [...arranged, webhookCategory] : [...arranged.slice(0, schemasAt), webhookCategory, ...arranged.slice(schemasAt)];
}

/** SidebarArrangement as JSON: Maps as entry lists, Sets as lists, in the generators' order. */
interface SerializedArrangement {
  overview?: {from: string; to: string};
  schemaLabels: [string, string][];
  webhookPageIds: string[];
  schemasIndexSlug?: string;
  schemasIndexTitle?: string;
  labelTags?: string[];
  tagParents?: [string, string][];
  methodClasses?: [string, string][];
}

/** The text of SIDEBAR_ARRANGEMENT_FILE for `arrangement`. */
export function serializeArrangement(arrangement: SidebarArrangement): string {
  const serialized: SerializedArrangement = {
    ...(arrangement.overview ? {overview: arrangement.overview} : {}),
    schemaLabels: [...arrangement.schemaLabels],
    webhookPageIds: [...arrangement.webhookPageIds],
    ...(arrangement.schemasIndexSlug !== undefined ? {schemasIndexSlug: arrangement.schemasIndexSlug} : {}),
    ...(arrangement.schemasIndexTitle !== undefined ? {schemasIndexTitle: arrangement.schemasIndexTitle} : {}),
    ...(arrangement.labelTags ? {labelTags: [...arrangement.labelTags]} : {}),
    ...(arrangement.tagParents ? {tagParents: [...arrangement.tagParents]} : {}),
    ...(arrangement.methodClasses ? {methodClasses: [...arrangement.methodClasses]} : {}),
  };
  return `${JSON.stringify(serialized, null, 2)}\n`;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const isPairList = (value: unknown): value is [string, string][] =>
  Array.isArray(value) && value.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every(isString));

/** The arrangement in `text` (SIDEBAR_ARRANGEMENT_FILE's), or the JSON Pointer of the first member that is not what serializeArrangement writes. */
export function parseArrangement(text: string): SidebarArrangement | {error: string} {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {error: `not JSON (${(error as Error).message})`};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {error: 'the root is not an object'};
  const data = value as Record<string, unknown>;
  const checks: [string, (member: unknown) => boolean, boolean][] = [
    ['overview', (member) => typeof member === 'object' && member !== null && isString((member as {from?: unknown}).from) && isString((member as {to?: unknown}).to), false],
    ['schemaLabels', isPairList, true],
    ['webhookPageIds', isStringList, true],
    ['schemasIndexSlug', isString, false],
    ['schemasIndexTitle', isString, false],
    ['labelTags', isStringList, false],
    ['tagParents', isPairList, false],
    ['methodClasses', isPairList, false],
  ];
  for (const [name, valid, required] of checks) {
    if (data[name] === undefined ? required : !valid(data[name])) return {error: `/${name} is ${data[name] === undefined ? 'missing' : 'not what the page generators write'}`};
  }
  const serialized = data as unknown as SerializedArrangement;
  return {
    ...(serialized.overview ? {overview: {from: serialized.overview.from, to: serialized.overview.to}} : {}),
    schemaLabels: new Map(serialized.schemaLabels),
    webhookPageIds: new Set(serialized.webhookPageIds),
    ...(serialized.schemasIndexSlug !== undefined ? {schemasIndexSlug: serialized.schemasIndexSlug} : {}),
    ...(serialized.schemasIndexTitle !== undefined ? {schemasIndexTitle: serialized.schemasIndexTitle} : {}),
    ...(serialized.labelTags ? {labelTags: new Set(serialized.labelTags)} : {}),
    ...(serialized.tagParents ? {tagParents: new Map(serialized.tagParents)} : {}),
    ...(serialized.methodClasses ? {methodClasses: new Map(serialized.methodClasses)} : {}),
  };
}

/**
 * The plugin's sidebar items of the pages in `outputDir` arranged as the site
 * shows them, by the SIDEBAR_ARRANGEMENT_FILE the page generators wrote there.
 */
export function arrangedApiSidebar<Item>(items: Item[], outputDir: string): Item[] {
  const file = path.join(outputDir, SIDEBAR_ARRANGEMENT_FILE);
  if (!existsSync(file)) throw new Error(`[sidebars] ${file} is missing: the API pages were generated by an older version of the page generators; run "npm run gen" again.`);
  const arrangement = parseArrangement(readFileSync(file, 'utf8'));
  if ('error' in arrangement) throw new Error(`[sidebars] ${file}: ${arrangement.error}; run "npm run gen" again.`);
  return arrangeSidebarItems(items as SidebarNode[], arrangement) as Item[];
}
