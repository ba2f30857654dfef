import { expect, test, type APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, STAFF, activePage, buttonName, listRows, openPage, signIn, signOut } from './helpers';

/*
 * The security administration of issue 24 as its users meet it: staff binds an authenticator in 个人中心 and
 * renews the recovery codes with one of them; the administrator sees the binding in 用户管理 and resets it (a lost
 * phone), reads 平台设置 → 安全设置, and runs 完整性校验 over the three logs. Staff ends unbound, as found.
 */

const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

/** Leaves staff unbound whatever happened: a bound staff account stops every later journey at the second step. */
async function unbindStaff(api: APIRequestContext) {
  const login = await api.post('/api/sys/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  const headers = { 'X-Access-Token': ((await login.json()) as { result: { token: string } }).result.token };
  const users = (await (await api.get(`/api/sys/user/list?username=${STAFF.username}`, { headers })).json()) as {
    result: { records: { id: string; username: string }[] };
  };
  const staff = users.result.records.find((u) => u.username === STAFF.username);
  // 400 when nothing is bound (the journey's own reset ran): that is the state wanted.
  if (staff) await api.delete(`/api/sys/user/totp?userId=${staff.id}`, { headers });
}

test.afterAll(async ({ request }) => unbindStaff(request));

test('个人中心 binds an authenticator; 用户管理 resets it; 安全设置 and 完整性校验 are shown', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, STAFF);
  await page.goto('/user/info');
  const card = page.locator('.ant-card').filter({ has: page.getByText('二次验证', { exact: true }) });
  await expect(card.getByText('未绑定')).toBeVisible();

  // Bind: the secret under the QR code, a code of the app, then the ten recovery codes once.
  await card.getByRole('button', { name: '绑定身份验证器' }).click();
  let dialog = page.getByRole('dialog', { name: '绑定身份验证器' });
  await expect(dialog.locator('.ant-qrcode')).toBeVisible();
  const secret = (await dialog.locator('code').first().innerText()).trim();
  await dialog.getByLabel('动态验证码').fill(codeOf(secret));
  await dialog.getByRole('button', { name: buttonName('确认绑定') }).click();
  dialog = page.getByRole('dialog', { name: '请保存恢复码' });
  // The list fills when the server answers: wait for it before reading (allInnerTexts does not wait).
  await expect(dialog.getByRole('list', { name: '恢复码' }).getByRole('listitem')).toHaveCount(10);
  const codes = (await dialog.getByRole('list', { name: '恢复码' }).getByRole('listitem').allInnerTexts()).map((c) =>
    c.trim(),
  );
  expect(codes).toHaveLength(10);
  await dialog.getByRole('checkbox', { name: '我已妥善保存' }).check();
  await dialog.getByRole('button', { name: buttonName('完成') }).click();
  await expect(card.getByText('已绑定')).toBeVisible();
  await expect(card.getByText('剩余 10 个')).toBeVisible();

  // New recovery codes, proved with one of the old ones (no wait for the next period of the app).
  await card.getByRole('button', { name: '重新生成恢复码' }).click();
  dialog = page.getByRole('dialog', { name: '重新生成恢复码' });
  await dialog.getByLabel('动态验证码或恢复码').fill(codes[0]!);
  await dialog.getByRole('button', { name: buttonName('确定') }).click();
  dialog = page.getByRole('dialog', { name: '请保存恢复码' });
  await expect(dialog.getByRole('list', { name: '恢复码' }).getByRole('listitem')).toHaveCount(10);
  const renewed = await dialog.getByRole('list', { name: '恢复码' }).getByRole('listitem').allInnerTexts();
  expect(renewed).toHaveLength(10);
  expect(renewed.map((c) => c.trim())).not.toContain(codes[1]);
  await dialog.getByRole('checkbox', { name: '我已妥善保存' }).check();
  await dialog.getByRole('button', { name: buttonName('完成') }).click();
  await signOut(page);

  // 用户管理: the administrator sees staff's binding and resets it.
  await signIn(page, ADMIN);
  const users = await openPage(page, '系统管理', '用户管理');
  const row = listRows(users).filter({ has: page.getByRole('cell', { name: STAFF.username, exact: true }) });
  await row.getByText('重置二次验证').click();
  dialog = page.getByRole('dialog', { name: `重置二次验证：${STAFF.realname}（${STAFF.username}）` });
  await expect(dialog.getByText('已绑定')).toBeVisible();
  await dialog.getByRole('button', { name: '确定重置' }).click();
  await expect(page.getByText('已重置该用户的二次验证，用户下次登录时需重新绑定')).toBeVisible();
  await row.getByText('重置二次验证').click();
  dialog = page.getByRole('dialog', { name: `重置二次验证：${STAFF.realname}（${STAFF.username}）` });
  await expect(dialog.getByText('该用户尚未绑定身份验证器，无需重置。')).toBeVisible();
  await dialog
    .locator('.ant-modal-footer')
    .getByRole('button', { name: buttonName('关闭') })
    .click();

  // 平台设置 → 安全设置: the policy, and the roles that need a second factor while none is chosen.
  await openPage(page, '系统管理', '平台设置');
  const security = activePage(page)
    .locator('.ant-card-type-inner')
    .filter({ has: page.getByText('安全设置', { exact: true }) });
  await expect(security.getByLabel('最小长度')).not.toHaveValue('');
  await expect(security.getByText(/留空时要求以下角色使用：/)).toBeVisible();
  await expect(security.getByRole('switch', { name: '三员分立模式' })).toBeVisible();

  // 日志管理 → 完整性校验: nothing was changed outside the product.
  const logs = await openPage(page, '系统管理', '日志管理');
  await logs.getByRole('button', { name: /完整性校验/ }).click();
  dialog = page.getByRole('dialog', { name: '日志完整性校验' });
  for (const kind of ['操作日志', '登录日志', '数据日志'])
    await expect(dialog.getByText(new RegExp(`^${kind}完整性校验通过，共校验 \\d+ 条记录$`))).toBeVisible({
      timeout: 30_000,
    });
});
