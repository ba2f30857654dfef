import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button, Space } from 'antd';
import {
  GUEST_CREDENTIALS,
  LOGIN_PATH,
  PASSWORD_CHANGE_PATH,
  PUBLIC_DISPLAY_PATH,
  PUBLIC_PATHS,
} from '@district/shared';
import { PageLoading } from '@/components/page-boundary/page-loading';
import { StatusBlock } from '@/components/status-block/status-block';
import { errorMessage } from '@/lib/errors';
import { loginPathFor, navigateTo } from '@/lib/navigation';
import { useSessionStore } from '@/lib/session-store';

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathname);
}

/** The public display (the guest's whole world): the only paths the automatic guest login is for. */
const DISPLAY_PATHS: readonly string[] = ['/', PUBLIC_DISPLAY_PATH, '/infoDetails'];
export function isDisplayPath(pathname: string): boolean {
  return DISPLAY_PATHS.includes(pathname);
}

/**
 * The failure page needs no session: it only says the address is wrong. The forced password change loads no menu
 * (the server refuses it until the password is changed) and sends a visitor without a session to the login page.
 */
const OPEN_PATHS: readonly string[] = ['/404', PASSWORD_CHANGE_PATH];

export const isGuestSession = (username: string | null): boolean => username === GUEST_CREDENTIALS.username;

let preparing: Promise<void> | null = null;

/**
 * Makes sure there is a session with its menu: without a token the guard signs in with the fixed
 * guest credentials (app-spec §2 step 3); with a token it loads the permissions once. Concurrent
 * callers (StrictMode, quick navigations) share one attempt.
 */
export function prepareSession(): Promise<void> {
  preparing ??= (async () => {
    if (!useSessionStore.getState().token) {
      try {
        await useSessionStore.getState().apiLogin(GUEST_CREDENTIALS);
      } catch (error) {
        // Without even the guest session the only sensible place is the login page.
        navigateTo(LOGIN_PATH, { replace: true });
        throw error;
      }
    }
    if (useSessionStore.getState().menu === null) await useSessionStore.getState().loadPermissions();
  })().finally(() => {
    preparing = null;
  });
  return preparing;
}

/**
 * The guard of app-spec §2, evaluated on every location: a stored token proceeds (after its
 * permissions are loaded and the routes built from them), the four public paths proceed, the public
 * display signs in as the guest first. Any other path needs a real account: without one (no token, or
 * only the guest's) the visitor goes to the login page, which brings them back afterwards — a deep
 * link must not end silently as the guest on a 404 (decisions.md).
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const token = useSessionStore((s) => s.token);
  const guest = useSessionStore((s) => isGuestSession(s.username));
  const menuLoaded = useSessionStore((s) => s.menu !== null);
  const loggingOut = useSessionStore((s) => s.loggingOut);
  const onPublicPath = isPublicPath(pathname) || OPEN_PATHS.includes(pathname);
  const needsAccount = !onPublicPath && !isDisplayPath(pathname) && (!token || guest);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const pending = !onPublicPath && !needsAccount && (!token || !menuLoaded);

  // A logout ends on the login page; from there on the guard works as usual again.
  useEffect(() => {
    if (loggingOut && onPublicPath) useSessionStore.setState({ loggingOut: false });
  }, [loggingOut, onPublicPath]);

  useEffect(() => {
    if (!pending || loggingOut) return;
    let active = true;
    prepareSession().then(
      () => active && setFailure(null),
      (error: unknown) => active && setFailure(errorMessage(error, '加载菜单失败')),
    );
    return () => {
      active = false;
    };
  }, [pending, loggingOut, token, attempt]);

  const retry = useCallback(() => {
    setFailure(null);
    setAttempt((n) => n + 1);
  }, []);

  if (loggingOut && !onPublicPath) return <PageLoading fullscreen />;
  if (needsAccount) return <Navigate to={loginPathFor(LOGIN_PATH, `${pathname}${search}`)} replace />;
  if (!pending) return <>{children}</>;
  if (failure && token) {
    return (
      <StatusBlock
        status="warning"
        title="无法进入系统"
        subTitle={failure}
        extra={
          <Space>
            <Button onClick={retry}>重试</Button>
            <Button type="primary" onClick={() => void useSessionStore.getState().logout()}>
              重新登录
            </Button>
          </Space>
        }
      />
    );
  }
  return <PageLoading fullscreen />;
}
