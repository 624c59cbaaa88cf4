/**
 * @docusaurus/core 3.10.2 `lib/client/preload.js` for the server bundle, one
 * change: the route table is searched with `matchRoutesIndexed`
 * (./route-index.ts) instead of trying every route, so static rendering does
 * not scan every doc route before each of thousands of pages. The server
 * bundle takes it in place of the core's (src/plugins/route-matching); the
 * client's preload, when route sections are on, is
 * src/plugins/route-sections/client/preload.ts, with the same search.
 */
import routes from '@generated/routes';
import type {RouteConfig} from 'react-router-config';
import {matchRoutesIndexed} from './route-index';

interface PreloadableComponent {
  preload?: () => Promise<unknown>;
}

export default function preload(pathname: string): Promise<unknown[]> {
  const matches = Array.from(new Set([pathname, decodeURI(pathname)])).flatMap((path) => matchRoutesIndexed(routes as RouteConfig[], path));
  return Promise.all(matches.map((match) => (match.route.component as PreloadableComponent | undefined)?.preload?.()));
}
