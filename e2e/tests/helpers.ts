import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';

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
  // A refused login (wrong password, a locked account, a field error) fails here with the page's own words
  // instead of a bare timeout.
  const refusal = page.locator('.ant-alert-error, .login-field-error[role=alert]').first();
  const refused = refusal.waitFor({ state: 'visible' }).then(async () => {
    throw new Error(`${account.username} 登录被拒绝：${await refusal.innerText()}`);
  });
  refused.catch(() => undefined);
  // An account with a bound authenticator stops at the second step: say so rather than wait for the test's end.
  const secondStep = page.getByLabel('动态验证码');
  const stopped = secondStep.waitFor({ state: 'visible' }).then(() => {
    throw new Error(`${account.username} 已绑定身份验证器，登录停在二次验证`);
  });
  stopped.catch(() => undefined);
  await Promise.race([landed, tenantDialog.waitFor({ state: 'visible' }), refused, stopped]);
  if (await tenantDialog.isVisible()) await tenantDialog.getByRole('button', { name: buttonName('确定') }).click();
  await landed;
  await expect(page.getByText(`欢迎您，`)).toBeVisible();
}

/**
 * The first sign-in of an account whose password an administrator chose: it must be changed before anything else
 * (issue 24), then the page signs in again with the new one and enters the app.
 */
export async function signInFirstTime(page: Page, account: { username: string; password: string }, next: string) {
  await page.goto('/user/login');
  await page.getByLabel('用户名').fill(account.username);
  await page.getByLabel('密码', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: buttonName('登录') }).click();
  await page.waitForURL('**/user/password?cause=initial**');
  await page.getByLabel('旧密码').fill(account.password);
  await page.getByLabel('新密码', { exact: true }).fill(next);
  await page.getByLabel('确认新密码').fill(next);
  await page.getByRole('button', { name: '确认修改' }).click();
  await page.waitForURL('**/dashboard/analysis');
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

/** The open antd select dropdown (only one is open at a time). */
export function openDropdown(page: Page) {
  return page.locator('.ant-select-dropdown:visible');
}

/** Opens an antd select and picks the option with this text. */
export async function pickOption(page: Page, select: Locator, option: string) {
  await select.click();
  await openDropdown(page).getByTitle(option, { exact: true }).click();
}

/** The data rows of the list page's table (antd's placeholder row excluded). */
export function listRows(scope: Page | Locator) {
  return scope.locator('.list-page .ant-table-tbody tr.ant-table-row');
}

/** Runs an action that starts a browser download and returns the downloaded bytes with the file's name. */
export async function download(page: Page, action: () => Promise<unknown>) {
  const [file] = await Promise.all([page.waitForEvent('download'), action()]);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), buffer: Buffer.concat(chunks) };
}

/** A name no earlier run on the same database has used (letters and digits only). */
export const uniqueSuffix = () => Date.now().toString(36).slice(-6);

/** A node of an antd tree by its exact title; `trailing` (a pattern) may follow it, e.g. a 规则 tag. */
export function treeNode(scope: Page | Locator, title: string, trailing = '') {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const name = new RegExp(`^${escaped}${trailing ? `(${trailing})?` : ''}$`);
  // The inner locator of `has` must start from the page: it is matched inside each node.
  const page = 'page' in scope ? scope.page() : scope;
  return scope.locator('.ant-tree-treenode').filter({ has: page.locator('.ant-tree-title').filter({ hasText: name }) });
}

/** Signs out through the header's 退出登录 and its confirmation. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: '退出登录' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: buttonName('确定') })
    .click();
  await page.waitForURL('**/user/login');
}

/** The page of the active tab (background tabs stay mounted, hidden). */
export function activePage(page: Page) {
  return page.locator('.app-content > div > div:not([hidden]):not(.app-multi-tab)');
}

/**
 * Opens a menu entry and waits until its tab is the active one: the address changes before the new page
 * replaces the old one, so a button looked up earlier could still be the previous page's.
 */
export async function openPage(page: Page, ...path: string[]) {
  await openMenu(page, ...path);
  await expect(tab(page, path[path.length - 1]!)).toHaveClass(/ant-tabs-tab-active/);
  return activePage(page);
}

/** Picks one department in the 选择部门 dialog that a department picker input opens. */
export async function pickDepartment(page: Page, input: Locator, name: string) {
  await input.click();
  const picker = page.getByRole('dialog', { name: '选择部门' });
  await treeNode(picker, name).locator('.ant-tree-checkbox').click();
  await picker.getByRole('button', { name: buttonName('确定') }).click();
  await expect(picker).toBeHidden();
  await expect(input).toHaveValue(name);
}

/** Opens an antd tree select and picks the node with this title (top-level nodes are loaded first). */
export async function pickTreeOption(page: Page, select: Locator, title: string) {
  await select.click();
  await openDropdown(page).getByTitle(title, { exact: true }).click();
}

/** The form item (label and control) whose label is exactly this text. */
export function formItem(scope: Page | Locator, label: string) {
  const page = 'page' in scope ? scope.page() : scope;
  return scope
    .locator('.ant-form-item')
    .filter({ has: page.locator('.ant-form-item-label label').getByText(label, { exact: true }) });
}

/** A fresh browser context without any sign-in (a guest's own browser), with the journeys' options. */
export async function freshBrowser(browser: Browser) {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    locale: use.locale,
    viewport: use.viewport,
    reducedMotion: 'reduce',
  });
  return { context, page: await context.newPage() };
}
