import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  ADMIN,
  activePage,
  buttonName,
  formItem,
  freshBrowser,
  listRows,
  openPage,
  pickDepartment,
  pickTreeOption,
  signIn,
  tab,
  uniqueSuffix,
} from './helpers';

// Two of the bundled sample pictures (real PNGs, so the guest's browser can draw them).
const picture = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: fs.readFileSync(new URL(`../../apps/server/assets/sample-images/${name}`, import.meta.url)),
});

const CATEGORY = '车辆';
const DEPART = '示范区国资办';

/** The number in the map's overlay 共 1,234 个点位. */
async function pointCount(map: Locator): Promise<number> {
  const overlay = map.getByTestId('point-count');
  await expect(overlay).toHaveText(/^共 [\d,]+ 个点位/);
  return Number(((await overlay.textContent()) ?? '').replace(/[^\d]/g, ''));
}

/** 地图视图 filtered by the new asset's category and department. */
async function filteredMap(page: Page) {
  const map = await openPage(page, '资产配置', '地图视图');
  await pickTreeOption(page, formItem(map, '资产分类').locator('.ant-select'), CATEGORY);
  await pickDepartment(page, formItem(map, '所属部门').getByPlaceholder('全部部门'), DEPART);
  return map;
}

/** Searches the register by name with the query form. */
async function searchName(index: Locator, name: string) {
  const query = index.getByRole('search');
  await query.getByRole('textbox', { name: '资产名称' }).fill(name);
  await query.getByRole('button', { name: buttonName('查询') }).click();
}

test('a registered asset with two images is on the map, the guest sees it once published and no more once withdrawn', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `测试公务车${uniqueSuffix()}`;
  await signIn(page, ADMIN);

  // The map before: how many points the category and department have now.
  let map = await filteredMap(page);
  const before = await pointCount(map);
  expect(before).toBeGreaterThan(0);

  // 资产索引 → 新增: category, department, coordinates inside the district, values, two images.
  const index = await openPage(page, '资产配置', '资产索引');
  await index.getByRole('button', { name: buttonName('新增') }).click();
  const form = page.getByRole('dialog', { name: '新增资产' });
  await form.getByLabel('资产名称').fill(name);
  await pickTreeOption(page, form.getByLabel('资产分类'), CATEGORY);
  await pickDepartment(page, form.getByPlaceholder('请选择所属部门'), DEPART);
  await form.getByLabel('地址').fill('成都市锦江区测试路1号');
  await form.getByLabel('经度').fill('104.08');
  await form.getByLabel('纬度').fill('30.65');
  await form.getByLabel('面积').fill('12.5');
  await form.getByLabel('原值').fill('238000');
  await form.getByLabel('净值').fill('190400.55');
  const images = formItem(form, '资产图片');
  await images.locator('input[type=file]').setInputFiles([picture('vehicle.png'), picture('parking.png')]);
  await expect(images.locator('.ant-upload-list-item-done')).toHaveCount(2);
  // Two images bring the order row (左移 / 右移).
  await expect(formItem(form, '图片顺序')).toBeVisible();
  await form.getByRole('button', { name: buttonName('确定') }).click();
  await expect(form).toBeHidden();

  // Found in the list with its values in yuan, not published yet.
  await searchName(index, name);
  const rows = listRows(index);
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(DEPART);
  await expect(row).toContainText('238,000.00');
  await expect(row).toContainText('190,400.55');
  await expect(row).toContainText('未发布');

  // The map has one more point under the same filters.
  await tab(page, '地图视图').click();
  map = activePage(page);
  await map.getByRole('button', { name: '刷新' }).click();
  await expect.poll(() => pointCount(map)).toBe(before + 1);

  // 发布 with its confirmation.
  await tab(page, '资产索引').click();
  await row.getByText('发布', { exact: true }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定发布选中的 1 项资产吗？' });
  await confirm.getByRole('button', { name: buttonName('确定') }).click();
  await expect(row).toContainText('已发布');

  // A guest in a fresh browser, never signed in, finds it on the public display.
  const guest = await freshBrowser(browser);
  const g = guest.page;
  await g.goto('/assetAllocationAll');
  const search = g.getByLabel('关键字', { exact: true });
  await search.fill(name);
  await search.press('Enter');
  const card = g.getByRole('link', { name });
  await expect(card).toHaveCount(1);
  const href = (await card.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/infoDetails\?id=/);

  const detailAnswer = g.waitForResponse((r) => r.url().includes('/api/asset/public/detail'));
  await card.click();
  await expect(g).toHaveURL(/\/infoDetails\?id=/);
  const answer = await (await detailAnswer).json();
  // The server's projection: no values, custodian, certificate or remarks reach the guest.
  expect(answer.result.name).toBe(name);
  for (const secret of ['originalValue', 'netValue', 'custodian', 'certificateNo', 'remark'])
    expect(answer.result).not.toHaveProperty(secret);
  await expect(g.getByText(name).first()).toBeVisible();
  await expect(g.getByText('成都市锦江区测试路1号')).toBeVisible();
  const firstImage = g.getByRole('img', { name: `${name} 图片1` });
  await expect(firstImage).toBeVisible();
  await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The second image is the carousel's second slide.
  await g.locator('.asset-images .slick-dots li').nth(1).click();
  await expect(g.getByRole('img', { name: `${name} 图片2` })).toBeVisible();
  const text = (await g.locator('body').innerText()) ?? '';
  expect(text).not.toContain('原值');
  expect(text).not.toContain('净值');
  expect(text).not.toContain('238,000');

  // Back as admin: 撤回 with its confirmation.
  await row.getByText('撤回', { exact: true }).click();
  const withdraw = page.getByRole('dialog').filter({ hasText: '确定撤回选中的 1 项资产的发布吗？' });
  await withdraw.getByRole('button', { name: buttonName('确定') }).click();
  await expect(row).toContainText('未发布');

  // The guest's detail page is a 404 now, and the card list no longer finds it.
  await g.goto(href);
  await expect(g.getByText('该资产不存在或未公开发布')).toBeVisible();
  await expect(g.getByRole('img', { name: `${name} 图片1` })).toHaveCount(0);
  await g.goto('/assetAllocationAll');
  await g.getByLabel('关键字', { exact: true }).fill(name);
  await g.getByLabel('关键字', { exact: true }).press('Enter');
  await expect(g.getByText('暂无已发布的资产')).toBeVisible();
  await expect(g.getByRole('link', { name })).toHaveCount(0);
  await guest.context.close();
});
