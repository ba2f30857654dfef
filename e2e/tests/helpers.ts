import { expect, type Locator, type Page } from '@playwright/test';

export const ADMIN = { username: 'admin', password: 'Admin@2026', realname: '系统管理员' };
export const STAFF = { username: 'staff', password: 'Staff@2026', realname: '张三' };
export const SYSTEM_NAME = '区域资产资源管理与发布平台';

/** antd puts a space between two Chinese characters on buttons (登 录). */
export const buttonName = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

/** Signs in through the login page; with several tenants the first one is confirmed. */
export async function signIn(page: Page, account: { username: string; password: string }) {
  await page.goto('/user/login');
  await page.getByLabel('用户名').fill(account.username);
  await page.getByLabel('密码', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: buttonName('登录') }).click();
  const tenantDialog = page.getByRole('dialog', { name: '请选择登录租户' });
  const landed = page.waitForURL('**/dashboard/analysis');
  await Promise.race([landed, tenantDialog.waitFor({ state: 'visible' })]);
  if (await tenantDialog.isVisible()) await tenantDialog.getByRole('button', { name: buttonName('确定') }).click();
  await landed;
  await expect(page.getByText(`欢迎您，`)).toBeVisible();
}

export async function token(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.localStorage.getItem('Access-Token'));
  if (!raw) throw new Error('no token stored');
  // Values are stored with their expiry: { value, expire } (see apps/web/src/lib/storage.ts).
  const parsed = JSON.parse(raw) as { value?: string } | string;
  return typeof parsed === 'string' ? parsed : (parsed.value ?? '');
}

export function tab(page: Page, title: string) {
  return page
    .locator('.app-multi-tab .ant-tabs-tab')
    .filter({ has: page.getByRole('tab', { name: title, exact: true }) });
}

/** A menu item by its title; antd puts the icon's name before the title in the accessible name. */
export function menuItem(scope: Page | Locator, title: string) {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByRole('menuitem', { name: new RegExp(`(^|\\s)${escaped}$`) });
}

export async function openMenu(page: Page, ...path: string[]) {
  const menu = page.locator('.ant-layout-sider, .app-top-menu').first();
  for (const [i, title] of path.entries()) {
    const item = menuItem(menu, title);
    if (i < path.length - 1) {
      // A group: open it unless it is open already.
      const expanded = await item.getAttribute('aria-expanded');
      if (expanded !== 'true') await item.click();
    } else {
      await item.click();
    }
  }
}
