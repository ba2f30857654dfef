import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  ADMIN,
  activePage,
  buttonName,
  listRows,
  menuItem,
  openMenu,
  openPage,
  signIn,
  signOut,
  token,
} from './helpers';

/*
 * 三员分立 (issue 24 item 4, GB/T 22239-2019 §8.1.5) as the officers meet it: the security officer switches the mode
 * on in 安全设置; the administrator then finds no log in the menu and is refused the log page's data; the audit
 * officer finds the operation and data logs, and nothing else of 系统管理, and checks the chains' integrity.
 */

const SECADMIN = { username: 'secadmin', password: 'SecAdmin@2026' };
const AUDITOR = { username: 'auditor', password: 'Auditor@2026' };
const SECURITY = '/api/sys/platform/security';

/** Switches the mode through the API as the security officer (a demo account: no second step). */
async function switchMode(api: APIRequestContext, on: boolean) {
  const login = await api.post('/api/sys/login', { data: SECADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = ((await login.json()) as { result: { token: string } }).result;
  const headers = { 'X-Access-Token': token, 'tenant-id': '1001' };
  const current = ((await (await api.get(SECURITY, { headers })).json()) as { result: Record<string, unknown> }).result;
  const { totpDefaultRoleCodes: _resolved, ...settings } = current;
  const res = await api.put(SECURITY, { headers, data: { ...settings, threeOfficerMode: on } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('三员分立: only the audit officer finds the logs, and checks them', async ({ page }) => {
  test.setTimeout(150_000);
  const sider = page.locator('.ant-layout-sider, .app-top-menu').first();
  try {
    // The security officer switches the mode on.
    await signIn(page, SECADMIN);
    await openPage(page, '系统管理', '平台设置');
    const security = activePage(page)
      .locator('.ant-card-type-inner')
      .filter({ has: page.getByText('安全设置', { exact: true }) });
    const toggle = security.getByRole('switch', { name: '三员分立模式' });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await security.getByRole('button', { name: buttonName('保存安全设置') }).click();
    await expect(page.getByText('保存成功！')).toBeVisible();
    await signOut(page);

    // The administrator administers, but no longer finds the logs.
    await signIn(page, ADMIN);
    await openMenu(page, '系统管理', '用户管理');
    await expect(menuItem(sider, '日志管理')).toHaveCount(0);
    await expect(menuItem(sider, '数据日志')).toHaveCount(0);
    const refused = await page.request.get('/api/sys/log/list', {
      headers: { 'X-Access-Token': await token(page), 'tenant-id': '1001' },
    });
    expect(refused.status()).toBe(403);
    await signOut(page);

    // The audit officer finds the logs and nothing else of 系统管理.
    await signIn(page, AUDITOR);
    const logs = await openPage(page, '系统管理', '日志管理');
    await expect(listRows(logs).first()).toBeVisible();
    await expect(menuItem(sider, '数据日志')).toBeVisible();
    await expect(menuItem(sider, '用户管理')).toHaveCount(0);
    await expect(menuItem(sider, '平台设置')).toHaveCount(0);
    // The officer's own sign-ins and the security officer's change are there to read.
    await logs.getByRole('button', { name: /完整性校验/ }).click();
    const dialog = page.getByRole('dialog', { name: '日志完整性校验' });
    for (const kind of ['操作日志', '登录日志', '数据日志'])
      await expect(dialog.getByText(new RegExp(`^${kind}完整性校验通过，共校验 \\d+ 条记录$`))).toBeVisible({
        timeout: 30_000,
      });
  } finally {
    await switchMode(page.request, false);
  }
});
