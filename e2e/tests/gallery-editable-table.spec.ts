import { expect, test, type Page } from '@playwright/test';
import { ADMIN, buttonName, signIn } from './helpers';

async function openTableDemo(page: Page) {
  await signIn(page, ADMIN);
  await page.goto('/dev-tools/gallery#editable-table');
  await page.getByRole('tab', { name: '可编辑表格', exact: true }).click();
  const demo = page.locator('#gallery-editable-table');
  await expect(demo.locator('[data-row-id="demo-0001"]')).toBeVisible();
  return demo;
}

const cell = (scope: ReturnType<Page['locator']>, rowId: string, key: string) =>
  scope.locator(`[data-row-id="${rowId}"] [data-key="${key}"]`);

test('edits the 1,000-row table: validation tooltip, drag sort and the insert throttle', async ({ page }) => {
  const demo = await openTableDemo(page);
  const grid = demo.getByRole('grid');
  await expect(grid).toHaveAttribute('aria-rowcount', '1001');
  // Virtual rendering: only a window of rows is in the page.
  expect(await demo.locator('.et-row[data-row-id]').count()).toBeLessThan(20);

  // Click to edit; clearing a required cell shows the rule's message in a tooltip.
  await cell(demo, 'demo-0001', 'name').click();
  const input = cell(demo, 'demo-0001', 'name').locator('input');
  await expect(input).toBeFocused();
  await input.fill('');
  await expect(page.getByRole('tooltip')).toHaveText('请输入名称');
  await input.fill('资产2');
  await expect(page.getByRole('tooltip')).toHaveText('名称不能重复');
  await input.fill('资产一号');
  await expect(cell(demo, 'demo-0001', 'name')).not.toHaveAttribute('aria-invalid');

  // A wrong phone fails on blur.
  await cell(demo, 'demo-0002', 'phone').click();
  await cell(demo, 'demo-0002', 'phone').locator('input').fill('123');
  await page.keyboard.press('Tab');
  await expect(cell(demo, 'demo-0002', 'phone')).toHaveAttribute('aria-invalid', 'true');

  // Drag row 4 onto row 1.
  await demo.getByRole('button', { name: '拖动第4行' }).dragTo(demo.locator('[data-row-id="demo-0001"]'));
  await expect(demo.locator('.et-row[data-row-id]').first()).toHaveAttribute('data-row-id', 'demo-0004');
  await expect(demo.locator('[data-row-id="demo-0004"] .et-cell--order')).toHaveText('1');

  // Scroll to the end: the last rows are rendered on demand.
  await grid.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(demo.locator('[data-row-id="demo-1000"]')).toBeVisible();

  // Two quick inserts: the second is refused.
  // The button's name starts with its icon's.
  const add = demo.getByRole('button', { name: /新\s*增$/ });
  await add.click();
  await add.click();
  await expect(page.getByText('你点击的太快了，请慢点点击!')).toBeVisible();
  await expect(grid).toHaveAttribute('aria-rowcount', '1002');
});

test('two pages of the table see each other’s saved change', async ({ browser }) => {
  const first = await browser.newPage();
  const second = await browser.newPage();
  const a = await openTableDemo(first);
  const b = await openTableDemo(second);
  await expect(a.getByTestId('sync-status')).toHaveText('实时同步：已连接');
  await expect(b.getByTestId('sync-status')).toHaveText('实时同步：已连接');

  await cell(a, 'demo-0005', 'name').click();
  await cell(a, 'demo-0005', 'name').locator('input').fill('同步后的名称');
  // A click outside the cell ends the edit.
  await a.getByText('尺寸').click();
  await a.getByRole('button', { name: buttonName('保存') }).click();
  await expect(first.getByText('保存成功')).toBeVisible();

  await expect(cell(b, 'demo-0005', 'name')).toHaveText('同步后的名称');
  await first.close();
  await second.close();
});
