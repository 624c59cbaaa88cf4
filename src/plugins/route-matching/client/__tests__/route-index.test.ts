import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import type {RouteConfig} from 'react-router-config';
import {firstMatchingRoute, matchRoutesIndexed} from '../route-index';
import {mulberry32} from '@site/scripts/seeded-random';

const require = createRequire(import.meta.url);
// The oracles: React Router's and react-router-config's own code, as installed.
const {matchPath} = require('react-router') as {matchPath: (pathname: string, route: RouteConfig) => unknown};
const {matchRoutes} = require('react-router-config') as {matchRoutes: (routes: RouteConfig[], pathname: string) => unknown[]};

const SEGMENTS = ['docs', 'api', 'Create-Contact', 'list', 'blog', 'x', 'ä', ':id', '*'];

function randomPath(random: () => number): string {
  const depth = 1 + Math.floor(random() * 3);
  return `/${Array.from({length: depth}, () => SEGMENTS[Math.floor(random() * SEGMENTS.length)]).join('/')}${random() < 0.1 ? '/' : ''}`;
}

/** A route list like Docusaurus's: mostly exact doc routes, some prefixes, parameters, odd options and pathless routes. */
function randomRoutes(random: () => number, size: number, depth = 0): RouteConfig[] {
  return Array.from({length: size}, () => {
    const kind = random();
    const route: RouteConfig = {path: randomPath(random)};
    if (kind < 0.6) route.exact = true;
    else if (kind < 0.65) Object.assign(route, {exact: true, strict: true});
    else if (kind < 0.7) Object.assign(route, {exact: true, sensitive: true});
    else if (kind < 0.75) delete route.path;
    if (depth < 2 && random() < 0.2) route.routes = randomRoutes(random, 1 + Math.floor(random() * 8), depth + 1);
    return route;
  });
}

function pathnamesFor(routes: RouteConfig[], random: () => number): string[] {
  const own = routes.flatMap((route) => (typeof route.path === 'string' ? [route.path, route.path.toUpperCase(), `${route.path}/`, `${route.path}/more`] : []));
  return [...own, ...Array.from({length: 10}, () => randomPath(random)), '/', '', '/%C3%A4'];
}

describe('firstMatchingRoute', () => {
  it('finds the route the full scan finds, with the same match, in random lists', () => {
    const random = mulberry32(1402);
    for (let round = 0; round < 60; round++) {
      const routes = randomRoutes(random, 1 + Math.floor(random() * 40));
      for (const pathname of pathnamesFor(routes, random)) {
        const position = routes.findIndex((route) => matchPath(pathname, route) !== null);
        const found = firstMatchingRoute(routes, pathname);
        expect({pathname, position: found?.position ?? -1, match: found?.match ?? null}).toEqual({
          pathname,
          position,
          match: position === -1 ? null : matchPath(pathname, routes[position]),
        });
      }
    }
  });

  it('notices a list that changed in place (route sections loading), by length or by content', () => {
    const routes: RouteConfig[] = [{path: '/docs/a', exact: true}, {path: '/docs/b', exact: true}];
    expect(firstMatchingRoute(routes, '/docs/b')?.position).toBe(1);
    routes.splice(0, 2, {path: '/docs/c', exact: true}, {path: '/docs/b', exact: true, strict: true}, {path: '/docs/b', exact: true});
    expect(firstMatchingRoute(routes, '/docs/b')?.position).toBe(1);
    routes.splice(0, 3, {path: '/docs/x', exact: true}, {path: '/docs/y', exact: true}, {path: '/docs/b', exact: true});
    expect(firstMatchingRoute(routes, '/docs/B/')?.position).toBe(2);
    expect(firstMatchingRoute(routes, '/docs/c')).toBeUndefined();
  });
});

describe('matchRoutesIndexed', () => {
  it('returns the branch react-router-config returns, route by route and match by match', () => {
    const random = mulberry32(77);
    for (let round = 0; round < 60; round++) {
      const routes = randomRoutes(random, 1 + Math.floor(random() * 30));
      for (const pathname of pathnamesFor(routes, random)) {
        expect({pathname, branch: matchRoutesIndexed(routes, pathname)}).toEqual({pathname, branch: matchRoutes(routes, pathname)});
      }
    }
  });

  it('finds a doc among thousands in a Docusaurus-shaped table', () => {
    const docs: RouteConfig[] = Array.from({length: 5000}, (_, index) => ({path: `/docs/api/op-${index}`, exact: true}));
    const routes: RouteConfig[] = [{path: '/blog', exact: true}, {path: '/docs', routes: [{path: '/docs', routes: [{path: '/docs', routes: docs}]}]}, {path: '*'}];
    expect(matchRoutesIndexed(routes, '/docs/api/op-4321').map(({route}) => route.path)).toEqual(['/docs', '/docs', '/docs', '/docs/api/op-4321']);
    expect(matchRoutesIndexed(routes, '/nope')).toEqual(matchRoutes(routes, '/nope'));
  });
});
