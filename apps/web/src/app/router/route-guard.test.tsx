import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GUEST_CREDENTIALS, MSG, SESSION_TTL_MS, STORAGE_KEYS, type LoginResult } from '@district/shared';
import { useSessionStore } from '../../lib/session-store';
import { localStore } from '../../lib/storage';
import { menuItem } from '../../test/menu-fixture';
import { fail, mockHttp, ok } from '../../test/mock-http';
import { renderWithApp } from '../../test/render';
import { AppShell } from './app-router';

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
});
