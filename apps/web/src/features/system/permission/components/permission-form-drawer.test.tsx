import { PERMISSION_MESSAGES as M } from '@district/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { record } from '../pages/permission-test-data';
import { PermissionFormDrawer, type PermissionFormTarget } from './permission-form-drawer';

const treeList = {
  treeList: [
    {
      key: 'sys',
      title: '系统管理',
      menuType: 0,
      ruleFlag: 0,
      isLeaf: false,
      children: [{ key: 'btn', title: '按钮', menuType: 2, ruleFlag: 0, isLeaf: true }],
    },
  ],
  ids: ['sys', 'btn'],
};

describe('permission form drawer', () => {
  let http: ReturnType<typeof mockHttp>;
  afterEach(() => http.restore());

  function open(target: PermissionFormTarget) {
    http = mockHttp({
      'GET /sys/permission/queryTreeList': ok(treeList),
      'POST /sys/permission/add': ok({ id: 'new' }, '添加成功！'),
      'PUT /sys/permission/edit': ok(null, '编辑成功！'),
    });
    const onSaved = vi.fn();
    renderWithApp(<PermissionFormDrawer target={target} onClose={() => undefined} onSaved={onSaved} />);
    return onSaved;
  }
  const submit = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

  it('asks for the fields of a top-level menu with the shared messages', async () => {
    open({ mode: 'add' });
    expect(await screen.findByText('新增菜单')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('上级菜单')).toBeNull());
    expect(screen.getByLabelText('前端组件')).toHaveValue('layouts/RouteView');
    fireEvent.change(screen.getByLabelText('菜单路径'), { target: { value: 'system' } });
    submit();
    expect(await screen.findByText(M.nameRequired)).toBeInTheDocument();
    expect(await screen.findByText(M.urlInvalid)).toBeInTheDocument();
  });

  it('shows the button fields for 按钮/权限 and sends a button', async () => {
    const onSaved = open({ mode: 'add', parentId: 'sys' });
    expect(await screen.findByText('添加下级')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('按钮/权限'));
    expect(await screen.findByLabelText('授权标识')).toBeInTheDocument();
    expect(screen.queryByLabelText('菜单路径')).toBeNull();
    expect(screen.queryByLabelText('前端组件')).toBeNull();
    fireEvent.change(screen.getByLabelText('按钮/权限名称'), { target: { value: '导出😀' } });
    fireEvent.change(screen.getByLabelText('授权标识'), { target: { value: 'a b' } });
    submit();
    expect(await screen.findByText(M.permsInvalid)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('授权标识'), { target: { value: 'system:demo:export' } });
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const call = http.calls.find((c) => c.url === '/sys/permission/add')!;
    expect(JSON.parse(call.data as string)).toMatchObject({
      menuType: 2,
      name: '导出😀',
      parentId: 'sys',
      perms: 'system:demo:export',
      permsType: '1',
      status: '1',
    });
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
  });

  it('requires a parent for a sub-menu', async () => {
    open({ mode: 'add', menuType: 1 });
    await screen.findByLabelText('上级菜单');
    fireEvent.change(screen.getByLabelText('菜单名称'), { target: { value: '子' } });
    submit();
    expect(await screen.findByText(M.parentRequired)).toBeInTheDocument();
  });

  it('edits a record: fields filled, switches sent as 0/1, the id added', async () => {
    const onSaved = open({
      mode: 'edit',
      record: record('m1', {
        name: '用户管理',
        menuType: 1,
        parentId: 'sys',
        url: '/system/user',
        component: 'system/UserList',
        keepAlive: 1,
      }),
    });
    expect(await screen.findByText('编辑菜单')).toBeInTheDocument();
    expect(screen.getByLabelText('菜单名称')).toHaveValue('用户管理');
    fireEvent.click(screen.getByLabelText('隐藏路由'));
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ parentIds: ['sys', 'sys'] }));
    const body = JSON.parse(http.calls.find((c) => c.url === '/sys/permission/edit')!.data as string);
    expect(body).toMatchObject({ id: 'm1', name: '用户管理', hidden: 1, keepAlive: 1, url: '/system/user' });
  });
});
