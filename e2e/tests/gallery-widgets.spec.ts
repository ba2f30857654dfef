import { expect, test, type Page } from '@playwright/test';
import { ADMIN, menuItem, openMenu, signIn } from './helpers';

async function openSection(page: Page, tabName: string, key: string) {
  await page.getByRole('tab', { name: tabName, exact: true }).click();
  const section = page.locator(`#gallery-${key}`);
  await expect(section).toBeVisible();
  return section;
}

test('the 组件示例 page is in the 开发工具 menu and builds a cron expression with its next runs', async ({ page }) => {
  await signIn(page, ADMIN);
  await openMenu(page, '开发工具', '组件示例');
  await page.waitForURL('**/dev-tools/gallery**');
  await expect(menuItem(page, '组件示例')).toBeVisible();

  const cron = await openSection(page, 'Cron 表达式', 'cron');
  const expression = cron.getByLabel('Cron 表达式');
  await expect(expression).toHaveValue('0 0 0 * * ? *');

  // Every 15 minutes of every hour, Monday to Friday.
  await cron.getByRole('tab', { name: '分钟', exact: true }).click();
  const step = cron.getByLabel('分钟间隔');
  await step.fill('15');
  await step.blur();
  await cron.getByRole('tab', { name: '小时', exact: true }).click();
  await cron.getByLabel('每小时').check();
  await cron.getByRole('tab', { name: '周', exact: true }).click();
  // Only the open field tab is visible, so this finds the week tab's 周期.
  await cron.getByRole('tabpanel').getByLabel('周期', { exact: true }).check();
  await cron.getByLabel('周期开始星期').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('星期一').click();
  await cron.getByLabel('周期结束星期').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('星期五').click();
  await expect(expression).toHaveValue('0 0/15 * ? * 2-6 *');
  await expect(cron.getByTestId('cron-demo-value')).toHaveText('0 0/15 * ? * 2-6 *');

  const runs = cron.getByLabel('最近运行时间').getByRole('listitem');
  await expect(runs).toHaveCount(5);
  for (const run of await runs.allTextContents()) {
    expect(run).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:(00|15|30|45):00 星期[一二三四五]$/);
  }

  // A typed expression with L and a year is read back; a wrong one says why.
  await expression.fill('0 30 9 L * ? 2030');
  await expect(runs.first()).toHaveText('2030-01-31 09:30:00 星期四');
  await expression.fill('0 0 12 * * *');
  await expect(cron.getByText('日和周必须有且只有一个为 ?')).toBeVisible();
});

test('slider captcha: releasing early resets, dragging to the end passes', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/dev-tools/gallery#captcha');
  const section = await openSection(page, '滑块验证', 'captcha');
  const slider = section.getByRole('slider', { name: '滑块验证' });
  await expect(slider).toContainText('拖动滑块验证');
  const handle = section.getByTestId('slider-captcha-handle');
  const track = (await slider.boundingBox())!;
  const box = (await handle.boundingBox())!;
  const y = box.y + box.height / 2;

  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + track.width / 2, y, { steps: 5 });
  await page.mouse.up();
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await expect(slider).toContainText('拖动滑块验证');

  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(track.x + track.width + 40, y, { steps: 10 });
  await page.mouse.up();
  await expect(slider).toContainText('验证通过');
  await expect(section.getByText('已通过验证')).toBeVisible();
});

test('editors load on demand: markdown, self-hosted TinyMCE and CodeMirror', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await signIn(page, ADMIN);
  await page.goto('/dev-tools/gallery#cron');
  await expect(page.locator('#gallery-cron')).toBeVisible();
  // Nothing of TinyMCE before the editors tab is opened, and nothing from a CDN ever.
  expect(requested.some((url) => /tinymce/i.test(url))).toBe(false);

  const section = await openSection(page, '编辑器', 'editors');
  await expect(section.getByRole('button', { name: '上传图片' })).toBeVisible();
  await expect(section.locator('.tox-tinymce')).toBeVisible();
  await expect(section.frameLocator('.tox-edit-area iframe').locator('body')).toContainText('这是一段富文本。');
  await expect(section.locator('.cm-content')).toContainText('return');
  expect(requested.every((url) => url.startsWith('http://127.0.0.1') || url.startsWith('data:'))).toBe(true);
});
