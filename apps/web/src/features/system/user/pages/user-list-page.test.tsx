import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { LIST_MESSAGES, PERM, USER_MESSAGES, type AuthEntry, type UserRecord } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { DEPART_TREE_TEXT } from '../components/depart-tree-panel';
import { USER_PAGE_TEXT, UserListPage } from './user-list-page';

const user = (id: string, username: string, realname: string, status = 1): UserRecord => ({
  id,
  username,
  realname,
  avatar: null,
  birthday: null,
  sex: 1,
  sex_dictText: '男',
  email: null,
  phone: '13800000001',
  workNo: null,
  telephone: null,
  orgCode: 'A01',
  status,
  status_dictText: ({ 1: '正常', 2: '冻结', 3: '待审核' } as Record<number, string>)[status],
  createTime: '2026-01-01 10:00:00',
  departIds: 'd1',
  orgCodeTxt: '示范区国资办',
});

const USERS = [user('u1', 'admin', '系统管理员'), user('u2', 'frozen_one', '冻结者', 2)];
const TREE = [
  {
    id: 'd1',
    key: 'd1',
    title: '示范区国资办',
    departName: '示范区国资办',
    children: [{ id: 'd2', key: 'd2', title: '资产管理科', departName: '资产管理科', children: [] }],
  },
];

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const ALL_PERMS = [
  PERM.userList,
  PERM.userAdd,
  PERM.userEdit,
  PERM.userDelete,
  PERM.userFreeze,
  PERM.userResetPassword,
  PERM.userExport,
  PERM.userImport,
];

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [], tenantList: [], userInfo: null });
});

function setup(
  routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {},
  perms = ALL_PERMS,
) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [], tenantList: [{ id: 1001, name: '管理中心' }] });
  const mock = mockHttp({
    'GET /sys/user/list': ok({ records: USERS, total: 2, size: 20, current: 1, pages: 1 }),
    'GET /sys/sysDepart/queryTreeList': ok(TREE),
    'GET /sys/dict/getDictItems/sex': ok([
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ]),
    'GET /sys/dict/getDictItems/user_status': ok([
      { value: '1', text: '正常' },
      { value: '2', text: '冻结' },
      { value: '3', text: '待审核' },
    ]),
    'GET /sys/role/queryall': ok([{ id: 'r1', roleName: '管理员', roleCode: 'admin' }]),
    'GET /sys/position/list': ok({ records: [{ id: 'p1', name: '科员', code: 'keyuan' }], total: 1 }),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<UserListPage />, { route: '/system/user' });
  const lastList = () => mock.calls.filter((c) => c.url === '/sys/user/list').at(-1)!.params as Record<string, unknown>;
  return { mock, lastList };
}

const row = (text: string) => screen.getByText(text).closest('tr')!;

describe('user list page', () => {
  it('lists users and filters them by the department chosen in the tree', async () => {
    const { lastList } = setup();
    expect(await screen.findByText('系统管理员')).toBeInTheDocument();
    expect(within(row('系统管理员')).getByText('正常')).toBeInTheDocument();
    await userEvent.click(await screen.findByText('资产管理科'));
    await waitFor(() => expect(lastList()).toMatchObject({ departId: 'd2', pageNo: 1 }));
    // Choosing it again shows every user.
    await userEvent.click(screen.getByText('资产管理科'));
    await waitFor(() => expect(lastList()).not.toHaveProperty('departId'));
  });

  it('still lists users when the department tree is not available', async () => {
    setup({ 'GET /sys/sysDepart/queryTreeList': fail(404, 'not found') });
    expect(await screen.findByText('系统管理员')).toBeInTheDocument();
    expect(await screen.findByText(DEPART_TREE_TEXT.unavailable)).toBeInTheDocument();
  });

  it('freezes a user after confirmation and unfreezes a frozen one', async () => {
    const bodies: unknown[] = [];
    setup({
      'PUT /sys/user/frozenBatch': (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok(null, '冻结成功！');
      },
    });
    await screen.findByText('系统管理员');
    await userEvent.click(within(row('系统管理员')).getByText('冻结'));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toEqual([{ ids: 'u1', status: 2 }]));
    expect(await screen.findByText('冻结成功！')).toBeInTheDocument();
    await userEvent.click(within(row('冻结者')).getByText('解冻'));
    await userEvent.click((await screen.findAllByRole('button', { name: /确\s*定|OK/ })).at(-1)!);
    await waitFor(() => expect(bodies).toContainEqual({ ids: 'u2', status: 1 }));
  });

  it('marks a registered account awaiting approval, approves it, and points to the registration switch', async () => {
    const bodies: unknown[] = [];
    setup({
      'GET /sys/user/list': ok({
        records: [...USERS, user('u3', 'newbie', '新用户', 3)],
        total: 3,
        size: 20,
        current: 1,
        pages: 1,
      }),
      'PUT /sys/user/frozenBatch': (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok(null, '解冻成功！');
      },
    });
    await screen.findByText('新用户');
    const pending = row('新用户');
    expect(within(pending).getByText('待审核').closest('.ant-tag')).toBeInTheDocument();
    expect(within(pending).queryByText(USER_PAGE_TEXT.freeze)).toBeNull();
    expect(screen.getByText(/平台设置 → 账号设置/)).toBeInTheDocument();
    await userEvent.click(within(pending).getByText(USER_PAGE_TEXT.approve));
    expect(await screen.findByText(USER_PAGE_TEXT.confirmApprove('新用户'))).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toEqual([{ ids: 'u3', status: 1 }]));
  });

  it('warns when batch freezing without a selection', async () => {
    setup();
    await screen.findByText('系统管理员');
    await userEvent.click(screen.getByRole('button', { name: /^冻\s*结$/ }));
    expect(await screen.findByText(LIST_MESSAGES.selectOne)).toBeInTheDocument();
  });

  it('hides the actions the user may not perform', async () => {
    setup({}, [PERM.userList]);
    await screen.findByText('系统管理员');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
    expect(within(row('系统管理员')).queryByText('重置密码')).not.toBeInTheDocument();
    expect(within(row('系统管理员')).queryByText('冻结')).not.toBeInTheDocument();
    expect(within(row('系统管理员')).getByText('详情')).toBeInTheDocument();
  });

  it('adds a user: password rules, uniqueness from the server, then the payload', async () => {
    let added: Record<string, unknown> | null = null;
    setup({
      'GET /sys/user/checkOnlyUser': (c) => {
        const p = c.params as Record<string, string>;
        return p.username === 'admin'
          ? {
              status: 200,
              data: { success: false, message: '该用户账号不可用，系统中已存在！', code: 200, result: false },
            }
          : ok(true);
      },
      'POST /sys/user/add': (c) => {
        added = JSON.parse(String(c.data));
        return ok({ id: 'new' }, '添加成功！');
      },
    });
    await screen.findByText('系统管理员');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    const field = (label: string) => within(dialog).getByLabelText(label);
    await userEvent.type(field('用户账号'), 'admin');
    expect(await within(dialog).findByText('该用户账号不可用，系统中已存在！')).toBeInTheDocument();
    await userEvent.clear(field('用户账号'));
    await userEvent.type(field('用户账号'), 'new_user');
    await userEvent.type(field('登录密码'), 'abcdefgh');
    expect(await within(dialog).findByText(USER_MESSAGES.passwordWeak)).toBeInTheDocument();
    await userEvent.clear(field('登录密码'));
    await userEvent.type(field('登录密码'), 'Abcd1234');
    await userEvent.type(field('确认密码'), 'Abcd12345');
    expect(await within(dialog).findByText(USER_MESSAGES.mismatch)).toBeInTheDocument();
    await userEvent.clear(field('确认密码'));
    await userEvent.type(field('确认密码'), 'Abcd1234');
    await userEvent.type(field('手机号码'), '123');
    expect(await within(dialog).findByText('请输入正确手机号')).toBeInTheDocument();
    await userEvent.clear(field('手机号码'));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText(USER_MESSAGES.realnameRequired)).toBeInTheDocument();
    await userEvent.type(field('用户姓名'), '新用户🏠');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(added).not.toBeNull());
    expect(added).toMatchObject({
      username: 'new_user',
      password: 'Abcd1234',
      confirmpassword: 'Abcd1234',
      realname: '新用户🏠',
      phone: null,
      selectedroles: '',
      relTenantIds: '',
    });
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
  });

  it('edits a user with their links loaded, the account name fixed', async () => {
    let edited: Record<string, unknown> | null = null;
    setup({
      'GET /sys/user/queryUserRole': ok(['r1']),
      'GET /sys/user/userDepartList': ok([{ id: 'd1', departName: '示范区国资办', orgCode: 'A01' }]),
      'GET /sys/user/userPositionList': ok([{ id: 'p1', name: '科员', code: 'keyuan' }]),
      'GET /sys/user/userTenantList': ok([{ id: 1001, name: '管理中心' }]),
      'GET /sys/dict/loadDictItem/sys_depart,depart_name,id': ok(['示范区国资办']),
      'PUT /sys/user/edit': (c) => {
        edited = JSON.parse(String(c.data));
        return ok(null, '编辑成功！');
      },
    });
    await screen.findByText('系统管理员');
    await userEvent.click(within(row('系统管理员')).getByText('编辑'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('用户账号')).toBeDisabled();
    expect(within(dialog).queryByLabelText('登录密码')).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByText('管理员')).toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(edited).not.toBeNull());
    expect(edited).toMatchObject({
      id: 'u1',
      realname: '系统管理员',
      selectedroles: 'r1',
      selecteddeparts: 'd1',
      selectedPositions: 'p1',
      relTenantIds: '1001',
      sex: 1,
    });
    expect(edited).not.toHaveProperty('username');
  });

  it('shows the tenants by name in the detail form, also after a page reload', async () => {
    setup({
      'GET /sys/user/queryUserRole': ok([]),
      'GET /sys/user/userDepartList': ok([]),
      'GET /sys/user/userPositionList': ok([]),
      'GET /sys/dict/loadDictItem/sys_depart,depart_name,id': ok(['示范区国资办']),
      'GET /sys/user/userTenantList': (c) =>
        ok(
          (c.params as { userId: string }).userId === 'me'
            ? [{ id: 1001, name: '管理中心' }]
            : [
                { id: 1001, name: '管理中心' },
                { id: 1002, name: '第二分中心' },
              ],
        ),
    });
    // A reload keeps the stored session but not the login answer's tenant list.
    useSessionStore.setState({ tenantList: [], userInfo: { id: 'me' } as never });
    await screen.findByText('系统管理员');
    await userEvent.click(within(row('系统管理员')).getByText('详情'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('第二分中心')).toBeInTheDocument());
    expect(within(dialog).getByText('管理中心')).toBeInTheDocument();
    expect(within(dialog).queryByText('1001')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('1002')).not.toBeInTheDocument();
    // A detail form offers nothing to change: no picker, no upload.
    expect(within(dialog).queryByText('上传')).not.toBeInTheDocument();
  });

  it('resets a password with the strength and confirmation rules', async () => {
    let body: unknown = null;
    setup({
      'PUT /sys/user/changPassword': (c) => {
        body = JSON.parse(String(c.data));
        return ok(null, USER_MESSAGES.passwordReset);
      },
    });
    await screen.findByText('系统管理员');
    await userEvent.click(within(row('系统管理员')).getByText('重置密码'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText(USER_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(USER_MESSAGES.confirmRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('登录密码'), 'N3wPassword');
    await userEvent.type(within(dialog).getByLabelText('确认密码'), 'N3wPassword');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(body).toEqual({ username: 'admin', password: 'N3wPassword', confirmpassword: 'N3wPassword' }),
    );
    expect(await screen.findByText(USER_MESSAGES.passwordReset)).toBeInTheDocument();
  });
});
