import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  ADMIN,
  buttonName,
  download,
  listRows,
  openPage,
  pickDepartment,
  pickOption,
  signIn,
  uniqueSuffix,
} from './helpers';
import { XLSX_MIME, readSheet, writeSheet } from './excel';

const COUNT = 1000;

async function searchName(index: Locator, name: string) {
  const query = index.getByRole('search');
  await query.getByRole('textbox', { name: '资产名称' }).fill(name);
  await query.getByRole('button', { name: buttonName('查询') }).click();
}

async function importFile(page: Page, index: Locator, name: string, buffer: Buffer) {
  await index.getByRole('button', { name: buttonName('导入') }).click();
  const dialog = page.getByRole('dialog', { name: '导入EXCEL' });
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: XLSX_MIME, buffer });
  await expect(dialog.getByText(name)).toBeVisible();
  await dialog.getByRole('button', { name: '开始上传' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
}

test('1,000 assets come in from an .xlsx; the two bad rows are left out and listed in the error report', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  const index = await openPage(page, '资产配置', '资产索引');

  // Export one idle asset of 资产管理科: its sheet is the template (the register's own column titles).
  const query = index.getByRole('search');
  await pickOption(page, query.getByLabel('资产状态'), '闲置');
  await pickDepartment(page, query.getByPlaceholder('请选择所属部门'), '资产管理科');
  await query.getByRole('button', { name: buttonName('查询') }).click();
  const rows = listRows(index);
  await expect(rows.first()).toContainText('闲置');
  await rows.first().getByRole('checkbox').check();
  const exported = await download(page, () => index.getByRole('button', { name: '导出选中 1 条' }).click());
  expect(exported.name).toBe('资产信息.xlsx');
  const sheet = await readSheet(exported.buffer);
  expect(sheet).toHaveLength(2);
  const header = sheet[0]!;
  expect(header).toEqual(
    // Every column the import reads, not only the list's (issue 25).
    expect.arrayContaining([
      '资产编号',
      '资产名称',
      '资产分类',
      '所属部门',
      '原值(元)',
      '净值(元)',
      '经度',
      '纬度',
      '使用性质',
      '保管人',
      '权证号',
      '资产描述',
    ]),
  );
  const col = (title: string) => header.indexOf(title);
  const template = sheet[1]!;
  expect(template[col('资产状态')]).toBe('闲置');
  expect(template[col('所属部门')]).toBe('资产管理科');
  // Values leave as yuan, as the list shows them (not as the stored fen).
  const headers = await index.locator('.ant-table-thead th').allInnerTexts();
  const listed = await rows.first().locator('td').nth(headers.indexOf('原值(元)')).innerText();
  expect(listed).toMatch(/^[\d,]+\.\d{2}$/);
  expect(Number(template[col('原值(元)')])).toBe(Number(listed.replace(/,/g, '')));

  // 1,000 new assets (codes left empty: the fill rule draws them), two of them bad.
  const suffix = uniqueSuffix();
  const nameOf = (i: number) => `导入资产${suffix}-${String(i).padStart(4, '0')}`;
  const data = Array.from({ length: COUNT }, (_, i) => {
    const r = [...template];
    r[col('资产编号')] = '';
    r[col('资产名称')] = nameOf(i);
    r[col('原值(元)')] = '120000.50';
    r[col('净值(元)')] = '98000.25';
    return r;
  });
  // Sheet rows 2…1001 hold assets 0…999: the bad ones are on rows 102 and 702.
  data[100]![col('资产分类')] = '不存在的分类';
  data[700]![col('原值(元)')] = '100';
  data[700]![col('净值(元)')] = '200';
  await importFile(page, index, '资产信息-批量.xlsx', await writeSheet([header, ...data], '资产信息'));

  const notice = page.locator('.ant-notification-notice').filter({ hasText: '导入EXCEL' });
  await expect(notice).toContainText(`导入完成：成功 ${COUNT - 2} 条，失败 2 条，请下载错误报告查看原因`, {
    timeout: 60_000,
  });

  // The error report: the two rows with their sheet row numbers and the reasons.
  const report = await download(page, () => notice.getByText('下载错误报告').click());
  expect(report.name).toBe('导入错误报告.xlsx');
  const reportRows = await readSheet(report.buffer);
  const reportHeader = reportRows[0]!;
  expect(reportHeader[0]).toBe('行号');
  expect(reportHeader.at(-1)).toBe('错误信息');
  const failed = reportRows.slice(1);
  expect(failed).toHaveLength(2);
  const nameCol = reportHeader.indexOf('资产名称');
  expect(failed.map((r) => [r[0], r[nameCol]])).toEqual([
    ['102', nameOf(100)],
    ['702', nameOf(700)],
  ]);
  expect(failed[0]!.at(-1)).toContain('不存在的分类');
  expect(failed[1]!.at(-1)).toContain('净值');

  // In the register: 998 assets of this batch, each with a drawn code and the values in yuan; not the bad ones.
  await query.getByRole('button', { name: buttonName('重置') }).click();
  await searchName(index, `导入资产${suffix}-`);
  await expect(index.getByText(`共 ${COUNT - 2} 条`)).toBeVisible();
  await expect(rows.first()).toContainText('120,000.50');
  await expect(rows.first()).toContainText('98,000.25');
  await expect(rows.first().locator('td').nth(1)).toHaveText(/^ZC\d+$/);
  await searchName(index, nameOf(700));
  await expect(index.locator('.ant-table-placeholder')).toContainText('暂无数据');
  await expect(rows).toHaveCount(0);
});
