import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SECURITY_API as A, SECURITY_MESSAGES as M, type TotpStatus } from '@district/shared';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { TotpCard } from './totp-card';

const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const OFF: TotpStatus = { enabled: false, required: false, enabledTime: null, recoveryCodesLeft: 0 };
const ON: TotpStatus = { enabled: true, required: false, enabledTime: '2026-11-27 09:00:00', recoveryCodesLeft: 7 };

let restore = () => undefined as void;
afterEach(() => {
  cleanup();
  restore();
});

function start(initial: TotpStatus, routes: Parameters<typeof mockHttp>[0] = {}) {
  let status = initial;
  const http = mockHttp({
    [`GET ${A.totp}`]: () => ok(status),
    ...routes,
  });
  restore = http.restore;
  renderWithApp(<TotpCard />);
  const body = (url: string) =>
    http.calls.filter((c) => c.url === url).map((c) => JSON.parse(String(c.data)) as { passcode: string });
  return { http, body, set: (s: TotpStatus) => (status = s) };
}

describe('个人中心 → 二次验证', () => {
  it('binds an authenticator: QR code and secret, a wrong code named, then the ten recovery codes once', async () => {
    let tries = 0;
    const t = start(OFF, {
      [`POST ${A.totpSetup}`]: ok({
        uri: 'otpauth://totp/X:admin?secret=JBSWY3DP',
        secret: 'JBSWY3DP',
        issuer: 'X',
        account: 'admin',
      }),
      [`POST ${A.totpEnable}`]: () => {
        tries += 1;
        if (tries === 1) return fail(400, M.totpCodeWrong);
        t.set(ON);
        return ok({ recoveryCodes: CODES }, M.totpEnabled);
      },
    });
    expect(await screen.findByText('未绑定')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '解绑' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '绑定身份验证器' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('JBSWY3DP')).toBeInTheDocument();
    expect(dialog.querySelector('.ant-qrcode svg')).not.toBeNull();
    const code = within(dialog).getByLabelText('动态验证码');
    await userEvent.type(code, '12ab');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认绑定' }));
    expect(await within(dialog).findByText(M.totpCodeFormat)).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认绑定' }));
    expect(await within(dialog).findByText(M.totpCodeWrong)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确认绑定' }));
    const list = await within(dialog).findByRole('list', { name: '恢复码' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(dialog).getByText(CODES[0]!)).toBeInTheDocument();
    expect(t.body(A.totpEnable).at(-1)).toEqual({ passcode: '123456' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '我已妥善保存' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '完成' }));
    await waitFor(() => expect(screen.queryByText(CODES[0]!)).toBeNull());
    expect(await screen.findByText('已绑定')).toBeInTheDocument();
    expect(screen.getByText('绑定于 2026-11-27 09:00:00')).toBeInTheDocument();
  });

  it('renews the recovery codes and unbinds, each with a current code', async () => {
    const t = start(ON, {
      [`POST ${A.totpRecoveryCodes}`]: ok({ recoveryCodes: CODES }, M.recoveryCodesRenewed),
      [`POST ${A.totpDisable}`]: () => {
        t.set(OFF);
        return ok(null, M.totpDisabled);
      },
    });
    expect(await screen.findByText('剩余 7 个')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重新生成恢复码' }));
    let dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('动态验证码或恢复码'), 'k7f2m-9qx4t');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText(CODES[9]!)).toBeInTheDocument();
    expect(t.body(A.totpRecoveryCodes)).toEqual([{ passcode: 'k7f2m-9qx4t' }]);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '我已妥善保存' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '完成' }));
    await waitFor(() => expect(screen.queryByText(CODES[9]!)).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: '解绑' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('动态验证码或恢复码'), '654321');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('未绑定')).toBeInTheDocument();
    expect(t.body(A.totpDisable)).toEqual([{ passcode: '654321' }]);
  });

  it('offers no unbinding when the role requires a second factor', async () => {
    start({ ...ON, required: true });
    expect(await screen.findByText(/必须绑定身份验证器，且不能解绑/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新生成恢复码' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '解绑' })).toBeNull();
  });
});
