import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type APIRequestContext } from '@playwright/test';
import zxing from '@zxing/library';
import { chromiumLaunchOptions } from '../chromium';
import { ADMIN, activePage, buttonName, openPage, signIn, uniqueSuffix } from './helpers';

/**
 * A camera that films a printed asset card's QR code: a Y4M clip (what Chromium's fake capture device plays) of
 * `text` as a QR code, black on white in the middle of a 640×480 frame.
 */
function qrClip(text: string): string {
  const { BarcodeFormat, EncodeHintType, QRCodeWriter } = zxing;
  const width = 640;
  const height = 480;
  const side = 360;
  const matrix = new QRCodeWriter().encode(
    text,
    BarcodeFormat.QR_CODE,
    side,
    side,
    new Map([[EncodeHintType.MARGIN, 2]]),
  );
  const luma = Buffer.alloc(width * height, 235);
  const left = (width - side) / 2;
  const top = (height - side) / 2;
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) if (matrix.get(x, y)) luma[(top + y) * width + left + x] = 16;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qr-camera-')), 'card.y4m');
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]),
  );
  return file;
}

const api = (token: string) => ({ 'X-Access-Token': token, 'tenant-id': '1001' });

async function signInApi(request: APIRequestContext) {
  const login = await request.post('/api/sys/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  const result = (await login.json()).result as { token: string; userInfo: { id: string } };
  return { token: result.token, userId: result.userInfo.id };
}

test('an inventory campaign: opened at the desk, checked on a phone (scanned, typed, and offline then online), differences settled into ledger events, closed and its report printed', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const sfx = uniqueSuffix();
  const place = `盘点测试路${sfx}号`;
  const { token, userId } = await signInApi(request);
  const headers = api(token);

  // Three assets at one place of our own, so the campaign's scope is exactly them.
  const category = await request.get('/api/sys/category/loadOne?field=code&val=A01A02A01', { headers });
  const categoryId = ((await category.json()).result as { id: string }).id;
  // Scanned, offline then online, typed, and one nobody finds.
  const names = ['盘点甲', '盘点乙', '盘点丙', '盘点丁'].map((n) => `${n}${sfx}`);
  for (const name of names) {
    const added = await request.post('/api/asset/asset/add', {
      headers,
      data: { name, categoryId, status: 'idle', originalValue: 1000, address: place },
    });
    expect(added.status()).toBe(200);
  }
  const campaignName = `年度清查${sfx}`;
  const created = await request.post('/api/asset/inventory/campaign/add', {
    headers,
    data: {
      name: campaignName,
      scope: { departIds: [], categoryIds: [], address: place },
      checkerIds: [userId],
      deadline: '2026-12-31',
    },
  });
  expect(created.status()).toBe(200);

  // The desk opens it: the list is the scope's three assets at that moment.
  await page.addInitScript(() => {
    // The print dialog is the browser's; what it would print is kept for the check below.
    window.print = () => {
      (window as unknown as { printed: string }).printed =
        document.querySelector('[data-testid="inventory-report"]')?.textContent ?? '';
    };
  });
  await signIn(page, ADMIN);
  const desk = await openPage(page, '资产配置', '盘点任务');
  const row = desk.locator('tr.ant-table-row').filter({ hasText: campaignName });
  await row.getByRole('button', { name: '开始盘点' }).or(row.getByText('开始盘点')).first().click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '开始盘点' })
    .getByRole('button', { name: buttonName('确定') })
    .click();
  await expect(page.getByText('盘点已开始，清单共 4 项资产')).toBeVisible();
  const campaigns = (await (await request.get('/api/asset/inventory/campaign/list?pageSize=100', { headers })).json())
    .result.records as { id: string; name: string }[];
  const campaignId = campaigns.find((c) => c.name === campaignName)!.id;
  const items = (
    await (await request.get(`/api/asset/inventory/item/list?campaignId=${campaignId}&pageSize=10`, { headers })).json()
  ).result.records as { assetCode: string; assetName: string }[];
  const codeOf = (name: string) => items.find((i) => i.assetName === name)!.assetCode;

  // A checker's phone: 390 px, signed in there, its camera filming the first asset's card.
  const camera = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [
      ...(chromiumLaunchOptions.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${qrClip(codeOf(names[0]!))}`,
    ],
  });
  const phone = await camera.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    permissions: ['camera'],
  });
  const mobile = await phone.newPage();
  await mobile.goto('/user/login');
  await mobile.getByLabel('用户名').fill(ADMIN.username);
  await mobile.getByLabel('密码', { exact: true }).fill(ADMIN.password);
  await mobile.getByRole('button', { name: buttonName('登录') }).click();
  const tenantDialog = mobile.getByRole('dialog', { name: '请选择登录租户' });
  await Promise.race([mobile.waitForURL('**/dashboard/analysis'), tenantDialog.waitFor()]);
  if (await tenantDialog.isVisible()) await tenantDialog.getByRole('button', { name: buttonName('确定') }).click();
  await mobile.waitForURL('**/dashboard/analysis');
  await mobile.goto('/m/inventory');
  // With several open campaigns the checker picks one; with one, it is chosen.
  await expect(mobile.getByRole('button', { name: '输入编号' })).toBeVisible();
  const pick = mobile.getByLabel('盘点任务');
  if (await pick.isVisible()) {
    await pick.click();
    await mobile.locator('.ant-select-dropdown:visible').getByTitle(campaignName).click();
  }
  await expect(mobile.getByText(campaignName)).toBeVisible();
  await expect(mobile.getByText('已盘 0 / 4，未盘 4')).toBeVisible();

  const find = async (code: string) => {
    await mobile.getByRole('button', { name: '输入编号' }).click();
    await mobile.getByLabel('请输入资产编号').fill(code);
    await mobile.getByRole('button', { name: buttonName('查找') }).click();
  };

  // One scanned with the camera: 正常.
  await mobile.getByRole('button', { name: '扫码' }).click();
  await expect(mobile.getByText(names[0]!)).toBeVisible({ timeout: 30_000 });
  await mobile.getByRole('group', { name: '盘点结果' }).getByRole('button', { name: '正常' }).click();
  await mobile.getByRole('button', { name: buttonName('提交') }).click();
  await expect(mobile.getByText('已盘 1 / 4，未盘 3')).toBeVisible();

  // One found while online, recorded offline (位置不符), sent when the network is back — once.
  await find(codeOf(names[1]!));
  await expect(mobile.getByText(names[1]!)).toBeVisible();
  await phone.setOffline(true);
  await mobile.getByRole('group', { name: '盘点结果' }).getByRole('button', { name: '位置不符' }).click();
  await mobile.getByRole('button', { name: buttonName('提交') }).click();
  await expect(mobile.getByText('待上传 1 条')).toBeVisible();
  await phone.setOffline(false);
  await expect(mobile.getByText('待上传 1 条')).toBeHidden({ timeout: 40_000 });
  await expect(mobile.getByText('已盘 2 / 4，未盘 2')).toBeVisible({ timeout: 20_000 });

  // One typed: 正常.
  await find(codeOf(names[2]!));
  await expect(mobile.getByText(names[2]!)).toBeVisible();
  await mobile.getByRole('group', { name: '盘点结果' }).getByRole('button', { name: '正常' }).click();
  await mobile.getByRole('button', { name: buttonName('提交') }).click();
  await expect(mobile.getByText('已盘 3 / 4，未盘 1')).toBeVisible();
  await camera.close();

  // The desk settles the differences: the misplaced one moves (a ledger event), the unchecked one is written off.
  await row.getByText('详情').click();
  const detail = activePage(page);
  await expect(detail.getByText(campaignName).first()).toBeVisible();
  const differences = detail.locator('tr.ant-table-row');
  const settle = async (name: string, action: string, fill?: () => Promise<void>) => {
    await differences.filter({ hasText: name }).getByText('处理', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '差异处理' });
    await dialog.getByLabel(action).check();
    if (fill) await fill();
    await dialog.getByLabel('处理原因').fill(`盘点核实${sfx}`);
    await dialog.getByRole('button', { name: buttonName('确定') }).click();
    await expect(dialog).toBeHidden();
  };
  await settle(names[1]!, '调整位置/保管人/部门', async () => {
    await page.getByRole('dialog', { name: '差异处理' }).getByLabel('新存放地点').fill(`${place}二楼`);
  });
  await settle(names[3]!, '报损处置');

  // Closed only now; the report prints every difference with how it was settled.
  await detail.getByRole('button', { name: '结束盘点' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: `确定结束“${campaignName}”吗` })
    .getByRole('button', { name: buttonName('确定') })
    .click();
  await expect(detail.getByText('已结束').first()).toBeVisible();
  await detail.getByRole('button', { name: '打印报告' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printed?: string }).printed ?? ''))
    .toContain(names[3]!);
  const printed = await page.evaluate(() => (window as unknown as { printed: string }).printed);
  expect(printed).toContain('报损处置');
  expect(printed).toContain(names[1]!);

  // The ledger has the events: the written-off asset is 已处置, the misplaced one at its new place.
  const list = async (name: string) =>
    (
      (await (await request.get(`/api/asset/asset/list?name=${encodeURIComponent(name)}`, { headers })).json()).result
        .records as { status: string; address: string }[]
    )[0]!;
  expect((await list(names[3]!)).status).toBe('disposed');
  expect((await list(names[1]!)).address).toBe(`${place}二楼`);
});
