import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_PASSWORD_POLICY,
  MSG,
  PASSWORD_MESSAGES,
  PASSWORD_RULE,
  passwordRuleOf,
  SECURITY_MESSAGES,
  type PasswordPolicy,
} from '@district/shared';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { ChangePasswordModal } from './change-password-modal';

let restore = () => undefined as void;
afterEach(() => restore());

function open(username: string | null, handlers = { onClose: vi.fn(), onChanged: vi.fn() }) {
  renderWithApp(<ChangePasswordModal open username={username} {...handlers} />);
  return handlers;
}

const ok_ = () => screen.getByRole('button', { name: '确定' });

describe('change-password modal', () => {
  it('warns 当前系统无登录用户! and stays hidden without a signed-in user', async () => {
    const { onClose } = open(null);
    expect(await screen.findByText(MSG.noLoginUser)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the three required messages when submitted empty', async () => {
    open('admin');
    expect(await screen.findByText('修改密码')).toBeInTheDocument();
    await userEvent.click(ok_());
    expect(await screen.findByText(PASSWORD_MESSAGES.oldRequired)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.newRequired)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.confirmRequired)).toBeInTheDocument();
  });

  it('refuses a confirmation that differs: 两次输入的密码不一样！', async () => {
    open('admin');
    await userEvent.type(await screen.findByLabelText('旧密码'), 'old-pass');
    await userEvent.type(screen.getByLabelText('新密码'), 'new-pass-1');
    await userEvent.type(screen.getByLabelText('确认新密码'), 'new-pass-2');
    await userEvent.click(ok_());
    expect(await screen.findByText(PASSWORD_MESSAGES.mismatch)).toBeInTheDocument();
  });

  it('holds a new password to the one shared rule (8–32, letters and digits): 111111 is refused', async () => {
    const http = mockHttp({ 'POST /sys/user/updatePassword': ok(null, MSG.passwordChanged) });
    restore = http.restore;
    open('admin');
    await userEvent.type(await screen.findByLabelText('旧密码'), 'old-pass');
    await userEvent.type(screen.getByLabelText('新密码'), '111111');
    await userEvent.type(screen.getByLabelText('确认新密码'), '111111');
    await userEvent.click(ok_());
    expect(await screen.findByText(PASSWORD_RULE.message)).toBeInTheDocument();
    expect(http.calls.filter((c) => c.url === '/sys/user/updatePassword')).toHaveLength(0);
  });

  it('checks the rule configured in 安全设置, not a fixed one, and says it under the field', async () => {
    const policy = { ...DEFAULT_PASSWORD_POLICY, minLength: 12, classes: ['lower', 'upper', 'digit', 'symbol'] };
    const rule = passwordRuleOf(policy as PasswordPolicy);
    const http = mockHttp({
      'GET /sys/security/passwordPolicy': ok(policy),
      'POST /sys/user/updatePassword': ok(null, MSG.passwordChanged),
    });
    restore = http.restore;
    open('admin');
    expect(
      await screen.findByText(`密码规则：${rule.message}；${SECURITY_MESSAGES.passwordReused(5)}`),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('旧密码'), 'old-pass');
    // Good enough for the default rule, too short and too plain for this one.
    await userEvent.type(screen.getByLabelText('新密码'), 'new-pass-1');
    await userEvent.type(screen.getByLabelText('确认新密码'), 'new-pass-1');
    await userEvent.click(ok_());
    expect(await screen.findByText(rule.message)).toBeInTheDocument();
    expect(http.calls.filter((c) => c.url === '/sys/user/updatePassword')).toHaveLength(0);
  });

  it('submits, shows the server message and signs out on success', async () => {
    const http = mockHttp({ 'POST /sys/user/updatePassword': ok(null, MSG.passwordChanged) });
    restore = http.restore;
    const { onClose, onChanged } = open('admin');
    await userEvent.type(await screen.findByLabelText('旧密码'), 'old-pass');
    await userEvent.type(screen.getByLabelText('新密码'), 'new-pass-1');
    await userEvent.type(screen.getByLabelText('确认新密码'), 'new-pass-1');
    await userEvent.click(ok_());

    expect(await screen.findByText(MSG.passwordChanged)).toBeInTheDocument();
    expect(JSON.parse(http.calls.find((c) => c.url === '/sys/user/updatePassword')!.data as string)).toEqual({
      username: 'admin',
      oldpassword: 'old-pass',
      password: 'new-pass-1',
      confirmpassword: 'new-pass-1',
    });
    expect(onClose).toHaveBeenCalled();
    expect(onChanged).toHaveBeenCalled();
  });

  it('stays open after a refused change (the server message is shown centrally)', async () => {
    restore = mockHttp({ 'POST /sys/user/updatePassword': fail(400, MSG.oldPasswordWrong) }).restore;
    const { onClose, onChanged } = open('admin');
    await userEvent.type(await screen.findByLabelText('旧密码'), 'wrong');
    await userEvent.type(screen.getByLabelText('新密码'), 'new-pass-1');
    await userEvent.type(screen.getByLabelText('确认新密码'), 'new-pass-1');
    await userEvent.click(ok_());
    expect(await screen.findByText(MSG.oldPasswordWrong)).toBeInTheDocument();
    await waitFor(() => expect(ok_()).not.toHaveClass('ant-btn-loading'));
    expect(onClose).not.toHaveBeenCalled();
    expect(onChanged).not.toHaveBeenCalled();
  });
});
