import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import JSON5 from 'json5';

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
