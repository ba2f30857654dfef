import { expect, test } from '@playwright/test';
import { STAFF, buttonName, tab } from './helpers';

// The product under test uses the OpenID provider start-product.mjs starts (E2E_OIDC_PORT); its development login
// form takes any name as the external identity. Staff ends unbound, as found.
const EXTERNAL = `ext-staff-${Date.now().toString(36)}`;

test('third-party login: provider sign-in, one-time password bind, then 个人中心 lists, unbinds and binds again', async ({
  page,
}) => {
  await page.goto('/user/login');
  const others = page.getByRole('region', { name: '其他登录方式' });
  await others.getByRole('link', { name: '统一身份认证' }).click();

  // At the provider.
  await page.locator('input[name="login"]').fill(EXTERNAL);
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  // Back on the login page: the identity is not bound yet, so the account's password is asked for once.
  const bind = page.getByRole('form', { name: '绑定系统账号' });
  await expect(bind.getByText(`统一身份认证账号「外部用户 ${EXTERNAL}」尚未绑定系统账号`)).toBeVisible();
  await expect(bind.getByText(`第三方标识：${EXTERNAL}`)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login$/);
  await bind.getByLabel('用户名').fill(STAFF.username);
  await bind.getByLabel('密码', { exact: true }).fill(STAFF.password);
  await bind.getByRole('button', { name: /绑定并登录/ }).click();
  const tenantDialog = page.getByRole('dialog', { name: '请选择登录租户' });
  const landed = page.waitForURL('**/dashboard/analysis');
  await Promise.race([landed, tenantDialog.waitFor({ state: 'visible' })]);
  if (await tenantDialog.isVisible()) await tenantDialog.getByRole('button', { name: buttonName('确定') }).click();
  await landed;
  await expect(page.getByText(`欢迎您，${STAFF.realname}`)).toBeVisible();

  // 个人中心 shows the binding; 解绑 removes it.
  await page.goto('/user/info');
  const card = page.locator('.ant-card').filter({ has: page.getByText('第三方账号', { exact: true }) });
  await expect(card.getByText(`统一身份认证：外部用户 ${EXTERNAL}`)).toBeVisible();
  await card.getByRole('button', { name: buttonName('解绑') }).click();
  await page.getByRole('button', { name: buttonName('确定') }).click();
  await expect(card.getByText('尚未绑定第三方账号')).toBeVisible();

  // 绑定 from 个人中心: the provider still knows this browser and sends it straight back; nothing is bound until
  // staff has seen both accounts and confirmed.
  await card.getByRole('button', { name: '绑定统一身份认证' }).click();
  const confirm = page.getByRole('dialog', { name: '确认绑定第三方账号' });
  await expect(confirm.getByText(`外部用户 ${EXTERNAL}`)).toBeVisible();
  await expect(confirm.getByText(EXTERNAL, { exact: true })).toBeVisible();
  await expect(confirm.getByText(`${STAFF.username}（${STAFF.realname}）`)).toBeVisible();
  await confirm.getByRole('button', { name: buttonName('确认绑定') }).click();
  await expect(page.getByText('绑定成功')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/info$/);
  // The outcome came in the address's hash: 个人中心 is still one tab.
  await expect(tab(page, '个人中心')).toHaveCount(1);
  await expect(card.getByText(`统一身份认证：外部用户 ${EXTERNAL}`)).toBeVisible();

  // Leave staff unbound.
  await card.getByRole('button', { name: buttonName('解绑') }).click();
  await page.getByRole('button', { name: buttonName('确定') }).click();
  await expect(card.getByText('尚未绑定第三方账号')).toBeVisible();
});
