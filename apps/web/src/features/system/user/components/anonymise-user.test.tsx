import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERM, PRIVACY_API, PRIVACY_MESSAGES, type AuthEntry, type UserRecord } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { UserListPage } from '../pages/user-list-page';
import { ANONYMISE_TEXT } from './anonymise-user';

const user = (id: string, username: string, realname: string, status: number): UserRecord => ({
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
  status,
  status_dictText: status === 1 ? '正常' : '冻结',
  createTime: '2026-01-01 10:00:00',
  departIds: 'd1',
  orgCodeTxt: '示范区国资办',
});

const USERS = [
  user('u1', 'active_one', '在职者', 1),
  user('u2', 'leaver', '离职者', 2),
  user('u3', 'anon_u3', '已注销用户00U3', 2),
];
const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [], tenantList: [], userInfo: null });
});

function setup(perms: string[]) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [], tenantList: [{ id: 1001, name: '管理中心' }] });
  const bodies: unknown[] = [];
  const mock = mockHttp({
    'GET /sys/user/list': ok({ records: USERS, total: 3, size: 20, current: 1, pages: 1 }),
    'GET /sys/sysDepart/queryTreeList': ok([]),
    'GET /sys/dict/getDictItems/sex': ok([{ value: '1', text: '男' }]),
    'GET /sys/dict/getDictItems/user_status': ok([
      { value: '1', text: '正常' },
      { value: '2', text: '冻结' },
    ]),
    [`PUT ${PRIVACY_API.anonymise}`]: (c) => {
      bodies.push(JSON.parse(String(c.data)));
      return ok(null, PRIVACY_MESSAGES.anonymised('leaver'));
    },
  });
  restore = mock.restore;
  renderWithApp(<UserListPage />, { route: '/system/user' });
  return { mock, bodies };
}

const row = (text: string) => screen.getByText(text).closest('tr')!;

describe('匿名化 in 用户管理', () => {
  it('is offered for a frozen user only, asks naming the user, then anonymises and reloads', async () => {
    const { mock, bodies } = setup([PERM.userList, PERM.userAnonymise]);
    await screen.findByText('离职者');
    expect(within(row('在职者')).queryByText(ANONYMISE_TEXT.action)).toBeNull();
    expect(within(row('已注销用户00U3')).queryByText(ANONYMISE_TEXT.action)).toBeNull();
    const lists = mock.calls.filter((c) => c.url === '/sys/user/list').length;
    await userEvent.click(within(row('离职者')).getByText(ANONYMISE_TEXT.action));
    expect(await screen.findByText(ANONYMISE_TEXT.confirm('离职者', 'leaver'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: ANONYMISE_TEXT.ok }));
    await waitFor(() => expect(bodies).toEqual([{ id: 'u2' }]));
    expect(await screen.findByText(PRIVACY_MESSAGES.anonymised('leaver'))).toBeInTheDocument();
    await waitFor(() => expect(mock.calls.filter((c) => c.url === '/sys/user/list').length).toBeGreaterThan(lists));
  });

  it('is not offered without the right', async () => {
    setup([PERM.userList, PERM.userFreeze]);
    await screen.findByText('离职者');
    expect(within(row('离职者')).queryByText(ANONYMISE_TEXT.action)).toBeNull();
    expect(within(row('离职者')).getByText('解冻')).toBeInTheDocument();
  });
});
