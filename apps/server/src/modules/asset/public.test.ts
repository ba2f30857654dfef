import { ASSET_API, ASSET_MESSAGES, GUEST_CREDENTIALS, PUBLIC_ASSET_FIELDS } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BizAsset } from '../../db/schema.js';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { newId } from '../../lib/ids.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';

/** Values that must never reach the public, written into every test asset. */
const SECRET = {
  originalValue: 987654321, // 9876543.21 yuan
  netValue: 123456789, // 1234567.89 yuan
  custodian: '保管人甲乙丙',
  certificateNo: 'CERT-SECRET-777',
  remark: '内部备注机密',
};
const SECRET_TEXTS = ['9876543', '1234567', SECRET.custodian, SECRET.certificateNo, SECRET.remark];

const HOUSE = seedId('category:A01A02A01'); // 房屋 / 住宅
const LAND = seedId('category:A01A01A01'); // 土地 / 国有建设用地

describe.each(targets)('public display on $name', (target) => {
  let t: TestApp;
  let guest: string;
  let staff: string;
  const ids = { shop: '', house: '', hidden: '', deleted: '', disposed: '', noPoint: '' };

  const asset = (over: Partial<BizAsset>): BizAsset => {
    const id = newId();
    return {
      id,
      code: `PT${id.slice(0, 12)}`,
      name: '公开资产',
      categoryId: HOUSE,
      ownerDepartId: seedId('depart:zcgl'),
      ...SECRET,
      address: '示范路1号',
      regionCode: '330106',
      longitude: 120.13086429,
      latitude: 30.27086429,
      area: 12345, // 123.45 m²
      acquiredDate: '2020-01-01',
      status: 'idle',
      useNature: 'business',
      images: null,
      attachments: null,
      description: '<p>临街</p>',
      published: 1,
      publishTime: '2026-11-01 10:00:00',
      version: 0,
      tenantId: 1001,
      sysOrgCode: 'A01A01',
      delFlag: 0,
      createBy: 'admin',
      createTime: '2026-11-01 09:00:00',
      updateBy: null,
      updateTime: null,
      ...over,
    };
  };

  beforeAll(async () => {
    t = await startApp(target);
    guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    staff = await t.login(SEED_ACCOUNTS.staff.username);
    const rows = {
      shop: asset({ name: '公开商铺甲', categoryId: LAND, status: 'in_use', area: 5000 }),
      house: asset({ name: '公开住宅乙', tenantId: 1002, images: 'asset/a.png,asset/b.png' }),
      hidden: asset({ name: '未发布资产', published: 0, publishTime: null }),
      deleted: asset({ name: '已删除资产', delFlag: 1 }),
      disposed: asset({ name: '已处置资产', status: 'disposed' }),
      noPoint: asset({ name: '无坐标资产', longitude: null, latitude: null, area: null }),
    };
    for (const [k, row] of Object.entries(rows)) ids[k as keyof typeof ids] = row.id;
    await t.app.ctx.db.db.insertInto('bizAsset').values(Object.values(rows)).execute();
  });
  afterAll(() => t?.close());

  const get = (url: string, token: string | null = guest) => t.request({ method: 'GET', url, token });

  /** Every public record has exactly the public keys, and no secret value appears anywhere in the body. */
  const expectPublicOnly = (body: string, records: Record<string, unknown>[]) => {
    for (const text of SECRET_TEXTS) expect(body).not.toContain(text);
    for (const r of records) expect(Object.keys(r).sort()).toEqual([...PUBLIC_ASSET_FIELDS].sort());
  };

  const visible = () => [ids.shop, ids.house, ids.noPoint].sort();

  it('refuses every public call without a sign-in', async () => {
    for (const url of [ASSET_API.publicPoints, ASSET_API.publicStats, ASSET_API.publicList, ASSET_API.publicDetail]) {
      expect((await get(url, null)).statusCode, url).toBe(401);
    }
  });

  it('lists published, live assets of every tenant with public fields and labels only', async () => {
    const res = await get(`${ASSET_API.publicList}?pageSize=100`);
    expect(res.statusCode).toBe(200);
    const page = res.json().result;
    expect(page.records.map((r: { id: string }) => r.id).sort()).toEqual(visible());
    expect(page.total).toBe(3);
    expectPublicOnly(res.body, page.records);
    const house = page.records.find((r: { id: string }) => r.id === ids.house);
    expect(house).toMatchObject({
      name: '公开住宅乙',
      categoryName: '住宅',
      status: 'idle',
      statusText: '闲置',
      useNatureText: '经营用房',
      area: 123.45,
      images: 'asset/a.png,asset/b.png',
    });
  });

  it('never widens the projection, whatever the query asks for', async () => {
    const attempts = [
      '?field=originalValue',
      '?fields=originalValue,netValue,custodian',
      '?select=*',
      '?column=netValue',
      '?column=originalValue&order=desc',
      '?column=custodian',
      '?columns=remark',
      '?originalValue=987654321',
      '?netValue_begin=0&netValue_end=99999999999',
      '?custodian=保管人甲乙丙',
      '?superQueryParams=%5B%7B%22field%22%3A%22netValue%22%7D%5D',
      '?keyword=保管人甲乙丙',
      '?keyword=CERT-SECRET',
      '?keyword=内部备注',
      '?pageSize=100&status=idle',
      '?categoryId=' + seedId('category:A01A02'),
      '?status=disposed',
      '?published=0',
      '?delFlag=1',
      '?tenantId=1002',
      '?id=' + ids.hidden,
      '?status[]=idle',
      '?pageSize=100000',
      '?order=random',
    ];
    for (const route of [ASSET_API.publicList, ASSET_API.publicPoints, ASSET_API.publicStats, ASSET_API.publicDetail]) {
      for (const q of attempts) {
        const res = await get(`${route}${q}`);
        const what = `${route}${q}`;
        expect(res.statusCode, what).toBeLessThan(500);
        for (const text of SECRET_TEXTS) expect(res.body, what).not.toContain(text);
        for (const hidden of [ids.hidden, ids.deleted, ids.disposed]) expect(res.body, what).not.toContain(hidden);
        const result = res.json().result;
        if (route === ASSET_API.publicList && result) expectPublicOnly(res.body, result.records);
        if (route === ASSET_API.publicDetail && res.statusCode === 200) expectPublicOnly(res.body, [result]);
      }
    }
    // A sort by a non-public field is refused, naming what is wrong.
    const sorted = await get(`${ASSET_API.publicList}?column=netValue`);
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json().message).toBe('不支持的排序字段');
    // Searching by a secret value finds nothing.
    const bySecret = await get(`${ASSET_API.publicList}?keyword=${encodeURIComponent(SECRET.custodian)}`);
    expect(bySecret.json().result.total).toBe(0);
  });

  it('filters the list by keyword over name, address and code, by category with its descendants, by status', async () => {
    const list = async (q: string) =>
      ((await get(`${ASSET_API.publicList}${q}`)).json().result.records as { id: string }[]).map((r) => r.id).sort();
    expect(await list('?keyword=商铺甲')).toEqual([ids.shop]);
    expect(await list(`?keyword=${encodeURIComponent('示范路')}`)).toEqual(visible());
    expect(await list(`?keyword=PT${ids.house.slice(0, 12)}`)).toEqual([ids.house]);
    expect(await list('?keyword=%25')).toEqual([]); // a LIKE wildcard is a plain character
    expect(await list(`?categoryId=${seedId('category:A01A02')}`)).toEqual([ids.house, ids.noPoint].sort());
    expect(await list(`?categoryId=${seedId('category:A01')}`)).toEqual(visible());
    expect(await list('?categoryId=nonexistent')).toEqual([]);
    expect(await list('?status=in_use')).toEqual([ids.shop]);
    const page = (await get(`${ASSET_API.publicList}?pageSize=2&pageNo=2&column=name&order=asc`)).json().result;
    expect(page).toMatchObject({ total: 3, size: 2, current: 2, pages: 2 });
    expect(page.records).toHaveLength(1);
  });

  it('answers bad list parameters with a Chinese 400', async () => {
    for (const [q, message] of [
      ['?status=broken', '资产状态不是有效的选项'],
      ['?pageNo=0', '页码须为正整数'],
      ['?pageSize=101', '每页条数须为1到100之间的整数'],
      ['?pageSize=abc', '每页条数须为1到100之间的整数'],
      ['?order=random', '排序方向须为 asc 或 desc'],
      [`?keyword=${'长'.repeat(51)}`, '关键字不能超过50个字符'],
      ['?status=idle&status=in_use', '资产状态不是有效的选项'],
    ] as const) {
      const res = await get(`${ASSET_API.publicList}${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toBe(message);
    }
  });

  it('serves compact points of published assets with coordinates, filtered like the list', async () => {
    const res = await get(ASSET_API.publicPoints);
    expect(res.statusCode).toBe(200);
    const points = res.json().result as [string, number, number, string, string][];
    expect(points.map((p) => p[0]).sort()).toEqual([ids.shop, ids.house].sort());
    const house = points.find((p) => p[0] === ids.house)!;
    expect(house).toEqual([ids.house, 120.130864, 30.270864, 'idle', HOUSE]);
    const inUse = (await get(`${ASSET_API.publicPoints}?status=in_use`)).json().result as unknown[][];
    expect(inUse.map((p) => p[0])).toEqual([ids.shop]);
    const houses = (await get(`${ASSET_API.publicPoints}?categoryId=${seedId('category:A01A02')}`)).json().result;
    expect(houses.map((p: unknown[]) => p[0])).toEqual([ids.house]);
  });

  it('sums the published assets by top-level category and by status', async () => {
    const stats = (await get(ASSET_API.publicStats)).json().result;
    expect(stats.total).toBe(3);
    expect(stats.totalArea).toBe(50 + 123.45);
    expect(stats.byCategory.map((c: { name: string }) => c.name)).toEqual([
      '土地',
      '房屋',
      '商铺',
      '车位',
      '设备',
      '车辆',
    ]);
    expect(stats.byCategory[0]).toMatchObject({ categoryId: seedId('category:A01A01'), count: 1, area: 50 });
    expect(stats.byCategory[1]).toMatchObject({ count: 2, area: 123.45 });
    expect(stats.byStatus.find((s: { status: string }) => s.status === 'idle')).toMatchObject({
      text: '闲置',
      count: 2,
      area: 123.45,
    });
    expect(stats.byStatus.find((s: { status: string }) => s.status === 'in_use')).toMatchObject({ count: 1 });
  });

  it('shows one published asset; unpublished, deleted, disposed or unknown ids are a 404', async () => {
    const res = await get(`${ASSET_API.publicDetail}?id=${ids.shop}`);
    expect(res.statusCode).toBe(200);
    expectPublicOnly(res.body, [res.json().result]);
    expect(res.json().result).toMatchObject({ id: ids.shop, name: '公开商铺甲', categoryName: '国有建设用地' });
    for (const id of [ids.hidden, ids.deleted, ids.disposed, 'unknown', '', 'x'.repeat(40)]) {
      const missing = await get(`${ASSET_API.publicDetail}?id=${id}`);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json().message).toBe(ASSET_MESSAGES.publicNotFound);
    }
  });

  it('lets signed-in users read the display too, with the same projection', async () => {
    const res = await get(`${ASSET_API.publicList}?pageSize=100`, staff);
    expect(res.statusCode).toBe(200);
    expectPublicOnly(res.body, res.json().result.records);
  });

  it('forgets a withdrawn asset at once, everywhere', async () => {
    const { db } = t.app.ctx.db;
    await db.updateTable('bizAsset').set({ published: 0, publishTime: null }).where('id', '=', ids.house).execute();
    try {
      expect((await get(`${ASSET_API.publicDetail}?id=${ids.house}`)).statusCode).toBe(404);
      expect((await get(ASSET_API.publicPoints)).body).not.toContain(ids.house);
      expect((await get(`${ASSET_API.publicList}?pageSize=100`)).body).not.toContain(ids.house);
      expect((await get(ASSET_API.publicStats)).json().result.total).toBe(2);
    } finally {
      await db.updateTable('bizAsset').set({ published: 1 }).where('id', '=', ids.house).execute();
    }
  });
});
