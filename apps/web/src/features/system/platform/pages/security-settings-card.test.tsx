import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_PASSWORD_POLICY,
  OFFICER_MESSAGES,
  PERM,
  SECURITY_API as A,
  SECURITY_MESSAGES as M,
  type AuthEntry,
  type SecuritySettingsInput,
  type SecuritySettingsView,
} from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { SecuritySettingsCard } from './security-settings-card';

const VIEW: SecuritySettingsView = {
  password: DEFAULT_PASSWORD_POLICY,
  idleMinutes: 30,
  totpRoleCodes: [],
  demoAccounts: ['admin'],
  threeOfficerMode: false,
  totpDefaultRoleCodes: ['admin', 'sec_admin'],
};
const ROLES = [
  { id: 'r1', roleName: '超级管理员', roleCode: 'admin' },
  { id: 'r2', roleName: '安全管理员', roleCode: 'sec_admin' },
  { id: 'r3', roleName: '审计员', roleCode: 'auditor' },
];

let restore = () => undefined as void;
afterEach(() => {
  cleanup();
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

function start(perms: string[], put?: (body: SecuritySettingsInput) => MockReply) {
  const entry = (action: string): AuthEntry => ({ action, type: '1', status: '1', describe: action });
  useSessionStore.setState({ auth: perms.map(entry), allAuth: perms.map(entry) });
  const saved: SecuritySettingsInput[] = [];
  const http = mockHttp({
    [`GET ${A.settings}`]: ok(VIEW),
    [`PUT ${A.settings}`]: (config) => {
      const body = JSON.parse(String(config.data)) as SecuritySettingsInput;
      saved.push(body);
      return put ? put(body) : ok({ ...VIEW, ...body }, '保存成功！');
    },
    'GET /sys/role/queryall': ok(ROLES),
  });
  restore = http.restore;
  renderWithApp(<SecuritySettingsCard />);
  return saved;
}

describe('平台设置 → 安全设置', () => {
  it('shows the default TOTP roles by name and saves the edited policy', async () => {
    const saved = start([PERM.platformView, PERM.securityEdit]);
    const min = await screen.findByLabelText('最小长度');
    expect(min).toHaveValue('8');
    expect(await screen.findByText(/留空时要求以下角色使用：超级管理员、安全管理员/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '字母' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '特殊符号' })).not.toBeChecked();

    await userEvent.clear(min);
    await userEvent.type(min, '40');
    await userEvent.click(screen.getByRole('button', { name: '保存安全设置' }));
    expect(await screen.findByText(M.minLengthRange)).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await userEvent.clear(min);
    await userEvent.type(min, '12');
    await userEvent.click(screen.getByRole('checkbox', { name: '特殊符号' }));
    const idle = screen.getByLabelText('空闲超时');
    await userEvent.clear(idle);
    await userEvent.type(idle, '15');
    await userEvent.click(screen.getByRole('combobox', { name: '须二次验证的角色' }));
    await userEvent.click(await screen.findByTitle('审计员'));
    await userEvent.click(screen.getByRole('button', { name: '保存安全设置' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      password: { ...DEFAULT_PASSWORD_POLICY, minLength: 12, classes: ['letter', 'digit', 'symbol'] },
      idleMinutes: 15,
      totpRoleCodes: ['auditor'],
      demoAccounts: ['admin'],
      threeOfficerMode: false,
    });
  });

  it('shows the server’s refusal when accounts break the three-officer rule', async () => {
    const refusal = OFFICER_MESSAGES.switchRefused('admin（系统管理员、审计管理员）');
    const saved = start([PERM.platformView, PERM.securityEdit], () => fail(400, refusal));
    await userEvent.click(await screen.findByRole('switch', { name: '三员分立模式' }));
    await userEvent.click(screen.getByRole('button', { name: '保存安全设置' }));
    expect((await screen.findAllByText(refusal)).length).toBeGreaterThan(0);
    expect(saved[0]?.threeOfficerMode).toBe(true);
  });

  it('is read-only without the security officer’s right', async () => {
    start([PERM.platformView]);
    expect(await screen.findByText('安全设置由安全管理员维护，您只能查看。')).toBeInTheDocument();
    expect(screen.getByLabelText('最小长度')).toBeDisabled();
    expect(screen.getByRole('switch', { name: '三员分立模式' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: '保存安全设置' })).toBeNull();
  });
});
