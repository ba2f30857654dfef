import { expect, test, type Page } from '@playwright/test';
import { ADMIN, buttonName, signIn, token } from './helpers';

async function openPickersDemo(page: Page) {
  await signIn(page, ADMIN);
  await page.goto('/dev-tools/gallery');
  await page.getByRole('tab', { name: '选择器', exact: true }).click();
  const demo = page.locator('#gallery-pickers');
  await expect(demo).toBeVisible();
  return demo;
}

/** The form values the demo prints. */
async function demoValues(page: Page): Promise<Record<string, string>> {
  return JSON.parse((await page.getByTestId('pickers-values').textContent()) || '{}') as Record<string, string>;
}

test('picks an area in the cascader and in the linked selects', async ({ page }) => {
  const demo = await openPickersDemo(page);

  await demo.locator('.area-linkage-cascader').click();
  const menus = page.locator('.ant-cascader-dropdown:visible');
  await menus.getByTitle('北京市', { exact: true }).click();
  await menus.getByTitle('市辖区', { exact: true }).click();
  await menus.getByTitle('东城区', { exact: true }).click();
  await expect(demo.getByTestId('area-text')).toHaveText('110101 北京市/市辖区/东城区');

  const selects = demo.locator('.area-linkage-select .ant-select');
  for (const [i, name] of ['浙江省', '杭州市', '西湖区'].entries()) {
    await selects.nth(i).click();
    // The option lists are virtual: search so the option is rendered.
    await page.keyboard.type(name);
    await page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true }).click();
  }
  await expect.poll(async () => (await demoValues(page)).areaSelect).toBe('330106');
  await expect(demo.locator('.area-linkage-select')).toContainText('浙江省杭州市西湖区');
});

test('picks a user through the popup report and copies the fields into the form', async ({ page }) => {
  const demo = await openPickersDemo(page);

  await demo.getByLabel('用户账号').click();
  const dialog = page.getByRole('dialog', { name: '用户选择' });
  await expect(dialog.getByRole('cell', { name: '张三' })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: '男' }).first()).toBeVisible();

  // Nothing chosen: the spec's warning, and the dialog stays.
  await dialog.getByRole('button', { name: buttonName('确定') }).click();
  await expect(page.getByText('请选择一条记录')).toBeVisible();

  // Query by name, then choose the record.
  await dialog.getByPlaceholder('请输入用户姓名').fill('张');
  await dialog.getByRole('button', { name: buttonName('查询') }).click();
  await expect(dialog.getByRole('cell', { name: 'admin', exact: true })).toHaveCount(0);
  await dialog.getByRole('cell', { name: '张三' }).click();
  await dialog.getByRole('button', { name: buttonName('确定') }).click();
  await expect(dialog).toBeHidden();
  await expect(demo.getByLabel('用户账号')).toHaveValue('staff');
  await expect(demo.getByLabel('用户姓名')).toHaveValue('张三');
  await expect(demo.getByLabel('部门编码')).toHaveValue('A01A01');

  // Several positions at once: values joined with commas.
  await demo.getByLabel('职务（多选）').click();
  const positions = page.getByRole('dialog', { name: '职务选择' });
  await positions.getByRole('cell', { name: 'keyuan', exact: true }).click();
  await positions.getByRole('cell', { name: 'kezhang', exact: true }).click();
  await positions.getByRole('button', { name: buttonName('确定') }).click();
  await expect(demo.getByLabel('职务（多选）')).toHaveValue('科员,科长');
  await expect(demo.getByLabel('职务编码')).toHaveValue('keyuan,kezhang');
});

test('picks a category', async ({ page }) => {
  await signIn(page, ADMIN);
  // The category screen brings the /sys/category API; until it exists only the component tests cover this.
  const probe = await page.request.get('/api/sys/category/loadTreeRoot?pcode=0', {
    headers: { 'X-Access-Token': await token(page) },
  });
  const roots = probe.ok() ? (((await probe.json()) as { result?: { title: string }[] }).result ?? []) : [];
  test.skip(roots.length === 0, 'the category API (or its data) is not there yet');

  await page.goto('/dev-tools/gallery');
  await page.getByRole('tab', { name: '选择器', exact: true }).click();
  const demo = page.locator('#gallery-pickers');
  await demo.locator('.category-select').first().click();
  const first = roots[0]!.title;
  await page.locator('.ant-select-dropdown:visible').getByTitle(first, { exact: true }).click();
  await expect(demo.locator('.category-select').first()).toContainText(first);
  await expect.poll(async () => (await demoValues(page)).category).toBeTruthy();
});
