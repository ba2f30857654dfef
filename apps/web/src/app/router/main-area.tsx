import { lazy, Suspense } from 'react';
import { matchRoutes, Navigate, useLocation } from 'react-router';
import { PageBoundary } from '@/components/page-boundary/page-boundary';
import { PageLoading } from '@/components/page-boundary/page-loading';
import { HOME_PATH } from '@district/shared';
import { landingPath, type AppRoute } from './build-routes';
import { isKnownPagePath, PAGE_COMPONENTS } from './component-registry';
import { prefetchDashboardCharts } from '@/features/dashboard/public';
import { withChunkTimeout } from '@/lib/lazy-page';
import { useRouting } from './route-table-context';

// The shell is its own chunk: the login page and the public pages never load it up front.
const loadMainLayout = () => import('../layouts/main-layout');
const MainLayout = lazy(withChunkTimeout(() => loadMainLayout().then((module) => ({ default: module.MainLayout }))));

/**
 * Fetches the shell and 首页 while the login page sits idle (after it is live), so the first screen after signing in
 * does not wait for their chunks. A failure is left to the real navigation, which reports it as usual.
 */
export function prefetchAfterLogin() {
  void loadMainLayout().catch(() => undefined);
  void PAGE_COMPONENTS['dashboard/Analysis']?.preload?.().catch(() => undefined);
  void prefetchDashboardCharts().catch(() => undefined);
}

/**
 * The catch-all: a menu route renders inside the main layout; a page the product has but the user's
 * menu lacks renders there too, as 403 (the layout shows it for an unmatched path); anything else goes to /404.
 */
export function MainArea() {
  const { mainRoutes, table } = useRouting();
  const location = useLocation();
  const matches = matchRoutes(mainRoutes, location);
  const route = matches?.[matches.length - 1]?.route.handle as AppRoute | undefined;
  // 首页 is where login and 返回首页 go; a user whose roles lack it starts on the first page they may open.
  if (!route && location.pathname === HOME_PATH) {
    const landing = landingPath(table);
    if (landing && landing !== HOME_PATH) return <Navigate to={landing} replace />;
  }
  if (!route && !isKnownPagePath(location.pathname)) return <Navigate to="/404" replace />;
  // A group forwards to its page; the layout stays mounted so pages kept in other tabs keep their state.
  const redirect =
    route?.kind === 'container' && route.redirect && route.redirect !== route.path ? route.redirect : null;
  return (
    <PageBoundary>
      {redirect && <Navigate to={redirect} replace />}
      <Suspense fallback={<PageLoading fullscreen />}>
        <MainLayout />
      </Suspense>
    </PageBoundary>
  );
}
