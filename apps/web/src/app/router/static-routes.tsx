import { Navigate, type RouteObject } from 'react-router';
import { LOGIN_PATH, PASSWORD_CHANGE_PATH, PUBLIC_DISPLAY_PATH } from '@district/shared';
import { UserLayout } from '../layouts/user-layout';
import { STATIC_PAGES } from './component-registry';
import { LazyView } from './route-elements';

/** Paths owned by the static table: a menu entry with the same path is not registered again. */
export const STATIC_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/user',
  LOGIN_PATH,
  '/user/register',
  '/user/register-result',
  '/user/alteration',
  PASSWORD_CHANGE_PATH,
  '/test',
  '/test/home',
  '/404',
  PUBLIC_DISPLAY_PATH,
  '/infoDetails',
]);

/** The static routes of app-spec §2 (the catch-all lives in the app router, after the menu routes). */
export function staticRoutes(): RouteObject[] {
  return [
    {
      path: '/user',
      element: <UserLayout />,
      children: [
        { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
        { path: 'login', element: <LazyView page={STATIC_PAGES.login} /> },
        { path: 'register', element: <LazyView page={STATIC_PAGES.register} /> },
        { path: 'register-result', element: <LazyView page={STATIC_PAGES.registerResult} /> },
        { path: 'alteration', element: <LazyView page={STATIC_PAGES.alteration} /> },
        // A password that must be changed first (issue 24): outside the shell, which the server refuses until then.
        { path: PASSWORD_CHANGE_PATH.replace('/user/', ''), element: <LazyView page={STATIC_PAGES.passwordChange} /> },
      ],
    },
    { path: '/test', element: <Navigate to="/test/home" replace /> },
    { path: '/test/home', element: <LazyView page={STATIC_PAGES.testHome} fullscreen /> },
    { path: '/404', element: <LazyView page={STATIC_PAGES.notFound} fullscreen /> },
    { path: '/', element: <Navigate to={PUBLIC_DISPLAY_PATH} replace /> },
    { path: PUBLIC_DISPLAY_PATH, element: <LazyView page={STATIC_PAGES.assetAllocationAll} fullscreen /> },
    { path: '/infoDetails', element: <LazyView page={STATIC_PAGES.infoDetails} fullscreen /> },
  ];
}
