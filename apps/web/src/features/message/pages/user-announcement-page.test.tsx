import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ANNT_SEND_API, MESSAGE_MESSAGES, type MyAnnouncement } from '@district/shared';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { USER_ANNOUNCEMENT_TEXT, UserAnnouncementPage } from './user-announcement-page';

let restore = () => undefined as void;
afterEach(() => {
  cleanup();
  restore();
});

const notice = {
  id: 'a1',
  sendId: 's1',
  titile: '停电通知',
  msgCategory: '1',
  priority: 'H',
  sender: '系统管理员',
  sendTime: '2026-11-25 10:00:00',
  readFlag: 0,
} as unknown as MyAnnouncement;

describe('我的消息 全部标注已读', () => {
  it('asks first, then marks everything read and toasts the outcome', async () => {
    let readAll = 0;
    const http = mockHttp({
      [`GET ${ANNT_SEND_API.mine}`]: () =>
        ok({ records: [{ ...notice, readFlag: readAll ? 1 : 0 }], total: 1, size: 10, current: 1, pages: 1 }),
      [`PUT ${ANNT_SEND_API.readAll}`]: () => {
        readAll += 1;
        return ok(null, MESSAGE_MESSAGES.allRead);
      },
    });
    restore = http.restore;
    renderWithApp(<UserAnnouncementPage />);
    expect(await screen.findByText('停电通知')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: USER_ANNOUNCEMENT_TEXT.allRead }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(USER_ANNOUNCEMENT_TEXT.allReadConfirm)).toBeInTheDocument();
    expect(readAll).toBe(0);
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(readAll).toBe(1));
    await waitFor(() =>
      expect(document.querySelector('.ant-message-success')).toHaveTextContent(MESSAGE_MESSAGES.allRead),
    );
    expect(await screen.findByText(USER_ANNOUNCEMENT_TEXT.read)).toBeInTheDocument();
  }, 60_000);
});
