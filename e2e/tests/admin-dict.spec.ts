import { expect, test } from '@playwright/test';
import { ADMIN, buttonName, openDropdown, signIn } from './helpers';

test('a new item of the sex dictionary shows in the user form after 刷新缓存', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/system/dict');

  // 性别 (sex) → 字典配置 → 新增 an item 未知 = 3.
  const sexRow = page
    .locator('.ant-table-tbody tr.ant-table-row')
    .filter({ has: page.getByRole('cell', { name: 'sex', exact: true }) });
  await sexRow.getByText('字典配置').click();
  const drawer = page.getByRole('dialog', { name: '字典配置：性别' });
  await expect(drawer.getByRole('cell', { name: '男', exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: buttonName('新增') }).click();
  const form = page.getByRole('dialog', { name: '新增字典项' });
  await form.getByLabel('名称').fill('未知');
  await form.getByLabel('数据值').fill('3');
  await form.getByRole('button', { name: buttonName('确定') }).click();
  await expect(form).toBeHidden();
  await expect(drawer.getByRole('cell', { name: '未知', exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(drawer).toBeHidden();

  // The browser's dictionary copy is rebuilt by 刷新缓存.
  await page.getByRole('button', { name: buttonName('刷新缓存') }).click();
  await expect(page.getByText('刷新缓存完成！')).toBeVisible();

  // The user form's 性别 select (a dictionary select on sex) offers the new item.
  await page.goto('/system/user');
  await page.getByRole('button', { name: buttonName('新增') }).click();
  const userForm = page.getByRole('dialog', { name: '新增用户' });
  await userForm.getByLabel('性别').click();
  const options = openDropdown(page);
  await expect(options.getByTitle('男', { exact: true })).toBeVisible();
  await expect(options.getByTitle('未知', { exact: true })).toBeVisible();
  await options.getByTitle('未知', { exact: true }).click();
  await expect(options).toBeHidden();
  await expect(userForm.locator('.ant-form-item').filter({ hasText: '性别' })).toContainText('未知');
});
