import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { PERM, POSITION_USER_MESSAGES, type AuthEntry, type UserRecord } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import type { PositionRecord } from '../api/position-api';
import { POSITION_USERS_TEXT } from '../components/position-users-drawer';
import { POSITION_PAGE_TEXT, PositionListPage } from './position-list-page';

const POSITIONS: PositionRecord[] = [
  {
    id: 'p1',
    code: 'kezhang',
    name: '科长',
    postRank: '3',
    postRank_dictText: '正科级',
    createTime: '2026-01-01 10:00:00',
  },
  {
    id: 'p2',
    code: 'keyuan',
    name: '科员',
    postRank: '5',
    postRank_dictText: '科员',
    createTime: '2026-01-01 10:00:00',
  },
];

const HOLDER = {
  id: 'u1',
  username: 'admin',
  realname: '系统管理员',
  phone: '13800000001',
  status: 1,
  orgCodeTxt: '示范区国资办,资产管理科',
} as UserRecord;

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const ALL = [
  PERM.positionList,
  PERM.positionAdd,
  PERM.positionEdit,
  PERM.positionDelete,
  PERM.positionExport,
  PERM.positionImport,
  PERM.positionUsers,
];

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {}, perms = ALL) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    'GET /sys/position/list': ok({ records: POSITIONS, total: 2, size: 20, current: 1, pages: 1 }),
    'GET /sys/dict/getDictItems/position_rank': ok([
      { value: '3', text: '正科级' },
      { value: '5', text: '科员' },
    ]),
    'GET /sys/position/users': ok({ records: [HOLDER], total: 1, size: 10, current: 1, pages: 1 }),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<PositionListPage />, { route: '/system/position' });
  return mock;
}

const row = (text: string) => screen.getByText(text).closest('tr')!;

describe('position list page', () => {
  it('lists name, code and rank text', async () => {
    setup();
    expect(await screen.findByText('科长')).toBeInTheDocument();
    expect(within(row('科长')).getByText('kezhang')).toBeInTheDocument();
    expect(within(row('科长')).getByText('正科级')).toBeInTheDocument();
  });

  it('adds a position with the form’s rules', async () => {
    const bodies: unknown[] = [];
    setup({
      'POST /sys/position/add': (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok({ id: 'p9' }, '添加成功！');
      },
    });
    await screen.findByText('科长');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByPlaceholderText('请输入职务编码'), 'bad-code');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入职务名称')).toBeInTheDocument();
    expect(await within(dialog).findByText('请输入20位以内的英文字符和数字')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByPlaceholderText('请输入职务编码'));
    await userEvent.type(within(dialog).getByPlaceholderText('请输入职务编码'), 'fuke');
    await userEvent.type(within(dialog).getByPlaceholderText('请输入职务名称'), '副科长🏅');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(bodies).toEqual([{ code: 'fuke', name: '副科长🏅', postRank: null }]));
  });

  it('shows the position configuration: holders and their departments; removes one', async () => {
    const removed: unknown[] = [];
    const mock = setup({
      'DELETE /sys/position/removeUser': (c) => {
        removed.push(c.params);
        return ok(null, POSITION_USER_MESSAGES.userRemoved);
      },
    });
    await screen.findByText('科长');
    await userEvent.click(within(row('科长')).getByText(POSITION_PAGE_TEXT.users));
    expect(await screen.findByText(POSITION_USERS_TEXT.title('科长'))).toBeInTheDocument();
    expect(await screen.findByText('示范区国资办,资产管理科')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.url === '/sys/position/users')?.params).toMatchObject({ positionId: 'p1' });
    await userEvent.click(within(row('系统管理员')).getByText(POSITION_USERS_TEXT.remove));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(removed).toEqual([{ positionId: 'p1', userId: 'u1' }]));
    expect(await screen.findByText(POSITION_USER_MESSAGES.userRemoved)).toBeInTheDocument();
  });

  it('hides the actions the user may not perform', async () => {
    setup({}, [PERM.positionList]);
    await screen.findByText('科长');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
    expect(within(row('科长')).queryByText(POSITION_PAGE_TEXT.users)).not.toBeInTheDocument();
  });
});
