import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  ADMIN,
  activePage,
  buttonName,
  listRows,
  openDropdown,
  openPage,
  signIn,
  token,
  uniqueSuffix,
} from './helpers';

const ID_CARD = '110101199003091234';

/** A resettlement project to issue tickets for: the demo's, else one made here through the API. */
async function ensureResettlementProject(page: Page) {
  const headers = { 'X-Access-Token': await token(page) };
  const listed = await page.request.get('/api/project/project/resettlement', { headers });
  expect(listed.status()).toBe(200);
  if (((await listed.json()).result as unknown[]).length > 0) return;
  const added = await page.request.post('/api/project/project/add', {
    headers,
    data: { name: `锦江区E2E安置项目${uniqueSuffix()}`, type: 'resettlement' },
  });
  expect(added.status()).toBe(200);
}

/** Issues a ticket through 发放房票 and answers its row in the list (found by the holder's name). */
async function issue(page: Page, list: Locator, holder: string, faceAmount: string, capital: string) {
  await list.getByRole('button', { name: '发放房票' }).click();
  const modal = page.getByRole('dialog', { name: '发放房票' });
  await modal.getByLabel('持票人').fill(holder);
  await modal.getByLabel('身份证号').fill(ID_CARD);
  await modal.getByLabel('手机号').fill('13800138000');
  await modal.getByLabel('安置项目').click();
  await openDropdown(page).locator('.ant-select-item-option').first().click();
  await modal.getByLabel('票面金额').fill(faceAmount);
  await expect(modal.getByTestId('face-amount-capital')).toHaveText(`大写：${capital}`);
  const expiry = modal.getByLabel('有效期至');
  await expiry.click();
  await expiry.fill(`${new Date().getFullYear() + 1}-12-31`);
  await expiry.press('Enter');
  await modal.getByRole('button', { name: buttonName('确定') }).click();
  await expect(modal).toBeHidden();

  const query = list.getByRole('search');
  await query.getByLabel('持票人').fill(holder);
  await query.getByRole('button', { name: buttonName('查询') }).click();
  const row = listRows(list).filter({ hasText: holder });
  await expect(row).toHaveCount(1);
  return row;
}

/** Records one use of the ticket of a row through 登记使用. */
async function spend(page: Page, row: Locator, amount: string, capital: string, remaining: string) {
  await row.getByText('登记使用', { exact: true }).click();
  const modal = page.getByRole('dialog', { name: '登记使用' });
  await expect(modal.getByTestId('use-remaining')).toHaveText(remaining);
  await modal.getByLabel('使用金额').fill(amount);
  await expect(modal.getByTestId('use-amount-capital')).toHaveText(`大写：${capital}`);
  await modal.getByLabel('房屋地址').fill('锦江区东光街道幸福路1号2-301');
  await modal.getByLabel('售房单位').fill('锦江置业有限公司');
  await modal.getByRole('button', { name: buttonName('确定') }).click();
  await expect(modal).toBeHidden();
}

test('a room ticket is issued, spent in two parts and read on its detail page; another is cancelled', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN);
  await ensureResettlementProject(page);
  const suffix = uniqueSuffix();

  const list = await openPage(page, '房屋管理', '房票管理');
  const holder = `持票人${suffix}`;
  const row = await issue(page, list, holder, '100000', '壹拾万元整');
  await expect(row).toContainText('已发放');
  // The administrator holds ticket:viewIdCard: the number whole.
  await expect(row).toContainText(ID_CARD);

  await spend(page, row, '30000', '叁万元整', '¥100,000.00');
  await spend(page, row, '50000', '伍万元整', '¥70,000.00');
  await expect(row).toContainText('部分使用');
  await expect(row).toContainText('20,000.00');

  // 房票详情: the remaining 20,000 in figures and capitals, the status, and both uses.
  await row.getByRole('link', { name: '详情' }).click();
  await expect(page).toHaveURL(/\/house\/ticketDetail\?id=/);
  const detail = activePage(page);
  await expect(detail.getByTestId('remaining-amount')).toContainText('¥20,000.00');
  await expect(detail.getByTestId('remaining-amount')).toContainText('贰万元整');
  await expect(detail.getByTestId('face-amount')).toContainText('壹拾万元整');
  await expect(detail.getByTestId('used-amount')).toContainText('捌万元整');
  await expect(detail.locator('.ant-card-head').first()).toContainText('部分使用');
  await expect(detail.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);
  await expect(detail.getByRole('button', { name: '登记使用' })).toBeVisible();

  // Another ticket, cancelled with a reason: 已作废, and no longer offered for use.
  const list2 = await openPage(page, '房屋管理', '房票管理');
  const other = `作废人${suffix}`;
  const cancelled = await issue(page, list2, other, '50000', '伍万元整');
  await cancelled.getByText('作废', { exact: true }).click();
  const modal = page.getByRole('dialog', { name: '作废房票' });
  await modal.getByLabel('作废原因').fill('持票人放弃货币化安置');
  await modal.getByRole('button', { name: buttonName('确定') }).click();
  await expect(modal).toBeHidden();
  await expect(cancelled).toContainText('已作废');
  await expect(cancelled.getByText('登记使用', { exact: true })).toHaveCount(0);
  await expect(cancelled.getByText('作废', { exact: true })).toHaveCount(0);

  await cancelled.getByRole('link', { name: '详情' }).click();
  const cancelledDetail = activePage(page);
  await expect(cancelledDetail.getByText('持票人放弃货币化安置')).toBeVisible();
  await expect(cancelledDetail.locator('.ant-card-head').first()).toContainText('已作废');
  await expect(cancelledDetail.getByRole('button', { name: '登记使用' })).toHaveCount(0);
});
