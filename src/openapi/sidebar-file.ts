import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import JSON5 from 'json5';

import {SCHEMA_PAGES_DIR} from './page-ids';

/**
 * Edits the sidebar file docusaurus-plugin-openapi-docs writes
 * (`docs/api/sidebar.ts`: `const sidebar: SidebarsConfig = {…JSON5…};`),
 * for the rare page whose id our generators have to change after the plugin
 * wrote it.
 */

const SIDEBAR_OBJECT = /(const sidebar: SidebarsConfig = )([\s\S]*?)(;\s*export default sidebar\.apisidebar;)/;

interface SidebarItem {
  type?: string;
  id?: string;
}

/**
 * Renames the top-level doc item `<dir>/<oldId>` (or `oldId`) of the sidebar,
 * where the plugin puts the overview page. Items inside categories (operation
 * pages) and category links (tag pages) keep their ids, even when equal.
 * Returns whether an item changed.
 */
export function renameSidebarDoc(sidebarFile: string, oldId: string, newId: string): boolean {
  if (!existsSync(sidebarFile)) return false;
  const source = readFileSync(sidebarFile, 'utf8');
  const match = SIDEBAR_OBJECT.exec(source);
  if (!match) throw new Error(`[api-pages] cannot read the sidebar object in ${sidebarFile}; the plugin's sidebar format changed.`);
  const sidebar = JSON5.parse(match[2]) as Record<string, SidebarItem[]>;
  const item = Object.values(sidebar)
    .flat()
    .find((candidate) => candidate.type === 'doc' && typeof candidate.id === 'string' && (candidate.id === oldId || candidate.id.endsWith(`/${oldId}`)));
  if (!item?.id) return false;
  item.id = `${item.id.slice(0, item.id.length - oldId.length)}${newId}`;
  const object = JSON5.stringify(sidebar, {space: 2, quote: '"'});
  writeFileSync(sidebarFile, source.replace(SIDEBAR_OBJECT, (_all, head: string, _body: string, tail: string) => `${head}${object}${tail}`));
  return true;
}

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

/** The sidebar as the site shows it, from the plugin's: webhooks in a
 * "Webhooks" category of their own, schema pages named by their schema and
 * grouped in a collapsed "Schemas" category with an index page. */
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
            items: children,
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
  const arranged = nestTagCategories(withoutLabelCategories(visit(items), arrangement.labelTags), arrangement.tagParents);
  if (webhooks.length === 0) return arranged;
  // In the description's order (the order of webhookPageIds), not the order
  // of the tag categories and the outline's keys the plugin found them in.
  const positions = new Map([...arrangement.webhookPageIds].map((pageId, index) => [pageId, index]));
  const positionOf = (item: SidebarNode) => positions.get(String(item.id).slice(String(item.id).lastIndexOf('/') + 1)) ?? positions.size;
  webhooks.sort((a, b) => positionOf(a) - positionOf(b));
  const webhookCategory: SidebarNode = {type: 'category', label: 'Webhooks', collapsible: true, collapsed: true, items: webhooks};
  const schemasAt = schemasCategory ? arranged.indexOf(schemasCategory) : -1;
  return schemasAt === -1 ? [...arranged, webhookCategory] : [...arranged.slice(0, schemasAt), webhookCategory, ...arranged.slice(schemasAt)];
}

/** arrangeSidebarItems applied to the plugin's sidebar file. Returns whether it changed. */
export function arrangeApiSidebar(sidebarFile: string, arrangement: SidebarArrangement): boolean {
  if (!existsSync(sidebarFile)) return false;
  const source = readFileSync(sidebarFile, 'utf8');
  const match = SIDEBAR_OBJECT.exec(source);
  if (!match) throw new Error(`[api-pages] cannot read the sidebar object in ${sidebarFile}; the plugin's sidebar format changed.`);
  const sidebar = JSON5.parse(match[2]) as Record<string, SidebarNode[]>;
  const arranged = Object.fromEntries(Object.entries(sidebar).map(([key, items]) => [key, arrangeSidebarItems(items, arrangement)]));
  const object = JSON5.stringify(arranged, {space: 2, quote: '"'});
  if (object === JSON5.stringify(sidebar, {space: 2, quote: '"'})) return false;
  writeFileSync(sidebarFile, source.replace(SIDEBAR_OBJECT, (_all, head: string, _body: string, tail: string) => `${head}${object}${tail}`));
  return true;
}
