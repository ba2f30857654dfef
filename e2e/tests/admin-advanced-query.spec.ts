import { expect, test } from '@playwright/test';
import { ADMIN, STAFF, buttonName, listRows, pickOption, signIn, uniqueSuffix } from './helpers';

test('a saved advanced query on 用户管理 survives a reload and filters the list', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/system/user');
  const rows = listRows(page);
  await expect(rows.filter({ hasText: ADMIN.username }).first()).toBeVisible();
  await expect(rows.filter({ hasText: STAFF.username }).first()).toBeVisible();

  // Build 用户账号 以..开始 sta, AND 性别 等于 男, and save it under a name.
  const name = `账号以sta开头${uniqueSuffix()}`;
  await page.getByRole('button', { name: '高级查询' }).click();
  const builder = page.getByRole('dialog', { name: '高级查询构造器' });
  await expect(builder.getByText('暂无保存的查询')).toBeVisible();
  const first = builder.getByTestId('condition-row').first();
  await pickOption(page, first.getByLabel('查询字段'), '用户账号');
  await pickOption(page, first.getByLabel('匹配规则'), '以..开始');
  await first.getByLabel('查询值').fill('sta');
  await first.getByRole('button', { name: '添加条件' }).click();
  const second = builder.getByTestId('condition-row').nth(1);
  await pickOption(page, second.getByLabel('查询字段'), '性别');
  await pickOption(page, second.getByLabel('查询值'), '男');

  await builder.getByRole('button', { name: '保存查询条件' }).click();
  const prompt = page.getByRole('dialog', { name: '请输入保存的名称' });
  await prompt.getByLabel('保存名称').fill(name);
  await prompt.getByRole('button', { name: buttonName('确定') }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(builder.getByRole('button', { name, exact: true })).toBeVisible();
  await builder
    .locator('.ant-modal-footer')
    .getByRole('button', { name: buttonName('关闭') })
    .click();
  await expect(builder).toBeHidden();

  // After a reload the builder starts empty, and the saved query is offered under 保存的查询.
  await page.reload();
  await expect(rows.filter({ hasText: ADMIN.username }).first()).toBeVisible();
  await page.getByRole('button', { name: '高级查询' }).click();
  await expect(builder.getByTestId('condition-row')).toHaveCount(1);
  await expect(builder.getByTestId('condition-row').getByLabel('查询值')).toBeDisabled();
  await builder.getByRole('list', { name: '保存的查询' }).getByRole('button', { name, exact: true }).click();
  await expect(builder.getByTestId('condition-row')).toHaveCount(2);
  await expect(builder.getByTestId('condition-row').first().getByLabel('查询值')).toHaveValue('sta');

  const listed = page.waitForResponse((r) => r.url().includes('/api/sys/user/list') && r.url().includes('superQuery'));
  await builder
    .locator('.ant-modal-footer')
    .getByRole('button', { name: buttonName('查询') })
    .click();
  await listed;
  await expect(builder).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(STAFF.username);
  await expect(rows.filter({ hasText: ADMIN.username })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '高级查询' })).toHaveAttribute(
    'aria-description',
    '已有高级查询条件生效',
  );
});
