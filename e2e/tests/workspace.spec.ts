import { expect, test } from '@playwright/test';
import { ADMIN, SYSTEM_NAME, buttonName, menuItem, openMenu, signIn, tab } from './helpers';

test('the admin works in tabs, with their rules and warnings, and switches department', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page.getByText(`欢迎您，${ADMIN.realname}`)).toBeVisible();
  // On the dashboard the page title is the system name alone.
  await expect(page).toHaveTitle(SYSTEM_NAME);
  await expect(page.getByText('示范区国资办').first()).toBeVisible();

  // Three pages opened from the side menu become three more tabs.
  await openMenu(page, '开发工具', '结果页', '成功页');
  await expect(page).toHaveURL(/\/result\/success$/);
  await expect(page).toHaveTitle(`成功页 - ${SYSTEM_NAME}`);
  await openMenu(page, '开发工具', '异常页', '403');
  await expect(page).toHaveURL(/\/exception\/403$/);
  await openMenu(page, '系统管理', '平台设置');
  await expect(page).toHaveURL(/\/system\/platform$/);
  await expect(page.locator('.app-multi-tab .ant-tabs-tab')).toHaveCount(4);
  for (const title of ['首页', '成功页', '403', '平台设置']) await expect(tab(page, title)).toBeVisible();

  // Breadcrumbs start with 首页.
  const crumbs = page.locator('.ant-breadcrumb:visible');
  await expect(crumbs.locator('li').first()).toHaveText('首页');
  await expect(crumbs).toContainText('平台设置');

  // The home tab cannot be closed.
  await tab(page, '首页').getByRole('button', { name: '关闭' }).click();
  await expect(page.getByText('首页不能关闭!')).toBeVisible();
  await expect(tab(page, '首页')).toBeVisible();

  // Close the tab on the left of 平台设置 by its context menu: 403 and 成功页 go, 首页 stays.
  await tab(page, '403').getByText('403', { exact: true }).click({ button: 'right' });
  await menuItem(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last(), '关闭左侧').click();
  await expect(tab(page, '成功页')).toHaveCount(0);
  await expect(tab(page, '首页')).toBeVisible();
  await expect(tab(page, '403')).toBeVisible();

  // Close others from 平台设置: only home and it remain, and it stays the current page.
  await tab(page, '平台设置').getByText('平台设置', { exact: true }).click({ button: 'right' });
  await menuItem(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last(), '关闭其他').click();
  await expect(page.locator('.app-multi-tab .ant-tabs-tab')).toHaveCount(2);
  await expect(page).toHaveURL(/\/system\/platform$/);

  // Closing the current tab goes to its neighbour.
  await tab(page, '平台设置').getByRole('button', { name: '关闭' }).click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);

  // Switch department: the choice survives the reload and shows on the user card.
  await page.getByText(`欢迎您，${ADMIN.realname}`).hover();
  await menuItem(page, '切换部门').click();
  const dialog = page.getByRole('dialog', { name: '切换部门' });
  await dialog.getByLabel('部门').click();
  await page.locator('.ant-select-dropdown:visible').getByText('综合办公室', { exact: true }).click();
  await dialog.getByLabel('岗位').click();
  await page.locator('.ant-select-dropdown:visible').getByText('科员', { exact: true }).click();
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: buttonName('确定') }).click()]);
  await expect(page.getByText('综合办公室').first()).toBeVisible();
  await expect(page.getByText('科员').first()).toBeVisible();
});
