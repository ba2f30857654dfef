import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { PERM, PROJECT_API, TICKET_API, TICKET_MESSAGES, type AuthEntry } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { PHONE_WIDTH, screenWidth } from '@/components/list-page/screen-width.testing';
import type { TicketRecord } from '../api/ticket-api';
import { TICKET_FORM_TEXT } from '../components/ticket-form-modal';
import { TICKET_LIST_TEXT, TicketListPage } from './ticket-list-page';

const base: TicketRecord = {
  id: 't1',
  ticketNo: 'FP202611250001',
  holderName: '李四',
  holderIdCard: '110***********1234',
  holderPhone: '13800138000',
  projectId: 'p1',
  projectId_dictText: '锦江区东光安置项目',
  faceAmount: 100000,
  usedAmount: 30000,
  remainingAmount: 70000,
  issueDate: '2026-11-01',
  expiryDate: '2027-11-01',
  status: 'partly_used',
  status_dictText: '部分使用',
  cancelReason: null,
  remark: null,
  version: 1,
};
const ROWS: TicketRecord[] = [
  base,
  {
    ...base,
    id: 't2',
    ticketNo: 'FP202611250002',
    holderName: '王五',
    status: 'cancelled',
    status_dictText: '已作废',
    usedAmount: 0,
    remainingAmount: 100000,
  },
];

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const STAFF: string[] = [
  PERM.ticketList,
  PERM.ticketAdd,
  PERM.ticketEdit,
  PERM.ticketDelete,
  PERM.ticketExport,
  PERM.ticketImport,
  PERM.ticketUse,
  PERM.ticketCancel,
];

let restore = () => undefined as void;
afterEach(() => {
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function setup(routes: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {}, perms = STAFF) {
  useSessionStore.setState({ auth: perms.map(entry), allAuth: [] });
  const mock = mockHttp({
    [`GET ${TICKET_API.base}/list`]: ok({ records: ROWS, total: 2, size: 20, current: 1, pages: 1 }),
    'GET /sys/dict/getDictItems/ticket_status': ok([
      { value: 'issued', text: '已发放', color: '#1677ff' },
      { value: 'partly_used', text: '部分使用', color: '#fa8c16' },
      { value: 'cancelled', text: '已作废', color: '#f5222d' },
    ]),
    [`GET ${PROJECT_API.resettlement}`]: ok([{ id: 'p1', code: 'XM001', name: '锦江区东光安置项目' }]),
    ...routes,
  });
  restore = mock.restore;
  renderWithApp(<TicketListPage />, { route: '/house/ticket' });
  return mock;
}

const ERROR = '.ant-form-item-explain-error';
/** Pasting is one input event where typing is one per character (the machine running tests is slow). */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}
const row = (text: string) => screen.getByText(text).closest('tr')!;
const okButton = (scope: HTMLElement) => within(scope).getByRole('button', { name: /确\s*定|OK/ });

describe('room ticket list page', () => {
  it('lists tickets with the masked ID number, the project, the three amounts and a link to the details', async () => {
    setup();
    expect(await screen.findByText('李四')).toBeInTheDocument();
    const r = row('李四');
    expect(within(r).getByText('110***********1234')).toBeInTheDocument();
    expect(within(r).getByText('锦江区东光安置项目')).toBeInTheDocument();
    expect(within(r).getByText('100,000.00')).toBeInTheDocument();
    expect(within(r).getByText('30,000.00')).toBeInTheDocument();
    expect(within(r).getByText('70,000.00')).toBeInTheDocument();
    expect(within(r).getByText('部分使用')).toBeInTheDocument();
    expect(within(r).getByText(TICKET_LIST_TEXT.detail).closest('a')).toHaveAttribute(
      'href',
      '/house/ticketDetail?id=t1',
    );
    // An open ticket can be used, cancelled and edited; a cancelled one only read (and deleted).
    expect(within(r).getByText(TICKET_LIST_TEXT.use)).toBeInTheDocument();
    expect(within(r).getByText(TICKET_LIST_TEXT.cancel)).toBeInTheDocument();
    const closed = row('王五');
    expect(within(closed).getByText('已作废')).toBeInTheDocument();
    expect(within(closed).queryByText(TICKET_LIST_TEXT.use)).not.toBeInTheDocument();
    expect(within(closed).queryByText(TICKET_LIST_TEXT.cancel)).not.toBeInTheDocument();
    expect(within(closed).queryByText(TICKET_LIST_TEXT.edit)).not.toBeInTheDocument();
    // Deleting is offered only for a ticket nothing was spent from (the spent one is cancelled instead).
    expect(within(closed).getByText('删除')).toBeInTheDocument();
    expect(within(r).queryByText('删除')).not.toBeInTheDocument();
    // Hidden links leave no divider behind.
    const links = (tr: HTMLElement) =>
      [...tr.querySelector('.list-page-row-actions')!.children]
        .map((c) => (c.classList.contains('ant-divider') ? '|' : c.textContent))
        .join('');
    expect(links(closed)).toBe(`${TICKET_LIST_TEXT.detail}|删除`);
    expect(links(r)).toBe(
      `${TICKET_LIST_TEXT.detail}|${TICKET_LIST_TEXT.use}|${TICKET_LIST_TEXT.cancel}|${TICKET_LIST_TEXT.edit}`,
    );
  });

  it('checks the issue form and writes the face amount in capitals as it is typed', async () => {
    const bodies: unknown[] = [];
    setup({
      [`POST ${TICKET_API.base}/add`]: (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok({ id: 't9' }, '添加成功！');
      },
    });
    await screen.findByText('李四');
    await userEvent.click(screen.getByRole('button', { name: TICKET_LIST_TEXT.issue }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(TICKET_FORM_TEXT.add)).toBeInTheDocument();
    await fill(within(dialog).getByPlaceholderText('请输入18位身份证号'), '110101199003091235');
    await fill(within(dialog).getByPlaceholderText('请输入持票人手机号'), '12345678901');
    await fill(within(dialog).getByPlaceholderText('请输入票面金额'), '120000');
    expect(await within(dialog).findByText('大写：壹拾贰万元整')).toBeInTheDocument();
    await userEvent.click(okButton(dialog));
    expect(
      await within(dialog).findByText(TICKET_MESSAGES.holderNameRequired, { selector: ERROR }),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText(TICKET_MESSAGES.idCardInvalid, { selector: ERROR })).toBeInTheDocument();
    expect(await within(dialog).findByText(TICKET_MESSAGES.phoneInvalid, { selector: ERROR })).toBeInTheDocument();
    expect(await within(dialog).findByText(TICKET_MESSAGES.projectRequired, { selector: ERROR })).toBeInTheDocument();
    expect(
      await within(dialog).findByText(TICKET_MESSAGES.expiryDateRequired, { selector: ERROR }),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);

    // A valid ID number clears its message.
    const idInput = within(dialog).getByPlaceholderText('请输入18位身份证号');
    await userEvent.clear(idInput);
    await fill(idInput, '110101199003091234');
    await waitFor(() =>
      expect(within(dialog).queryByText(TICKET_MESSAGES.idCardInvalid, { selector: ERROR })).not.toBeInTheDocument(),
    );
  }, 60_000);

  it('records a use: the remaining amount, the entered amount in capitals, never above what is left', async () => {
    const bodies: Record<string, unknown>[] = [];
    setup({
      [`POST ${TICKET_API.use}`]: (c) => {
        bodies.push(JSON.parse(String(c.data)) as Record<string, unknown>);
        return ok({ id: 'u1', remainingAmount: 20000, status: 'partly_used' }, '登记成功！');
      },
    });
    await screen.findByText('李四');
    await userEvent.click(within(row('李四')).getByText(TICKET_LIST_TEXT.use));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('use-remaining')).toHaveTextContent('¥70,000.00');
    expect(within(dialog).getByText(/柒万元整/)).toBeInTheDocument();

    const amount = within(dialog).getByPlaceholderText('请输入使用金额');
    await fill(amount, '70000.01');
    await fill(within(dialog).getByPlaceholderText('请输入所购房屋地址'), '锦江区幸福路1号');
    await fill(within(dialog).getByPlaceholderText('请输入售房单位'), '锦江置业');
    await userEvent.click(okButton(dialog));
    expect(
      await within(dialog).findByText(TICKET_MESSAGES.overRemaining('70,000.00'), { selector: ERROR }),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await userEvent.clear(amount);
    await fill(amount, '50000');
    expect(await within(dialog).findByText('大写：伍万元整')).toBeInTheDocument();
    await userEvent.click(okButton(dialog));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      ticketId: 't1',
      amount: 50000,
      houseAddress: '锦江区幸福路1号',
      seller: '锦江置业',
    });
    expect(bodies[0]!.useDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }, 60_000);

  it('cancels with a required reason', async () => {
    const bodies: unknown[] = [];
    setup({
      [`PUT ${TICKET_API.cancel}`]: (c) => {
        bodies.push(JSON.parse(String(c.data)));
        return ok(null, '作废成功！');
      },
    });
    await screen.findByText('李四');
    await userEvent.click(within(row('李四')).getByText(TICKET_LIST_TEXT.cancel));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(okButton(dialog));
    expect(
      await within(dialog).findByText(TICKET_MESSAGES.cancelReasonRequired, { selector: ERROR }),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await fill(within(dialog).getByPlaceholderText('请输入作废原因'), '持票人放弃');
    await userEvent.click(okButton(dialog));
    await waitFor(() => expect(bodies).toEqual([{ id: 't1', reason: '持票人放弃' }]));
  });

  it('shows only the buttons the user may use', async () => {
    setup({}, [PERM.ticketList]);
    await screen.findByText('李四');
    expect(screen.queryByRole('button', { name: TICKET_LIST_TEXT.issue })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TICKET_LIST_TEXT.expire })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
    const r = row('李四');
    expect(within(r).getByText(TICKET_LIST_TEXT.detail)).toBeInTheDocument();
    expect(within(r).queryByText(TICKET_LIST_TEXT.use)).not.toBeInTheDocument();
    expect(within(r).queryByText(TICKET_LIST_TEXT.cancel)).not.toBeInTheDocument();
    expect(within(r).queryByText(TICKET_LIST_TEXT.edit)).not.toBeInTheDocument();
    expect(within(r).queryByText('删除')).not.toBeInTheDocument();
  });

  it('offers 执行过期 to its holders and reports how many tickets changed', async () => {
    const calls: string[] = [];
    setup(
      {
        [`POST ${TICKET_API.expire}`]: () => {
          calls.push('expire');
          return ok({ changed: 3 }, '已将 3 张房票标记为已过期');
        },
      },
      [...STAFF, PERM.ticketExpire],
    );
    await screen.findByText('李四');
    await userEvent.click(screen.getByRole('button', { name: TICKET_LIST_TEXT.expire }));
    expect((await screen.findAllByText(TICKET_LIST_TEXT.expireConfirm)).length).toBeGreaterThan(0);
    expect(calls).toEqual([]);
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(calls).toEqual(['expire']));
    expect(await screen.findByText('已将 3 张房票标记为已过期')).toBeInTheDocument();
  });
});

describe('room ticket list on a 390 px phone', () => {
  let restoreScreen = () => undefined as void;
  beforeEach(() => {
    restoreScreen = screenWidth(PHONE_WIDTH);
  });
  afterEach(() => restoreScreen());

  it('shows each ticket as a card: holder, number, status, amounts, project and its links', async () => {
    setup();
    const list = await screen.findByRole('list', { name: '记录' });
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    expect(document.querySelector('.ant-table')).toBeNull();
    expect(within(screen.getByRole('search')).getByRole('button', { name: '筛选' })).toBeInTheDocument();
    const [open, cancelled] = within(list).getAllByRole('listitem');
    expect(open).toHaveAccessibleName('李四');
    for (const text of ['FP202611250001', '部分使用', '100,000.00', '70,000.00', '锦江区东光安置项目'])
      expect(within(open!).getByText(text)).toBeInTheDocument();
    expect(within(open!).getByText(TICKET_LIST_TEXT.use)).toBeInTheDocument();
    expect(within(cancelled!).getByText('已作废')).toBeInTheDocument();
    expect(within(cancelled!).queryByText(TICKET_LIST_TEXT.use)).not.toBeInTheDocument();
    expect(within(cancelled!).getByText('删除')).toBeInTheDocument();
  });
});
