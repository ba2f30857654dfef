import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, STAFF, buttonName, menuItem, signIn } from './helpers';

const SECURITY = '/api/sys/platform/security';
let history = 5;

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/sys/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  return { 'X-Access-Token': token };
}

/** Sets 安全设置's password history (the journey puts staff's seeded password back, which history would refuse). */
async function setHistory(request: APIRequestContext, count: number | null) {
  const headers = await adminHeaders(request);
  const current = ((await (await request.get(SECURITY, { headers })).json()) as { result: Record<string, unknown> })
    .result as { password: { historyCount: number } } & Record<string, unknown>;
  const { totpDefaultRoleCodes: _resolved, ...settings } = current;
  if (count === null) return current.password.historyCount;
  const res = await request.put(SECURITY, {
    headers,
    data: { ...settings, password: { ...current.password, historyCount: count } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return count;
}

test.beforeAll(async ({ request }) => {
  history = (await setHistory(request, null)) ?? 5;
  await setHistory(request, 0);
});

// If the journey stops half-way, staff keeps 'Better#2026' and every later journey that signs staff in fails
// too: the administrator puts the seeded password back whatever happened, then the history rule.
test.afterAll(async ({ request }) => {
  // Only when the journey did not put it back itself: an administrator's reset must be changed at the next sign-in.
  const seeded = await request.post('/api/sys/login', { data: { username: STAFF.username, password: STAFF.password } });
  if (!seeded.ok()) {
    const reset = await request.put('/api/sys/user/changPassword', {
      headers: await adminHeaders(request),
      data: { username: STAFF.username, password: STAFF.password, confirmpassword: STAFF.password },
    });
    expect(reset.ok(), await reset.text()).toBe(true);
  }
  await setHistory(request, history);
});

test('the ordinary user changes the password (wrong old one, mismatch, success) and logs out', async ({ page }) => {
  // Five sign-ins and three password changes (argon2 each): a loaded CI machine needs more than the default minute.
  test.setTimeout(150_000);
  await signIn(page, STAFF);
  const openModal = async () => {
    await page.getByText(`欢迎您，${STAFF.realname}`).hover();
    await menuItem(page, '密码修改').click();
    return page.getByRole('dialog', { name: '修改密码' });
  };

  let dialog = await openModal();
  await dialog.getByRole('button', { name: buttonName('确定') }).click();
  await expect(dialog.getByText('请输入旧密码!')).toBeVisible();
  await expect(dialog.getByText('请输入新密码!')).toBeVisible();
  await expect(dialog.getByText('请确认新密码!')).toBeVisible();

  await dialog.getByLabel('旧密码').fill('not-the-password');
  await dialog.getByLabel('新密码', { exact: true }).fill('Better#2026');
  await dialog.getByLabel('确认新密码').fill('Better#2027');
  await expect(dialog.getByText('两次输入的密码不一样！')).toBeVisible();

  await dialog.getByLabel('确认新密码').fill('Better#2026');
  await dialog.getByRole('button', { name: buttonName('确定') }).click();
  await expect(page.getByText('旧密码输入错误')).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('旧密码').fill(STAFF.password);
  await dialog.getByRole('button', { name: buttonName('确定') }).click();
  await expect(page.getByText('密码修改成功，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login$/);

  // The new password works, then log out after the confirmation.
  await signIn(page, { username: STAFF.username, password: 'Better#2026' });
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByText('真的要注销登录吗 ?')).toBeVisible();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: buttonName('确定') })
    .click();
  await expect(page).toHaveURL(/\/user\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('Access-Token'))).toBeNull();

  // Put the seeded password back for the other journeys.
  await signIn(page, { username: STAFF.username, password: 'Better#2026' });
  dialog = await openModal();
  await dialog.getByLabel('旧密码').fill('Better#2026');
  await dialog.getByLabel('新密码', { exact: true }).fill(STAFF.password);
  await dialog.getByLabel('确认新密码').fill(STAFF.password);
  await dialog.getByRole('button', { name: buttonName('确定') }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
});
