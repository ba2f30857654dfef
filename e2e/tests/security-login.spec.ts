import { expect, test, type APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, STAFF, buttonName, signIn, uniqueSuffix } from './helpers';

/*
 * Sign-in security of issue 24 (等保 2.0 §8.1.4.1) as a user meets it: an administrator's account binds an
 * authenticator at its first login and keeps its recovery codes, must change the password an administrator chose, and
 * signs in with a code afterwards; a session left alone ends after the configured idle time, with a warning first.
 * Codes are computed here as an authenticator app computes them.
 */

const SECURITY = '/api/sys/platform/security';
const suffix = uniqueSuffix();
const OFFICER = { username: `mfa_${suffix}`, password: 'Chosen#2026a', next: 'Changed#2026b' };

/** The code an authenticator shows `offset` periods from now (the server accepts one period either side). */
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

/** A fresh administrator token through the API (the seeded administrator is a demo account: no second step). */
async function adminHeaders(api: APIRequestContext) {
  const res = await api.post('/api/sys/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  expect(res.ok(), await res.text()).toBe(true);
  const { token } = ((await res.json()) as { result: { token: string } }).result;
  return { 'X-Access-Token': token, 'tenant-id': '1001' };
}

async function changeSecurity(api: APIRequestContext, change: Record<string, unknown>) {
  const headers = await adminHeaders(api);
  const current = ((await (await api.get(SECURITY, { headers })).json()) as { result: Record<string, unknown> }).result;
  const { totpDefaultRoleCodes: _resolved, ...settings } = current;
  const res = await api.put(SECURITY, { headers, data: { ...settings, ...change } });
  expect(res.ok(), await res.text()).toBe(true);
  return settings;
}

test.describe.configure({ mode: 'serial' });

test('an administrator binds an authenticator, changes the chosen password and signs in with a code', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const api = page.request;
  const headers = await adminHeaders(api);
  const roles = (await (await api.get('/api/sys/role/list?roleCode=admin', { headers })).json()) as {
    result: { records: { id: string }[] };
  };
  const added = await api.post('/api/sys/user/add', {
    headers,
    data: {
      username: OFFICER.username,
      realname: '安全测试管理员',
      password: OFFICER.password,
      confirmpassword: OFFICER.password,
      selectedroles: roles.result.records[0]!.id,
    },
  });
  expect(added.ok(), await added.text()).toBe(true);

  // First login: the password is not enough, the account must bind an authenticator.
  await page.goto('/user/login');
  await page.getByLabel('用户名').fill(OFFICER.username);
  await page.getByLabel('密码', { exact: true }).fill(OFFICER.password);
  await page.getByRole('button', { name: buttonName('登录') }).click();
  await expect(page.getByText('绑定身份验证器', { exact: true })).toBeVisible();
  await expect(page.getByLabel('身份验证器二维码')).toBeVisible();
  const secret = (await page.locator('.login-page code').first().innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('动态验证码').fill(codeOf(secret));
  await page.getByRole('button', { name: '绑定并登录' }).click();

  // Ten recovery codes, shown once; the login goes on only once they are kept.
  const codes = page.getByRole('list', { name: '恢复码' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allInnerTexts()).map((c) => c.trim());
  await expect(page.getByRole('button', { name: '完成登录' })).toBeDisabled();
  await page.getByRole('checkbox', { name: '我已妥善保存' }).check();
  await page.getByRole('button', { name: '完成登录' }).click();

  // The password an administrator chose is changed before anything else, under the configured rule.
  await page.waitForURL('**/user/password?cause=initial**');
  await expect(page.getByText('您正在使用初始密码或管理员重置的密码，请先修改密码')).toBeVisible();
  await expect(page.getByText(/密码规则：密码须为/)).toBeVisible();
  // The app itself stays closed meanwhile.
  await page.goto('/dashboard/analysis');
  await page.waitForURL('**/user/password?cause=initial**');
  await page.getByLabel('旧密码').fill(OFFICER.password);
  await page.getByLabel('新密码', { exact: true }).fill(OFFICER.next);
  await page.getByLabel('确认新密码').fill(OFFICER.next);
  await page.getByRole('button', { name: '确认修改' }).click();

  // Changing it ended the session; the next login asks for the authenticator's code (a later one: each works once).
  await page.waitForURL('**/user/login**');
  await expect(page.getByText('密码修改成功，请重新登录')).toBeVisible();
  await page.getByLabel('用户名').fill(OFFICER.username);
  await page.getByLabel('密码', { exact: true }).fill(OFFICER.next);
  await page.getByRole('button', { name: buttonName('登录') }).click();
  await expect(page.getByText('二次验证', { exact: true })).toBeVisible();
  await page.getByLabel('动态验证码').fill(codeOf(secret, 1));
  await page.getByRole('button', { name: '验证并登录' }).click();
  await page.waitForURL('**/dashboard/analysis');
  await expect(page.getByText('欢迎您，')).toBeVisible();

  // A recovery code signs in instead of the app's code.
  const fresh = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await fresh.newPage();
  await other.goto('/user/login');
  await other.getByLabel('用户名').fill(OFFICER.username);
  await other.getByLabel('密码', { exact: true }).fill(OFFICER.next);
  await other.getByRole('button', { name: buttonName('登录') }).click();
  await other.getByLabel('动态验证码').fill(recovery[0]!);
  await other.getByRole('button', { name: '验证并登录' }).click();
  await other.waitForURL('**/dashboard/analysis');
  await fresh.close();
});

test('a session left alone is warned, kept by 继续使用, then ends after the idle time', async ({ page }) => {
  test.setTimeout(180_000);
  const api = page.request;
  const before = await changeSecurity(api, { idleMinutes: 1 });
  try {
    await signIn(page, STAFF);
    // Nobody touches the page: half a minute before the end (a one-minute timeout) the warning counts down.
    const warning = page.getByRole('dialog', { name: '即将因长时间未操作而退出' });
    await expect(warning).toBeVisible({ timeout: 60_000 });
    await expect(warning.getByText(/系统将在\s*\d+\s*秒后自动退出登录/)).toBeVisible();
    await warning.getByRole('button', { name: '继续使用' }).click();
    await expect(warning).toBeHidden();
    // Still signed in; left alone again, it ends, and the login page says why.
    await expect(page.getByText('欢迎您，')).toBeVisible();
    await expect(warning).toBeVisible({ timeout: 60_000 });
    await page.waitForURL('**/user/login**', { timeout: 60_000 });
    // The login page's notice (a request that found the session ended may also have raised a passing notification).
    await expect(page.locator('.ant-alert').getByText('长时间未操作，已自动退出登录，请重新登录')).toBeVisible();
  } finally {
    await changeSecurity(api, { idleMinutes: before.idleMinutes });
  }
});
