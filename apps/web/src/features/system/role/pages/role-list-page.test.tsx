import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { PERM, ROLE_MESSAGES, type AuthEntry, type PermissionTreeResult, type RoleRecord } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { ROLE_AUTH_TEXT } from '../components/role-auth-drawer';
import { RoleListPage } from './role-list-page';

const ROLES: RoleRecord[] = [
  {
    id: 'r1',
    roleName: '管理员',
    roleCode: 'admin',
    description: null,
    tenantId: null,
    createTime: '2026-01-01 10:00:00',
  },
  {
    id: 'r2',
    roleName: '普通员工',
    roleCode: 'staff',
    description: '首页',
    tenantId: null,
    createTime: '2026-01-01 10:00:00',
  },
];

const TREE: PermissionTreeResult = {
  ids: ['m1', 'm2', 'b1', 'b2'],
  treeList: [
    {
      key: 'm1',
      title: '系统管理',
      menuType: 0,
      ruleFlag: 0,
      isLeaf: false,
      children: [
        {
          key: 'm2',
          title: '用户管理',
          menuType: 1,
          ruleFlag: 1,
          isLeaf: false,
          children: [
            {
              key: 'b1',
              title: '用户查询',
              slotTitle: '用户查询（system:user:list）',
              menuType: 2,
              ruleFlag: 0,
              isLeaf: true,
            },
            { key: 'b2', title: '删除用户', menuType: 2, ruleFlag: 0, isLeaf: true, disableCheckbox: true },
          ],
        },
      ],
    },
  ],
};

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const ALL_PERMS = [PERM.roleList, PERM.roleAdd, PERM.roleEdit, PERM.roleDelete, PERM.roleAuthorize, PERM.roleUsers];

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(
  routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {},
  perms = ALL_PERMS,
) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    'GET /sys/role/list': ok({ records: ROLES, total: 2, size: 20, current: 1, pages: 1 }),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<RoleListPage />, { route: '/system/role' });
  return mock;
}

const row = (text: string) => screen.getByText(text).closest('tr')!;
const body = (c: InternalAxiosRequestConfig) => JSON.parse(String(c.data)) as Record<string, unknown>;

describe('role list page', () => {
  it('adds a role with the code rule and the server’s answer', async () => {
    let sent: Record<string, unknown> | null = null;
    setup({
      'POST /sys/role/add': (c) => {
        sent = body(c);
        return ok({ id: 'r3' }, '添加成功！');
      },
    });
    await screen.findByText('普通员工');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText(ROLE_MESSAGES.roleNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(ROLE_MESSAGES.roleCodeRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('角色名称'), '审计员🏠');
    await userEvent.type(within(dialog).getByLabelText('角色编码'), '1bad');
    expect(await within(dialog).findByText(ROLE_MESSAGES.roleCodeFormat)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('角色编码'));
    await userEvent.type(within(dialog).getByLabelText('角色编码'), 'auditor');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent).toEqual({ roleName: '审计员🏠', roleCode: 'auditor', description: null }));
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
  });

  it('hides 授权 and 用户 without their permissions', async () => {
    setup({}, [PERM.roleList]);
    await screen.findByText('普通员工');
    expect(within(row('普通员工')).queryByText('授权')).not.toBeInTheDocument();
    expect(within(row('普通员工')).queryByText('用户')).not.toBeInTheDocument();
  });

  it('authorises a role: shows its grants, toggles entries, saves them; rules of a menu are chosen', async () => {
    const saved: Record<string, unknown>[] = [];
    setup({
      'GET /sys/role/queryTreeList': ok(TREE),
      'GET /sys/permission/queryRolePermission': ok(['m1', 'm2']),
      'POST /sys/permission/saveRolePermission': (c) => {
        saved.push(body(c));
        return ok(null, ROLE_MESSAGES.authorized);
      },
      'GET /sys/role/datarule/m2/r2': ok({
        datarule: [
          {
            id: 'dr1',
            ruleName: '只看本部门',
            ruleColumn: 'org_code',
            ruleConditions: 'RIGHT_LIKE',
            ruleValue: '#{sys_org_code}',
            status: '1',
          },
          {
            id: 'dr2',
            ruleName: '只看自己',
            ruleColumn: 'username',
            ruleConditions: '=',
            ruleValue: '#{sys_user_code}',
            status: '1',
          },
        ],
        drChecked: 'dr2',
      }),
      'POST /sys/role/datarule': (c) => {
        saved.push(body(c));
        return ok(null, ROLE_MESSAGES.ruleSaved);
      },
    });
    await screen.findByText('普通员工');
    await userEvent.click(within(row('普通员工')).getByText('授权'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('用户查询（system:user:list）')).toBeInTheDocument();
    const checkbox = (title: string) =>
      within(drawer).getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    expect(checkbox('用户管理')).toHaveClass('ant-tree-checkbox-checked');
    expect(checkbox('删除用户')).toHaveClass('ant-tree-checkbox-disabled');
    await userEvent.click(checkbox('用户查询（system:user:list）'));
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(saved[0]).toMatchObject({ roleId: 'r2', permissionIds: 'm1,m2,b1', lastpermissionIds: 'm1,m2' }),
    );
    expect(await screen.findByText(ROLE_MESSAGES.authorized)).toBeInTheDocument();

    // 取消全选 keeps nothing the caller may change; 全选 takes every entry the caller may grant.
    await userEvent.click(within(drawer).getByRole('button', { name: ROLE_AUTH_TEXT.checkNone }));
    expect(checkbox('系统管理')).not.toHaveClass('ant-tree-checkbox-checked');
    await userEvent.click(within(drawer).getByRole('button', { name: ROLE_AUTH_TEXT.checkAll }));
    expect(checkbox('用户查询（system:user:list）')).toHaveClass('ant-tree-checkbox-checked');
    expect(checkbox('删除用户')).not.toHaveClass('ant-tree-checkbox-checked');

    // The data rules of a menu.
    await userEvent.click(within(drawer).getByText('用户管理'));
    const chosen = await within(drawer).findByRole('checkbox', { name: '只看自己' });
    expect(chosen).toBeChecked();
    await userEvent.click(within(drawer).getByRole('checkbox', { name: '只看本部门' }));
    await userEvent.click(within(drawer).getByRole('button', { name: ROLE_AUTH_TEXT.saveRules }));
    await waitFor(() => expect(saved.at(-1)).toMatchObject({ permissionId: 'm2', roleId: 'r2' }));
    expect(String(saved.at(-1)!.dataRuleIds).split(',').sort()).toEqual(['dr1', 'dr2']);
    expect(await screen.findByText(ROLE_MESSAGES.ruleSaved)).toBeInTheDocument();
  });

  it('links parents and children when 父子联动 is on', async () => {
    const saved: Record<string, unknown>[] = [];
    setup({
      'GET /sys/role/queryTreeList': ok(TREE),
      'GET /sys/permission/queryRolePermission': ok([]),
      'POST /sys/permission/saveRolePermission': (c) => {
        saved.push(body(c));
        return ok(null, ROLE_MESSAGES.authorized);
      },
    });
    await screen.findByText('普通员工');
    await userEvent.click(within(row('普通员工')).getByText('授权'));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('用户查询（system:user:list）');
    await userEvent.click(within(drawer).getByRole('switch', { name: ROLE_AUTH_TEXT.linked }));
    const checkbox = (title: string) =>
      within(drawer).getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    await userEvent.click(checkbox('用户查询（system:user:list）'));
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(String(saved[0]!.permissionIds).split(',').sort()).toEqual(['b1', 'm1', 'm2']);
  });

  it('lists a role’s users and removes one', async () => {
    const removed: unknown[] = [];
    setup({
      'GET /sys/user/userRoleList': ok({
        records: [
          { id: 'u2', username: 'staff', realname: '张三', phone: '13800000002', status: 1, status_dictText: '正常' },
        ],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
      }),
      'DELETE /sys/user/deleteUserRole': (c) => {
        removed.push(c.params);
        return ok(null, ROLE_MESSAGES.userRemoved);
      },
    });
    await screen.findByText('普通员工');
    await userEvent.click(within(row('普通员工')).getByText('用户'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('张三')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByText('移除'));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(removed).toEqual([expect.objectContaining({ roleId: 'r2', userId: 'u2' })]));
    expect(await screen.findByText(ROLE_MESSAGES.userRemoved)).toBeInTheDocument();
  });
});
