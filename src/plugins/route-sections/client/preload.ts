/**
 * @docusaurus/core 3.10.2 `lib/client/preload.js`, run after the route
 * sections the path needs have loaded (./runtime.ts), and followed by the
 * path's sidebar, when it loads on its own, and its sidebar category (./sidebar.ts); the table is searched with
 * `matchRoutesIndexed` (../route-index.ts), not route by route. The client bundle uses
 * it in place of the original (src/plugins/route-sections), so the first
 * render, every navigation and every link preload wait for their routes.
 */
import routes from '@generated/routes';
import type {RouteConfig} from 'react-router-config';
import {matchRoutesIndexed} from '../../route-matching/client/route-index';
import {ensureRouteSections} from './runtime';
import {ensureSidebarCategory, ensureWholeSidebars} from './sidebar';

interface PreloadableComponent {
  preload?: () => Promise<unknown>;
}

export default function preload(pathname: string): Promise<unknown[]> {
  let sidebars: string[] = [];
  return ensureRouteSections(pathname).then(() => {
    const matches = Array.from(new Set([pathname, decodeURI(pathname)])).flatMap((path) => matchRoutesIndexed(routes as RouteConfig[], path));
    sidebars = matches.flatMap((match) => (typeof (match.route as {sidebar?: unknown}).sidebar === 'string' ? [(match.route as {sidebar: string}).sidebar] : []));
    return Promise.all(matches.map((match) => (match.route.component as PreloadableComponent | undefined)?.preload?.()));
  }).then(async (loaded) => {
    // The page's sidebar and its category, once the version metadata they go into has loaded.
    await ensureWholeSidebars(sidebars);
    await ensureSidebarCategory(pathname);
    return loaded;
  });
}
