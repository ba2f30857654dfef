import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGE_API, PERM, TEMPLATE_API, TEMPLATE_MESSAGES, type AuthEntry } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { MessageListPage } from './message-list-page';
import { TEMPLATE_PAGE_TEXT, TemplateListPage } from './template-list-page';

const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
/** A request that did not go out: 200, success false (see template.routes.ts). */
const notSent = (message: string): MockReply => ({
  status: 200,
  data: { success: false, message, code: 200, result: { id: 'm1', status: '2', error: '550' }, timestamp: 0 },
});

let restore = () => undefined as void;
afterEach(() => {
  cleanup();
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
  vi.restoreAllMocks();
});

const template = {
  id: 't1',
  templateCode: 't_mail',
  templateName: '到期提醒',
  templateType: '2',
  templateContent: '您好',
  templateTestJson: null,
  createTime: '2026-11-25 10:00:00',
};

async function openTestSend(answer: MockReply) {
  useSessionStore.setState({ auth: [PERM.templateTest].map(entry), allAuth: [] });
  const http = mockHttp({
    [`GET ${TEMPLATE_API.base}/list`]: page([template]),
    [`POST ${TEMPLATE_API.sendMsg}`]: answer,
  });
  restore = http.restore;
  renderWithApp(<TemplateListPage />);
  await userEvent.click(await screen.findByText(TEMPLATE_PAGE_TEXT.test));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText(TEMPLATE_PAGE_TEXT.receiver), 'nobody@example.test');
  await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
  return dialog;
}

describe('消息模板 发送测试', () => {
  it('shows an e-mail the server refused as a warning, not a success, and keeps the dialog', async () => {
    const dialog = await openTestSend(notSent(`${TEMPLATE_MESSAGES.refused}：550 Mailbox unavailable`));
    await waitFor(() =>
      expect(document.querySelector('.ant-message-warning')).toHaveTextContent(TEMPLATE_MESSAGES.refused),
    );
    expect(document.querySelector('.ant-message-success')).toBeNull();
    expect(dialog).toBeInTheDocument();
  }, 60_000);

  it('handles a 400 refusal: the notice shows, nothing is left uncaught', async () => {
    const errors = vi.spyOn(console, 'error');
    await openTestSend(fail(400, TEMPLATE_MESSAGES.receiverEmail));
    expect(await screen.findByText(TEMPLATE_MESSAGES.receiverEmail)).toBeInTheDocument();
    // The OK button is usable again (the send finished) and no AxiosError reached the console.
    await waitFor(() => expect(screen.getByRole('button', { name: /确\s*定|OK/ })).not.toHaveClass('ant-btn-loading'));
    expect(errors.mock.calls.flat().some((a) => String(a).includes('AxiosError'))).toBe(false);
  }, 60_000);
});

describe('消息记录 接收人', () => {
  it('shows a system message’s receiver by real name, not the user id', async () => {
    const id = 'e9a1c3f2b4d6e8f0a1b2c3d4e5f6a7b8';
    const http = mockHttp({
      [`GET ${MESSAGE_API.base}/list`]: page([
        { id: 'm2', esType: '1', esReceiver: id, esReceiver_dictText: '张三', esSendStatus: '1', esSendNum: 1 },
        { id: 'm3', esType: '2', esReceiver: 'a@example.test', esSendStatus: '1', esSendNum: 1 },
      ]),
    });
    restore = http.restore;
    renderWithApp(<MessageListPage />);
    expect(await screen.findByText('张三')).toBeInTheDocument();
    expect(screen.getByText('a@example.test')).toBeInTheDocument();
    expect(screen.queryByText(id)).toBeNull();
  }, 60_000);
});

describe('消息记录 重新发送', () => {
  it('shows a resend that failed again as a warning with the reason', async () => {
    useSessionStore.setState({ auth: [PERM.messageResend].map(entry), allAuth: [] });
    const record = {
      id: 'm1',
      templateCode: 't_mail',
      esType: '2',
      esReceiver: 'nobody@example.test',
      esTitle: '到期提醒',
      esSendStatus: '2',
      esSendNum: 1,
      esResult: '550 Mailbox unavailable',
      esSendTime: null,
      nextTryTime: null,
      createTime: '2026-11-25 10:00:00',
    };
    const http = mockHttp({
      [`GET ${MESSAGE_API.base}/list`]: page([record]),
      [`POST ${MESSAGE_API.resend}?id=m1`]: notSent(`${TEMPLATE_MESSAGES.resendFailed}：550 Mailbox unavailable`),
    });
    restore = http.restore;
    renderWithApp(<MessageListPage />);
    await userEvent.click(await screen.findByText('重新发送'));
    await waitFor(() =>
      expect(document.querySelector('.ant-message-warning')).toHaveTextContent(TEMPLATE_MESSAGES.resendFailed),
    );
    expect(screen.queryByText(TEMPLATE_MESSAGES.resendDone)).toBeNull();
  }, 60_000);
});
