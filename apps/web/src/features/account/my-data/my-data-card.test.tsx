import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRIVACY_API, PRIVACY_NOTICE, type MyData } from '@district/shared';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { MyDataCard } from './my-data-card';
import { MY_DATA_TEXT } from './my-data-drawer';

const DATA: MyData = {
  profile: {
    username: 'zhangsan',
    realname: '张三',
    sex: '男',
    birthday: '1990-03-09',
    phone: '13912340001',
    email: 'zhang.san@example.com',
    telephone: null,
    workNo: 'W-001',
    avatar: null,
    status: '正常',
    createTime: '2026-11-01 09:00:00',
    lastLoginTime: '2026-11-27 08:00:00',
    lastLoginIp: '10.0.0.8',
    passwordTime: '2026-11-01 09:00:00',
    totpEnabled: false,
  },
  departs: ['资产管理科'],
  roles: ['资产管理员'],
  positions: [],
  tenants: ['示范区管理中心'],
  logins: [{ time: '2026-11-27 08:00:00', ip: '10.0.0.8', content: '用户名: zhangsan,登录成功！', result: '成功' }],
  operations: [{ time: '2026-11-27 08:01:00', ip: '10.0.0.8', content: 'GET /sys/user/list', result: '成功' }],
  thirdAccounts: [{ provider: '企业微信', displayName: '张三', createTime: '2026-11-02 10:00:00' }],
  messages: { total: 5, unread: 2 },
  tickets: [
    {
      ticketNo: 'FP-0001',
      holderName: '张三',
      projectName: '安置项目一期',
      status: '已发放',
      faceAmount: 12345,
      issueDate: '2026-11-01',
    },
  ],
  consents: [
    { title: PRIVACY_NOTICE.title, version: PRIVACY_NOTICE.version, acceptTime: '2026-11-01 09:00:00', ip: '10.0.0.8' },
  ],
  generatedAt: '2026-11-28 10:00:00',
};

let restore = () => undefined as void;
afterEach(() => restore());

describe('我的数据', () => {
  it('shows what the system holds about the user, whole to themselves, and downloads it', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const mock = mockHttp({
      [`GET ${PRIVACY_API.myData}`]: ok(DATA),
      [`GET ${PRIVACY_API.myDataExport}`]: { status: 200, data: new Blob(['{"基本信息":{}}']), responseType: 'blob' },
    });
    restore = mock.restore;
    renderWithApp(<MyDataCard />);
    // Nothing is read until the user asks.
    expect(mock.calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: MY_DATA_TEXT.open }));

    const profile = await screen.findByRole('region', { name: '基本信息' });
    expect(within(profile).getByText('13912340001')).toBeInTheDocument();
    expect(within(profile).getByText('zhang.san@example.com')).toBeInTheDocument();
    expect(within(profile).getByText('未开启')).toBeInTheDocument();
    expect(screen.getByText('资产管理科')).toBeInTheDocument();
    expect(screen.getByText('资产管理员')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: /最近登录记录/ })).getByText('用户名: zhangsan,登录成功！'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: /最近操作记录/ })).getByText('GET /sys/user/list'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '第三方账号' })).getByText('企业微信')).toBeInTheDocument();
    expect(screen.getByText('收到的通知公告 5 条，其中未读 2 条')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '作为持有人的房票' })).getByText('FP-0001')).toBeInTheDocument();
    const consent = screen.getByRole('region', { name: '个人信息保护告知' });
    expect(within(consent).getByText(PRIVACY_NOTICE.version)).toBeInTheDocument();
    expect(within(consent).getByText('2026-11-01 09:00:00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: MY_DATA_TEXT.download }));
    await waitFor(() => expect(mock.calls.find((c) => c.url === PRIVACY_API.myDataExport)?.responseType).toBe('blob'));
    expect(URL.createObjectURL).toHaveBeenCalled();
  });
});
