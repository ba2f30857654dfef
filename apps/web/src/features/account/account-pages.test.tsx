import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import {
  ACCOUNT_MESSAGES as M,
  PRIVACY_MESSAGES,
  PRIVACY_NOTICE,
  STORAGE_KEYS,
  type AccountOptions,
  type LoginResult,
} from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { localStore } from '@/lib/storage';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { LoginPage } from './login/login-page';
import { AlterationPage } from './register/alteration-page';
import { RegisterPage } from './register/register-page';
import { RegisterResultPage } from './register/register-result-page';

const options = (change: Partial<AccountOptions> = {}): AccountOptions => ({
  registerOpen: true,
  phoneLogin: true,
  alteration: true,
  captchaEnabled: false,
  casLoginUrl: null,
  ...change,
});
const platform = ok({ systemName: '测试平台', logoUrl: '', showSettings: false, captchaEnabled: false });

function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>;
}

let restore = () => undefined as void;
function mount(route: string, routes: Parameters<typeof mockHttp>[0]) {
  const http = mockHttp({ 'GET /sys/platform/info': platform, ...routes });
  restore = http.restore;
  renderWithApp(
    <>
      <Routes>
        <Route path="/user/login" element={<LoginPage />} />
        <Route path="/user/register" element={<RegisterPage />} />
        <Route path="/user/register-result" element={<RegisterResultPage />} />
        <Route path="/user/alteration" element={<AlterationPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route },
  );
  return http;
}
const body = (http: ReturnType<typeof mockHttp>, url: string) =>
  JSON.parse((http.calls.find((c) => c.url === url)?.data as string) ?? 'null') as unknown;

beforeEach(() => useSessionStore.getState().clearSession());
afterEach(() => {
  cleanup();
  restore();
  useSessionStore.getState().clearSession();
});

describe('phone login tab', () => {
  it('sends the code with a 60-second countdown, signs in and preselects the tenant chosen last time', async () => {
    const result = {
      token: 'phone-token',
      userInfo: { username: 'admin', realname: '管理员', loginTenantId: 2 },
      company: { name: '公司', latitude: null, longitude: null },
      departList: [],
      positionList: [],
      tenantList: [
        { id: 1, name: '甲租户' },
        { id: 2, name: '乙租户' },
      ],
      multi_depart: 0,
    } as unknown as LoginResult;
    const http = mount('/user/login', {
      'GET /account/options': ok(options()),
      'POST /account/sms': ok(null, M.smsSent),
      'POST /sys/phoneLogin': ok(result),
      'PUT /account/loginTenant': ok(null),
    });
    await userEvent.click(await screen.findByRole('tab', { name: '手机号登录' }));
    await userEvent.type(await screen.findByLabelText('手机号'), '13800000001');
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText(M.smsSent)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /60秒后重新获取/ })).toBeDisabled();
    expect(body(http, '/account/sms')).toEqual({ mobile: '13800000001', purpose: 'login' });

    await userEvent.type(screen.getByLabelText('短信验证码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请选择登录租户')).toBeInTheDocument();
    expect(screen.getByText('乙租户')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/dashboard/analysis'));
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBe('phone-token');
    expect(localStore.get(STORAGE_KEYS.tenantId)).toBe(2);
    expect(body(http, '/account/loginTenant')).toEqual({ tenantId: 2 });
  });

  it('offers no phone tab, register or recovery link when they are switched off', async () => {
    mount('/user/login', {
      'GET /account/options': ok(options({ phoneLogin: false, registerOpen: false, alteration: false })),
    });
    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('tab', { name: '手机号登录' })).toBeNull());
    expect(screen.queryByText('注册账户')).toBeNull();
    expect(screen.queryByText('忘记密码')).toBeNull();
  });
});

describe('CAS', () => {
  it('offers the CAS login page and signs in with the ticket it sends back', async () => {
    const result = {
      token: 'cas-token',
      userInfo: { username: 'admin', realname: '管理员', loginTenantId: 1 },
      company: { name: '公司', latitude: null, longitude: null },
      departList: [],
      positionList: [],
      tenantList: [{ id: 1, name: '甲租户' }],
      multi_depart: 0,
    } as unknown as LoginResult;
    const http = mount('/user/login?ticket=ST-1-abc', {
      'GET /account/options': ok(options({ casLoginUrl: 'https://cas.example/cas/login?service=x' })),
      'GET /sys/cas/client/validateLogin': ok(result),
    });
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/dashboard/analysis'));
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBe('cas-token');
    expect(http.calls.find((c) => c.url === '/sys/cas/client/validateLogin')?.params).toMatchObject({
      ticket: 'ST-1-abc',
    });
  });

  it('shows the CAS refusal on the login page', async () => {
    mount('/user/login?ticket=ST-9-bad', {
      'GET /account/options': ok(options({ casLoginUrl: 'https://cas.example/cas/login?service=x' })),
      'GET /sys/cas/client/validateLogin': fail(401, M.casTicketInvalid),
    });
    expect(await screen.findByText(M.casTicketInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /CAS/ })).toHaveAttribute(
      'href',
      'https://cas.example/cas/login?service=x',
    );
  });
});

describe('register', () => {
  it('says registration is closed when it is', async () => {
    mount('/user/register', { 'GET /account/options': ok(options({ registerOpen: false })) });
    expect(await screen.findByText(M.registerClosed)).toBeInTheDocument();
  });

  it('shows the password strength, checks the name as typed, and lands on the result page', async () => {
    const http = mount('/user/register', {
      'GET /account/options': ok(options()),
      'GET /auth/register/checkOnlyUser': (config) =>
        (config.params as { username?: string }).username === 'admin'
          ? { data: { success: false, message: M.usernameTaken, code: 200, result: false, timestamp: 0 } }
          : ok(true, '该值可用！'),
      'POST /account/sms': ok(null, M.smsSent),
      'POST /auth/register': ok({ username: 'newbie', pending: true }, M.registerPending),
    });
    await userEvent.type(await screen.findByLabelText('用户名'), 'admin');
    await userEvent.tab();
    expect(await screen.findByText(M.usernameTaken)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('密码'), 'abc');
    expect(await screen.findByText('强度：弱')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('用户名'));
    await userEvent.type(screen.getByLabelText('用户名'), 'newbie');
    await userEvent.clear(screen.getByLabelText('密码'));
    await userEvent.type(screen.getByLabelText('密码'), 'Newbie2026!x');
    expect(await screen.findByText('强度：强')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('确认密码'), 'Newbie2026!x');
    await userEvent.type(screen.getByLabelText('手机号'), '13600000001');
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText(M.smsSent)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('短信验证码'), '654321');
    // The privacy notice is shown in full, and the form is not sent until it is accepted.
    expect(screen.getByRole('region', { name: PRIVACY_NOTICE.title })).toHaveTextContent(PRIVACY_NOTICE.paragraphs[1]);
    await userEvent.click(screen.getByRole('button', { name: /注\s*册/ }));
    expect(await screen.findByText(PRIVACY_MESSAGES.noticeRequired)).toBeInTheDocument();
    expect(http.calls.some((c) => c.url === '/auth/register')).toBe(false);
    await userEvent.click(screen.getByRole('checkbox', { name: PRIVACY_NOTICE.acceptLabel }));
    await userEvent.click(screen.getByRole('button', { name: /注\s*册/ }));
    expect(await screen.findByText(M.registerPending)).toBeInTheDocument();
    expect(screen.getByLabelText('where')).toHaveTextContent('/user/register-result');
    expect(body(http, '/auth/register')).toEqual({
      username: 'newbie',
      password: 'Newbie2026!x',
      confirmPassword: 'Newbie2026!x',
      mobile: '13600000001',
      smscode: '654321',
      privacyAccepted: true,
      privacyVersion: PRIVACY_NOTICE.version,
    });
  });
});

describe('alteration', () => {
  it('walks the four steps with the masked phone, and goes back to step 1 on a spent ticket', async () => {
    let resets = 0;
    const http = mount('/user/alteration', {
      'GET /account/options': ok(options()),
      'POST /auth/forge-password/check': ok({ ticket: 't1', phone: '138****0002' }),
      'POST /auth/forge-password/sms': ok(null, M.smsSent),
      'POST /auth/forge-password/verify': ok({ ticket: 't2' }),
      'POST /auth/forge-password/reset': () =>
        resets++ === 0 ? fail(400, M.ticketInvalid) : ok(null, M.passwordReset),
    });
    const toStep3 = async () => {
      await userEvent.type(await screen.findByLabelText('账号'), 'staff');
      await userEvent.click(screen.getByRole('button', { name: /下一步/ }));
      expect(await screen.findByText('138****0002')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
      await userEvent.type(screen.getByLabelText('短信验证码'), '123456');
      await userEvent.click(screen.getByRole('button', { name: /下一步/ }));
      await userEvent.type(await screen.findByLabelText('新密码'), 'After2026x');
      await userEvent.type(screen.getByLabelText('确认新密码'), 'After2026x');
      await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    };
    await toStep3();
    expect(await screen.findByText(M.ticketInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('账号')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('账号'));
    await toStep3();
    expect(await screen.findByText(M.passwordReset)).toBeInTheDocument();
    expect(body(http, '/auth/forge-password/verify')).toEqual({ ticket: 't1', smscode: '123456' });
  });
});
