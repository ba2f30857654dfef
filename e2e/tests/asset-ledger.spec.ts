import { expect, test } from '@playwright/test';
import {
  ADMIN,
  activePage,
  buttonName,
  formItem,
  listRows,
  openDropdown,
  openPage,
  pickDepartment,
  pickOption,
  signIn,
  token,
} from './helpers';

const FROM = '资产管理科';
const TO = '综合办公室';

test('a transfer moves an asset to another department with a new timeline entry; refused events change nothing', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN);

  // An idle asset of 资产管理科 from the register.
  const index = await openPage(page, '资产配置', '资产索引');
  const query = index.getByRole('search');
  await pickOption(page, query.getByLabel('资产状态'), '闲置');
  await pickDepartment(page, query.getByPlaceholder('请选择所属部门'), FROM);
  await query.getByRole('button', { name: buttonName('查询') }).click();
  const row = listRows(index).first();
  await expect(row).toContainText(FROM);
  await expect(row).toContainText('闲置');
  const code = (await row.locator('td').nth(1).innerText()).trim();
  await row.getByRole('link', { name: '台账' }).click();

  // 台账详情: the header names the department, the timeline has the asset's history (acquire at least).
  await expect(page).toHaveURL(/\/asset\/ledger\?id=/);
  const ledger = activePage(page);
  const header = ledger.locator('.ant-card').first();
  await expect(header).toContainText(code);
  await expect(descriptionValue(header, '所属部门')).toHaveText(FROM);
  const timeline = ledger.getByTestId('ledger-timeline');
  const items = timeline.locator('.ant-timeline-item');
  await expect(items.first()).toBeVisible();
  const eventsBefore = await items.count();
  const assetId = new URL(page.url()).searchParams.get('id')!;

  // 登记事件: 退租 is offered disabled on an idle asset; a transfer to its own department is refused.
  await ledger.getByRole('button', { name: '登记事件' }).click();
  const modal = page.getByRole('dialog', { name: '登记台账事件' });
  await modal.getByLabel('事件类型').click();
  const leaseEnd = openDropdown(page).locator('.ant-select-item-option').filter({ hasText: '退租' });
  await expect(leaseEnd).toHaveClass(/ant-select-item-option-disabled/);
  await expect(leaseEnd).toHaveAttribute('title', '该资产不在出租中，不能退租');
  await openDropdown(page).getByTitle('调拨', { exact: true }).click();
  await pickDepartment(page, modal.getByPlaceholder('请选择调入部门'), FROM);
  await modal.getByRole('button', { name: buttonName('确定') }).click();
  await expect(formItem(modal, '调入部门')).toContainText('调入部门与资产当前所属部门相同，无需调拨');
  await expect(modal).toBeVisible();

  // The transfer to 综合办公室 is recorded.
  await formItem(modal, '调入部门').getByRole('button', { name: '清除' }).click();
  await pickDepartment(page, modal.getByPlaceholder('请选择调入部门'), TO);
  await modal.getByLabel('备注').fill('年度调拨');
  await modal.getByRole('button', { name: buttonName('确定') }).click();
  await expect(modal).toBeHidden();

  // The header follows, and the newest timeline entry is the transfer.
  await expect(descriptionValue(header, '所属部门')).toHaveText(TO);
  await expect(items).toHaveCount(eventsBefore + 1);
  await expect(items.first()).toContainText('调拨');
  await expect(items.first()).toContainText(`部门：${FROM} → ${TO}`);
  await expect(items.first()).toContainText('备注：年度调拨');
  await expect(items.first()).toContainText(ADMIN.realname);

  // The server refuses an event that does not fit the asset (退租 of an idle asset) and writes nothing.
  const refused = await page.request.post('/api/asset/ledger/add', {
    headers: { 'X-Access-Token': await token(page) },
    // Today as the product's clock sees it (the same machine): never a future date.
    data: { assetId, type: 'lease_end', eventDate: localToday(), documents: [] },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toBe('该资产不在出租中，不能退租');
  await page.reload();
  await expect(descriptionValue(activePage(page).locator('.ant-card').first(), '所属部门')).toHaveText(TO);
  const after = activePage(page).getByTestId('ledger-timeline').locator('.ant-timeline-item');
  await expect(after).toHaveCount(eventsBefore + 1);
  await expect(after.first()).toContainText('调拨');

  // 资产详情 shows the new department too.
  await activePage(page).getByRole('link', { name: '资产详情' }).click();
  await expect(page).toHaveURL(/\/asset\/details\?id=/);
  await expect(activePage(page).getByText(TO).first()).toBeVisible();
});

/** The value cell of a Descriptions item by its label. */
function descriptionValue(scope: ReturnType<typeof activePage>, label: string) {
  return scope
    .locator('.ant-descriptions-item')
    .filter({ has: scope.page().locator('.ant-descriptions-item-label').getByText(label, { exact: true }) })
    .locator('.ant-descriptions-item-content');
}

/** Today's date in this machine's time zone, as YYYY-MM-DD. */
function localToday() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
