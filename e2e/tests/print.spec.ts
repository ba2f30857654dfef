import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  ADMIN,
  buttonName,
  download,
  listRows,
  openDropdown,
  openPage,
  pickOption,
  signIn,
  token,
  uniqueSuffix,
} from './helpers';

/** Issues a room ticket through the API (the ticket journey covers the form) and answers its number. */
async function issueTicket(page: Page, holderName: string, faceAmount: number) {
  const headers = { 'X-Access-Token': await token(page) };
  const projects = (await (await page.request.get('/api/project/project/resettlement', { headers })).json()).result as {
    id: string;
  }[];
  let projectId = projects[0]?.id;
  if (!projectId) {
    const added = await page.request.post('/api/project/project/add', {
      headers,
      data: { name: `打印E2E安置项目${uniqueSuffix()}`, type: 'resettlement' },
    });
    projectId = (await added.json()).result.id as string;
  }
  const res = await page.request.post('/api/house/ticket/add', {
    headers,
    data: {
      holderName,
      holderIdCard: '110101199003091234',
      holderPhone: '13800138000',
      projectId,
      faceAmount,
      issueDate: '2026-01-05',
      expiryDate: `${new Date().getFullYear() + 1}-12-31`,
    },
  });
  expect(res.status()).toBe(200);
}

/** Every page's text of a PDF (pdf.js, as a reader would extract it). */
async function pdfPages(bytes: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  return pages;
}

test('print design: a template with a bound field and a QR code is designed, previewed with a ticket and prints three tickets to a PDF', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const suffix = uniqueSuffix();
  const holders = [`印甲${suffix}`, `印乙${suffix}`, `印丙${suffix}`];
  const amounts: [number, string][] = [
    [12000, '壹万贰仟元整'],
    [3500.5, '叁仟伍佰元伍角'],
    [80000, '捌万元整'],
  ];
  await signIn(page, ADMIN);
  for (const [i, holder] of holders.entries()) await issueTicket(page, holder, amounts[i]![0]);

  // 新建模板: a ticket template on A5, then the designer opens on it.
  const list = await openPage(page, '打印设计', '打印模板');
  await expect(listRows(list).filter({ hasText: '资产卡片' })).toHaveCount(1);
  await list.getByRole('button', { name: '新建模板' }).click();
  const modal = page.getByRole('dialog', { name: '新建模板' });
  await modal.getByLabel('模板编码').fill(`ticket_${suffix}`);
  await modal.getByLabel('模板名称').fill(`房票打印${suffix}`);
  await pickOption(page, modal.getByLabel('数据源'), '房票');
  await pickOption(page, modal.getByLabel('纸张'), 'A5（148×210mm）');
  await modal.getByRole('button', { name: buttonName('确定') }).click();
  await page.waitForURL('**/print/designer?id=*');
  const designer = page.getByTestId('print-designer');
  const fields = page.getByTestId('print-fields');

  // A bound field (the holder), the amount in capitals, and a QR code of the ticket number.
  await fields.locator('[data-field="holderName"]').getByRole('button', { name: '文本' }).click();
  await fields.locator('[data-field="faceAmount"]').getByRole('button', { name: '金额大写' }).click();
  await fields.locator('[data-field="ticketNo"]').getByRole('button', { name: '二维码' }).click();
  // The designer speaks field titles (持票人, 房票编号), not binding keys, and the list panel too.
  const holderBox = designer.locator('.selectable[title="持票人"]');
  await expect(holderBox).toBeVisible();
  await expect(designer.locator('.selectable[title="房票编号"]')).toBeVisible();
  await expect(designer.getByText('票面金额(元)（金额大写）').first()).toBeAttached();
  await expect(designer.getByText('faceAmount:capital')).toHaveCount(0);

  // Move the holder's field by dragging it down and to the right.
  const from = (await holderBox.boundingBox())!;
  // Grab it near its left end (its middle holds the rotation handle once selected).
  const grab = { x: from.x + 12, y: from.y + from.height / 2 };
  await holderBox.click({ position: { x: 12, y: from.height / 2 } });
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(grab.x + i * 6, grab.y + i * 8);
  await page.mouse.up();
  await expect.poll(async () => (await holderBox.boundingBox())!.y).toBeGreaterThan(from.y + 40);
  await page.getByRole('button', { name: buttonName('保存') }).click();
  await expect(page.locator('.ant-message').getByText(/编辑成功|保存成功/)).toBeVisible();

  // The saved layout holds the three elements, the holder's moved off the place it was added at.
  const id = new URL(page.url()).searchParams.get('id')!;
  const saved = await page.request.get(`/api/print/template/queryById?id=${id}`, {
    headers: { 'X-Access-Token': await token(page) },
  });
  const layout = JSON.parse((await saved.json()).result.layout) as {
    schemas: { name: string; type: string; position: { x: number; y: number } }[][];
  };
  const elements = layout.schemas[0]!;
  expect(elements.map((e) => [e.name, e.type])).toEqual([
    ['holderName', 'text'],
    ['faceAmount:capital', 'text'],
    ['ticketNo', 'qrcode'],
  ]);
  expect(elements[0]!.position.y).toBeGreaterThan(20);

  // Preview with a real ticket.
  await page.getByRole('button', { name: buttonName('预览') }).click();
  const preview = page.getByRole('dialog', { name: '预览' });
  await preview.getByLabel('选择一条记录预览').click();
  await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: holders[0]! }).click();
  await expect(preview.getByTestId('print-preview')).toContainText(holders[0]!);
  await expect(preview.getByTestId('print-preview')).toContainText('壹万贰仟元整');
  await preview.locator('.ant-modal-close').click();

  // 房票管理: select the three tickets, 打印 with the new template, 下载PDF.
  const tickets = await openPage(page, '房屋管理', '房票管理');
  const query = tickets.getByRole('search');
  await query.getByLabel('持票人').fill(suffix);
  await query.getByRole('button', { name: buttonName('查询') }).click();
  await expect(listRows(tickets)).toHaveCount(3);
  await tickets.locator('.ant-table-thead .ant-checkbox-input').check();
  await tickets.getByRole('button', { name: '打印' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '打印模板' });
  await expect(drawer.getByText('已选择 3 条记录，每条记录一页')).toBeVisible();
  await pickOption(page, drawer.getByLabel('打印模板'), `房票打印${suffix}（ticket_${suffix}）`);
  const file = await download(page, () => drawer.getByRole('button', { name: '下载PDF' }).click());
  expect(file.name).toMatch(/\.pdf$/);
  await expect(drawer.getByText(/已生成 3 页/)).toBeVisible();

  const pages = await pdfPages(file.buffer);
  expect(pages).toHaveLength(3);
  const text = pages.join('\n');
  for (const holder of holders) expect(text).toContain(holder);
  for (const [, capital] of amounts) expect(text).toContain(capital);
  // One record per page.
  for (const holder of holders) expect(pages.filter((p) => p.includes(holder))).toHaveLength(1);
});
