import { expect, test, type Page } from '@playwright/test';
import { ADMIN, buttonName, signIn } from './helpers';

async function openSelectsDemo(page: Page) {
  await signIn(page, ADMIN);
  await page.goto('/dev-tools/gallery');
  await page.getByRole('tab', { name: '字典与选人', exact: true }).click();
  const demo = page.locator('#gallery-selects');
  await expect(demo).toBeVisible();
  return demo;
}

test('picks departments in the department modal and a user in the user-by-department modal', async ({ page }) => {
  const demo = await openSelectsDemo(page);

  await demo.getByPlaceholder('请点击选择部门').click();
  const departs = page.getByRole('dialog', { name: '选择部门' });
  await expect(departs).toBeVisible();
  await departs.getByPlaceholder('请输入部门名称').fill('资产');
  await departs.getByText('资产管理科', { exact: true }).click();
  await departs.getByRole('button', { name: buttonName('确定') }).click();
  await expect(departs).toBeHidden();
  await expect(demo.getByPlaceholder('请点击选择部门')).toHaveValue('资产管理科');
  await expect(demo.getByTestId('departs-value')).toHaveText(/^[0-9a-f]{32}$/);

  await demo.getByPlaceholder('请点击选择用户').click();
  const users = page.getByRole('dialog', { name: '选择用户' });
  await expect(users).toBeVisible();
  await users.getByRole('tree').getByText('资产管理科', { exact: true }).click();
  const row = users.getByRole('row').filter({ hasText: 'staff' });
  await row.getByRole('checkbox').check();
  await users.getByRole('button', { name: buttonName('确定') }).click();
  await expect(users).toBeHidden();
  await expect(demo.getByTestId('users-value')).toHaveText('staff');
  await expect(demo.getByPlaceholder('请点击选择用户')).toHaveValue('张三');
});

test('searches a user by name and picks a department in the tree select', async ({ page }) => {
  const demo = await openSelectsDemo(page);

  await demo.getByLabel('用户（搜索选择）').click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(dropdown).toContainText('请输入搜索内容');
  await page.keyboard.type('张');
  await dropdown.getByText('张三', { exact: true }).click();
  await expect(demo.getByTestId('search-user-value')).toHaveText('staff');

  await demo.getByLabel('部门（树选择）').click();
  const tree = page.locator('.ant-select-dropdown:visible');
  await tree.getByText('示范区国资办', { exact: true }).click();
  await expect(demo.getByTestId('tree-depart-value')).toHaveText(/^[0-9a-f]{32}$/);
});
