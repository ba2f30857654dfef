import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GUEST_CREDENTIALS, MSG, SESSION_TTL_MS, STORAGE_KEYS, type LoginResult } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { localStore } from '@/lib/storage';
import { menuItem } from '@/test/menu-fixture';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { useLocation } from 'react-router';
import { AppShell } from './app-router';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{`${pathname}${search}`}</output>;
}

const staffLogin = (): LoginResult =>
  ({
    ...guestLogin(),
    token: 'staff-token',
    userInfo: { username: 'staff', realname: '张三', loginTenantId: 1001 },
    tenantList: [{ id: 1001, name: '默认租户' }],
  }) as unknown as LoginResult;

const staffMenu = () => [
  menuItem('/dashboard/analysis', 'dashboard/Analysis', '首页'),
  menuItem('/result', 'layouts/RouteView', '结果页', {}, [menuItem('/result/success', 'result/Success', '成功页')]),
];

/** A signed-in ordinary user whose menu is `menu`. */
function signedInStaff(extra: Parameters<typeof mockHttp>[0] = {}) {
  localStore.set(STORAGE_KEYS.accessToken, 'staff-token', SESSION_TTL_MS);
  useSessionStore.setState({ token: 'staff-token', username: 'staff' });
  const http = mockHttp({
    'GET /sys/platform/info': platform,
    'GET /sys/permission/getUserPermissionByToken': ok({ menu: staffMenu(), auth: [], allAuth: [] }),
    ...extra,
  });
  restore = http.restore;
  return http;
}

const guestLogin = (): LoginResult =>
  ({
    token: 'guest-token',
    userInfo: { username: 'guest', realname: '访客', loginTenantId: 0 },
    company: { name: '', latitude: null, longitude: null },
    departList: [],
    positionList: [],
    tenantList: [],
    multi_depart: 0,
  }) as unknown as LoginResult;

const platform = ok({ systemName: '测试平台', logoUrl: '', showSettings: false, captchaEnabled: false });
let restore = () => undefined as void;

beforeEach(() => useSessionStore.getState().clearSession());
afterEach(() => {
  cleanup();
  restore();
  useSessionStore.getState().clearSession();
});

describe('route guard', () => {
  it('signs in with the guest credentials before showing a non-public page', async () => {
    const http = mockHttp({
      'GET /sys/platform/info': platform,
      'POST /sys/apiLogin': ok(guestLogin()),
      'GET /sys/permission/getUserPermissionByToken': ok({
        menu: [menuItem('/assetAllocationAll', 'asset/AssetAllocationAll', '资产一览')],
        auth: [],
        allAuth: [],
      }),
      // Nothing is published yet.
      'GET /asset/public/stats': ok({ total: 0, totalArea: 0, byCategory: [], byStatus: [] }),
      'GET /asset/public/points': ok([]),
      'GET /asset/public/list': ok({ records: [], total: 0, size: 12, current: 1, pages: 0 }),
    });
    restore = http.restore;
    renderWithApp(<AppShell />, { route: '/' });

    expect(await screen.findByText('暂无已发布的资产')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/user/login');
    const login = http.calls.find((c) => c.url === '/sys/apiLogin');
    expect(JSON.parse(login?.data as string)).toEqual(GUEST_CREDENTIALS);
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBe('guest-token');
    // The permission call carries the new token.
    const permissions = http.calls.find((c) => c.url === '/sys/permission/getUserPermissionByToken');
    expect(permissions?.headers['X-Access-Token']).toBe('guest-token');
  });

  it('lets the public account paths through without signing in', async () => {
    const http = mockHttp({ 'GET /sys/platform/info': platform });
    restore = http.restore;
    renderWithApp(<AppShell />, { route: '/user/register' });
    expect(await screen.findByText('注册功能暂未开放，请联系管理员开通账号')).toBeInTheDocument();
    expect(http.calls.some((c) => c.url === '/sys/apiLogin')).toBe(false);
  });

  it('with a stored token, an empty menu stops at an explanation with a way back to login', async () => {
    localStore.set(STORAGE_KEYS.accessToken, 'tok', SESSION_TTL_MS);
    useSessionStore.setState({ token: 'tok' });
    restore = mockHttp({
      'GET /sys/platform/info': platform,
      'GET /sys/permission/getUserPermissionByToken': fail(403, MSG.emptyMenu),
      'POST /sys/logout': ok(null),
    }).restore;
    renderWithApp(<AppShell />, { route: '/dashboard/analysis' });

    expect(await screen.findByText(MSG.emptyMenu)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重新登录' }));
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('sends a signed-out deep link to the login page and back to it after signing in', async () => {
    const http = mockHttp({
      'GET /sys/platform/info': platform,
      'POST /sys/login': ok(staffLogin()),
      'GET /sys/permission/getUserPermissionByToken': ok({ menu: staffMenu(), auth: [], allAuth: [] }),
    });
    restore = http.restore;
    renderWithApp(
      <>
        <AppShell />
        <Where />
      </>,
      { route: '/result/success?from=mail' },
    );

    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(screen.getByLabelText('where')).toHaveTextContent(
      `/user/login?redirect=${encodeURIComponent('/result/success?from=mail')}`,
    );
    // No silent guest session for a page the guest may not see.
    expect(http.calls.some((c) => c.url === '/sys/apiLogin')).toBe(false);

    await userEvent.type(screen.getByLabelText('用户名'), 'staff');
    await userEvent.type(screen.getByLabelText('密码'), 'Staff@2026');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent(/^\/result\/success\?from=mail$/));
  });

  it('sends the guest who opens a non-public page to the login page, not to a 404', async () => {
    localStore.set(STORAGE_KEYS.accessToken, 'guest-token', SESSION_TTL_MS);
    useSessionStore.setState({ token: 'guest-token', username: GUEST_CREDENTIALS.username });
    restore = mockHttp({ 'GET /sys/platform/info': platform }).restore;
    renderWithApp(
      <>
        <AppShell />
        <Where />
      </>,
      { route: '/dashboard/analysis' },
    );
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(screen.getByLabelText('where')).toHaveTextContent('/user/login?redirect=%2Fdashboard%2Fanalysis');
  });

  it('still signs the guest in for the public detail page', async () => {
    const http = mockHttp({
      'GET /sys/platform/info': platform,
      'POST /sys/apiLogin': ok(guestLogin()),
      'GET /sys/permission/getUserPermissionByToken': ok({
        menu: [menuItem('/assetAllocationAll', 'asset/AssetAllocationAll', '资产一览')],
        auth: [],
        allAuth: [],
      }),
    });
    restore = http.restore;
    renderWithApp(
      <>
        <AppShell />
        <Where />
      </>,
      { route: '/infoDetails' },
    );
    await waitFor(() => expect(http.calls.some((c) => c.url === '/sys/apiLogin')).toBe(true));
    expect(screen.getByLabelText('where')).toHaveTextContent(/^\/infoDetails$/);
  });

  it('shows 403 for a known page missing from the user’s menu, inside the shell', async () => {
    signedInStaff({ 'GET /sys/user/current': ok({ username: 'staff', realname: '张三' }) });
    renderWithApp(<AppShell />, { route: '/system/user' });
    expect(await screen.findByText('抱歉，你无权访问该页面')).toBeInTheDocument();
    expect(screen.queryByText('抱歉，你访问的页面不存在')).not.toBeInTheDocument();
    // The menu stays, so the user has a way on.
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('shows 404 for a path that exists nowhere', async () => {
    signedInStaff();
    renderWithApp(
      <>
        <AppShell />
        <Where />
      </>,
      { route: '/no/such/page' },
    );
    expect(await screen.findByText('抱歉，你访问的页面不存在')).toBeInTheDocument();
    expect(screen.getByLabelText('where')).toHaveTextContent(/^\/404$/);
  });
});
