import { useEffect, useMemo } from 'react';
import { BrowserRouter, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { useSessionStore } from '@/lib/session-store';
import { setNavigator } from '@/lib/navigation';
import { buildRouteTable } from './build-routes';
import { MainArea } from './main-area';
import { RouteGuard } from './route-guard';
import { RouteTableContext, type RoutingState } from './route-table-context';
import { toRouteObjects } from './route-elements';
import { STATIC_PATHS, staticRoutes } from './static-routes';

/** Gives stores and the request layer router navigation (no full reload on logout). */
function NavigatorBinder() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}

/**
 * The route table is rebuilt from the menu whenever it changes and evaluated with `useRoutes`.
 * We use <BrowserRouter> + useRoutes rather than a data router (createBrowserRouter) because the
 * menu arrives after sign-in and changes with the user: re-creating a data router would remount
 * the whole tree, while useRoutes simply evaluates the new table on the next render.
 *
 * Order: static routes, then top-level (visual layout) menu routes, then a catch-all that renders
 * the main layout when a menu route matches and redirects to /404 otherwise.
 */
export function AppRoutes() {
  const menu = useSessionStore((s) => s.menu);
  const routing = useMemo<RoutingState>(() => {
    const table = buildRouteTable(menu);
    return { table, mainRoutes: toRouteObjects(table.main, STATIC_PATHS) };
  }, [menu]);
  const routes = useMemo<RouteObject[]>(() => {
    const reserved = new Set([...STATIC_PATHS, ...routing.mainRoutes.map((r) => r.path ?? '')]);
    return [
      ...staticRoutes(),
      ...toRouteObjects(routing.table.top, reserved, true),
      { path: '*', element: <MainArea /> },
    ];
  }, [routing]);
  const element = useRoutes(routes);
  return <RouteTableContext.Provider value={routing}>{element}</RouteTableContext.Provider>;
}

/** Everything below the router, so tests can mount it in a MemoryRouter. */
export function AppShell() {
  return (
    <>
      <NavigatorBinder />
      <RouteGuard>
        <AppRoutes />
      </RouteGuard>
    </>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}
