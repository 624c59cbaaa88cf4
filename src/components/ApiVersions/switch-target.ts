import {matchPage, type VersionPage} from '../../versions/page-keys';
import type {ApiVersionInfo, VersionPagesFile} from '../../plugins/api-versions/version-types';

/** The version whose pages `pathname` is one of: the longest route prefix, so `/docs/api/2.2.0/x` is 2.2.0, not the current `/docs/api`. */
export function versionOfPath(versions: readonly ApiVersionInfo[], pathname: string): ApiVersionInfo | undefined {
  let found: ApiVersionInfo | undefined;
  for (const version of versions) {
    if (!pathname.startsWith(`${version.routeBasePath}/`)) continue;
    if (found === undefined || version.routeBasePath.length > found.routeBasePath.length) found = version;
  }
  return found;
}

export interface SwitchTarget {
  path: string;
  /** Why the reader lands on the overview instead of the same page. */
  note?: string;
}

function describe(page: VersionPage): string {
  switch (page.kind) {
    case 'overview':
      return 'The overview';
    case 'tag':
      return `The ${page.name} tag`;
    case 'schema':
      return `The ${page.name} schema`;
    default: {
      const route = `${page.method.toUpperCase()} ${page.path}`;
      const what = page.kind === 'webhook' ? `The webhook ${page.path}` : page.title ? `${page.title} (${route})` : route;
      return what;
    }
  }
}

/** Why `page` is missing from version `target`, as the changelog tells it: added in a later version, or removed in an earlier one. */
function whyMissing(file: VersionPagesFile, page: VersionPage, target: string): string {
  const present = file.order.map((name) => matchPage(file.pages[name] ?? [], page) !== undefined);
  const at = file.order.indexOf(target);
  const first = present.indexOf(true);
  if (first === -1 || at < first) return first === -1 ? 'no version documents it' : `it was added in ${file.order[first]}`;
  // The last version up to the target in which it went missing.
  let removedIn: string | undefined;
  for (let index = first + 1; index <= at; index += 1) if (present[index - 1] && !present[index]) removedIn = file.order[index];
  return removedIn ? `it was removed in ${removedIn}` : 'no page of that version documents it';
}

/**
 * The current version's page for `pathname` of an older version, when it has
 * no doc of its own to say so: the schemas' index is a generated index.
 */
export function currentPathOfIndex(versions: readonly ApiVersionInfo[], pathname: string): string | undefined {
  const version = versionOfPath(versions, pathname);
  if (version === undefined || version.schemasIndexPath !== pathname.replace(/\/$/, '')) return undefined;
  return versions.find((candidate) => candidate.current)?.schemasIndexPath;
}

/**
 * Where switching to version `target` from `pathname` leads: the same page in
 * that version (an operation by operationId, else method and path), else the
 * version's overview with a note saying why.
 */
export function switchTarget(file: VersionPagesFile, versions: readonly ApiVersionInfo[], pathname: string, target: string): SwitchTarget {
  const to = versions.find((version) => version.name === target);
  if (to === undefined) throw new Error(`[api-versions] no version is named "${target}"`);
  const from = versionOfPath(versions, pathname);
  if (from === undefined) return {path: to.overviewPath};
  if (from.schemasIndexPath !== undefined && pathname.replace(/\/$/, '') === from.schemasIndexPath) {
    return to.schemasIndexPath !== undefined ? {path: to.schemasIndexPath} : {path: to.overviewPath, note: `Version ${to.name} has no schemas.`};
  }
  const pageId = decodeURI(pathname.slice(from.routeBasePath.length + 1)).replace(/\/$/, '');
  const page = (file.pages[from.name] ?? []).find((candidate) => candidate.pageId === pageId);
  if (page === undefined) return {path: to.overviewPath};
  const match = matchPage(file.pages[to.name] ?? [], page);
  if (match !== undefined) return {path: `${to.routeBasePath}/${match.pageId}`};
  return {path: to.overviewPath, note: `${describe(page)} is not in version ${to.name}: ${whyMissing(file, page, to.name)}.`};
}
