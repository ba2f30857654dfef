import { expect, test, type Page } from '@playwright/test';
import { ADMIN, buttonName, signIn } from './helpers';

// The login page's HTML carries the rendered form and its CSS (apps/web/scripts/prerender-login.mjs); the
// client then hydrates that markup rather than painting it again.

/** React has taken over the server's password input (hydrated, not replaced). */
const passwordHydrated = (page: Page) =>
  page.waitForFunction(() => {
    const input = document.querySelector('input[aria-label="密码"]');
    return !!input && Object.keys(input).some((key) => key.startsWith('__reactFiber'));
  });

test('the login form is on screen, styled, with JavaScript turned off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/user/login?redirect=%2Fsystem%2Fuser');
    await expect(page.getByLabel('用户名')).toBeVisible();
    await expect(page.getByLabel('密码', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
    // antd's CSS came with the HTML: the large input and the primary button have their sizes and colour.
    const box = await page.locator('.ant-input-affix-wrapper-lg').first().boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(38);
    await expect(page.getByRole('button', { name: '登录' })).toHaveCSS('background-color', 'rgb(24, 144, 255)');
  } finally {
    await context.close();
  }
});

test('the prerendered form hydrates without an error and signs admin in', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/user/login');
  const serverInput = await page.evaluateHandle(() => document.querySelector('input[aria-label="密码"]'));
  await passwordHydrated(page);
  // The very element the HTML brought is the one React now owns.
  expect(
    await page.evaluate((input) => input === document.querySelector('input[aria-label="密码"]'), serverInput),
  ).toBe(true);
  await signIn(page, ADMIN);
  // React reports a hydration mismatch as a console error (minified #418/#423/#425 in production).
  expect(errors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
});

test('another page starts from the empty shell and still reaches the login form', async ({ page }) => {
  await page.goto('/user/register');
  expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('data-prerendered'))).toBe(false);
  await page.goto('/system/user');
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
  await expect(page.getByLabel('密码', { exact: true })).toBeVisible();
});

test('what is typed before the scripts arrive is kept: React takes it over and signs in with it', async ({ page }) => {
  // The page's scripts are held back until both fields are typed into, as on a slow phone.
  let release = () => undefined as void;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/**/*.js', async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto('/user/login', { waitUntil: 'commit' });
  await page.getByLabel('用户名').click();
  await page.keyboard.type(ADMIN.username);
  await page.getByLabel('密码', { exact: true }).click();
  await page.keyboard.type(ADMIN.password);
  // Still no React: the text lives in the prerendered inputs only.
  const owned = () =>
    page.evaluate(() =>
      Object.keys(document.querySelector('input[aria-label="密码"]')!).some((key) => key.startsWith('__react')),
    );
  expect(await owned()).toBe(false);
  release();
  await passwordHydrated(page);
  await expect(page.getByLabel('用户名')).toHaveValue(ADMIN.username);
  await page.getByRole('button', { name: buttonName('登录') }).click();
  const tenantDialog = page.getByRole('dialog', { name: '请选择登录租户' });
  const landed = page.waitForURL('**/dashboard/analysis');
  await Promise.race([landed, tenantDialog.waitFor({ state: 'visible' })]);
  if (await tenantDialog.isVisible()) await tenantDialog.getByRole('button', { name: buttonName('确定') }).click();
  await landed;
});
