import { expect, test } from '@playwright/test';
import {
  ADMIN,
  STAFF,
  buttonName,
  freshBrowser,
  listRows,
  menuItem,
  openPage,
  signIn,
  token,
  uniqueSuffix,
} from './helpers';

// A real 1×1 PNG and a minimal PDF: the server checks that the content matches the extension.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('对象存储: upload from the page, see it listed, preview an image and a PDF, delete them', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const list = await openPage(page, '系统监控', '对象存储');
  const suffix = uniqueSuffix();
  const image = `门牌${suffix}.png`;
  const pdf = `合同${suffix}.pdf`;

  const input = list.getByTestId('oss-file-input');
  await input.setInputFiles({ name: image, mimeType: 'image/png', buffer: PNG });
  const imageRow = listRows(list).filter({ hasText: image });
  await expect(imageRow).toBeVisible();
  await expect(imageRow).toContainText('image/png');
  await expect(imageRow).toContainText('本地目录');
  await expect(imageRow).toContainText(ADMIN.username);
  await input.setInputFiles({ name: pdf, mimeType: 'application/pdf', buffer: PDF });
  const pdfRow = listRows(list).filter({ hasText: pdf });
  await expect(pdfRow).toBeVisible();

  // The query form finds it by name.
  await list.getByRole('textbox', { name: '文件名称' }).fill(suffix);
  await list.getByRole('button', { name: buttonName('查询') }).click();
  await expect(listRows(list)).toHaveCount(2);

  await imageRow.getByText('预览').click();
  const imageDialog = page.getByRole('dialog', { name: `文件预览：${image}` });
  const img = imageDialog.getByRole('img', { name: image });
  await expect(img).toBeVisible();
  // The bytes arrived and decode as an image.
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
  await imageDialog.getByRole('button', { name: '关闭' }).click();
  await expect(imageDialog).toBeHidden();

  await pdfRow.getByText('预览').click();
  const pdfDialog = page.getByRole('dialog', { name: `文件预览：${pdf}` });
  await expect(pdfDialog.locator('iframe')).toHaveAttribute('src', /^blob:/);
  await pdfDialog.getByRole('button', { name: '关闭' }).click();

  for (const row of [imageRow, pdfRow]) {
    await row.getByText('删除', { exact: true }).click();
    await page
      .getByRole('dialog', { name: '确认删除' })
      .getByRole('button', { name: buttonName('确定') })
      .click();
    await expect(row).toHaveCount(0);
  }
  // Gone from the storage too: the list's API no longer has them.
  const left = await page.request.get(`/api/sys/oss/file/list?originalName=*${suffix}*`, {
    headers: { 'X-Access-Token': await token(page) },
  });
  expect((await left.json()).result.total).toBe(0);
});

test('对象存储 is closed to staff and the guest: no menu entry, no page, 403 from its API', async ({
  page,
  browser,
}) => {
  await signIn(page, STAFF);
  await expect(menuItem(page, '系统监控')).toHaveCount(0);
  const staffHeaders = { 'X-Access-Token': await token(page) };
  expect((await page.request.get('/api/sys/oss/file/list', { headers: staffHeaders })).status()).toBe(403);
  expect(
    (await page.request.get(`/api/sys/oss/file/download?id=${'0'.repeat(32)}`, { headers: staffHeaders })).status(),
  ).toBe(403);
  // Not in the staff's menu, so the address leads nowhere.
  await page.goto('/monitor/oss');
  await expect(page.getByText('抱歉，你访问的页面不存在')).toBeVisible();
  await expect(page.getByRole('button', { name: /上传文件/ })).toHaveCount(0);

  const guest = await freshBrowser(browser);
  try {
    // The guest is signed in on its landing page; the monitoring page asks for a real sign-in.
    await guest.page.goto('/');
    await expect(guest.page).toHaveURL(/\/assetAllocationAll$/);
    const guestHeaders = { 'X-Access-Token': await token(guest.page) };
    expect((await guest.page.request.get('/api/sys/oss/file/list', { headers: guestHeaders })).status()).toBe(403);
    await guest.page.goto('/monitor/oss');
    await expect(guest.page).toHaveURL(/\/user\/login\?redirect=%2Fmonitor%2Foss$/);
  } finally {
    await guest.context.close();
  }
});
