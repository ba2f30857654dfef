import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  ADMIN,
  activePage,
  buttonName,
  formItem,
  listRows,
  openPage,
  pickDepartment,
  pickOption,
  signIn,
  token,
  uniqueSuffix,
} from './helpers';

const LABEL = { start: '开工/恢复', suspend: '暂停', complete: '竣工' } as const;

/** Runs a status action of a row and confirms it. */
async function move(page: Page, row: Locator, label: string) {
  await row.getByText(label, { exact: true }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '变更项目状态' });
  await expect(confirm).toContainText(`执行“${label}”`);
  await confirm.getByRole('button', { name: buttonName('确定') }).click();
  await expect(confirm).toBeHidden();
}

async function offered(row: Locator) {
  const labels: string[] = [];
  for (const label of Object.values(LABEL))
    if ((await row.getByText(label, { exact: true }).count()) > 0) labels.push(label);
  return labels;
}

test('a project is created on the full-page form and taken through its states to 已完工; closed afterwards', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const name = `E2E道路改造${uniqueSuffix()}`;

  // 项目表单 without parameters: a new project.
  const form = await openPage(page, '项目管理', '项目表单');
  await expect(form.getByPlaceholder('保存后自动生成')).toBeDisabled();
  await form.getByPlaceholder('请输入项目名称').fill(name);
  await pickOption(page, formItem(form, '项目类型').locator('.ant-select'), '建设项目');
  await pickDepartment(page, form.getByPlaceholder('请选择所属部门'), '资产管理科');
  await form.getByPlaceholder('请输入预算').fill('1000000');
  await form.getByPlaceholder('请输入实际成本').fill('250000.5');
  await form.getByPlaceholder('0–100').fill('20');
  // A mistake is named under its field and nothing is saved.
  await form.getByPlaceholder('0–100').fill('101');
  await form.getByRole('button', { name: buttonName('保存') }).click();
  await expect(formItem(form, '进度')).toContainText('进度须为0到100之间的整数');
  await form.getByPlaceholder('0–100').fill('20');
  await form.getByRole('button', { name: buttonName('保存') }).click();

  // Back on the list: the new project is planned, with its code, money and progress.
  await expect(page).toHaveURL(/\/project\/list/);
  const list = activePage(page);
  const query = list.getByRole('search');
  await query.getByLabel('项目名称').fill(name);
  await query.getByRole('button', { name: buttonName('查询') }).click();
  const row = listRows(list).filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('建设项目');
  await expect(row).toContainText('资产管理科');
  await expect(row).toContainText('1,000,000.00');
  await expect(row).toContainText('250,000.50');
  await expect(row).toContainText('20%');
  await expect(row).toContainText('计划');
  await expect(row.locator('td').nth(1)).toHaveText(/^XM\d+/);
  // Only 开工 is offered from 计划 (completing a planned project is not).
  expect(await offered(row)).toEqual([LABEL.start]);

  await move(page, row, LABEL.start);
  await expect(row).toContainText('在建');
  expect((await offered(row)).sort()).toEqual([LABEL.suspend, LABEL.complete].sort());

  await move(page, row, LABEL.suspend);
  await expect(row).toContainText('已暂停');
  expect(await offered(row)).toEqual([LABEL.start]);

  await move(page, row, LABEL.start);
  await expect(row).toContainText('在建');

  await move(page, row, LABEL.complete);
  await expect(row).toContainText('已完工');
  await expect(row).toContainText('100%');
  // Completed: no status change and no edit offered.
  expect(await offered(row)).toEqual([]);
  await expect(row.getByText('编辑', { exact: true })).toHaveCount(0);

  // The detail shows it read only.
  await row.getByText('详情', { exact: true }).click();
  const detail = page.getByRole('dialog').filter({ hasText: '项目详情' });
  await expect(detail).toContainText(name);
  await expect(detail).toContainText('已完工');
  await expect(detail.getByRole('button', { name: buttonName(LABEL.start) })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // The server refuses an edit of the completed project too, and an illegal move.
  const headers = { 'X-Access-Token': await token(page) };
  const found = await page.request.get(`/api/project/project/list?name=${encodeURIComponent(name)}`, { headers });
  const id = ((await found.json()) as { result: { records: { id: string }[] } }).result.records[0]!.id;
  const edit = await page.request.put('/api/project/project/edit', { headers, data: { id, name: `${name}改` } });
  expect(edit.status()).toBe(400);
  expect(((await edit.json()) as { message: string }).message).toBe('已完工的项目不能修改');
  const back = await page.request.put('/api/project/project/status', { headers, data: { id, status: 'in_progress' } });
  expect(back.status()).toBe(400);
  expect(((await back.json()) as { message: string }).message).toBe('项目不能从“已完工”变为“在建”');
});
