import { PERMISSION_MESSAGES as M, type PermissionTreeRow } from '@district/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { PermissionListPage } from './permission-list-page';
import { grant, record } from './permission-test-data';

const row = (id: string, name: string, extra = {}, children?: PermissionTreeRow[]): PermissionTreeRow => ({
  ...record(id, { name, ...extra }),
  key: id,
  title: name,
  ...(children ? { children } : {}),
});

const tree: PermissionTreeRow[] = [
  row('sys', '系统管理', {}, [
    row('user', '用户管理', { parentId: 'sys', menuType: 1, component: 'system/UserList', url: '/system/user' }, [
      row('user-add', '添加用户', { parentId: 'user', menuType: 2, perms: 'system:user:add', url: null }),
    ]),
  ]),
  row('home', '首页', { url: '/dashboard/analysis' }),
];

describe('permission list page (whole tree)', () => {
  let http: ReturnType<typeof mockHttp>;
  afterEach(() => {
    http.restore();
    useSessionStore.setState({ auth: [], allAuth: [] });
  });

  function start(routes = {}) {
    http = mockHttp({
      'GET /sys/permission/list': ok(tree),
      'GET /sys/permission/queryTreeList': ok({ treeList: [], ids: [] }),
      ...routes,
    });
    renderWithApp(<PermissionListPage />);
  }

  it('shows the whole tree expanded, with the actions the user holds', async () => {
    grant();
    start();
    expect(await screen.findByText('添加用户')).toBeInTheDocument();
    expect(screen.getByText('system:user:add')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '新增菜单' })).toBeInTheDocument();
    const buttonRow = screen.getByText('添加用户').closest('tr')!;
    expect(within(buttonRow).getByText('编辑')).toBeInTheDocument();
    // Buttons get neither children nor data rules.
    expect(within(buttonRow).queryByText('添加下级')).toBeNull();
    expect(within(buttonRow).queryByText('数据规则')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '折叠全部' }));
    await waitFor(() => expect(screen.queryByText('添加用户')).toBeNull());
  });

  it('hides every action without the permissions', async () => {
    grant([]);
    start();
    await screen.findByText('用户管理');
    expect(screen.queryByRole('button', { name: '新增菜单' })).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
  });

  it('deletes after confirmation and reloads', async () => {
    grant();
    start({ 'DELETE /sys/permission/delete': ok(null, '删除成功！共删除 3 项（含下级）') });
    await screen.findByText('用户管理');
    fireEvent.click(within(screen.getByText('用户管理').closest('tr')!).getByText('删除'));
    expect(await screen.findByText(M.deleteConfirm)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功！共删除 3 项（含下级）')).toBeInTheDocument();
    const call = http.calls.find((c) => c.method === 'delete')!;
    expect(call.params).toMatchObject({ id: 'user' });
    expect(http.calls.filter((c) => c.url === '/sys/permission/list').length).toBe(2);
  });

  it('searches by name', async () => {
    grant();
    start();
    await screen.findByText('用户管理');
    fireEvent.change(screen.getByLabelText('菜单名称'), { target: { value: '用户' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(http.calls.some((c) => (c.params as { name?: string })?.name === '用户')).toBe(true));
  });
});
