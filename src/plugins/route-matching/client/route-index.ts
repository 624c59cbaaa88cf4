/**
 * The first route of a list that matches a path, found without trying every
 * route: what `routes.find((route) => matchPath(pathname, route))` finds, and
 * what React Router's `<Switch>` and react-router-config's `matchRoutes`
 * render and return, in about constant time for the routes of a docs plugin.
 *
 * Docusaurus looks up a docs page's route by trying each doc route in turn,
 * before each render (`preload`) and while rendering (`DocRoot`); with
 * thousands of API pages that is thousands of matches per page, and static
 * rendering does it for every page. A route whose path is plain text and
 * which matches exactly (`exact`, neither `strict` nor `sensitive`: every doc
 * route) matches a path only when the path is its own, ignoring ASCII case and
 * one trailing slash (./literal-path-match.ts). Such routes are looked up by
 * that key; every other route (parameters, prefixes, strict or case-sensitive
 * ones) is still tried with `matchPath`, in its place in the list, so the
 * first match is the same as the full scan's.
 *
 * Lists change in the browser as route sections load (src/plugins/route-sections/client):
 * an index is rebuilt when its list's length changes or a route it names has
 * moved.
 */
import {matchPath, type match as PathMatch} from 'react-router';
import type {RouteConfig, MatchedRoute} from 'react-router-config';
import {literalPathMatch} from './literal-path-match';

interface RouteListIndex {
  /** Lower-cased path → positions of the exact plain-text routes with that path, ascending. */
  byPath: Map<string, number[]>;
  /** Positions of all other routes, ascending. */
  others: number[];
  /** The routes as indexed, to notice a list that changed in place. */
  routes: RouteConfig[];
}

const indexes = new WeakMap<RouteConfig[], RouteListIndex>();

/** The key of a route that matches a path only when the path is its own, or undefined. */
function exactLiteralKey(route: RouteConfig): string | undefined {
  if (route.exact !== true || route.strict || route.sensitive || typeof route.path !== 'string') return undefined;
  // A path literalPathMatch takes is plain text: the key then decides the match.
  if (literalPathMatch(route.path, route.path, true, false, false) === undefined) return undefined;
  return route.path.toLowerCase();
}

function buildIndex(routes: RouteConfig[]): RouteListIndex {
  const index: RouteListIndex = {byPath: new Map(), others: [], routes: [...routes]};
  routes.forEach((route, position) => {
    const key = exactLiteralKey(route);
    if (key === undefined) {
      index.others.push(position);
      return;
    }
    const positions = index.byPath.get(key);
    if (positions) positions.push(position);
    else index.byPath.set(key, [position]);
  });
  return index;
}

function indexOf(routes: RouteConfig[]): RouteListIndex {
  let index = indexes.get(routes);
  if (index === undefined || index.routes.length !== routes.length || index.routes.some((route, position) => routes[position] !== route)) {
    index = buildIndex(routes);
    indexes.set(routes, index);
  }
  return index;
}

/** Paths that print as ASCII are compared by key; anything else is matched route by route. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export interface FirstMatch {
  route: RouteConfig;
  /** Its position in the list. */
  position: number;
  match: PathMatch;
}

/**
 * The first route of `routes` for which `matchOf` gives a match. `matchOf`
 * must agree with `matchPath(pathname, route)` on exact plain-text routes;
 * it decides alone for every other route.
 */
function firstMatch(routes: RouteConfig[], pathname: string, matchOf: (route: RouteConfig) => PathMatch | null): FirstMatch | undefined {
  const tryAt = (position: number): FirstMatch | undefined => {
    const route = routes[position];
    const match = matchOf(route);
    return match ? {route, position, match} : undefined;
  };
  if (!PRINTABLE_ASCII.test(pathname)) {
    for (let position = 0; position < routes.length; position++) {
      const found = tryAt(position);
      if (found) return found;
    }
    return undefined;
  }
  const index = indexOf(routes);
  const key = pathname.toLowerCase();
  const candidates = [...(index.byPath.get(key) ?? []), ...(key.endsWith('/') ? (index.byPath.get(key.slice(0, -1)) ?? []) : [])];
  const firstCandidate = candidates.length === 0 ? Infinity : Math.min(...candidates);
  for (const position of index.others) {
    if (position > firstCandidate) break;
    const found = tryAt(position);
    if (found) return found;
  }
  return firstCandidate === Infinity ? undefined : tryAt(firstCandidate);
}

/** The first route of `routes` whose `matchPath(pathname, route)` is not null (what `<Switch>` renders), with that match. */
export function firstMatchingRoute(routes: RouteConfig[], pathname: string): FirstMatch | undefined {
  return firstMatch(routes, pathname, (route) => matchPath(pathname, route));
}

/**
 * react-router-config 5's `matchRoutes`, each list searched as
 * `firstMatchingRoute` does: the same branch, route by route and match by
 * match. A route without a path takes its parent's match (the root match at
 * the top).
 */
export function matchRoutesIndexed(routes: RouteConfig[], pathname: string, branch: MatchedRoute<object>[] = []): MatchedRoute<object>[] {
  const parentMatch = (): PathMatch =>
    branch.length > 0 ? branch[branch.length - 1].match : {path: '/', url: '/', params: {}, isExact: pathname === '/'};
  const found = firstMatch(routes, pathname, (route) => (route.path ? matchPath(pathname, route) : parentMatch()));
  if (found === undefined) return branch;
  branch.push({route: found.route, match: found.match});
  if (found.route.routes) matchRoutesIndexed(found.route.routes, pathname, branch);
  return branch;
}
