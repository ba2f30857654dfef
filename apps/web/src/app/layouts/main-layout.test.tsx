import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, PERM, SESSION_TTL_MS, STORAGE_KEYS, type UserInfo } from '@district/shared';
import { hideEmptyParents } from '@/lib/permission';
import { useSessionStore } from '@/lib/session-store';
import { localStore } from '@/lib/storage';
import { adminMenu } from '@/test/menu-fixture';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { AppShell } from '../router/app-router';
import { useTabsStore } from './multi-tab/tabs-store';

let restore = () => undefined as void;

function signedIn(routes: Parameters<typeof mockHttp>[0] = {}, platform: Record<string, unknown> = {}) {
  localStore.set(STORAGE_KEYS.accessToken, 'tok', SESSION_TTL_MS);
  useSessionStore.setState({
    token: 'tok',
    username: 'admin',
    userInfo: { username: 'admin', realname: '管理员', avatar: '' } as UserInfo,
    menu: hideEmptyParents(adminMenu()),
    auth: [{ action: PERM.dictRefreshCache, describe: '刷新字典缓存', type: '1', status: '1' }],
  });
  const http = mockHttp({
    'GET /sys/platform/info': ok({
      systemName: '测试平台',
      logoUrl: '',
      logoTitle: '测试子系统',
      showSettings: true,
      captchaEnabled: false,
      ...platform,
    }),
    'GET /sys/user/current': ok({
      username: 'admin',
      realname: '管理员',
      departName: '财务科',
      positionName: '科员',
      tenantName: '默认租户',
      lastLoginTime: '2026-01-02 03:04:05',
      lastLoginIp: '10.0.0.1',
    }),
    'POST /sys/logout': ok(null),
    ...routes,
  });
  restore = http.restore;
  return http;
}

beforeEach(() => useTabsStore.getState().reset());
afterEach(() => {
  cleanup();
  restore();
  useSessionStore.getState().clearSession();
});

describe('main layout', () => {
  it('greets the user and shows the dashboard card from the server', async () => {
    signedIn();
    renderWithApp(<AppShell />, { route: '/dashboard/analysis' });
    expect(await screen.findByText('欢迎您，管理员')).toBeInTheDocument();
    // The user card is a lazy chunk of the home page: on a busy machine its first transform alone takes seconds.
    expect(await screen.findByText('10.0.0.1', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('财务科')).toBeInTheDocument();
    expect(screen.getByText('2026-01-02 03:04:05')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('测试平台'));
  });

  it('titles the shell’s logo with the logo title, and keeps the system name for the page title', async () => {
    signedIn();
    renderWithApp(<AppShell />, { route: '/dashboard/analysis' });
    const logo = await screen.findByRole('link', { name: /测试子系统/ });
    expect(logo).toHaveAttribute('href', '/dashboard/analysis');
    expect(logo).toHaveAttribute('title', '测试平台');
  });

  it('stores the title of a picked menu entry under the route title key and opens its tab', async () => {
    signedIn({ 'GET /sys/platform/settings': ok({ systemName: '测试平台', logoUrl: '', logoTitle: '测试子系统' }) });
    renderWithApp(<AppShell />, { route: '/dashboard/analysis' });
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByText('系统管理'));
    await userEvent.click(await within(menu).findByText('平台设置'));
    expect(localStore.get(`${STORAGE_KEYS.routeTitlePrefix}/system/platform`)).toBe('平台设置');
    await waitFor(() => expect(useTabsStore.getState().tabs.map((t) => t.key)).toContain('/system/platform'));
    await waitFor(() => expect(document.title).toBe('平台设置 - 测试平台'));
  });

  it('refreshes the dictionary cache: 刷新缓存完成！', async () => {
    const http = signedIn({
      'GET /sys/dict/refleshCache': ok(null),
      'GET /sys/dict/queryAllDictItems': ok({ sex: [{ value: '1', text: '男', title: '男', label: '男' }] }),
    });
    renderWithApp(<AppShell />, { route: '/dashboard/analysis' });
    await userEvent.hover(await screen.findByText('欢迎您，管理员'));
    await userEvent.click(await screen.findByText('刷新缓存'));
    expect(await screen.findByText(MSG.cacheRefreshed)).toBeInTheDocument();
    expect(localStore.get<Record<string, unknown>>(STORAGE_KEYS.dictCache)).toHaveProperty('sex');
    expect(http.calls.map((c) => c.url)).toEqual(
      expect.arrayContaining(['/sys/dict/refleshCache', '/sys/dict/queryAllDictItems']),
    );
  });

  it('reports a failed cache refresh: 刷新缓存失败！', async () => {
    signedIn({ 'GET /sys/dict/refleshCache': fail(500, MSG.serverError) });
    renderWithApp(<AppShell />, { route: '/dashboard/analysis' });
    await userEvent.hover(await screen.findByText('欢迎您，管理员'));
    await userEvent.click(await screen.findByText('刷新缓存'));
    expect(await screen.findByText(MSG.cacheRefreshFailed)).toBeInTheDocument();
  });

  it('offers 刷新缓存 only to holders of its permission', async () => {
    signedIn();
    useSessionStore.setState({ auth: [] });
    renderWithApp(<AppShell />, { route: '/dashboard/analysis' });
    await userEvent.hover(await screen.findByText('欢迎您，管理员'));
    expect(await screen.findByText('密码修改')).toBeInTheDocument();
    expect(screen.queryByText('刷新缓存')).not.toBeInTheDocument();
  });

  it('asks 真的要注销登录吗 ? and then signs out to /user/login', async () => {
    const http = signedIn();
    renderWithApp(<AppShell />, { route: '/dashboard/analysis' });
    await userEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    expect(await screen.findByText(MSG.logoutConfirm)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));

    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    const logout = http.calls.find((c) => c.url === '/sys/logout');
    expect(logout?.headers['X-Access-Token']).toBe('tok');
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBeNull();
    expect(useSessionStore.getState().menu).toBeNull();
  });

  it('offers the settings drawer when the platform allows it, and persists choices', async () => {
    signedIn();
    renderWithApp(<AppShell />, { route: '/dashboard/analysis' });
    await userEvent.click(await screen.findByRole('button', { name: '系统设置' }));
    await userEvent.click(await screen.findByRole('switch', { name: '色弱模式' }));
    expect(document.documentElement.style.filter).toBe('invert(80%)');
    expect(localStore.get(STORAGE_KEYS.colorWeak)).toBe(true);
    await userEvent.click(screen.getByRole('switch', { name: '色弱模式' }));
    expect(document.documentElement.style.filter).toBe('');
  });

  it('hides the settings gear when the platform does not offer the drawer', async () => {
    signedIn({}, { showSettings: false });
    renderWithApp(<AppShell />, { route: '/dashboard/analysis' });
    expect(await screen.findByText('欢迎您，管理员')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '系统设置' })).not.toBeInTheDocument();
  });

  it('shows a 20-character logo title whole, on two smaller lines instead of cutting it', async () => {
    const title = '区域资产资源管理与发布平台物联网子系统一';
    expect([...title]).toHaveLength(20);
    signedIn({}, { logoTitle: title });
    renderWithApp(<AppShell />, { route: '/dashboard/analysis' });
    const text = await screen.findByText(title);
    expect(text).toHaveClass('app-logo-title-long');
  });
});
