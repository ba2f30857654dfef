import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { ANNT_API, ANNT_SEND_API, MESSAGE_ROUTES, NOTICE_TIMING, type NoticeItem } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { NoticeBell } from './notice-bell';

const notice = (id: string, titile: string, extra: Partial<NoticeItem> = {}): NoticeItem => ({
  id,
  titile,
  createTime: '2026-11-25 10:00:00',
  priority: 'H',
  openType: 'url',
  openPage: '/asset/index',
  busId: null,
  msgTxt: null,
  msgId: `s-${id}`,
  msgCategory: '1',
  sender: '系统管理员',
  sendTime: '2026-11-25 10:00:00',
  ...extra,
});

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderBell() {
  useSessionStore.setState({ token: 'tok' });
  return renderWithApp(
    <>
      <NoticeBell />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { route: '/dashboard/analysis' },
  );
}

let restore = () => undefined as void;
afterEach(() => {
  cleanup();
  restore();
  vi.useRealTimers();
  useSessionStore.setState({ token: null });
});

describe('notice bell', () => {
  it('shows the counts, opens a notice (marked read, reloaded) and its go-and-handle page', async () => {
    let unread = [notice('a1', '停电通知'), notice('a2', '例会通知')];
    const http = mockHttp({
      [`GET ${ANNT_API.listByUser}`]: () =>
        ok({
          anntMsgList: unread,
          anntMsgTotal: unread.length,
          sysMsgList: [notice('s1', '系统维护', { msgCategory: '2' })],
          sysMsgTotal: 1,
        }),
      [`PUT ${ANNT_SEND_API.read}`]: (config) => {
        const { anntId } = JSON.parse(String(config.data)) as { anntId: string };
        unread = unread.filter((n) => n.id !== anntId);
        return ok(null);
      },
      [`GET ${ANNT_API.queryById}`]: ok({
        id: 'a1',
        titile: '停电通知',
        sender: '系统管理员',
        sendTime: '2026-11-25 10:00:00',
        msgContent: '<p>周五停电</p>',
        openType: 'url',
        openPage: '/asset/index',
        priority: 'H',
        msgCategory: '1',
      }),
    });
    restore = http.restore;
    renderBell();
    const bell = await screen.findByRole('button', { name: '消息通知' });
    await waitFor(() => expect(bell).toHaveTextContent('3'));
    await userEvent.click(bell);
    expect(await screen.findByText('通知(2)')).toBeInTheDocument();
    expect(screen.getByText('系统消息(1)')).toBeInTheDocument();
    await userEvent.click(screen.getByText('停电通知'));
    expect(await screen.findByText('周五停电')).toBeInTheDocument();
    expect(http.calls.some((c) => c.url === ANNT_SEND_API.read)).toBe(true);
    await waitFor(() => expect(bell).toHaveTextContent('2'));
    await userEvent.click(screen.getByRole('button', { name: '去处理' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/asset/index'));
  });

  it("refreshes every 6 s, and 'view more' goes to 我的消息", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const http = mockHttp({
      [`GET ${ANNT_API.listByUser}`]: ok({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 }),
    });
    restore = http.restore;
    renderBell();
    const loads = () => http.calls.filter((c) => c.url === ANNT_API.listByUser).length;
    await waitFor(() => expect(loads()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_TIMING.refreshMs));
    await waitFor(() => expect(loads()).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_TIMING.refreshMs));
    await waitFor(() => expect(loads()).toBe(3));
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: '消息通知' }));
    await userEvent.click(await screen.findByRole('button', { name: '查看更多' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(MESSAGE_ROUTES.userAnnouncement));
  });

  it('stops refreshing after a failed load', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const http = mockHttp({ [`GET ${ANNT_API.listByUser}`]: fail(500, '服务器错误') });
    restore = http.restore;
    renderBell();
    const loads = () => http.calls.filter((c) => c.url === ANNT_API.listByUser).length;
    await waitFor(() => expect(loads()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_TIMING.refreshMs * 3));
    expect(loads()).toBe(1);
  });
});
