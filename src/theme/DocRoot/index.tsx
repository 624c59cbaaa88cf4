import {useMemo, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import DocRoot from '@theme-original/DocRoot';
import type {Props} from '@theme/DocRoot';
import type {RouteConfig} from 'react-router-config';
import {firstMatchingRoute} from '@site/src/plugins/route-matching/client/route-index';

/**
 * The classic DocRoot, given only the doc route that matches the page.
 *
 * DocRoot finds the page's doc by trying each doc route of the version in
 * turn (`useDocRootMetadata`), then renders them all into a `<Switch>` that
 * tries each again: two scans of every doc on every docs page, rendered
 * thousands of times by static rendering of a large API and again on every
 * client-side navigation. `firstMatchingRoute` finds the route the scans
 * would find without them (src/plugins/route-matching/client/route-index.ts); the list DocRoot gets
 * holds that route alone, with the key the `<Switch>` gave it in the full
 * list, so pages mount and remount as before. Where no route matches, DocRoot
 * gets the full list and shows its not-found content, as before.
 */
export default function DocRootWithIndexedRoutes(props: Props): ReactNode {
  const {pathname} = useLocation();
  const routes = props.route.routes as RouteConfig[] | undefined;
  const length = routes?.length;
  const route = useMemo(() => {
    const found = routes === undefined ? undefined : firstMatchingRoute(routes, pathname);
    if (found === undefined) return props.route;
    // renderRoutes keys each route `route.key || position`.
    return {...props.route, routes: [{...found.route, key: found.route.key || String(found.position)}]};
    // The list changes in place as route sections load: its length is part of the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.route, routes, length, pathname]);
  return <DocRoot {...props} route={route as Props['route']} />;
}
