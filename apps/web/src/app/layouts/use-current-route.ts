import { useMemo } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import { routeChain, type AppRoute } from '../router/build-routes';
import { useRouting } from '../router/route-table-context';

/** The menu entry of the current location and its ancestors (outermost first). */
export function useCurrentRoute(): { route: AppRoute | undefined; chain: AppRoute[] } {
  const { table, mainRoutes } = useRouting();
  const location = useLocation();
  return useMemo(() => {
    const matches = matchRoutes(mainRoutes, location);
    const route = matches?.[matches.length - 1]?.route.handle as AppRoute | undefined;
    return { route, chain: routeChain(table, route) };
  }, [table, mainRoutes, location]);
}
