import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  STAFF,
  activePage,
  buttonName,
  freshBrowser,
  listRows,
  openPage,
  signIn,
  uniqueSuffix,
} from './helpers';

/** The demo device and its documented key (apps/server/src/db/seeds/message.seed.ts, docs/configuration.md). */
const DEMO_DEVICE = { deviceId: 'DEMO-SMOKE-01', key: 'demo-device-key-2026' };

/** The number on the header's bell (0 when it shows none). */
async function bellCount(page: Page): Promise<number> {
  const text = (await page.getByRole('button', { name: '消息通知' }).innerText()).replace(/\D/g, '');
  return text ? Number(text) : 0;
}

test('an announcement reaches staff’s bell live, is read and handled; a device alarm shows on the map and is handled', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const title = `停电通知E2E${uniqueSuffix()}`;

  // Staff is signed in elsewhere and keeps the page open.
  const staff = await freshBrowser(browser);
  await signIn(staff.page, STAFF);
  await expect(staff.page.getByRole('button', { name: '消息通知' })).toBeVisible();
  await expect.poll(() => bellCount(staff.page)).toBeGreaterThanOrEqual(0);
  const before = await bellCount(staff.page);

  // Admin drafts the announcement for everyone with a page to go to, and releases it.
  await signIn(page, ADMIN);
  const list = await openPage(page, '消息管理', '通告管理');
  await list.getByRole('button', { name: buttonName('新增') }).click();
  const form = page.getByRole('dialog', { name: '新建通告' });
  await form.getByLabel('标题').fill(title);
  await form.getByRole('radio', { name: '紧急消息' }).check();
  await form.getByRole('radio', { name: '打开页面' }).check();
  await form.getByLabel('页面地址').fill('/isps/userAnnouncement');
  await form.getByRole('button', { name: buttonName('确定') }).click();
  await expect(form).toBeHidden();
  const row = listRows(activePage(page)).filter({ hasText: title });
  await expect(row).toContainText('未发布');
  await row.getByText('发布', { exact: true }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: buttonName('确定') })
    .click();
  await expect(page.getByText('该通告发布成功')).toBeVisible();
  await expect(row).toContainText('已发布');

  // Within the 6 s refresh (the socket usually makes it immediate), without a reload.
  await expect.poll(() => bellCount(staff.page), { timeout: 7_000 }).toBe(before + 1);
  await staff.page.getByRole('button', { name: '消息通知' }).click();
  await staff.page.locator('.ant-popover').getByText(title).click();
  const modal = staff.page.getByRole('dialog', { name: '通知消息' });
  await expect(modal.getByRole('heading', { name: title })).toBeVisible();
  await expect.poll(() => bellCount(staff.page)).toBe(before);
  await modal.getByRole('button', { name: '去处理' }).click();
  await expect(modal).toBeHidden();
  await staff.page.waitForURL('**/isps/userAnnouncement');
  const mine = staff.page.locator('.ant-table-row').filter({ hasText: title });
  await expect(mine).toContainText('已读');
  await staff.context.close();

  // A device posts an alarm with its key; a wrong key is refused.
  const wrong = await page.request.post('/api/iot/alarm', {
    headers: { 'X-Device-Key': 'not-the-key' },
    data: { deviceId: DEMO_DEVICE.deviceId, level: '3', message: '烟雾浓度超标' },
  });
  expect(wrong.status()).toBe(401);
  const message = `烟雾浓度超标E2E${uniqueSuffix()}`;
  const posted = await page.request.post('/api/iot/alarm', {
    headers: { 'X-Device-Key': DEMO_DEVICE.key },
    // Each request carries its time and a nonce used once (replay protection).
    data: {
      deviceId: DEMO_DEVICE.deviceId,
      level: '3',
      message,
      timestamp: Date.now(),
      nonce: `e2e-${uniqueSuffix()}`,
    },
  });
  expect(posted.status()).toBe(200);

  // The header's indicator counts it (pushed), and opens the asset map where it is acknowledged and handled.
  const indicator = page.getByRole('button', { name: '设备告警' });
  await expect(indicator).toContainText(/[1-9]/);
  await indicator.click();
  await page.waitForURL('**/asset/map');
  const alarm = page.getByTestId('live-alarm').filter({ hasText: message });
  await expect(alarm).toContainText('锦江区政务中心烟感');
  await expect(alarm).toContainText('未确认');
  await alarm.getByRole('button', { name: buttonName('确认') }).click();
  await expect(page.getByText('告警已确认')).toBeVisible();
  await expect(alarm).toContainText('已确认');
  await alarm.getByRole('button', { name: buttonName('处理') }).click();
  // 处理 asks what was done: the history keeps it as 处理说明.
  const handle = page.getByRole('dialog', { name: '处理告警' });
  await handle.getByRole('button', { name: buttonName('确定') }).click();
  await expect(handle.getByText('请填写处理说明')).toBeVisible();
  await handle.getByLabel('处理说明').fill('已到现场排查，系误报');
  await handle.getByRole('button', { name: buttonName('确定') }).click();
  await expect(page.getByText('告警已处理')).toBeVisible();
  await expect(alarm).toHaveCount(0);
});
