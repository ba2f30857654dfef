import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { DEPART_MESSAGES, PERM } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { DEPART_USERS_TEXT } from '../components/depart-users-panel';
import { DepartUserListPage } from './depart-user-list-page';
import { DEPART_PERMS, TREE, entry, user } from './depart-test-data';

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

const USERS = [user('u2', 'staff', '张三'), user('u3', 'li', '李四')];

function setup(
  routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {},
  perms = DEPART_PERMS,
) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    'GET /sys/sysDepart/queryTreeList': ok(TREE),
    'GET /sys/user/departUserList': ok({ records: USERS, total: 2, size: 10, current: 1, pages: 1 }),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<DepartUserListPage />, { route: '/system/departUser' });
  const lastList = () =>
    mock.calls.filter((c) => c.url === '/sys/user/departUserList').at(-1)?.params as Record<string, unknown>;
  return { mock, lastList };
}

const row = (text: string) => screen.getByText(text).closest('tr')!;

describe('department users page', () => {
  it('lists the chosen department’s users and filters them', async () => {
    const { lastList } = setup();
    expect(await screen.findByText(DEPART_USERS_TEXT.pick)).toBeInTheDocument();
    await userEvent.click(await screen.findByText('资产管理科'));
    expect(await screen.findByText('张三')).toBeInTheDocument();
    expect(lastList()).toMatchObject({ depId: 'd2', pageNo: 1 });
    await userEvent.type(screen.getByPlaceholderText(DEPART_USERS_TEXT.realname), '张');
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lastList()).toMatchObject({ depId: 'd2', realname: '张' }));
  });

  it('removes a user from the department; no batch removal without a selection', async () => {
    const removed: unknown[] = [];
    setup({
      'DELETE /sys/user/deleteUserInDepart': (c) => {
        removed.push(c.params);
        return ok(null, DEPART_MESSAGES.userRemoved);
      },
    });
    await userEvent.click(await screen.findByText('资产管理科'));
    await screen.findByText('张三');
    // Nothing selected: no batch removal to offer (app-spec §4).
    expect(screen.queryByRole('button', { name: DEPART_USERS_TEXT.removeSelected })).not.toBeInTheDocument();
    await userEvent.click(within(row('张三')).getByText(DEPART_USERS_TEXT.remove));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(removed).toEqual([{ depId: 'd2', userId: 'u2' }]));
    expect(await screen.findByText(DEPART_MESSAGES.userRemoved)).toBeInTheDocument();
  });

  it('sets a user’s department roles', async () => {
    const bodies: unknown[] = [];
    setup({
      'GET /sys/sysDepartRole/getDeptRoleList': ok({
        deptRoleList: [
          { id: 'r1', departId: 'd2', roleName: '审核员', roleCode: 'reviewer', description: null, createTime: null },
          { id: 'r2', departId: 'd2', roleName: '保管员', roleCode: 'keeper', description: null, createTime: null },
        ],
        userRoleIds: ['r1'],
      }),
      'POST /sys/sysDepartRole/deptRoleUserAdd': (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok(null, DEPART_MESSAGES.saved);
      },
    });
    await userEvent.click(await screen.findByText('资产管理科'));
    await screen.findByText('张三');
    await userEvent.click(within(row('张三')).getByText(DEPART_USERS_TEXT.roles));
    await userEvent.click(await screen.findByLabelText('保管员'));
    await userEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toEqual([{ userId: 'u2', newRoleId: 'r1,r2', oldRoleId: 'r1' }]));
  });

  it('shows the list without actions to a user without the permission', async () => {
    setup({}, [PERM.departList]);
    await userEvent.click(await screen.findByText('资产管理科'));
    await screen.findByText('张三');
    expect(screen.queryByRole('button', { name: DEPART_USERS_TEXT.addExisting })).not.toBeInTheDocument();
    expect(screen.queryByText(DEPART_USERS_TEXT.remove)).not.toBeInTheDocument();
  });
});
