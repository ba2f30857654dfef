import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, STAFF, activePage, buttonName, formItem, openPage, signIn, signOut } from './helpers';

const SECOND_DEFAULT = '已有默认账户：请使用“设为默认”更换默认账户';
const DELETE_DEFAULT = '默认账户不能删除，请先将其他账户设为默认';

/** The bank accounts table of the 企业信息 page. */
async function openBanks(page: Page) {
  const view = activePage(page);
  await view.getByRole('tab', { name: '银行账户' }).click();
  const rows = view.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  return { view, rows };
}

const rowOf = (rows: Locator, accountNo: string) => rows.filter({ hasText: accountNo });
const defaultTag = (row: Locator) => row.locator('.ant-tag').filter({ hasText: '默认' });

async function confirmPopover(page: Page) {
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: buttonName('确定') })
    .click();
}

test('企业信息: a new bank account becomes the default, its branch is edited, a second default is refused; staff only reads', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN);
  await openPage(page, '企业信息');
  await expect(activePage(page).getByLabel('企业名称')).not.toHaveValue('');
  const { view, rows } = await openBanks(page);

  // Whichever account is the default now (the demo data's or an earlier run's).
  const oldDefault = rows.filter({ has: page.locator('.ant-tag', { hasText: '默认' }) });
  await expect(oldDefault).toHaveCount(1);
  const oldDefaultNo = (await oldDefault.locator('td').nth(3).innerText()).trim();
  await expect(oldDefault.getByRole('button', { name: buttonName('删除') })).toBeDisabled();
  await oldDefault
    .getByRole('button', { name: buttonName('删除') })
    .locator('..')
    .hover();
  await expect(page.getByRole('tooltip')).toHaveText(DELETE_DEFAULT);

  // A new account: asking for it to be a second default is refused in the form.
  const accountNo = `6214${Date.now().toString().slice(-12)}`;
  await view.getByRole('button', { name: '新增账户' }).click();
  const modal = page.getByRole('dialog', { name: '新增银行账户' });
  await modal.getByLabel('开户银行').fill('招商银行');
  await modal.getByLabel('开户网点').fill('成都分行');
  await modal.getByLabel('银行账号').fill(accountNo);
  await modal.getByRole('switch').click();
  await modal.getByRole('button', { name: buttonName('确定') }).click();
  await expect(formItem(modal, '默认账户')).toContainText(SECOND_DEFAULT);
  await expect(modal).toBeVisible();
  await modal.getByRole('switch').click();
  await modal.getByRole('button', { name: buttonName('确定') }).click();
  await expect(modal).toBeHidden();
  const added = rowOf(rows, accountNo);
  await expect(added).toBeVisible();
  await expect(defaultTag(added)).toHaveCount(0);

  // 设为默认 after a confirmation: the tag moves, the old default may be deleted now.
  await added.getByRole('button', { name: '设为默认' }).click();
  await confirmPopover(page);
  await expect(defaultTag(rowOf(rows, accountNo))).toBeVisible();
  await expect(defaultTag(rowOf(rows, oldDefaultNo))).toHaveCount(0);
  await expect(rowOf(rows, oldDefaultNo).getByRole('button', { name: buttonName('删除') })).toBeEnabled();
  await expect(rowOf(rows, accountNo).getByRole('button', { name: buttonName('删除') })).toBeDisabled();

  // The default's branch is edited, and the change is still there after a reload.
  await rowOf(rows, accountNo)
    .getByRole('button', { name: buttonName('编辑') })
    .click();
  const edit = page.getByRole('dialog', { name: '编辑银行账户' });
  await expect(edit.getByLabel('银行账号')).toHaveValue(accountNo);
  await edit.getByLabel('开户网点').fill('成都高新支行');
  await edit.getByRole('button', { name: buttonName('确定') }).click();
  await expect(edit).toBeHidden();
  await expect(rowOf(rows, accountNo)).toContainText('成都高新支行');

  await page.reload();
  const again = await openBanks(page);
  const reloaded = rowOf(again.rows, accountNo);
  await expect(reloaded).toContainText('成都高新支行');
  await expect(defaultTag(reloaded)).toBeVisible();
  await expect(again.rows.filter({ has: page.locator('.ant-tag', { hasText: '默认' }) })).toHaveCount(1);

  // Staff reads the same company, without any way to change it.
  await signOut(page);
  await signIn(page, STAFF);
  const staffView = await openPage(page, '企业信息');
  await expect(staffView.getByLabel('企业名称')).toBeDisabled();
  await expect(staffView.getByLabel('企业名称')).not.toHaveValue('');
  await expect(staffView.getByRole('button', { name: buttonName('保存') })).toHaveCount(0);
  const staffBanks = await openBanks(page);
  await expect(defaultTag(rowOf(staffBanks.rows, accountNo))).toBeVisible();
  await expect(staffBanks.view.getByRole('button', { name: '新增账户' })).toHaveCount(0);
  await expect(staffBanks.view.getByRole('button', { name: '设为默认' })).toHaveCount(0);
  await expect(staffBanks.view.getByRole('button', { name: buttonName('删除') })).toHaveCount(0);
});
