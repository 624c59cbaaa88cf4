/**
 * @docusaurus/core 3.10.2 `lib/client/preload.js`, run after the route
 * sections the path needs have loaded (./runtime.ts), and followed by the
 * path's sidebar category (./sidebar.ts); the table is searched with
 * `matchRoutesIndexed` (../route-index.ts), not route by route. The client bundle uses
 * it in place of the original (src/plugins/route-sections), so the first
 * render, every navigation and every link preload wait for their routes.
 */
import routes from '@generated/routes';
import type {RouteConfig} from 'react-router-config';
import {matchRoutesIndexed} from '../../route-matching/client/route-index';
import {ensureRouteSections} from './runtime';
import {ensureSidebarCategory} from './sidebar';

interface PreloadableComponent {
  preload?: () => Promise<unknown>;
}

export default function preload(pathname: string): Promise<unknown[]> {
  return ensureRouteSections(pathname).then(() => {
    const matches = Array.from(new Set([pathname, decodeURI(pathname)])).flatMap((path) => matchRoutesIndexed(routes as RouteConfig[], path));
    return Promise.all(matches.map((match) => (match.route.component as PreloadableComponent | undefined)?.preload?.()));
  }).then(async (loaded) => {
    // The page's sidebar category, once the version metadata it goes into has loaded.
    await ensureSidebarCategory(pathname);
    return loaded;
  });
}
