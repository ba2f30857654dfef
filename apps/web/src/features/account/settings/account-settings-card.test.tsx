import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ACCOUNT_SETTINGS, PERM, type AccountSettings, type AuthEntry } from '@district/shared';
import { useSessionStore } from '@/lib/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { AccountSettingsCard } from './account-settings-card';

let restore = () => undefined as void;
afterEach(() => {
  cleanup();
  restore();
  useSessionStore.setState({ auth: [], allAuth: [] });
});

describe('账号设置', () => {
  it('opens registration into a role and saves every switch', async () => {
    const entry = (action: string): AuthEntry => ({ action, type: '1', status: '1', describe: action });
    useSessionStore.setState({ auth: [entry(PERM.platformEdit)], allAuth: [entry(PERM.platformEdit)] });
    let saved: AccountSettings | null = null;
    const http = mockHttp({
      'GET /account/settings': ok(DEFAULT_ACCOUNT_SETTINGS),
      'PUT /account/settings': (config) => {
        saved = JSON.parse(String(config.data)) as AccountSettings;
        return ok(saved, '保存成功！');
      },
      'GET /sys/role/queryall': ok([{ id: 'r1', roleName: '普通用户' }]),
      'GET /sys/sysDepart/queryTreeList': ok([]),
      'GET /sys/tenant/list': ok({
        records: [{ id: 1001, name: '甲租户' }],
        total: 1,
        size: 200,
        current: 1,
        pages: 1,
      }),
    });
    restore = http.restore;
    renderWithApp(<AccountSettingsCard />);
    const open = await screen.findByRole('switch', { name: '开放注册' });
    await waitFor(() => expect(screen.getByRole('switch', { name: '手机号登录' })).toBeChecked());
    expect(open).not.toBeChecked();
    await userEvent.click(open);
    await userEvent.click(screen.getByRole('switch', { name: '注册需审核' }));
    await userEvent.click(screen.getByRole('combobox', { name: '默认角色' }));
    await userEvent.click(await screen.findByTitle('普通用户'));
    await userEvent.click(screen.getByRole('button', { name: '保存账号设置' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved).toEqual({
      ...DEFAULT_ACCOUNT_SETTINGS,
      registerOpen: true,
      registerApproval: false,
      registerRoleId: 'r1',
    });
  });
});
