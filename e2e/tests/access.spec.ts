import { expect, test } from '@playwright/test';
import { STAFF, menuItem, signIn, token } from './helpers';

test('a visit to / without a token is signed in as guest and sees only public pages', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/assetAllocationAll$/);
  await expect(page.getByRole('heading', { name: '资产分布' })).toBeVisible();
  const guestToken = await token(page);
  expect(guestToken.length).toBeGreaterThan(20);

  // The guest has no dashboard and no admin calls: a deep link asks for a real sign-in and returns there.
  await page.goto('/dashboard/analysis');
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fdashboard%2Fanalysis$/);
  await expect(page.getByText('欢迎您，')).toHaveCount(0);
  const settings = await page.request.get('/api/sys/platform/settings', { headers: { 'X-Access-Token': guestToken } });
  expect(settings.status()).toBe(403);

  // The public page offers the way to sign in.
  await page.goto('/assetAllocationAll');
  await page.getByRole('link', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
});

test('the ordinary user sees no admin menu and gets 403 from admin calls', async ({ page }) => {
  await signIn(page, STAFF);
  await expect(menuItem(page.locator('.ant-layout-sider'), '首页')).toBeVisible();
  await expect(menuItem(page, '系统管理')).toHaveCount(0);
  const headers = { 'X-Access-Token': await token(page) };
  const read = await page.request.get('/api/sys/platform/settings', { headers });
  expect(read.status()).toBe(403);
  const write = await page.request.put('/api/sys/platform/settings', {
    headers,
    data: { systemName: '被改了', logoUrl: '' },
  });
  expect(write.status()).toBe(403);
  expect((await write.json()).message).toContain('拒绝访问');

  // Typing the admin page's address shows no admin page either, but 403 inside the shell.
  await page.goto('/system/platform');
  await expect(page.getByText('抱歉，你无权访问该页面')).toBeVisible();
  await expect(page.getByRole('button', { name: /保\s*存/ })).toHaveCount(0);
});

test('a revoked token leads to 未授权，请重新登录 and the login page', async ({ page }) => {
  // Let the dashboard finish loading first (its user card is its last call), so the 401 comes from the
  // user's next action; networkidle alone can fire while the dashboard's chunk is still on its way.
  const dashboardLoaded = page.waitForResponse((r) => r.url().includes('/api/sys/user/current'));
  await signIn(page, STAFF);
  await dashboardLoaded;
  await page.waitForLoadState('networkidle');
  // The session ends elsewhere (another window logged out, or an administrator froze it).
  const logout = await page.request.post('/api/sys/logout', { headers: { 'X-Access-Token': await token(page) } });
  expect(logout.ok()).toBe(true);

  // The user's next call meets the revoked token, unless the notice bell's 6-second refresh gets there first:
  // either way the user is told and taken to the login page.
  const told = expect(page.getByText('未授权，请重新登录')).toBeVisible({ timeout: 20_000 });
  try {
    await page.getByText(`欢迎您，${STAFF.realname}`).hover({ timeout: 5_000 });
    await menuItem(page, '切换部门').click({ timeout: 5_000 });
  } catch {
    // Already on its way to the login page.
  }
  await told;
  await expect(page).toHaveURL(/\/user\/login$/, { timeout: 15_000 });
});
