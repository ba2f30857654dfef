import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGE_API, TEMPLATE_MESSAGES, type MailSettings } from '@district/shared';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { MailSettingsModal } from './mail-settings-modal';

const stored: MailSettings = {
  host: 'smtp.example.test',
  port: 587,
  security: 'starttls',
  secure: false,
  allowInsecureAuth: false,
  caCert: '',
  user: 'mailer',
  from: 'platform@example.test',
  passwordSet: true,
};

let restore = () => undefined as void;
afterEach(() => {
  cleanup();
  restore();
});

describe('邮件服务器设置', () => {
  it('warns before an account would be refused over an unencrypted connection, and saves mode, opt-in and CA', async () => {
    const bodies: Record<string, unknown>[] = [];
    const http = mockHttp({
      [`GET ${MESSAGE_API.mailSettings}`]: ok(stored),
      [`PUT ${MESSAGE_API.mailSettings}`]: (config) => {
        bodies.push(JSON.parse(String(config.data)) as Record<string, unknown>);
        return ok(null, TEMPLATE_MESSAGES.settingsSaved);
      },
    });
    restore = http.restore;
    const onClose = vi.fn();
    renderWithApp(<MailSettingsModal open title="邮件服务器设置" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText(/STARTTLS（必须加密/)).toBeInTheDocument());
    expect(within(dialog).queryByText(TEMPLATE_MESSAGES.insecureAuthWarning)).toBeNull();

    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByText(/不要求加密/));
    expect(await within(dialog).findByText(TEMPLATE_MESSAGES.insecureAuthWarning)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /允许在未加密的连接上发送账号密码/ }));
    await waitFor(() => expect(within(dialog).queryByText(TEMPLATE_MESSAGES.insecureAuthWarning)).toBeNull());

    await userEvent.click(within(dialog).getByPlaceholderText(/BEGIN CERTIFICATE/));
    await userEvent.paste('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([
      {
        host: 'smtp.example.test',
        port: 587,
        security: 'none',
        allowInsecureAuth: true,
        caCert: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
        user: 'mailer',
        from: 'platform@example.test',
        password: null,
      },
    ]);
  });
});
