import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, buttonName, download, listRows, signIn, uniqueSuffix } from './helpers';
import { XLSX_MIME, readSheet, writeSheet } from './excel';

async function searchUsername(page: Page, username: string) {
  const query = page.locator('.list-page form').first();
  await query.getByRole('textbox', { name: '用户账号' }).fill(username);
  await query.getByRole('button', { name: buttonName('查询') }).click();
}

async function importFile(page: Page, name: string, buffer: Buffer) {
  await page.getByRole('button', { name: buttonName('导入') }).click();
  const dialog = page.getByRole('dialog', { name: '导入EXCEL' });
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: XLSX_MIME, buffer });
  await expect(dialog.getByText(name)).toBeVisible();
  await dialog.getByRole('button', { name: '开始上传' }).click();
  await expect(dialog).toBeHidden();
}

/** An unused mobile number (the user list keeps phones unique). */
const freshPhone = () => `139${String(Date.now()).slice(-8)}`;

test('exported users come back as new users through 导入; bad rows are listed in the error report', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/system/user');
  const rows = listRows(page);

  // Export the filtered list: one row, staff, with the list's column titles and dictionary labels.
  await searchUsername(page, STAFF.username);
  await expect(rows).toHaveCount(1);
  const exported = await download(page, () => page.getByRole('button', { name: '导出全部 1 条' }).click());
  expect(exported.name).toBe('用户信息.xlsx');
  const sheet = await readSheet(exported.buffer);
  const header = sheet[0]!;
  expect(header).toEqual(expect.arrayContaining(['用户账号', '用户姓名', '性别', '手机号码', '状态']));
  expect(sheet).toHaveLength(2);
  const col = (title: string) => header.indexOf(title);
  const staffRow = sheet[1]!;
  expect(staffRow[col('用户账号')]).toBe(STAFF.username);
  expect(staffRow[col('用户姓名')]).toBe(STAFF.realname);
  expect(staffRow[col('性别')]).toBe('男');
  expect(staffRow[col('状态')]).toBe('正常');

  // Change the account, name and phone (they are unique) and import the sheet back: a new user.
  const suffix = uniqueSuffix();
  const imported = { username: `imp${suffix}`, realname: `导入用户${suffix}` };
  const changed = [...staffRow];
  changed[col('用户账号')] = imported.username;
  changed[col('用户姓名')] = imported.realname;
  changed[col('手机号码')] = freshPhone();
  await importFile(page, '用户信息-修改.xlsx', await writeSheet([header, changed], '用户信息'));
  await expect(page.getByText('导入成功！共 1 条数据')).toBeVisible();
  await searchUsername(page, imported.username);
  await expect(rows.first()).toContainText(imported.realname);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('男');

  // A file with one good row and two bad ones: the good one is kept, the others are reported.
  const good = [...changed];
  good[col('用户账号')] = `imq${suffix}`;
  good[col('用户姓名')] = `导入用户乙${suffix}`;
  good[col('手机号码')] = '';
  const badName = [...good];
  badName[col('用户账号')] = 'bad-name!';
  badName[col('用户姓名')] = '格式错误';
  const taken = [...good];
  taken[col('用户账号')] = ADMIN.username;
  taken[col('用户姓名')] = '账号重复';
  await importFile(page, '用户信息-有错误.xlsx', await writeSheet([header, good, badName, taken], '用户信息'));
  const notice = page.locator('.ant-notification-notice').filter({ hasText: '导入EXCEL' });
  await expect(notice).toContainText('导入完成：成功 1 条，失败 2 条，请下载错误报告查看原因');

  const report = await download(page, () => notice.getByText('下载错误报告').click());
  expect(report.name).toBe('导入错误报告.xlsx');
  const reportRows = await readSheet(report.buffer);
  const reportHeader = reportRows[0]!;
  expect(reportHeader[0]).toBe('行号');
  expect(reportHeader.at(-1)).toBe('错误信息');
  const failed = reportRows.slice(1);
  expect(failed).toHaveLength(2);
  const username = reportHeader.indexOf('用户账号');
  expect(failed.map((r) => [r[0], r[username]])).toEqual([
    ['3', 'bad-name!'],
    ['4', ADMIN.username],
  ]);
  expect(failed[0]!.at(-1)).toBe('只允许字母、数字、下划线');
  expect(failed[1]!.at(-1)).toContain('已存在');

  // The good row of that file is in the list.
  await searchUsername(page, `imq${suffix}`);
  await expect(rows.first()).toContainText(`imq${suffix}`);
  await expect(rows).toHaveCount(1);
});
