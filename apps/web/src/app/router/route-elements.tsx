import { Suspense, useMemo } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { CurrentPageContext, type CurrentPage } from '@/components/page-content/current-page-context';
import { PageBoundary } from '@/components/page-boundary/page-boundary';
import { PageLoading } from '@/components/page-boundary/page-loading';
import type { AppRoute } from './build-routes';
import { IFRAME_PAGE, pageComponent, STATIC_PAGES } from './component-registry';
import type { LazyPage } from '@/lib/lazy-page';

/** A lazily loaded page with its loading spinner and error boundary. */
export function LazyView({ page: Page, fullscreen }: { page: LazyPage; fullscreen?: boolean }) {
  return (
    <PageBoundary>
      <Suspense fallback={<PageLoading fullscreen={fullscreen} />}>
        <Page />
      </Suspense>
    </PageBoundary>
  );
}

function pageFor(route: AppRoute): LazyPage {
  switch (route.kind) {
    case 'page':
      return pageComponent(route.component) ?? STATIC_PAGES.missingComponent;
    case 'iframe':
      return IFRAME_PAGE;
    case 'notOpen':
      return STATIC_PAGES.notOpen;
    default:
      return STATIC_PAGES.missingComponent;
  }
}

function RouteElement({ route, fullscreen }: { route: AppRoute; fullscreen?: boolean }) {
  const current = useMemo<CurrentPage>(
    () => ({ path: route.path, title: route.title, component: route.component, url: route.url, meta: route.meta }),
    [route],
  );
  // A group has no page of its own: it forwards to its redirect (an always-show group redirects to itself).
  if (route.kind === 'container' && route.redirect && route.redirect !== route.path) {
    return <Navigate to={route.redirect} replace />;
  }
  return (
    <CurrentPageContext.Provider value={current}>
      <LazyView page={pageFor(route)} fullscreen={fullscreen} />
    </CurrentPageContext.Provider>
  );
}

/** Menu routes as react-router objects; the AppRoute travels in `handle`. Earlier paths win over duplicates. */
export function toRouteObjects(
  routes: readonly AppRoute[],
  reservedPaths: ReadonlySet<string>,
  fullscreen = false,
): RouteObject[] {
  const seen = new Set(reservedPaths);
  const objects: RouteObject[] = [];
  for (const route of routes) {
    if (seen.has(route.path)) continue;
    seen.add(route.path);
    objects.push({ path: route.path, handle: route, element: <RouteElement route={route} fullscreen={fullscreen} /> });
  }
  return objects;
}
