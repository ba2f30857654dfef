import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ONLINE_USER_API, PERM, type AuthEntry, type OnlineSession } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { ONLINE_TEXT, OnlineUsersPage } from './online-users-page';

const session = (over: Partial<OnlineSession>): OnlineSession => ({
  id: 'a'.repeat(64),
  userId: 'u1',
  username: 'admin',
  realname: '系统管理员',
  ip: '127.0.0.1',
  client: 'Chrome 120 · Windows',
  loginTime: '2026-11-25 10:00:00',
  lastSeen: '2026-11-25 10:05:00',
  expireTime: '2026-11-25 12:00:00',
  current: true,
  ...over,
});
const ROWS = [
  session({}),
  session({ id: 'b'.repeat(64), userId: 'u2', username: 'staff', realname: '张三', current: false }),
];
const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

describe('online users page', () => {
  it('forces another session out after a confirmation, never the current one', async () => {
    useSessionStore.setState({ auth: [PERM.onlineList, PERM.onlineForceLogout].map(entry), allAuth: [] });
    const posted: unknown[] = [];
    const mock = mockHttp({
      [`GET ${ONLINE_USER_API.list}`]: ok({ records: ROWS, total: 2, size: 10, current: 1, pages: 1 }),
      [`POST ${ONLINE_USER_API.forceLogout}`]: (c) => {
        posted.push(JSON.parse(String(c.data)));
        return ok(null, '已强制该用户退出');
      },
    });
    restore = mock.restore;
    renderWithApp(<OnlineUsersPage />, { route: '/monitor/online' });
    const staffRow = (await screen.findByText('张三')).closest('tr')!;
    const adminRow = screen.getByText('系统管理员').closest('tr')!;
    expect(within(adminRow).getByText(ONLINE_TEXT.current)).toBeInTheDocument();
    expect(within(adminRow).queryByText(ONLINE_TEXT.forceLogout)).not.toBeInTheDocument();
    expect(within(staffRow).getByText('Chrome 120 · Windows')).toBeInTheDocument();
    await userEvent.click(within(staffRow).getByText(ONLINE_TEXT.forceLogout));
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(posted).toEqual([{ id: 'b'.repeat(64) }]));
  }, 60_000);

  it('offers no force logout without the right', async () => {
    useSessionStore.setState({ auth: [entry(PERM.onlineList)], allAuth: [] });
    const mock = mockHttp({
      [`GET ${ONLINE_USER_API.list}`]: ok({ records: ROWS, total: 2, size: 10, current: 1, pages: 1 }),
    });
    restore = mock.restore;
    renderWithApp(<OnlineUsersPage />, { route: '/monitor/online' });
    await screen.findByText('张三');
    expect(screen.queryByText(ONLINE_TEXT.forceLogout)).not.toBeInTheDocument();
  }, 60_000);
});
