import { expect, test, type Page } from '@playwright/test';
import { ADMIN, activePage, buttonName, listRows, openPage, signIn, token } from './helpers';

/** The net value of the home tab's aggregate (yuan), as the page's own call answers it. */
async function netValue(page: Page): Promise<number> {
  const raw = await page.evaluate(() => window.localStorage.getItem('TENANT_ID'));
  const parsed = raw ? (JSON.parse(raw) as { value?: unknown } | number | string) : 0;
  const tenant = String(typeof parsed === 'object' && parsed !== null ? (parsed.value ?? 0) : parsed);
  const res = await page.request.get('/api/dashboard/analysis', {
    headers: { 'X-Access-Token': await token(page), 'tenant-id': tenant },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()).result as { assets: { cards: { netValue: number } } }).assets.cards.netValue;
}

test('a month of depreciation is booked from 折旧报表 and shows on 资产详情 and on the home figures', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, ADMIN);
  const before = await netValue(page);

  // 折旧报表 opens on last month (the one the monthly job books); 计提折旧 asks first.
  const report = await openPage(page, '资产配置', '折旧报表');
  const month = await report.getByLabel('月份').inputValue();
  expect(month).toMatch(/^\d{4}-\d{2}$/);
  await report.getByRole('button', { name: '计提折旧' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `确定计提 ${month} 的折旧吗` });
  await confirm.getByRole('button', { name: buttonName('确定') }).click();
  await expect(page.getByText(new RegExp(`已计提 ${month} 折旧：[\\d,]+ 项资产`))).toBeVisible({ timeout: 60_000 });
  // By category and department, with a total in yuan.
  await expect(report.locator('.ant-table-summary')).toContainText('合计');
  await expect(report.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(/\d/);

  // Booking the same month again books nothing new.
  await report.getByRole('button', { name: '计提折旧' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定计提' })
    .getByRole('button', { name: buttonName('确定') })
    .click();
  await expect(page.getByText(`${month} 没有需要计提的折旧`)).toBeVisible({ timeout: 60_000 });

  // The home figures follow: the net value went down by the month's depreciation.
  await expect.poll(() => netValue(page), { timeout: 30_000 }).toBeLessThan(before);

  // An office computer (6 years) shows the booked month in its 折旧 section.
  const index = await openPage(page, '资产配置', '资产索引');
  const query = index.getByRole('search');
  await query.getByLabel('资产名称').fill('笔记本电脑');
  await query.getByRole('button', { name: buttonName('查询') }).click();
  await listRows(index).first().getByRole('link', { name: '详情' }).click();
  await expect(page).toHaveURL(/\/asset\/details\?id=/);
  const details = activePage(page);
  const section = details.locator('.ant-card').filter({ has: page.getByText('折旧', { exact: true }) });
  await expect(section).toContainText('折旧年限');
  const bookedRow = section.locator('tr').filter({ hasText: month });
  await expect(bookedRow).toContainText('已计提');
});
