import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { SECURITY_MESSAGES as M, SESSION_TTL_MS, STORAGE_KEYS, USER_ACTIVITY_HEADER } from '@district/shared';
import { takeLoginNotice } from '@/lib/login-notice';
import { setNavigator } from '@/lib/navigation';
import { useSessionStore } from '@/lib/session-store';
import { localStore } from '@/lib/storage';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { IdleWatcher } from './idle-watcher';

/* The idle timeout's warning in the browser (issue 24): asked of the server in the background, kept by 继续使用. */

const MINUTE = 60_000;

function Where() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  return <output aria-label="where">{pathname}</output>;
}

let restore = () => undefined as void;
function setup(routes: Parameters<typeof mockHttp>[0]) {
  const http = mockHttp(routes);
  restore = http.restore;
  renderWithApp(
    <>
      <Routes>
        <Route path="*" element={<IdleWatcher />} />
      </Routes>
      <Where />
    </>,
    { route: '/dashboard/analysis' },
  );
  return http;
}

beforeEach(() => {
  useSessionStore.getState().clearSession();
  localStore.set(STORAGE_KEYS.accessToken, 'tok', SESSION_TTL_MS);
  useSessionStore.setState({ token: 'tok', username: 'staff' });
  takeLoginNotice();
});
afterEach(() => {
  cleanup();
  restore();
  useSessionStore.getState().clearSession();
});

describe('idle watcher', () => {
  it('warns before the end with a countdown; 继续使用 keeps the session', async () => {
    const http = setup({
      'GET /sys/session/state': ok({ idleMs: 30 * MINUTE, remainingMs: 45_000 }),
      'POST /sys/session/keepAlive': ok({ idleMs: 30 * MINUTE, remainingMs: 30 * MINUTE }),
    });
    expect(await screen.findByText('即将因长时间未操作而退出')).toBeInTheDocument();
    expect(screen.getByText(/^4[45]$/)).toBeInTheDocument();
    // The state is asked in the background: it is no activity.
    const state = http.calls.find((c) => c.url === '/sys/session/state');
    expect(state?.headers[USER_ACTIVITY_HEADER]).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: '继续使用' }));
    await waitFor(() => expect(screen.queryByText('即将因长时间未操作而退出')).not.toBeInTheDocument());
    const kept = http.calls.filter((c) => c.url === '/sys/session/keepAlive');
    expect(kept).toHaveLength(1);
    // The click was the user's: it counts.
    expect(kept[0].headers[USER_ACTIVITY_HEADER]).toBe('1');
    expect(screen.getByLabelText('where')).toHaveTextContent('/dashboard/analysis');
  });

  it('stays silent while the session has time left (another tab kept it)', async () => {
    const http = setup({ 'GET /sys/session/state': ok({ idleMs: 30 * MINUTE, remainingMs: 20 * MINUTE }) });
    await waitFor(() => expect(http.calls.some((c) => c.url === '/sys/session/state')).toBe(true));
    expect(screen.queryByText('即将因长时间未操作而退出')).not.toBeInTheDocument();
  });

  it('signs out at the end and the login page says why', async () => {
    const http = setup({
      'GET /sys/session/state': ok({ idleMs: 30 * MINUTE, remainingMs: 0 }),
      'POST /sys/logout': ok(null),
    });
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/user/login'));
    expect(useSessionStore.getState().token).toBeNull();
    expect(http.calls.some((c) => c.url === '/sys/logout')).toBe(true);
    expect(takeLoginNotice()).toBe(M.sessionIdle);
  });

  it('立即退出 signs out at once', async () => {
    setup({
      'GET /sys/session/state': ok({ idleMs: 2 * MINUTE, remainingMs: 50_000 }),
      'POST /sys/logout': ok(null),
    });
    await userEvent.click(await screen.findByRole('button', { name: '立即退出' }));
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/user/login'));
    expect(useSessionStore.getState().token).toBeNull();
  });
});
