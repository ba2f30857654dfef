import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { SESSION_TTL_MS, STORAGE_KEYS, type UserInfo } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { localStore } from '@/lib/storage';
import { hideEmptyParents } from '@/lib/permission';
import { adminMenu, menuItem } from '@/test/menu-fixture';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { useTabsStore } from '../layouts/multi-tab/tabs-store';
import { AppShell } from './app-router';
import { buildRouteTable, landingPath, routeChain, searchableEntries } from './build-routes';

describe('route table built from the menu', () => {
  const table = buildRouteTable(hideEmptyParents(adminMenu()));
  const mainPaths = table.main.map((r) => r.path);

  it('registers menu entries, but not those whose route flag is 0', () => {
    expect(mainPaths).toContain('/system/platform');
    expect(mainPaths).not.toContain('/unregistered');
    // Still in the tree, so a menu can show it (e.g. an external link).
    expect(table.byPath.get('/unregistered')?.registered).toBe(false);
  });

  it('hides a parent whose children are all hidden', () => {
    expect(table.byPath.get('/ghost')?.hidden).toBe(true);
    expect(table.byPath.get('/system')?.hidden).toBe(false);
  });

  it('lets an always-show entry redirect to its own path', () => {
    const always = table.byPath.get('/always');
    expect(always?.redirect).toBe('/always');
    expect(always?.kind).toBe('page');
  });

  it('sends a group to its first visible child', () => {
    expect(table.byPath.get('/result')?.redirect).toBe('/result/success');
  });

  it('classifies components: unknown, generated lists, iframe pages', () => {
    expect(table.byPath.get('/unknown/page')?.kind).toBe('unknown');
    expect(table.byPath.get('/online/list')?.kind).toBe('notOpen');
    expect(table.byPath.get('/iframe/doc')?.kind).toBe('iframe');
  });

  it('lists visible non-group entries for the menu search', () => {
    const paths = searchableEntries(table).map((r) => r.path);
    expect(paths).toContain('/result/success');
    expect(paths).toContain('/always');
    expect(paths).not.toContain('/result');
    expect(paths).not.toContain('/always/detail');
    expect(paths).not.toContain('/ghost/a');
  });

  it('attaches the pages of a visual layout at top level, outside the main layout', () => {
    const visual = buildRouteTable([
      menuItem('/screen', 'layouts/RouteVisualView', '大屏', {}, [menuItem('/screen/map', 'result/Success', '地图')]),
    ]);
    expect(visual.top.map((r) => r.path)).toEqual(['/screen', '/screen/map']);
    expect(visual.main).toHaveLength(0);
  });

  it('lands on 首页 when the menu has it, else on the first page the user may open', () => {
    expect(landingPath(table)).toBe('/dashboard/analysis');
    const noHome = buildRouteTable(hideEmptyParents(adminMenu().filter((m) => m.path !== '/dashboard/analysis')));
    expect(landingPath(noHome)).toBe('/result/success');
    expect(landingPath(buildRouteTable([]))).toBeNull();
  });

  it('knows every entry’s ancestors', () => {
    expect(routeChain(table, table.byPath.get('/result/fail')).map((r) => r.title)).toEqual(['结果页', '失败页']);
  });
});

describe('routing inside the app shell', () => {
  let restore = () => undefined as void;

  beforeEach(() => {
    localStore.set(STORAGE_KEYS.accessToken, 'tok', SESSION_TTL_MS);
    useSessionStore.setState({
      token: 'tok',
      username: 'admin',
      userInfo: { username: 'admin', realname: '管理员' } as UserInfo,
      menu: hideEmptyParents(adminMenu()),
      auth: [],
      allAuth: [],
    });
    useTabsStore.getState().reset();
    restore = mockHttp({
      'GET /sys/platform/info': ok({ systemName: '测试平台', logoUrl: '', showSettings: false, captchaEnabled: false }),
      'GET /sys/user/current': ok({ username: 'admin', realname: '管理员' }),
    }).restore;
  });

  afterEach(() => {
    // Unmount first: a mounted guard would react to the session being cleared below.
    cleanup();
    restore();
    useSessionStore.setState({ token: null, menu: null, username: null, userInfo: null });
  });

  it('renders a menu page inside the main layout with 首页 first in the breadcrumb', async () => {
    renderWithApp(<AppShell />, { route: '/result/success' });
    expect(await screen.findByText('提交成功')).toBeInTheDocument();
    const crumbs = document.querySelector('.app-breadcrumb') as HTMLElement;
    const items = within(crumbs).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('首页');
    expect(within(items[0]).getByRole('link', { name: '首页' })).toHaveAttribute('href', '/dashboard/analysis');
    expect(crumbs).toHaveTextContent('结果页');
    // The current page is plain text.
    expect(within(crumbs).queryByRole('link', { name: '成功页' })).not.toBeInTheDocument();
    expect(within(crumbs).getByText('成功页')).toBeInTheDocument();
  });

  it('sends a user whose roles lack 首页 from 首页 (login, 返回首页) to the first page they may open', async () => {
    useSessionStore.setState({ menu: hideEmptyParents(adminMenu().filter((m) => m.path !== '/dashboard/analysis')) });
    renderWithApp(<AppShell />, { route: '/dashboard/analysis' });
    expect(await screen.findByText('提交成功')).toBeInTheDocument();
    expect(screen.queryByText('抱歉，你无权访问该页面')).toBeNull();
  });

  it('forwards a group to its first child', async () => {
    renderWithApp(<AppShell />, { route: '/result' });
    expect(await screen.findByText('提交成功')).toBeInTheDocument();
  });

  it('renders an always-show entry as its own page', async () => {
    renderWithApp(<AppShell />, { route: '/always' });
    expect(await screen.findByText('提交成功')).toBeInTheDocument();
  });

  it('shows a clear 404 for a menu component the app does not have', async () => {
    renderWithApp(<AppShell />, { route: '/unknown/page' });
    expect(await screen.findByText('页面不存在：未找到页面组件 foo/NoSuchPage')).toBeInTheDocument();
  });

  it('shows 该功能尚未开放 for generated list kinds', async () => {
    renderWithApp(<AppShell />, { route: '/online/list' });
    expect(await screen.findByText('该功能尚未开放')).toBeInTheDocument();
  });

  it('sends unregistered and unknown paths to /404', async () => {
    renderWithApp(<AppShell />, { route: '/unregistered' });
    expect(await screen.findByText('抱歉，你访问的页面不存在')).toBeInTheDocument();
  });

  it('logs out to the login page without signing the guest in on the way', async () => {
    restore();
    const http = mockHttp({
      'GET /sys/platform/info': ok({ systemName: '测试平台', logoUrl: '', showSettings: false, captchaEnabled: false }),
      'POST /sys/logout': ok(null),
      'POST /sys/apiLogin': ok({}),
    });
    restore = http.restore;
    renderWithApp(<AppShell />, { route: '/result/success' });
    expect(await screen.findByText('提交成功')).toBeInTheDocument();

    await act(() => useSessionStore.getState().logout());

    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(http.calls.map((c) => c.url)).toContain('/sys/logout');
    expect(http.calls.map((c) => c.url)).not.toContain('/sys/apiLogin');
    expect(useSessionStore.getState().token).toBeNull();
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('after a password change, signs out locally without calling the server or signing the guest in', async () => {
    restore();
    const http = mockHttp({
      'GET /sys/platform/info': ok({ systemName: '测试平台', logoUrl: '', showSettings: false, captchaEnabled: false }),
      'POST /sys/apiLogin': ok({}),
    });
    restore = http.restore;
    renderWithApp(<AppShell />, { route: '/result/success' });
    expect(await screen.findByText('提交成功')).toBeInTheDocument();

    await act(() => useSessionStore.getState().logout({ callServer: false }));

    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    const urls = http.calls.map((c) => c.url);
    expect(urls).not.toContain('/sys/apiLogin');
    expect(urls).not.toContain('/sys/logout');
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('titles the document with the page and the system name, the dashboard with the name alone', async () => {
    renderWithApp(<AppShell />, { route: '/system/platform' });
    await waitFor(() => expect(document.title).toBe('平台设置 - 测试平台'));
  });
});
