import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { MSG, STORAGE_KEYS, type LoginResult } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { localStore } from '@/lib/storage';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { LoginPage } from './login-page';

const result = (tenants: { id: number; name: string }[]): LoginResult =>
  ({
    token: 'admin-token',
    userInfo: { username: 'admin', realname: '管理员', loginTenantId: 1 },
    company: { name: '公司', latitude: null, longitude: null },
    departList: [{ id: 'd1', departName: '财务科', orgCode: 'A01' }],
    positionList: [],
    tenantList: tenants,
    multi_depart: 1,
  }) as unknown as LoginResult;

function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>;
}

let restore = () => undefined as void;
function setup(routes: Parameters<typeof mockHttp>[0], captchaEnabled = false) {
  const http = mockHttp({
    'GET /sys/platform/info': ok({ systemName: '测试平台', logoUrl: '', showSettings: false, captchaEnabled }),
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

async function fill(username: string, password: string) {
  if (username) await userEvent.type(screen.getByLabelText('用户名'), username);
  if (password) await userEvent.type(screen.getByLabelText('密码'), password);
  await userEvent.click(screen.getByRole('button', { name: '登录' }));
}

beforeEach(() => useSessionStore.getState().clearSession());
afterEach(() => {
  cleanup();
  restore();
  useSessionStore.getState().clearSession();
});

describe('login page', () => {
  it('checks the fields with the shared rules', async () => {
    setup({});
    await fill('', '');
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('用户名'), 'a b');
    expect(await screen.findByText('只允许字母、数字、下划线')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('用户名'));
    await userEvent.type(screen.getByLabelText('用户名'), 'abc');
    expect(await screen.findByText('长度6到18个字符')).toBeInTheDocument();
  });

  it('stores the session for 7 days and enters the dashboard', async () => {
    const http = setup({ 'POST /sys/login': ok(result([{ id: 1, name: '默认租户' }])) });
    await fill('admin', 'secret-1');
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/dashboard/analysis'));
    expect(JSON.parse(http.calls.find((c) => c.url === '/sys/login')?.data as string)).toEqual({
      username: 'admin',
      password: 'secret-1',
    });
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBe('admin-token');
    expect(localStore.get(STORAGE_KEYS.userName)).toBe('admin');
    expect(localStore.get(STORAGE_KEYS.departList)).toHaveLength(1);
    expect(localStore.get(STORAGE_KEYS.tenantId)).toBe(1);
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.accessToken) ?? '{}') as { expire: number };
    expect(stored.expire - Date.now()).toBeGreaterThan(604_790_000);
  });

  it('lets a user of several tenants choose one', async () => {
    setup({
      'POST /sys/login': ok(
        result([
          { id: 1, name: '甲租户' },
          { id: 2, name: '乙租户' },
        ]),
      ),
    });
    await fill('admin', 'secret-1');
    expect(await screen.findByText('请选择登录租户')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: '租户' }));
    await userEvent.click(await screen.findByText('乙租户'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/dashboard/analysis'));
    expect(localStore.get(STORAGE_KEYS.tenantId)).toBe(2);
  });

  it('shows the server’s message once when the login is refused', async () => {
    setup({ 'POST /sys/login': fail(400, MSG.loginFailed) });
    await fill('admin', 'wrong-pw');
    expect(await screen.findByText(MSG.loginFailed)).toBeInTheDocument();
    expect(screen.getAllByText(MSG.loginFailed)).toHaveLength(1);
    expect(screen.getByLabelText('where')).toHaveTextContent('/user/login');
  });

  it('asks for the captcha when the platform enables it', async () => {
    const http = setup({ 'POST /sys/login': ok(result([])) }, true);
    await fill('admin', 'secret-1');
    expect(await screen.findByText(MSG.captchaRequired)).toBeInTheDocument();
    expect(http.calls.some((c) => c.url === '/sys/login')).toBe(false);
    expect(http.calls.some((c) => c.url?.startsWith('/sys/randomImage/'))).toBe(true);
  });
});
