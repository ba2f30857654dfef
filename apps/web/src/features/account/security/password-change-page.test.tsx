import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import {
  PASSWORD_CHANGE_REQUIRED,
  SECURITY_MESSAGES as M,
  SESSION_TTL_MS,
  STORAGE_KEYS,
  type LoginResult,
  type PasswordPolicy,
} from '@district/shared';
import { setNavigator } from '@/lib/navigation';
import { getAction } from '@/lib/request';
import { useSessionStore } from '@/lib/session-store';
import { localStore } from '@/lib/storage';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { PasswordChangePage } from './password-change-page';

/* The forced password change of issue 24: while the server refuses everything else, the app shows only this page. */

const POLICY: PasswordPolicy = {
  minLength: 10,
  classes: ['lower', 'upper', 'digit'],
  maxAgeDays: 90,
  warnDays: 7,
  historyCount: 5,
};
const refused: MockReply = {
  status: 403,
  data: {
    success: false,
    code: 403,
    message: M.passwordChangeInitial,
    result: { reason: PASSWORD_CHANGE_REQUIRED, cause: 'initial' },
    timestamp: 0,
  },
};

function Where() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  return <output aria-label="where">{`${pathname}${search}`}</output>;
}

/** A page of the app: it loads the current user, which the server refuses until the password is changed. */
function Home() {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    getAction<{ realname: string }>('/sys/user/current').then(
      (res) => setName(res.result.realname),
      () => undefined,
    );
  }, []);
  return <div>{name ? `欢迎，${name}` : '加载中'}</div>;
}

let restore = () => undefined as void;
beforeEach(() => {
  useSessionStore.getState().clearSession();
  localStore.set(STORAGE_KEYS.accessToken, 'first-token', SESSION_TTL_MS);
  localStore.set(STORAGE_KEYS.userName, 'zhangsan', SESSION_TTL_MS);
  useSessionStore.setState({ token: 'first-token', username: 'zhangsan' });
});
afterEach(() => {
  cleanup();
  restore();
  useSessionStore.getState().clearSession();
});

describe('forced password change', () => {
  it('blocks the app until the password is changed under the configured rule, then enters it', async () => {
    let changed = false;
    const http = mockHttp({
      'GET /sys/platform/info': ok({ systemName: '测试平台', logoUrl: '', showSettings: false, captchaEnabled: false }),
      'GET /sys/security/passwordPolicy': ok(POLICY),
      'GET /sys/user/current': () => (changed ? ok({ realname: '张三' }) : refused),
      'POST /sys/user/updatePassword': () => {
        changed = true;
        return ok(null, '密码修改成功，请重新登录');
      },
      'POST /sys/login': ok({
        token: 'second-token',
        userInfo: { username: 'zhangsan', realname: '张三', loginTenantId: 1 },
        company: { name: '公司', latitude: null, longitude: null },
        departList: [],
        positionList: [],
        tenantList: [],
        multi_depart: 1,
      } as unknown as LoginResult),
    });
    restore = http.restore;
    renderWithApp(
      <>
        <Routes>
          <Route path="/user/password" element={<PasswordChangePage />} />
          <Route path="/dashboard/analysis" element={<Home />} />
        </Routes>
        <Where />
      </>,
      { route: '/dashboard/analysis' },
    );

    // The app's first call is refused: the change page, with the reason, instead of the page.
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/user/password?cause=initial'));
    expect(await screen.findByText(M.passwordChangeInitial)).toBeInTheDocument();
    expect(await screen.findByText(/密码须为10到32位，且同时包含小写字母、大写字母和数字/)).toBeInTheDocument();
    expect(screen.getByText(/新密码不能与最近5次使用过的密码相同/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeInTheDocument();

    // Checked in the browser too: a weak password is not sent.
    await userEvent.type(screen.getByLabelText('旧密码'), 'Initial#123');
    await userEvent.type(screen.getByLabelText('新密码'), 'short1A');
    await userEvent.type(screen.getByLabelText('确认新密码'), 'short1A');
    await userEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('密码须为10到32位，且同时包含小写字母、大写字母和数字')).toBeInTheDocument();
    expect(http.calls.some((c) => c.url === '/sys/user/updatePassword')).toBe(false);

    await userEvent.clear(screen.getByLabelText('新密码'));
    await userEvent.type(screen.getByLabelText('新密码'), 'Chosen2026x');
    await userEvent.clear(screen.getByLabelText('确认新密码'));
    await userEvent.type(screen.getByLabelText('确认新密码'), 'Chosen2026x');
    await userEvent.click(screen.getByRole('button', { name: '确认修改' }));

    // Changed: signed in again with the new password (the change ended every session), and into the app.
    expect(await screen.findByText('欢迎，张三')).toBeInTheDocument();
    expect(screen.getByLabelText('where')).toHaveTextContent('/dashboard/analysis');
    const change = JSON.parse(http.calls.find((c) => c.url === '/sys/user/updatePassword')?.data as string) as object;
    expect(change).toEqual({
      username: 'zhangsan',
      oldpassword: 'Initial#123',
      password: 'Chosen2026x',
      confirmpassword: 'Chosen2026x',
    });
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBe('second-token');
  });

  it('shows the server’s refusal (a reused password) on the page', async () => {
    const http = mockHttp({
      'GET /sys/platform/info': ok({ systemName: '测试平台', logoUrl: '', showSettings: false, captchaEnabled: false }),
      'GET /sys/security/passwordPolicy': ok(POLICY),
      'POST /sys/user/updatePassword': fail(400, M.passwordReused(5)),
    });
    restore = http.restore;
    renderWithApp(
      <Routes>
        <Route path="/user/password" element={<PasswordChangePage />} />
      </Routes>,
      { route: '/user/password?cause=expired' },
    );
    expect(await screen.findByText(M.passwordChangeExpired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('旧密码'), 'Old#Passw0rd');
    await userEvent.type(screen.getByLabelText('新密码'), 'Chosen2026x');
    await userEvent.type(screen.getByLabelText('确认新密码'), 'Chosen2026x');
    await userEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText(M.passwordReused(5))).toBeInTheDocument();
    expect(localStore.get(STORAGE_KEYS.accessToken)).toBe('first-token');
  });
});
