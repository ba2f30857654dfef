import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import {
  MSG,
  THIRD_LOGIN_MESSAGES as M,
  type LoginResult,
  type ThirdAccountView,
  type ThirdBindRequired,
} from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { LoginPage } from '../login/login-page';
import { UserInfoPage } from '../profile/user-info-page';
import { navigation } from './third-accounts-card';
import { UserThirdAccountsModal } from './user-third-accounts-modal';

const loginResult = {
  token: 'staff-token',
  userInfo: { username: 'staff', realname: '张三', loginTenantId: 1 },
  company: { name: '公司', latitude: null, longitude: null },
  departList: [],
  positionList: [],
  tenantList: [{ id: 1, name: '默认租户' }],
  multi_depart: 0,
} as unknown as LoginResult;

const bindRequired: ThirdBindRequired = {
  bindRequired: true,
  bindToken: 'bind-code-0123456789abcdef',
  thirdType: 'oidc',
  providerName: '统一身份认证',
  displayName: '外部用户',
  subject: 'ext-0042',
};

function Where() {
  const location = useLocation();
  return <output aria-label="where">{location.pathname + location.search}</output>;
}

let restore = () => undefined as void;
function render(route: string, routes: Parameters<typeof mockHttp>[0], page = <LoginPage />) {
  const http = mockHttp({
    'GET /sys/platform/info': ok({ systemName: '测试平台', logoUrl: '', showSettings: false, captchaEnabled: false }),
    ...routes,
  });
  restore = http.restore;
  renderWithApp(
    <>
      <Routes>
        <Route path="/user/login" element={page} />
        <Route path="/user/info" element={page} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route },
  );
  return http;
}

beforeEach(() => useSessionStore.getState().clearSession());
afterEach(() => {
  cleanup();
  restore();
  useSessionStore.getState().clearSession();
  vi.restoreAllMocks();
});

describe('third-party login on the login page', () => {
  it('offers one button per configured provider under 其他登录方式, and none when nothing is configured', async () => {
    render('/user/login', { 'GET /sys/thirdLogin/providers': ok([{ key: 'oidc', name: '统一身份认证' }]) });
    const section = await screen.findByRole('region', { name: '其他登录方式' });
    expect(within(section).getByRole('link', { name: '统一身份认证' })).toHaveAttribute(
      'href',
      '/api/sys/thirdLogin/render/oidc',
    );
    cleanup();
    restore();
    const http = render('/user/login', { 'GET /sys/thirdLogin/providers': ok([]) });
    await waitFor(() => expect(http.calls.some((c) => c.url === '/sys/thirdLogin/providers')).toBe(true));
    expect(screen.queryByText('其他登录方式')).toBeNull();
  });

  it('asks an unbound identity for the password once, shows a wrong one, then binds and enters', async () => {
    let attempts = 0;
    const http = render('/user/login?thirdCode=code-0123456789abcdef&thirdType=oidc', {
      'GET /sys/thirdLogin/getLoginUser/code-0123456789abcdef/oidc': ok(bindRequired),
      'POST /sys/thirdLogin/bindLogin': () =>
        (attempts += 1) === 1 ? fail(400, MSG.loginFailed) : ok(loginResult, M.bound),
    });
    const form = await screen.findByRole('form', { name: '绑定系统账号' });
    expect(within(form).getByText('统一身份认证账号「外部用户」尚未绑定系统账号')).toBeInTheDocument();
    // The identifier too: a display name is whatever the provider's user chose.
    expect(within(form).getByText('第三方标识：ext-0042')).toBeInTheDocument();
    // The code leaves the address at once: a reload does not spend it again.
    expect(screen.getByLabelText('where')).toHaveTextContent(/^\/user\/login$/);

    await userEvent.type(within(form).getByLabelText('用户名'), 'staff');
    await userEvent.type(within(form).getByLabelText('密码'), 'Wrong@2026');
    await userEvent.click(within(form).getByRole('button', { name: /绑定并登录/ }));
    expect(await within(form).findByText(MSG.loginFailed)).toBeInTheDocument();

    await userEvent.clear(within(form).getByLabelText('密码'));
    await userEvent.type(within(form).getByLabelText('密码'), 'Staff@2026');
    await userEvent.click(within(form).getByRole('button', { name: /绑定并登录/ }));
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/dashboard/analysis'));
    const body = JSON.parse(http.calls.filter((c) => c.url === '/sys/thirdLogin/bindLogin')[1]?.data as string);
    expect(body).toEqual({ bindToken: bindRequired.bindToken, username: 'staff', password: 'Staff@2026' });
    expect(useSessionStore.getState().token).toBe('staff-token');
    expect(http.calls.filter((c) => c.url?.startsWith('/sys/thirdLogin/getLoginUser')).length).toBe(1);
  });

  it('signs a bound identity straight in, and shows why a provider login failed', async () => {
    render('/user/login?thirdCode=code-fedcba9876543210&thirdType=oidc', {
      'GET /sys/thirdLogin/getLoginUser/code-fedcba9876543210/oidc': ok(loginResult),
    });
    await waitFor(() => expect(screen.getByLabelText('where')).toHaveTextContent('/dashboard/analysis'));
    cleanup();
    restore();
    render(`/user/login?thirdError=${encodeURIComponent(M.providerDenied)}`, {});
    expect(await screen.findByText(M.providerDenied)).toBeInTheDocument();
  });
});

describe('第三方账号 in 个人中心', () => {
  const account: ThirdAccountView = {
    id: 'a1',
    thirdType: 'oidc',
    providerName: '统一身份认证',
    subject: 'ext-staff',
    displayName: '外部用户',
    avatar: null,
    createTime: '2026-11-25 10:00:00',
  };
  const profile = { username: 'staff', realname: '张三', avatar: '', phone: '', email: '' };

  it('lists the bindings, unbinds one after confirming, and starts a bind for the current user', async () => {
    let accounts = [account];
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const http = render(
      '/user/info',
      {
        'GET /account/profile': ok(profile),
        'GET /account/sessions': ok([]),
        'GET /sys/thirdLogin/providers': ok([{ key: 'oidc', name: '统一身份认证' }]),
        'GET /sys/thirdLogin/mine': () => ok(accounts),
        'DELETE /sys/thirdLogin/mine': () => {
          accounts = [];
          return ok(null, M.unbound);
        },
        'GET /sys/thirdLogin/bindStart/oidc': ok({ bindTicket: 'ticket-0123456789abcdef' }),
      },
      <UserInfoPage />,
    );
    const card = (await screen.findByText('第三方账号')).closest('.ant-card') as HTMLElement;
    expect(await within(card).findByText('统一身份认证：外部用户')).toBeInTheDocument();
    // Bound already: no bind button for that provider.
    expect(within(card).queryByRole('button', { name: '绑定统一身份认证' })).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: /解\s*绑/ }));
    await userEvent.click(await screen.findByRole('button', { name: /^确\s*定$/ }));
    await waitFor(() => expect(within(card).getByText('尚未绑定第三方账号')).toBeInTheDocument());
    expect(http.calls.find((c) => c.method === 'delete')?.params).toEqual({ id: 'a1' });

    await userEvent.click(within(card).getByRole('button', { name: '绑定统一身份认证' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/api/sys/thirdLogin/render/oidc?bindTicket=ticket-0123456789abcdef'),
    );
  });

  const centre = (routes: Parameters<typeof mockHttp>[0]) =>
    render(
      '/user/info',
      {
        'GET /account/profile': ok(profile),
        'GET /account/sessions': ok([]),
        'GET /sys/thirdLogin/providers': ok([{ key: 'oidc', name: '统一身份认证' }]),
        ...routes,
      },
      <UserInfoPage />,
    );

  it('back from the provider, shows both accounts and binds only when the user confirms', async () => {
    let accounts: ThirdAccountView[] = [];
    window.history.replaceState(null, '', '/user/info#thirdBindCode=pending-0123456789abcdef');
    const http = centre({
      'GET /sys/thirdLogin/mine': () => ok(accounts),
      'GET /sys/thirdLogin/bindPending': ok({
        thirdType: 'oidc',
        providerName: '统一身份认证',
        displayName: '外部用户',
        subject: 'ext-staff',
        username: 'staff',
        realname: '张三',
      }),
      'POST /sys/thirdLogin/bindConfirm': () => {
        accounts = [account];
        return ok(null, M.bound);
      },
    });
    // Dialog names are not unique under test (antd's ids are fixed there): the one dialog shown, by its title.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确认绑定第三方账号')).toBeInTheDocument();
    expect(within(dialog).getByText('统一身份认证账号')).toBeInTheDocument();
    expect(within(dialog).getByText('外部用户')).toBeInTheDocument();
    expect(within(dialog).getByText('ext-staff')).toBeInTheDocument();
    expect(within(dialog).getByText('staff（张三）')).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    expect(http.calls.find((c) => c.url === '/sys/thirdLogin/bindPending')?.params).toMatchObject({
      bindToken: 'pending-0123456789abcdef',
    });
    // Seeing it binds nothing: only the explicit confirmation does.
    expect(http.calls.some((c) => c.url === '/sys/thirdLogin/bindConfirm')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: '确认绑定' }));
    expect(await screen.findByText(M.bound)).toBeInTheDocument();
    const body = JSON.parse(http.calls.find((c) => c.url === '/sys/thirdLogin/bindConfirm')?.data as string);
    expect(body).toEqual({ bindToken: 'pending-0123456789abcdef' });
    const card = (await screen.findByText('第三方账号')).closest('.ant-card') as HTMLElement;
    expect(await within(card).findByText('统一身份认证：外部用户')).toBeInTheDocument();
  });

  it('cancelling the confirmation binds nothing; a refused look-up is shown', async () => {
    window.history.replaceState(null, '', '/user/info#thirdBindCode=pending-0123456789abcdef');
    const http = centre({
      'GET /sys/thirdLogin/mine': ok([]),
      'GET /sys/thirdLogin/bindPending': ok({
        thirdType: 'oidc',
        providerName: '统一身份认证',
        displayName: null,
        subject: 'ext-9',
        username: 'staff',
        realname: '张三',
      }),
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确认绑定第三方账号')).toBeInTheDocument();
    expect(within(dialog).getAllByText('ext-9')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(http.calls.some((c) => c.url === '/sys/thirdLogin/bindConfirm')).toBe(false);
    cleanup();
    restore();

    window.history.replaceState(null, '', '/user/info#thirdBindCode=foreign-0123456789abcdef');
    centre({
      'GET /sys/thirdLogin/mine': ok([]),
      'GET /sys/thirdLogin/bindPending': fail(400, M.bindForeign),
    });
    expect(await screen.findByText(M.bindForeign)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reports why a bind failed, only in the server’s own words, and is absent when no provider is configured', async () => {
    window.history.replaceState(null, '', `/user/info#thirdBind=${encodeURIComponent(M.alreadyBoundOther)}`);
    centre({ 'GET /sys/thirdLogin/mine': ok([account]) });
    expect(await screen.findByText(M.alreadyBoundOther)).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    cleanup();
    restore();
    // A hand-written address cannot put its own text in front of the user.
    window.history.replaceState(null, '', `/user/info#thirdBind=${encodeURIComponent('请拨打 400-000-0000 验证身份')}`);
    centre({ 'GET /sys/thirdLogin/mine': ok([account]) });
    expect(await screen.findByText(M.bindTicketInvalid)).toBeInTheDocument();
    expect(screen.queryByText(/400-000-0000/)).toBeNull();
    cleanup();
    restore();
    const http = render(
      '/user/info',
      {
        'GET /account/profile': ok(profile),
        'GET /account/sessions': ok([]),
        'GET /sys/thirdLogin/providers': ok([]),
        'GET /sys/thirdLogin/mine': ok([]),
      },
      <UserInfoPage />,
    );
    await waitFor(() => expect(http.calls.some((c) => c.url === '/sys/thirdLogin/mine')).toBe(true));
    expect(screen.queryByText('第三方账号')).toBeNull();
  });
});

describe('a user’s third-party accounts for administrators', () => {
  it('lists the bindings of the chosen user and unbinds one', async () => {
    let rows: ThirdAccountView[] = [
      {
        id: 'b1',
        thirdType: 'oidc',
        providerName: '统一身份认证',
        subject: 'ext-staff',
        displayName: null,
        avatar: null,
        createTime: '2026-11-25 10:00:00',
      },
    ];
    const http = render(
      '/user/info',
      {
        'GET /sys/thirdLogin/userAccounts': () => ok(rows),
        'DELETE /sys/thirdLogin/userAccounts': () => {
          rows = [];
          return ok(null, M.unbound);
        },
      },
      <UserThirdAccountsModal user={{ id: 'u-staff', username: 'staff' }} onClose={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog', { name: '第三方账号 - staff' });
    // No display name: the subject stands in.
    expect(await within(dialog).findAllByText('ext-staff')).toHaveLength(2);
    expect(http.calls.find((c) => c.url === '/sys/thirdLogin/userAccounts')?.params).toMatchObject({
      userId: 'u-staff',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: /解\s*绑/ }));
    await userEvent.click(await screen.findByRole('button', { name: /^确\s*定$/ }));
    expect(await within(dialog).findByText('尚未绑定第三方账号')).toBeInTheDocument();
    expect(http.calls.find((c) => c.method === 'delete')?.params).toEqual({ id: 'b1' });
  });
});
