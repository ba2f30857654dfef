import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { PERM, TENANT_MESSAGES, type AuthEntry, type TenantRecord, type UserRecord } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { TENANT_USERS_TEXT } from '../components/tenant-users-drawer';
import { TENANT_PAGE_TEXT, TenantListPage } from './tenant-list-page';

const TENANTS: TenantRecord[] = [
  {
    id: 1001,
    name: '示范区国有资产管理中心',
    beginDate: '2026-01-01',
    endDate: null,
    status: 1,
    status_dictText: '有效',
    createTime: null,
  },
  {
    id: 1002,
    name: '示范区城市建设投资集团',
    beginDate: null,
    endDate: null,
    status: 0,
    status_dictText: '无效',
    createTime: null,
  },
];

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const ALL = [PERM.tenantList, PERM.tenantAdd, PERM.tenantEdit, PERM.tenantDelete, PERM.tenantUsers];

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {}, perms = ALL) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    'GET /sys/tenant/list': ok({ records: TENANTS, total: 2, size: 20, current: 1, pages: 1 }),
    'GET /sys/dict/getDictItems/valid_status': ok([
      { value: '1', text: '有效' },
      { value: '0', text: '无效' },
    ]),
    'GET /sys/tenant/users': ok({
      records: [{ id: 'u2', username: 'staff', realname: '张三', status: 1, orgCodeTxt: '资产管理科' } as UserRecord],
      total: 1,
      size: 10,
      current: 1,
      pages: 1,
    }),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<TenantListPage />, { route: '/system/tenant' });
  return mock;
}

const row = (text: string) => screen.getByText(text).closest('tr')!;

describe('tenant list page', () => {
  it('lists tenants with their number and status text', async () => {
    setup();
    expect(await screen.findByText('示范区国有资产管理中心')).toBeInTheDocument();
    expect(within(row('示范区国有资产管理中心')).getByText('1001')).toBeInTheDocument();
    expect(within(row('示范区城市建设投资集团')).getByText('无效')).toBeInTheDocument();
  });

  it('adds a tenant with the number the administrator chose', async () => {
    const bodies: unknown[] = [];
    setup({
      'POST /sys/tenant/add': (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok({ id: 2001 }, '添加成功！');
      },
    });
    await screen.findByText('示范区国有资产管理中心');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText(TENANT_MESSAGES.idRequired)).toBeInTheDocument();
    expect(await within(dialog).findByText(TENANT_MESSAGES.nameRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByPlaceholderText('请输入租户编号'), '2001');
    await userEvent.type(within(dialog).getByPlaceholderText('请输入租户名称'), '新区租户🏙️');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(bodies).toEqual([{ id: 2001, name: '新区租户🏙️', beginDate: null, endDate: null, status: 1 }]),
    );
  });

  it('shows the server’s refusal when a tenant with users is deleted', async () => {
    setup({ 'DELETE /sys/tenant/delete': fail(400, TENANT_MESSAGES.hasUsers) });
    await screen.findByText('示范区国有资产管理中心');
    await userEvent.click(within(row('示范区国有资产管理中心')).getByText('删除'));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText(TENANT_MESSAGES.hasUsers)).toBeInTheDocument();
  });

  it('lists a tenant’s users and shows why the last tenant cannot be left', async () => {
    setup({ 'DELETE /sys/tenant/removeUser': fail(400, TENANT_MESSAGES.lastTenant) });
    await screen.findByText('示范区国有资产管理中心');
    await userEvent.click(within(row('示范区国有资产管理中心')).getByText(TENANT_PAGE_TEXT.users));
    expect(await screen.findByText(TENANT_USERS_TEXT.title('示范区国有资产管理中心'))).toBeInTheDocument();
    await userEvent.click(within(row('张三')).getByText(TENANT_USERS_TEXT.remove));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText(TENANT_MESSAGES.lastTenant)).toBeInTheDocument();
  });

  it('hides the actions the user may not perform', async () => {
    setup({}, [PERM.tenantList]);
    await screen.findByText('示范区国有资产管理中心');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
    expect(within(row('示范区国有资产管理中心')).queryByText(TENANT_PAGE_TEXT.users)).not.toBeInTheDocument();
  });
});
