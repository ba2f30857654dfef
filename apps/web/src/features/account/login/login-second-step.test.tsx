import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import {
  SECURITY_MESSAGES as M,
  STORAGE_KEYS,
  type LoginChallenge,
  type LoginResult,
  type SessionSecurity,
} from '@district/shared';
import { setLoginNotice } from '@/lib/login-notice';
import { useSessionStore } from '@/lib/session-store';
import { localStore } from '@/lib/storage';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { LoginPage } from './login-page';

/*
 * The login's second step (issue 24): a code of the authenticator app after the password, the enrolment an account
 * must make first (QR code, secret, recovery codes), and the forced password change the session may announce.
 */

const security = (change: Partial<SessionSecurity> = {}): SessionSecurity => ({
  mustChangePassword: null,
  passwordExpiresAt: null,
  passwordExpiresInDays: null,
  idleMs: 1_800_000,
  totpEnabled: true,
  ...change,
});
const session = (change: Partial<SessionSecurity> = {}): LoginResult =>
  ({
    token: 'admin-token',
    userInfo: { username: 'admin', realname: '管理员', loginTenantId: 1 },
    company: { name: '公司', latitude: null, longitude: null },
    departList: [],
    positionList: [],
    tenantList: [{ id: 1, name: '默认租户' }],
    multi_depart: 1,
    security: security(change),
  }) as unknown as LoginResult;
const challenge = (kind: LoginChallenge['challenge']): LoginChallenge => ({
  challenge: kind,
  ticket: 'ticket-0123456789abcdefghij',
  username: 'admin',
  expiresIn: 300,
});
const RECOVERY = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const bodyOf = (http: ReturnType<typeof mockHttp>, url: string) =>
  JSON.parse(http.calls.find((c) => c.url === url)?.data as string) as Record<string, string>;

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{`${pathname}${search}`}</output>;
}

let restore = () => undefined as void;
function setup(routes: Parameters<typeof mockHttp>[0]) {
  const http = mockHttp({
    'GET /sys/platform/info': ok({ systemName: '测试平台', logoUrl: '', showSettings: false, captchaEnabled: false }),
    ...routes,
  });
  restore = http.restore;
  renderWithApp(
    <>
      <Routes>
        <Route path="/user/login" element={<LoginPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route: '/user/login' },
  );
  return http;
}

async function signIn() {
  await userEvent.type(screen.getByLabelText('用户名'), 'admin');
  await userEvent.type(screen.getByLabelText('密码'), 'secret-1');
  await userEvent.click(screen.getByRole('button', { name: '登录' }));
}

beforeEach(() => useSessionStore.getState().clearSession());
afterEach(() => {
  cleanup();
  restore();
  useSessionStore.getState().clearSession();
});

describe('login second step', () => {
  it('asks for the authenticator code after the password and signs in with it', async () => {
    const http = setup({
      'POST /sys/login': ok(challenge('totp')),
      'POST /sys/login/totp': ({ data }) =>
        (JSON.parse(data as string) as { passcode: string }).passcode === '654321'
          ? ok(session())
          : fail(400, M.totpCodeWrong),
    });
    await signIn();
    const code = await screen.findByLabelText('动态验证码');
    // No session before the second step.
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText(M.totpCodeRequired)).toBeInTheDocument();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText(M.totpCodeWrong)).toBeInTheDocument();
    // The button is still leaving its loading state (jsdom runs no animation end): Enter submits as well.
    await userEvent.type(screen.getByLabelText('动态验证码'), '654321{Enter}');
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/dashboard/analysis'));
    expect(bodyOf(http, '/sys/login/totp')).toEqual({ mfaToken: 'ticket-0123456789abcdefghij', passcode: '123456' });
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBe('admin-token');
  });

  it('takes a recovery code instead of the app code', async () => {
    const http = setup({ 'POST /sys/login': ok(challenge('totp')), 'POST /sys/login/totp': ok(session()) });
    await signIn();
    await userEvent.type(await screen.findByLabelText('动态验证码'), 'k7f2m-9qx4t');
    await userEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/dashboard/analysis'));
    expect(bodyOf(http, '/sys/login/totp').passcode).toBe('k7f2m-9qx4t');
  });

  it('goes back to the password with the server’s message when the ticket has expired', async () => {
    setup({ 'POST /sys/login': ok(challenge('totp')), 'POST /sys/login/totp': fail(400, M.totpChallengeInvalid) });
    await signIn();
    await userEvent.type(await screen.findByLabelText('动态验证码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText(M.totpChallengeInvalid)).toBeInTheDocument();
    expect(screen.queryByLabelText('动态验证码')).not.toBeInTheDocument();
    expect(screen.getByLabelText('用户名')).toBeVisible();
  });

  it('makes an account that must enrol bind the authenticator: QR code, secret, recovery codes kept once', async () => {
    const http = setup({
      'POST /sys/login': ok(challenge('enrol')),
      'POST /sys/login/totp/setup': ok({
        uri: 'otpauth://totp/%E8%B5%84%E4%BA%A7:admin?secret=JBSWY3DPEHPK3PXP&issuer=%E8%B5%84%E4%BA%A7',
        secret: 'JBSWY3DPEHPK3PXP',
        issuer: '资产',
        account: 'admin',
      }),
      'POST /sys/login/totp/enable': ok({ recoveryCodes: RECOVERY, login: session() }),
    });
    await signIn();
    expect(await screen.findByText('绑定身份验证器')).toBeInTheDocument();
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(screen.getByLabelText('身份验证器二维码')).toBeInTheDocument();
    // Only the app's 6 digits prove the enrolment.
    await userEvent.type(screen.getByLabelText('动态验证码'), 'k7f2m-9qx4t');
    await userEvent.click(screen.getByRole('button', { name: '绑定并登录' }));
    expect(await screen.findByText(M.totpCodeFormat)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('动态验证码'));
    await userEvent.type(screen.getByLabelText('动态验证码'), '246810');
    await userEvent.click(screen.getByRole('button', { name: '绑定并登录' }));

    const list = await screen.findByRole('list', { name: '恢复码' });
    for (const code of RECOVERY) expect(list).toHaveTextContent(code);
    expect(bodyOf(http, '/sys/login/totp/enable')).toEqual({
      mfaToken: 'ticket-0123456789abcdefghij',
      passcode: '246810',
    });
    // Not in before the user says the codes are kept.
    const finish = screen.getByRole('button', { name: '完成登录' });
    expect(finish).toBeDisabled();
    expect(screen.getByLabelText('where')).toHaveTextContent('/user/login');
    await userEvent.click(screen.getByRole('checkbox', { name: '我已妥善保存' }));
    await userEvent.click(finish);
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/dashboard/analysis'));
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBe('admin-token');
  });

  it('sends a session whose password must be changed to the change page first', async () => {
    setup({ 'POST /sys/login': ok(session({ mustChangePassword: 'expired' })) });
    await signIn();
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/user/password?cause=expired'));
  });

  it('warns after login when the password expires soon', async () => {
    setup({ 'POST /sys/login': ok(session({ passwordExpiresInDays: 5 })) });
    await signIn();
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/dashboard/analysis'));
    expect(await screen.findByText(M.passwordExpiresSoon(5))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即修改' })).toBeInTheDocument();
  });

  it('says why the last session ended when it timed out', async () => {
    setLoginNotice(M.sessionIdle);
    setup({});
    expect(await screen.findByText(M.sessionIdle)).toBeInTheDocument();
  });
});
