import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES as M, type AccountSession } from '@district/shared';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { UserInfoPage } from './user-info-page';

let restore = () => undefined as void;
afterEach(() => {
  cleanup();
  restore();
});

const session = (id: string, current: boolean): AccountSession => ({
  id,
  current,
  ip: '10.0.0.1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  client: 'Chrome 156 · Linux',
  createdAt: Date.now(),
  expiresAt: Date.now() + 60_000,
});

describe('personal centre', () => {
  it('shows the profile and sessions, changes the phone with a code, and signs out the other sessions', async () => {
    let sessions = [session('aaaaaaaa11', true), session('bbbbbbbb22', false)];
    const profile = { username: 'staff', realname: '张三', avatar: '', phone: '13800000002', email: '' };
    const http = mockHttp({
      'GET /account/profile': ok(profile),
      'GET /account/sessions': () => ok(sessions),
      'POST /account/profile/sms': ok(null, M.smsSent),
      'PUT /account/profile/phone': ok({ ...profile, phone: '13400000001' }, M.phoneChanged),
      'POST /account/sessions/signOutOthers': () => {
        sessions = sessions.filter((s) => s.current);
        return ok({ count: 1 }, M.signedOutOthers);
      },
    });
    restore = http.restore;
    renderWithApp(<UserInfoPage />);
    expect(await screen.findByText('13800000002')).toBeInTheDocument();
    expect(await screen.findByText('当前')).toBeInTheDocument();
    expect(screen.getByText('bbbbbbbb')).toBeInTheDocument();
    // The device in words like 在线用户, not the raw User-Agent.
    expect(screen.getAllByText('Chrome 156 · Linux')).toHaveLength(2);
    expect(screen.queryByText(/Mozilla/)).toBeNull();

    await userEvent.type(screen.getByLabelText('新手机号'), '13400000001');
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('短信验证码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: /更\s*换/ }));
    expect(await screen.findByText('13400000001')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '退出其他会话' }));
    // Asked first: nothing is ended until the user confirms; then the outcome is toasted.
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/确定退出除当前会话外的其他 1 个会话吗/)).toBeInTheDocument();
    expect(screen.getByText('bbbbbbbb')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(screen.queryByText('bbbbbbbb')).toBeNull());
    expect(await screen.findByText(`${M.signedOutOthers}（1个）`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '我的消息' })).toHaveAttribute('href', '/isps/userAnnouncement');
  });
});
