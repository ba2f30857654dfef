import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, activePage, signIn, signOut, token, uniqueSuffix } from './helpers';

/** The tenant the web sends (stored as { value, expire }), as the page's own calls do. */
async function tenant(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.localStorage.getItem('TENANT_ID'));
  if (!raw) return '0';
  const parsed = JSON.parse(raw) as { value?: unknown } | number | string;
  return String(typeof parsed === 'object' && parsed !== null ? (parsed.value ?? 0) : parsed);
}

async function analysis(page: Page) {
  const res = await page.request.get('/api/dashboard/analysis', {
    headers: { 'X-Access-Token': await token(page), 'tenant-id': await tenant(page) },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).result as {
    assets: { cards: { assetCount: number } } | null;
    tickets: unknown;
    projects: unknown;
  };
}

/** Console errors and uncaught page errors, collected from the start. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

const digits = (text: string) => Number(text.replace(/[^\d]/g, ''));

test('the home tab answers the asset figures of the aggregate call and draws its four charts', async ({ page }) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);

  // An asset of our own, registered through the API before signing in: the figures include it.
  const login = await page.request.post('/api/sys/login', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  const headers = { 'X-Access-Token': ((await login.json()).result as { token: string }).token };
  // 房屋 › 住宅 of the asset category tree.
  const category = await page.request.get('/api/sys/category/loadOne?field=code&val=A01A02A01', { headers });
  const categoryId = ((await category.json()).result as { id: string }).id;
  const added = await page.request.post('/api/asset/asset/add', {
    headers,
    data: { name: `看板资产${uniqueSuffix()}`, categoryId, status: 'idle', originalValue: 12345.67 },
  });
  expect(added.status()).toBe(200);

  await signIn(page, ADMIN);
  const home = activePage(page);
  const countCard = home.locator('.dashboard-figure[aria-label="资产总数"]');
  // The first answer after a write counts 10,000 assets afresh (then it is cached).
  await expect(countCard).toBeVisible({ timeout: 30_000 });
  const answer = await analysis(page);
  expect(answer.assets).not.toBeNull();
  await expect
    .poll(async () => digits(await countCard.locator('.ant-statistic-content').innerText()))
    .toBe(answer.assets!.cards.assetCount);
  for (const title of ['资产原值', '资产净值', '闲置率', '出租率', '在途房票', '剩余金额']) {
    await expect(home.locator(`.dashboard-figure[aria-label="${title}"]`)).toBeVisible();
  }
  await expect(home.locator('.dashboard-figure[aria-label="资产原值"]')).toContainText('万元');

  // Four charts, each drawn on its own canvas.
  const charts = home.locator('.dashboard-chart');
  await expect(charts).toHaveCount(4);
  for (const title of ['资产分类分布', '各部门资产价值', '近12个月台账事件', '项目进度']) {
    await expect(home.getByRole('img', { name: title }).locator('canvas')).toHaveCount(1);
  }

  // Collapsing the sidebar redraws the charts at the new width, without errors.
  const chart = home.getByRole('img', { name: '资产分类分布' }).locator('canvas');
  const before = (await chart.boundingBox())!.width;
  await page.getByRole('button', { name: '收起菜单' }).click();
  await expect.poll(async () => (await chart.boundingBox())!.width).not.toBe(before);

  expect(errors).toEqual([]);
  const adminCount = answer.assets!.cards.assetCount;
  await signOut(page);

  // staff sees its own department's assets only (the data rule 本部门资产): as many or fewer.
  await signIn(page, STAFF);
  const staffHome = activePage(page);
  const staffCount = staffHome.locator('.dashboard-figure[aria-label="资产总数"]');
  await expect(staffCount).toBeVisible({ timeout: 30_000 });
  const staffAnswer = await analysis(page);
  expect(staffAnswer.assets!.cards.assetCount).toBeLessThanOrEqual(adminCount);
  await expect
    .poll(async () => digits(await staffCount.locator('.ant-statistic-content').innerText()))
    .toBe(staffAnswer.assets!.cards.assetCount);
  await expect(staffHome.locator('.dashboard-chart canvas').first()).toBeVisible();
  expect(errors).toEqual([]);
});
