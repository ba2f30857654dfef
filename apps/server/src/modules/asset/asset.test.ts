import ExcelJS from 'exceljs';
import { ASSET_API, ASSET_MESSAGES, DATA_LOG_API, GUEST_CREDENTIALS, PERM } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { newId } from '../../lib/ids.js';
import { startApp, targets, type TestApp } from '../../test/harness.js';
import { accountWith, roleWith } from '../../test/reach-fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const ZCGL = seedId('depart:zcgl'); // 资产管理科 A01A01, 张三's department
const ZHBGS = seedId('depart:zhbgs'); // 综合办公室 A01A02
const cat = (code: string) => seedId(`category:${code}`);
const HOUSE = cat('A01A02'); // 房屋
const FLAT = cat('A01A02A01'); // 房屋 › 住宅
const LAND = cat('A01A01'); // 土地

describe.each(targets)('asset register on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const call = (method: Method, url: string, payload?: object, token = admin, tenant: number = 1001) =>
    t.request({ method, url, token, tenant, payload });
  const db = () => t.app.ctx.db.db;
  const base = { name: '测试资产', categoryId: FLAT, status: 'idle' };
  const add = async (payload: object, token = admin) => {
    const res = await call('POST', `${ASSET_API.base}/add`, { ...base, ...payload }, token);
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().result.id as string;
  };
  const refused = async (payload: object) => {
    const res = await call('POST', `${ASSET_API.base}/add`, { ...base, ...payload });
    return [res.statusCode, res.json().message];
  };
  const list = async (query: Record<string, string>, token = admin, tenant = 1001) =>
    (
      await call(
        'GET',
        `${ASSET_API.base}/list?${new URLSearchParams({ pageSize: '100', ...query })}`,
        undefined,
        token,
        tenant,
      )
    ).json().result;
  const file = async (storedPath: string, mime: string, originalName = storedPath.split('/').pop()!) => {
    await db()
      .insertInto('sysFile')
      .values({
        id: newId(),
        biz: 'temp',
        originalName,
        storedPath,
        fileSize: 10,
        mime,
        createBy: 'admin',
        createTime: '2026-11-20 10:00:00',
      })
      .execute();
    return storedPath;
  };

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
    await file('temp/a1.png', 'image/png');
    await file('temp/a2.jpg', 'image/jpeg');
    await file('temp/contract.pdf', 'application/pdf', '租赁合同.pdf');
  });
  afterAll(() => t?.close());

  it('registers an asset with a drawn code, exact money, images and its acquire event', async () => {
    const id = await add({
      name: '幸福里3号楼',
      ownerDepartId: ZCGL,
      custodian: SEED_ACCOUNTS.staff.username,
      address: '幸福路3号',
      longitude: 120.1234567,
      latitude: 30.2345678,
      area: '1234.56',
      originalValue: 0.1,
      netValue: '0.07',
      acquiredDate: '2020-05-01',
      useNature: 'office',
      images: ['temp/a2.jpg', 'temp/a1.png'],
      attachments: 'temp/contract.pdf',
      description: '<p>南向<script>alert(1)</script><img src=x onerror="alert(2)"></p>',
    });
    const stored = await db().selectFrom('bizAsset').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // Integers in hundredths: no binary float ever stored.
    expect([Number(stored.area), Number(stored.originalValue), Number(stored.netValue)]).toEqual([123456, 10, 7]);
    expect(stored.code).toMatch(/^ZC\d{8}\d+$/);
    expect([stored.tenantId, stored.sysOrgCode, stored.version, stored.published]).toEqual([1001, 'A01A01', 0, 0]);
    expect(stored.description).not.toMatch(/script|onerror/);
    expect(stored.images).toBe('temp/a2.jpg,temp/a1.png');

    const ledger = await db().selectFrom('bizAssetLedger').selectAll().where('assetId', '=', id).execute();
    expect(ledger.map((l) => [l.type, l.toDepartId, l.toStatus, Number(l.amount), l.assetVersion])).toEqual([
      ['acquire', ZCGL, 'idle', 10, 0],
    ]);

    const row = (await list({ code: stored.code })).records[0];
    expect(row).toMatchObject({
      id,
      area: 1234.56,
      originalValue: 0.1,
      netValue: 0.07,
      categoryId_dictText: '住宅',
      ownerDepartId_dictText: '资产管理科',
      status_dictText: '闲置',
      useNature_dictText: '办公用房',
      custodian_dictText: '张三',
    });
    // The page leaves the description's HTML and the file paths to the edit form and the details page.
    expect(row).not.toHaveProperty('description');
    expect(row).not.toHaveProperty('images');
    expect(row).not.toHaveProperty('attachments');
    expect(row).toHaveProperty('version', 0);

    const detail = await call('GET', `${ASSET_API.detail}?id=${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().result).toMatchObject({
      id,
      code: stored.code,
      images: ['temp/a2.jpg', 'temp/a1.png'],
      attachments: [{ path: 'temp/contract.pdf', name: '租赁合同.pdf' }],
      categoryName: '住宅',
      ownerDepartName: '资产管理科',
      custodianName: '张三',
      statusText: '闲置',
      useNatureText: '办公用房',
      area: 1234.56,
      originalValue: 0.1,
    });
    const byId = (await call('GET', `${ASSET_API.base}/queryById?id=${id}`)).json().result;
    expect([byId.netValue, byId.area]).toEqual([0.07, 1234.56]);

    // An import may bring its own code; a clash is the field's 400.
    const own = await add({ code: 'ZC-OWN-1' });
    expect(own).toBeTruthy();
    expect(await refused({ code: 'ZC-OWN-1' })).toEqual([400, '资产编号“ZC-OWN-1”已存在']);
  });

  it('warns, without refusing, about coordinates outside the configured district box', async () => {
    // The default box is the demo district's (成都市锦江区).
    const inside = await call('POST', `${ASSET_API.base}/add`, {
      ...base,
      name: '区内资产',
      longitude: 104.118,
      latitude: 30.618,
    });
    expect([inside.statusCode, inside.json().message, inside.json().result.warning]).toEqual([
      200,
      '添加成功！',
      undefined,
    ]);
    const outside = await call('POST', `${ASSET_API.base}/add`, {
      ...base,
      name: '区外资产',
      longitude: 120.1,
      latitude: 30.2,
    });
    expect([outside.statusCode, outside.json().message, outside.json().result.warning]).toEqual([
      200,
      `添加成功！${ASSET_MESSAGES.outsideDistrict}`,
      ASSET_MESSAGES.outsideDistrict,
    ]);
    const id = outside.json().result.id as string;
    expect(
      (await db().selectFrom('bizAsset').select('longitude').where('id', '=', id).executeTakeFirstOrThrow()).longitude,
    ).toBe(120.1);
    const edit = await call('PUT', `${ASSET_API.base}/edit`, { id, longitude: 104.1, latitude: 30.6 });
    expect([edit.statusCode, edit.json().message]).toEqual([200, '编辑成功！']);
    const back = await call('PUT', `${ASSET_API.base}/edit`, { id, longitude: 104.1, latitude: 31 });
    expect([back.statusCode, back.json().result]).toEqual([200, { warning: ASSET_MESSAGES.outsideDistrict }]);
  });

  it('refuses the bad input of the issue with a 400 naming the field', async () => {
    expect(await refused({ longitude: 181, latitude: 30 })).toEqual([400, ASSET_MESSAGES.longitude]);
    expect(await refused({ longitude: 120, latitude: -90.5 })).toEqual([400, ASSET_MESSAGES.latitude]);
    expect(await refused({ longitude: 120 })).toEqual([400, ASSET_MESSAGES.coordinatePair]);
    expect(await refused({ area: -1 })).toEqual([400, ASSET_MESSAGES.area]);
    expect(await refused({ originalValue: -0.01 })).toEqual([400, ASSET_MESSAGES.money('原值')]);
    expect(await refused({ originalValue: 1.234 })).toEqual([400, ASSET_MESSAGES.money('原值')]);
    expect(await refused({ originalValue: 100, netValue: 100.01 })).toEqual([400, ASSET_MESSAGES.netAboveOriginal]);
    expect(await refused({ useNature: 'castle' })).toEqual([400, ASSET_MESSAGES.unknownDict('使用性质', 'castle')]);
    expect(await refused({ status: 'leased' })).toEqual([400, '新登记的资产状态须为闲置或在用']);
    expect(await refused({ categoryId: 'nope' })).toEqual([400, ASSET_MESSAGES.unknownCategory]);
    expect(await refused({ ownerDepartId: 'nope' })).toEqual([400, ASSET_MESSAGES.unknownDepart]);
    expect(await refused({ images: ['temp/contract.pdf'] })).toEqual([
      400,
      `资产图片：${ASSET_MESSAGES.notImage('temp/contract.pdf')}`,
    ]);
    expect(await refused({ images: 'temp/never-uploaded.png' })).toEqual([
      400,
      `资产图片：${ASSET_MESSAGES.notImage('temp/never-uploaded.png')}`,
    ]);
    expect(await refused({ attachments: ['temp/nothing.pdf'] })).toEqual([
      400,
      `附件：${ASSET_MESSAGES.notFile('temp/nothing.pdf')}`,
    ]);
    const tomorrow = new Date(Date.now() + 36 * 3600_000);
    const future = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    expect(await refused({ acquiredDate: future })).toEqual([400, ASSET_MESSAGES.futureDate('取得日期')]);
    expect(await refused({ name: '' })).toEqual([400, ASSET_MESSAGES.nameRequired]);
    expect(await refused({ published: 1 })).toEqual([400, '不支持的参数：published']);
    // A department of another tenant is no department of the caller's.
    const other = await call('POST', `${ASSET_API.base}/add`, { ...base, ownerDepartId: ZCGL }, admin, 1002);
    expect([other.statusCode, other.json().message]).toEqual([400, ASSET_MESSAGES.unknownDepart]);
    // Nothing of the refused adds was written.
    expect(
      await db()
        .selectFrom('bizAsset')
        .select('id')
        .where('name', '=', base.name)
        .where('code', 'like', 'ZC2%')
        .execute(),
    ).toEqual([]);
  });

  it('edits everything but what the ledger owns, and keeps the net value under the original', async () => {
    const id = await add({ name: '待编辑', originalValue: 1000, netValue: 800, ownerDepartId: ZCGL });
    const edit = (payload: object) => call('PUT', `${ASSET_API.base}/edit`, { id, ...payload });
    const msg = async (payload: object) => {
      const res = await edit(payload);
      return [res.statusCode, res.json().message];
    };
    expect(await msg({ status: 'disposed' })).toEqual([400, ASSET_MESSAGES.statusByLedger]);
    expect(await msg({ ownerDepartId: ZHBGS })).toEqual([400, ASSET_MESSAGES.departByLedger]);
    expect(await msg({ code: 'OTHER' })).toEqual([400, ASSET_MESSAGES.codeFixed]);
    expect(await msg({ netValue: 1000.01 })).toEqual([400, ASSET_MESSAGES.netAboveOriginal]);
    expect(await msg({ originalValue: 799.99 })).toEqual([400, ASSET_MESSAGES.netAboveOriginal]);
    expect(await msg({ version: 5 })).toEqual([400, ASSET_MESSAGES.concurrentChange]);
    expect(await msg({ useNature: 'castle' })).toEqual([400, ASSET_MESSAGES.unknownDict('使用性质', 'castle')]);
    // Sending the record back with its own status, department and code is fine.
    const res = await edit({
      name: '已编辑',
      status: 'idle',
      ownerDepartId: ZCGL,
      originalValue: '1200.5',
      description: '<b>好</b><iframe src="x"></iframe>',
      images: ['temp/a1.png'],
    });
    expect([res.statusCode, res.json().message]).toEqual([200, '编辑成功！']);
    const row = await db().selectFrom('bizAsset').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.name, Number(row.originalValue), Number(row.netValue), row.status, row.images]).toEqual([
      '已编辑',
      120050,
      80000,
      'idle',
      'temp/a1.png',
    ]);
    expect(row.description).not.toContain('iframe');
  });

  it('filters by category with its descendants, values and dates, and sorts on the integer column', async () => {
    const ids = [
      await add({ name: '筛选A', categoryId: FLAT, area: 9.5, originalValue: 100, acquiredDate: '2019-01-01' }),
      await add({
        name: '筛选B',
        categoryId: cat('A01A02A02'),
        area: 10.25,
        originalValue: 20.5,
        acquiredDate: '2021-06-01',
      }),
      await add({ name: '筛选C', categoryId: LAND, area: 100, originalValue: 3, acquiredDate: '2022-01-01' }),
    ];
    const names = async (q: Record<string, string>) =>
      (await list({ name: '筛选*', ...q })).records.map((r: { name: string }) => r.name);
    expect(await names({ categoryId: HOUSE, column: 'area', order: 'asc' })).toEqual(['筛选A', '筛选B']);
    expect(await names({ column: 'area', order: 'desc' })).toEqual(['筛选C', '筛选B', '筛选A']);
    expect(
      await names({ originalValue_begin: '20.5', originalValue_end: '100', column: 'name', order: 'asc' }),
    ).toEqual(['筛选A', '筛选B']);
    expect(await names({ acquiredDate_begin: '2021-01-01', column: 'name', order: 'asc' })).toEqual(['筛选B', '筛选C']);
    expect(await names({ area: '10.25' })).toEqual(['筛选B']);
    const advanced = JSON.stringify([{ field: 'originalValue', rule: 'lt', val: '20.51' }]);
    expect(await names({ superQueryParams: advanced, column: 'name', order: 'asc' })).toEqual(['筛选B', '筛选C']);
    // A sub-category added now counts at once under its parent (the tree is not read per request any more).
    const added = await call('POST', '/sys/category/add', { pid: HOUSE, name: '筛选新类' });
    expect(added.statusCode, added.body).toBe(200);
    const fresh = await db()
      .selectFrom('sysCategory')
      .select('id')
      .where('name', '=', '筛选新类')
      .executeTakeFirstOrThrow();
    await add({ name: '筛选D', categoryId: fresh.id, area: 1 });
    expect(await names({ categoryId: HOUSE, column: 'area', order: 'asc' })).toEqual(['筛选D', '筛选A', '筛选B']);
    const bad = await call('GET', `${ASSET_API.base}/list?originalValue_begin=1.234`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('原值');
    expect(ids).toHaveLength(3);
  });

  it('publishes and withdraws, never a disposed asset, only in the caller’s tenant', async () => {
    const a = await add({ name: '发布甲' });
    const b = await add({ name: '发布乙' });
    const publish = (ids: string[] | string, published: boolean, tenant = 1001) =>
      call('PUT', ASSET_API.publish, { ids, published }, admin, tenant);
    const res = await publish([a, b], true);
    expect([res.statusCode, res.json().message]).toEqual([200, '发布成功！共 2 条']);
    const rows = await db()
      .selectFrom('bizAsset')
      .select(['published', 'publishTime'])
      .where('id', 'in', [a, b])
      .execute();
    expect(rows.every((r) => r.published === 1 && r.publishTime)).toBe(true);
    expect((await list({ published: '1', name: '发布*' })).total).toBe(2);
    const logs = await db()
      .selectFrom('sysDataLog')
      .select('dataId')
      .where('dataId', 'in', [a, b])
      .where('action', '=', 'edit')
      .execute();
    expect(logs).toHaveLength(2);

    const back = await publish(`${a}`, false);
    expect([back.statusCode, back.json().message]).toEqual([200, '撤回成功！共 1 条']);
    expect(
      (await db().selectFrom('bizAsset').select('published').where('id', '=', a).executeTakeFirstOrThrow()).published,
    ).toBe(0);

    await db().updateTable('bizAsset').set({ status: 'disposed' }).where('id', '=', a).execute();
    const disposed = await publish([a], true);
    expect([disposed.statusCode, disposed.json().message]).toEqual([
      400,
      expect.stringContaining(`${ASSET_MESSAGES.disposedNotPublishable}：发布甲`),
    ]);
    expect((await publish([b], true, 1002)).statusCode).toBe(404);
    expect((await publish([], true)).json().message).toBe(ASSET_MESSAGES.publishIdsRequired);
  });

  it('answers compact map points with the filters and a bounding box', async () => {
    const inside = await add({
      name: '地图甲',
      longitude: 120.1,
      latitude: 30.2,
      categoryId: FLAT,
      ownerDepartId: ZCGL,
    });
    const outside = await add({
      name: '地图乙',
      longitude: 121.5,
      latitude: 31.2,
      categoryId: LAND,
      ownerDepartId: ZHBGS,
    });
    await add({ name: '无坐标' });
    const points = async (q: Record<string, string>) => {
      const res = await call('GET', `${ASSET_API.mapPoints}?${new URLSearchParams(q)}`);
      expect(res.statusCode).toBe(200);
      return res.json().result as [string, number, number, string, string][];
    };
    const all = await points({});
    expect(all).toContainEqual([inside, 120.1, 30.2, 'idle', FLAT]);
    expect(all.map((p) => p[0])).toContain(outside);
    expect(all.every((p) => p.length === 5 && typeof p[1] === 'number')).toBe(true);
    const boxed = await points({ bbox: '120,30,120.5,30.5' });
    expect(boxed.map((p) => p[0])).toContain(inside);
    expect(boxed.map((p) => p[0])).not.toContain(outside);
    expect((await points({ categoryId: HOUSE })).map((p) => p[0])).not.toContain(outside);
    expect((await points({ ownerDepartId: ZHBGS })).map((p) => p[0])).toEqual([outside]);
    expect(await points({ status: 'leased,repair' })).toEqual([]);
    const bad = await call('GET', `${ASSET_API.mapPoints}?bbox=1,2,3`);
    expect([bad.statusCode, bad.json().message]).toEqual([400, ASSET_MESSAGES.bbox]);
  });

  it('applies the data rule 本部门资产 and keeps tenants apart', async () => {
    const mine = await add({ name: '规则内', ownerDepartId: ZCGL, longitude: 120, latitude: 30 });
    const theirs = await add({ name: '规则外', ownerDepartId: ZHBGS, longitude: 120, latitude: 30 });
    // 张三 (资产管理科) holds the seeded rule sys_org_code = #{sys_org_code} on 资产索引.
    const seen = (await list({ name: '规则*' }, staff)).records.map((r: { name: string }) => r.name);
    expect(seen).toEqual(['规则内']);
    expect((await call('GET', `${ASSET_API.detail}?id=${theirs}`, undefined, staff)).statusCode).toBe(404);
    expect((await call('GET', `${ASSET_API.detail}?id=${mine}`, undefined, staff)).statusCode).toBe(200);
    const staffPoints = (await call('GET', ASSET_API.mapPoints, undefined, staff)).json().result as string[][];
    expect(staffPoints.map((p) => p[0])).toContain(mine);
    expect(staffPoints.map((p) => p[0])).not.toContain(theirs);
    expect((await call('PUT', ASSET_API.publish, { ids: [theirs], published: true }, staff)).statusCode).toBe(404);
    expect((await call('PUT', `${ASSET_API.base}/edit`, { id: theirs, name: '越权' }, staff)).statusCode).toBe(404);

    // Another tenant sees none of tenant 1001's assets.
    expect((await list({ name: '规则*' }, admin, 1002)).total).toBe(0);
    expect((await call('GET', `${ASSET_API.detail}?id=${mine}`, undefined, admin, 1002)).json().message).toBe(
      ASSET_MESSAGES.notFound,
    );
    expect((await call('GET', ASSET_API.mapPoints, undefined, admin, 1002)).json().result).toEqual([]);
  });

  it('refuses the guest and a user without the permission on every route', async () => {
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const role = await roleWith(t, admin, 1001, 'asset_reader_only', [PERM.assetList]);
    await accountWith(t, admin, 1001, 'asset_reader', [role]);
    const reader = await t.login('asset_reader', 'Passw0rd!');
    const id = await add({ name: '权限' });
    const routes: [Method, string, object | undefined][] = [
      ['GET', `${ASSET_API.base}/list`, undefined],
      ['GET', `${ASSET_API.detail}?id=${id}`, undefined],
      ['GET', `${ASSET_API.base}/queryById?id=${id}`, undefined],
      ['POST', `${ASSET_API.base}/add`, base],
      ['PUT', `${ASSET_API.base}/edit`, { id, name: 'x' }],
      ['DELETE', `${ASSET_API.base}/delete?id=${id}`, undefined],
      ['DELETE', `${ASSET_API.base}/deleteBatch?ids=${id}`, undefined],
      ['GET', `${ASSET_API.base}/exportXls`, undefined],
      ['PUT', ASSET_API.publish, { ids: [id], published: true }],
      ['GET', ASSET_API.mapPoints, undefined],
    ];
    for (const [method, url, payload] of routes) {
      expect([method, url, (await call(method, url, payload, guest)).statusCode]).toEqual([method, url, 403]);
      const readable = url.includes('/list') || url.includes('detail') || url.includes('queryById');
      expect([method, url, (await call(method, url, payload, reader)).statusCode]).toEqual([
        method,
        url,
        readable ? 200 : 403,
      ]);
    }
    const importRes = await t.request({ method: 'POST', url: `${ASSET_API.base}/importExcel`, token: guest });
    expect(importRes.statusCode).toBe(403);
  });

  it('exports every field the import reads, so the exported file imports back as the same asset', async () => {
    const fields = {
      name: '往返样本',
      ownerDepartId: ZCGL,
      custodian: 'admin',
      address: '示范区往返路8号',
      regionCode: '510104',
      longitude: 104.08,
      latitude: 30.65,
      area: 88.5,
      originalValue: 1200.5,
      netValue: 1000.25,
      acquiredDate: '2024-03-01',
      useNature: 'business',
      certificateNo: '川(2024)锦江区不动产权第0001号',
      description: '<p>临街<strong>商铺</strong></p>',
      remark: '往返备注',
    };
    const id = await add(fields);
    const exported = await call('GET', `${ASSET_API.base}/exportXls?name=${encodeURIComponent('往返样本')}`);
    expect(exported.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(
      expect.arrayContaining(['经度', '纬度', '使用性质', '保管人', '权证号', '资产描述', '所在地区', '备注']),
    );
    // The same file with the code cleared (a new one is drawn), then imported.
    sheet.getRow(2).getCell(header.indexOf('资产编号') + 1).value = null;
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----asset-roundtrip';
    const imported = await t.request({
      method: 'POST',
      url: `${ASSET_API.base}/importExcel`,
      token: admin,
      tenant: 1001,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roundtrip.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
        ),
        buffer,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().result).toMatchObject({ success: 1, failed: 0 });
    const rows = (await list({ name: '往返样本' })).records as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    const copy = rows.find((r) => r.id !== id)!;
    const original = rows.find((r) => r.id === id)!;
    const pick = (r: Record<string, unknown>) =>
      Object.fromEntries(Object.keys({ ...fields, categoryId: 1, status: 1 }).map((k) => [k, r[k]]));
    expect(pick(copy)).toEqual(pick(original));
    expect(copy.code).not.toBe(original.code);
  });

  it('shows data-log versions with titles, names, yuan and labels, and 操作 as 新增/编辑', async () => {
    const id = await add({ name: '版本样本', ownerDepartId: ZCGL, originalValue: 1200.5, netValue: 1000 });
    const edited = await call('PUT', `${ASSET_API.base}/edit`, { id, netValue: 900.25 });
    expect(edited.statusCode, edited.body).toBe(200);
    const versions = (await call('GET', `${DATA_LOG_API.queryDataVersion}?dataTable=biz_asset&dataId=${id}`)).json()
      .result as { id: string; action_dictText: string }[];
    expect(versions.map((v) => v.action_dictText)).toEqual(['新增', '编辑']);
    const compared = await call(
      'GET',
      `${DATA_LOG_API.queryCompareList}?dataId1=${versions[0]!.id}&dataId2=${versions[1]!.id}`,
    );
    expect(compared.statusCode).toBe(200);
    const [older, newer] = compared.json().result as { dataFields: { field: string; title: string; text: string }[] }[];
    const shown = (v: typeof older) => Object.fromEntries(v!.dataFields.map((f) => [f.title, f.text]));
    expect(shown(older)).toMatchObject({
      资产名称: '版本样本',
      资产分类: '住宅',
      所属部门: '资产管理科',
      资产状态: '闲置',
      '原值(元)': '1,200.50',
      '净值(元)': '1,000.00',
    });
    expect(shown(newer)['净值(元)']).toBe('900.25');
    // Only declared fields, by title: no tenant, delete flag or raw column names.
    expect(older!.dataFields.map((f) => f.field)).not.toContain('tenantId');
    expect(older!.dataFields.map((f) => f.title)).not.toContain('categoryId');
  });

  it('deletes softly and exports and imports .xlsx with labels and a per-row error report', async () => {
    const gone = await add({ name: '删除我' });
    expect((await call('DELETE', `${ASSET_API.base}/delete?id=${gone}`)).statusCode).toBe(200);
    expect((await list({ name: '删除我' })).total).toBe(0);
    expect(
      (await db().selectFrom('bizAsset').select('delFlag').where('id', '=', gone).executeTakeFirstOrThrow()).delFlag,
    ).toBe(1);

    await add({ name: '导出样本', area: 12.5, originalValue: 99.99, ownerDepartId: ZCGL, useNature: 'business' });
    const exported = await call('GET', `${ASSET_API.base}/exportXls?name=${encodeURIComponent('导出样本')}`);
    expect(exported.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const values = (sheet.getRow(2).values as unknown[]).slice(1);
    const cell = (title: string) => values[header.indexOf(title)];
    expect([cell('资产名称'), cell('资产分类'), cell('所属部门'), cell('资产状态'), cell('使用性质')]).toEqual([
      '导出样本',
      '住宅',
      '资产管理科',
      '闲置',
      '经营用房',
    ]);
    expect([cell('面积(㎡)'), cell('原值(元)')]).toEqual([12.5, 99.99]);

    // Import: categories by name or code, departments by name, labels for dictionaries; two bad rows.
    const out = new ExcelJS.Workbook();
    const ws = out.addWorksheet('资产');
    ws.addRow([
      '资产名称',
      '资产分类',
      '所属部门',
      '资产状态',
      '使用性质',
      '面积(㎡)',
      '原值(元)',
      '净值(元)',
      '资产编号',
    ]);
    ws.addRow(['导入甲', '住宅', '资产管理科', '在用', '办公用房', '50.25', '1000', '900.1', 'IMP-001']);
    ws.addRow(['导入乙', 'A01A01', '综合办公室', '闲置', '', '', '', '', '']);
    ws.addRow(['导入坏甲', '城堡', '资产管理科', '闲置', '', '', '', '', '']);
    ws.addRow(['导入坏乙', '住宅', '资产管理科', '闲置', '', '', '10', '20', '']);
    ws.addRow(['导入重号', '住宅', '资产管理科', '闲置', '', '', '', '', 'IMP-001']);
    const buffer = Buffer.from(await out.xlsx.writeBuffer());
    const boundary = '----asset-import';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="assets.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      buffer,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await t.request({
      method: 'POST',
      url: `${ASSET_API.base}/importExcel`,
      token: admin,
      tenant: 1001,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().result).toMatchObject({ total: 5, success: 2, failed: 3 });
    const rows = await db().selectFrom('bizAsset').selectAll().where('name', 'in', ['导入甲', '导入乙']).execute();
    const summary = rows
      .map((r) => [r.name, r.categoryId, r.ownerDepartId, r.status, r.area, r.netValue, r.sysOrgCode])
      .map((r) => r.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)))
      .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    expect(summary).toEqual(
      [
        ['导入甲', FLAT, ZCGL, 'in_use', 5025, 90010, 'A01A01'],
        ['导入乙', LAND, ZHBGS, 'idle', null, null, 'A01A02'],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    expect(rows.find((r) => r.name === '导入甲')!.code).toBe('IMP-001');
    // Every imported asset has its acquire event.
    const acquired = await db()
      .selectFrom('bizAssetLedger')
      .select('assetId')
      .where(
        'assetId',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    expect(acquired).toHaveLength(2);

    const report = await call('GET', imported.json().result.errorReportUrl);
    expect(report.statusCode).toBe(200);
    const rb = new ExcelJS.Workbook();
    await rb.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const messages: string[] = [];
    rb.worksheets[0]!.eachRow((r, n) => {
      if (n > 1) messages.push(String((r.values as unknown[]).slice(-1)[0]));
    });
    expect(messages).toEqual([
      `${ASSET_MESSAGES.unknownCategory}：城堡`,
      ASSET_MESSAGES.netAboveOriginal,
      ASSET_MESSAGES.codeTaken('IMP-001'),
    ]);
  });
});
