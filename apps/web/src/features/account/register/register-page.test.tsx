import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES as M } from '@district/shared';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { RegisterPage } from './register-page';

let restore = () => undefined as void;
afterEach(() => {
  cleanup();
  restore();
});

function setup() {
  const http = mockHttp({
    'GET /account/options': ok({
      registerOpen: true,
      phoneLogin: true,
      alteration: true,
      captchaEnabled: false,
      casLoginUrl: null,
    }),
    'GET /auth/register/checkOnlyUser': (config) =>
      (config.params as { username?: string }).username === 'admin'
        ? { status: 200, data: { success: false, message: M.usernameTaken, code: 200, result: false } }
        : ok(true, '该值可用！'),
  });
  restore = http.restore;
  renderWithApp(<RegisterPage />, { route: '/user/register' });
  return http;
}

describe('register page', () => {
  it('labels every field, so 密码 and 确认密码 are told apart once filled', async () => {
    setup();
    for (const name of ['用户名', '密码', '确认密码', '手机号', '短信验证码']) {
      const field = await screen.findByLabelText(name, { selector: 'input' });
      // A visible label, not only a placeholder that disappears once the field is filled.
      expect(document.querySelector(`label[for="${field.id}"]`)).toHaveTextContent(name);
    }
  });

  it('reports a taken user name on leaving the field', async () => {
    setup();
    const username = await screen.findByLabelText('用户名', { selector: 'input' });
    fireEvent.change(username, { target: { value: 'admin' } });
    fireEvent.blur(username);
    expect(await screen.findByText(M.usernameTaken)).toBeInTheDocument();

    await userEvent.clear(username);
    await userEvent.type(username, 'newbie_1');
    await userEvent.tab();
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.queryByText(M.usernameTaken)).not.toBeInTheDocument();
  });
});
