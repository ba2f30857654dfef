import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import {
  PERM,
  SECURITY_API as A,
  SECURITY_MESSAGES as M,
  type AuthEntry,
  type TotpStatus,
  type UserRecord,
} from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { UserListPage } from './user-list-page';

const user = (id: string, username: string, realname: string): UserRecord => ({
  id,
  username,
  realname,
  avatar: null,
  birthday: null,
  sex: 1,
  sex_dictText: '男',
  email: null,
  phone: '138****0001',
  workNo: null,
  telephone: null,
  orgCode: 'A01',
  status: 1,
  status_dictText: '正常',
  createTime: '2026-01-01 10:00:00',
  departIds: 'd1',
  orgCodeTxt: '示范区国资办',
});
const USERS = [user('u1', 'zhangsan', '张三'), user('u2', 'lisi', '李四')];
const STATUS: Record<string, TotpStatus> = {
  u1: { enabled: true, required: true, enabledTime: '2026-11-20 08:30:00', recoveryCodesLeft: 9 },
  u2: { enabled: false, required: false, enabledTime: null, recoveryCodesLeft: 0 },
};

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [], tenantList: [], userInfo: null });
});

function setup(perms: string[]) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [], tenantList: [{ id: 1001, name: '管理中心' }] });
  const routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {
    'GET /sys/user/list': ok({ records: USERS, total: 2, size: 20, current: 1, pages: 1 }),
    'GET /sys/sysDepart/queryTreeList': ok([]),
    'GET /sys/dict/getDictItems/sex': ok([{ value: '1', text: '男' }]),
    'GET /sys/dict/getDictItems/user_status': ok([{ value: '1', text: '正常' }]),
    [`GET ${A.userTotp}`]: (c) => ok(STATUS[(c.params as { userId: string }).userId]),
    [`DELETE ${A.userTotp}`]: () => ok(null, M.totpReset),
  };
  const mock = mockHttp(routes);
  restore = mock.restore;
  renderWithApp(<UserListPage />, { route: '/system/user' });
  return mock;
}

const row = (text: string) => screen.getByText(text).closest('tr')!;

describe('用户管理 → 重置二次验证', () => {
  it('shows whether the user has bound an authenticator and resets it after confirmation', async () => {
    const mock = setup([PERM.userList, PERM.userResetPassword]);
    await screen.findByText('张三');
    await userEvent.click(within(row('张三')).getByText('重置二次验证'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('重置二次验证：张三（zhangsan）')).toBeInTheDocument();
    expect(await within(dialog).findByText('绑定于 2026-11-20 08:30:00')).toBeInTheDocument();
    expect(within(dialog).getByText('剩余 9 个')).toBeInTheDocument();
    expect(within(dialog).getByText(/确定重置用户“张三（zhangsan）”的二次验证吗/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确定重置' }));
    expect(await screen.findByText(M.totpReset)).toBeInTheDocument();
    const deleted = mock.calls.filter((c) => c.method === 'delete');
    expect(deleted.map((c) => c.params as unknown)).toEqual([{ userId: 'u1' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no reset for a user without an authenticator', async () => {
    setup([PERM.userList, PERM.userResetPassword]);
    await screen.findByText('李四');
    await userEvent.click(within(row('李四')).getByText('重置二次验证'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('该用户尚未绑定身份验证器，无需重置。')).toBeInTheDocument();
    expect(within(dialog).getByText('未绑定')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '确定重置' })).toBeNull();
  });

  it('hides the action without the password-reset right', async () => {
    setup([PERM.userList]);
    await screen.findByText('张三');
    expect(within(row('张三')).queryByText('重置二次验证')).toBeNull();
  });
});
