/**
 * The docs plugin's `getActiveDocContext` (its client's docsClientUtils),
 * found through an index instead of two scans of the version's docs.
 *
 * The navbar's docs items and the docs layout ask on every render which doc
 * the page shows: the plugin tries `matchPath` on each doc of the active
 * version in turn, then walks every doc of every version for the other
 * versions of that doc. Static rendering does that for each page, so the
 * work grows with the square of the page count, even with `matchPath`
 * itself made cheap (src/plugins/route-matching/client/literal-path-match.ts).
 *
 * Here a doc's route is found as `firstMatchingRoute` finds routes (the same
 * first match as the scan, src/plugins/route-matching/client/route-index.ts) and the other versions'
 * docs by id (the last doc with that id, as the plugin's loop keeps). Lists
 * grow in the browser as route sections load (src/plugins/route-sections/client);
 * an index is rebuilt when its list's length changes or a doc it names has
 * moved.
 * src/plugins/route-matching puts this in place of the plugin's function.
 */
import type {RouteConfig} from 'react-router-config';
import {firstMatchingRoute} from './route-index';

interface Doc {
  id: string;
  path: string;
}

interface Version {
  name: string;
  docs: Doc[];
}

interface DocsIndex {
  /** The docs as indexed, to notice a list that changed in place. */
  docs: Doc[];
  /** What `getActiveDocContext` passes `matchPath` for each doc, in order. */
  routes: RouteConfig[];
  /** Id → the last doc with that id. */
  byId: Map<string, Doc>;
}

const indexes = new WeakMap<Doc[], DocsIndex>();

function indexOf(docs: Doc[]): DocsIndex {
  let index = indexes.get(docs);
  if (index === undefined || index.docs.length !== docs.length || index.docs.some((doc, position) => docs[position] !== doc)) {
    index = {
      docs: [...docs],
      routes: docs.map((doc) => ({path: doc.path, exact: true, strict: false})),
      byId: new Map(docs.map((doc) => [doc.id, doc])),
    };
    indexes.set(docs, index);
  }
  return index;
}

/** `getActiveDocContext(data, pathname)` given the active version (`getActiveVersion(data, pathname)`): the same answer. */
export function activeDocContext<V extends Version>(
  data: {versions: V[]},
  pathname: string,
  activeVersion: V | undefined,
): {activeVersion: V | undefined; activeDoc: V['docs'][number] | undefined; alternateDocVersions: Record<string, V['docs'][number]>} {
  const found = activeVersion ? firstMatchingRoute(indexOf(activeVersion.docs).routes, pathname) : undefined;
  const activeDoc = found ? activeVersion!.docs[found.position] : undefined;
  const alternateDocVersions: Record<string, V['docs'][number]> = {};
  if (activeDoc) {
    for (const version of data.versions) {
      const doc = indexOf(version.docs).byId.get(activeDoc.id);
      if (doc) alternateDocVersions[version.name] = doc;
    }
  }
  return {activeVersion, activeDoc, alternateDocVersions};
}
