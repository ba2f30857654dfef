import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { DEPART_MESSAGES, PERM, type DepartRoleRecord, type PermissionTreeResult } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { DEPART_ROLE_AUTH_TEXT } from '../components/depart-role-auth-drawer';
import { DEPART_ROLES_TEXT } from '../components/depart-roles-panel';
import { DepartRoleListPage } from './depart-role-list-page';
import { DEPART_PERMS, TREE, entry, user } from './depart-test-data';

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

const ROLES: DepartRoleRecord[] = [
  { id: 'r1', departId: 'd2', roleName: '审核员', roleCode: 'reviewer', description: null, createTime: null },
];

const GRANTS: PermissionTreeResult = {
  ids: ['m1', 'b1', 'b2'],
  treeList: [
    {
      key: 'm1',
      title: '用户管理',
      menuType: 1,
      ruleFlag: 1,
      isLeaf: false,
      children: [
        { key: 'b1', title: '用户查询', menuType: 2, ruleFlag: 0, isLeaf: true },
        { key: 'b2', title: '添加用户', menuType: 2, ruleFlag: 0, isLeaf: true },
      ],
    },
  ],
};

function setup(
  routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {},
  perms = DEPART_PERMS,
) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    'GET /sys/sysDepart/queryTreeList': ok(TREE),
    'GET /sys/sysDepartRole/list': ok({ records: ROLES, total: 1, size: 1000, current: 1, pages: 1 }),
    'GET /sys/sysDepartPermission/queryTreeListForDeptRole': ok(GRANTS),
    'GET /sys/sysDepartPermission/queryDeptRolePermission': ok(['m1']),
    'GET /sys/sysDepartRole/userList': ok({
      records: [user('u2', 'staff', '张三')],
      total: 1,
      size: 10,
      current: 1,
      pages: 1,
    }),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<DepartRoleListPage />, { route: '/system/departRole' });
  return mock;
}

const row = (text: string) => screen.getByText(text).closest('tr')!;
const bodyOf = (c: InternalAxiosRequestConfig) => JSON.parse(String(c.data)) as Record<string, unknown>;

describe('department roles page', () => {
  it('lists the chosen department’s roles and adds one, with the form’s rules', async () => {
    const bodies: unknown[] = [];
    const mock = setup({
      'POST /sys/sysDepartRole/add': (c) => {
        bodies.push(bodyOf(c));
        return ok({ id: 'r9' }, '添加成功！');
      },
    });
    await userEvent.click(await screen.findByText('资产管理科'));
    expect(await screen.findByText('审核员')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.url === '/sys/sysDepartRole/list')?.params).toMatchObject({ deptId: 'd2' });
    await userEvent.click(screen.getByRole('button', { name: DEPART_ROLES_TEXT.add }));
    await userEvent.type(await screen.findByPlaceholderText('请输入部门角色编码'), '1bad');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText(DEPART_MESSAGES.roleNameRequired)).toBeInTheDocument();
    expect(await screen.findByText(DEPART_MESSAGES.roleCodeFormat)).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('请输入部门角色名称'), '保管员📦');
    await userEvent.clear(screen.getByPlaceholderText('请输入部门角色编码'));
    await userEvent.type(screen.getByPlaceholderText('请输入部门角色编码'), 'keeper');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(bodies).toEqual([{ departId: 'd2', roleName: '保管员📦', roleCode: 'keeper', description: null }]),
    );
  });

  it('authorises a role within the department’s grants', async () => {
    const bodies: Record<string, unknown>[] = [];
    setup({
      'POST /sys/sysDepartPermission/saveDeptRolePermission': (c) => {
        bodies.push(bodyOf(c));
        return ok(null, DEPART_MESSAGES.authorized);
      },
      'GET /sys/sysDepartPermission/datarule/m1/d2/r1': ok({
        datarule: [
          {
            id: 'dr1',
            ruleName: '本部门',
            ruleColumn: 'orgCode',
            ruleConditions: 'RIGHT_LIKE',
            ruleValue: '#{sys_org_code}',
            status: '1',
          },
        ],
        drChecked: '',
      }),
    });
    await userEvent.click(await screen.findByText('资产管理科'));
    await screen.findByText('审核员');
    await userEvent.click(within(row('审核员')).getByText(DEPART_ROLES_TEXT.authorize));
    expect(await screen.findByText(DEPART_ROLE_AUTH_TEXT.title('审核员'))).toBeInTheDocument();
    // The same grant-tree drawer as the role screen: its tree can be folded and unfolded too.
    await userEvent.click(await screen.findByRole('button', { name: DEPART_ROLE_AUTH_TEXT.collapseAll }));
    expect(screen.queryByText('用户查询')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: DEPART_ROLE_AUTH_TEXT.expandAll }));
    await userEvent.click(await screen.findByText('用户查询'));
    const checkbox = screen.getByText('用户查询').closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    await userEvent.click(checkbox);
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ roleId: 'r1', permissionIds: 'm1,b1', lastpermissionIds: 'm1' });
    // The menu's data rules.
    await userEvent.click(screen.getByText('用户管理'));
    expect(await screen.findByLabelText('本部门')).toBeInTheDocument();
  });

  it('says so when the department holds no grants, and shows a refusal', async () => {
    setup({
      'GET /sys/sysDepartPermission/queryTreeListForDeptRole': ok({ treeList: [], ids: [] }),
      'DELETE /sys/sysDepartRole/delete': fail(404, DEPART_MESSAGES.roleNotFound),
    });
    await userEvent.click(await screen.findByText('资产管理科'));
    await screen.findByText('审核员');
    await userEvent.click(within(row('审核员')).getByText(DEPART_ROLES_TEXT.authorize));
    expect(await screen.findByText(DEPART_ROLE_AUTH_TEXT.noGrants)).toBeInTheDocument();
  });

  it('lists a role’s users and removes one', async () => {
    const bodies: unknown[] = [];
    setup({
      'POST /sys/sysDepartRole/deptRoleUserAdd': (c) => {
        bodies.push(bodyOf(c));
        return ok(null, DEPART_MESSAGES.saved);
      },
    });
    await userEvent.click(await screen.findByText('资产管理科'));
    await screen.findByText('审核员');
    await userEvent.click(within(row('审核员')).getByText(DEPART_ROLES_TEXT.users));
    await userEvent.click(within(row('张三')).getByText('移除'));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toEqual([{ userId: 'u2', newRoleId: '', oldRoleId: 'r1' }]));
  });

  it('hides the actions the user may not perform', async () => {
    setup({}, [PERM.departList]);
    await userEvent.click(await screen.findByText('资产管理科'));
    await screen.findByText('审核员');
    expect(screen.queryByRole('button', { name: DEPART_ROLES_TEXT.add })).not.toBeInTheDocument();
    expect(within(row('审核员')).queryByText(DEPART_ROLES_TEXT.authorize)).not.toBeInTheDocument();
  });
});
