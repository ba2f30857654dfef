import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { PERM, TICKET_API, TICKET_MESSAGES, type AuthEntry, type RoomTicketDetail } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { TICKET_DETAIL_TEXT, TicketDetailPage } from './ticket-detail-page';

const DETAIL: RoomTicketDetail = {
  id: 't1',
  ticketNo: 'FP202611250001',
  holderName: '李四',
  holderIdCard: '110***********1234',
  holderPhone: '13800138000',
  projectId: 'p1',
  projectName: '锦江区东光安置项目',
  faceAmount: 120000,
  usedAmount: 100000,
  remainingAmount: 20000,
  faceAmountText: '壹拾贰万元整',
  usedAmountText: '壹拾万元整',
  remainingAmountText: '贰万元整',
  issueDate: '2026-11-01',
  expiryDate: '2027-11-01',
  status: 'partly_used',
  statusText: '部分使用',
  cancelReason: null,
  remark: null,
  version: 2,
  uses: [
    {
      id: 'u2',
      ticketId: 't1',
      houseAddress: '锦江区幸福路2号',
      area: 60.5,
      amount: 50000,
      useDate: '2026-11-20',
      seller: '锦江置业',
      remark: null,
      createBy: 'staff',
      createByName: '李登记',
      createTime: '2026-11-20 10:00:00',
    },
    {
      id: 'u1',
      ticketId: 't1',
      houseAddress: '锦江区幸福路1号',
      area: null,
      amount: 50000,
      useDate: '2026-11-10',
      seller: '锦江置业',
      remark: null,
      createBy: 'staff',
      createByName: '李登记',
      createTime: '2026-11-10 10:00:00',
    },
  ],
  createBy: 'staff',
  createByName: '王发放',
  createTime: '2026-11-01 09:00:00',
};

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(
  route: string,
  detail: RoomTicketDetail = DETAIL,
  perms: string[] = [PERM.ticketList, PERM.ticketUse, PERM.ticketCancel],
) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    [`GET ${TICKET_API.detail}`]: (c: InternalAxiosRequestConfig) =>
      (c.params as { id?: string }).id === detail.id ? ok(detail) : fail(404, TICKET_MESSAGES.notFound),
    'GET /sys/dict/getDictItems/ticket_status': ok([
      { value: 'partly_used', text: '部分使用', color: '#fa8c16' },
      { value: 'cancelled', text: '已作废', color: '#f5222d' },
    ]),
  });
  restore = mock.restore;
  renderWithApp(<TicketDetailPage />, { route });
  return mock;
}

describe('room ticket detail page', () => {
  it('shows the three amounts with their capitals, the masked ID number and the uses newest first', async () => {
    setup('/house/ticketDetail?id=t1');
    expect(await screen.findByText('房票 FP202611250001')).toBeInTheDocument();
    expect(screen.getByTestId('face-amount')).toHaveTextContent('¥120,000.00壹拾贰万元整');
    expect(screen.getByTestId('used-amount')).toHaveTextContent('¥100,000.00壹拾万元整');
    expect(screen.getByTestId('remaining-amount')).toHaveTextContent('¥20,000.00贰万元整');
    expect(screen.getByText('110***********1234')).toBeInTheDocument();
    expect(screen.getByText('锦江区东光安置项目')).toBeInTheDocument();
    expect(screen.getAllByText('部分使用').length).toBeGreaterThan(0);
    const rows = screen.getAllByRole('row').filter((r) => within(r).queryByText(/幸福路/));
    expect(rows.map((r) => within(r).getByText(/幸福路/).textContent)).toEqual(['锦江区幸福路2号', '锦江区幸福路1号']);
    // People by name, not login name: 发放人 and the use's 登记人.
    expect(screen.getByText('王发放')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('李登记')).toBeInTheDocument();
    expect(screen.queryByText('staff')).toBeNull();
    expect(screen.getByRole('button', { name: TICKET_DETAIL_TEXT.use })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TICKET_DETAIL_TEXT.cancel })).toBeInTheDocument();
  });

  it('offers neither use nor cancel on a cancelled ticket, and shows the reason', async () => {
    setup('/house/ticketDetail?id=t1', {
      ...DETAIL,
      status: 'cancelled',
      statusText: '已作废',
      cancelReason: '持票人放弃安置',
      uses: [],
    });
    expect(await screen.findByText('持票人放弃安置')).toBeInTheDocument();
    expect(screen.getAllByText('已作废').length).toBeGreaterThan(0);
    expect(screen.getByText(TICKET_DETAIL_TEXT.noUses)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TICKET_DETAIL_TEXT.use })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TICKET_DETAIL_TEXT.cancel })).not.toBeInTheDocument();
  });

  it('hides the buttons the user may not use', async () => {
    setup('/house/ticketDetail?id=t1', DETAIL, [PERM.ticketList]);
    expect(await screen.findByText('房票 FP202611250001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TICKET_DETAIL_TEXT.use })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TICKET_DETAIL_TEXT.cancel })).not.toBeInTheDocument();
  });

  it('explains a page opened without a ticket, and an unknown ticket', async () => {
    setup('/house/ticketDetail');
    expect(await screen.findByText(TICKET_DETAIL_TEXT.pick)).toBeInTheDocument();
    restore();
    cleanup();
    setup('/house/ticketDetail?id=nope');
    expect(await screen.findByText(TICKET_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.getByText(TICKET_DETAIL_TEXT.toList).closest('a')).toHaveAttribute('href', '/house/ticket');
  });
});
