import ExcelJS from 'exceljs';
import {
  ASSET_API,
  ASSET_STATUS,
  DASHBOARD_API,
  DEPRECIATION_API,
  DEPRECIATION_JOB_HANDLER,
  DEPRECIATION_MESSAGES,
  GUEST_CREDENTIALS,
  addMonths,
  currentPeriod,
  type DepreciationReport,
  type DepreciationSchedule,
} from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BizAsset } from '../../db/schema.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { createTestUser, startApp, targets, type TestApp } from '../../test/harness.js';
import { JOB_HANDLERS } from '../job/job-handlers.js';

const ZCGL = seedId('depart:zcgl'); // 资产管理科
const ZHBGS = seedId('depart:zhbgs'); // 综合办公室

describe.each(targets)('depreciation on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let seq = 0;
  const db = () => t.app.ctx.db.db;
  /** Test categories: a one-year life, its child without a life of its own, one with a 10 % residual, land. */
  const cat = { year: newId(), child: newId(), residual: newId(), land: newId() };
  const now = currentPeriod();
  const ago = (n: number) => addMonths(now, -n);

  async function category(id: string, pid: string, name: string, years: number | null, rate: number | null) {
    await db()
      .insertInto('sysCategory')
      .values({
        id,
        pid,
        name,
        code: `T${target.name.slice(0, 1).toUpperCase()}${String(++seq).padStart(4, '0')}`,
        hasChild: '0',
        sysOrgCode: null,
        tenantId: null,
        depreciationYears: years,
        residualRate: rate,
        createBy: 'admin',
        createTime: formatDateTime(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }

  /** An asset written straight into the table (money in fen). */
  async function asset(over: Partial<BizAsset> = {}): Promise<string> {
    const id = newId();
    await db()
      .insertInto('bizAsset')
      .values({
        id,
        code: `DP${String(++seq).padStart(6, '0')}${target.name.slice(0, 2)}`,
        name: `折旧测试资产${seq}`,
        categoryId: cat.year,
        ownerDepartId: ZCGL,
        custodian: null,
        address: null,
        regionCode: null,
        longitude: null,
        latitude: null,
        area: null,
        originalValue: 10_000,
        netValue: 10_000,
        acquiredDate: `${ago(13)}-15`,
        status: ASSET_STATUS.inUse,
        useNature: null,
        certificateNo: null,
        images: null,
        attachments: null,
        description: null,
        published: 0,
        publishTime: null,
        remark: null,
        version: 0,
        tenantId: 1001,
        sysOrgCode: 'A01A01',
        delFlag: 0,
        createBy: 'admin',
        createTime: formatDateTime(),
        updateBy: null,
        updateTime: null,
        ...over,
      })
      .execute();
    return id;
  }

  const book = (period: string, token = admin, tenant: number = 1001) =>
    t.request({ method: 'POST', url: DEPRECIATION_API.book, token, tenant, payload: { period } });
  const rows = (assetId: string) =>
    db()
      .selectFrom('bizAssetDepreciation')
      .selectAll()
      .where('assetId', '=', assetId)
      .orderBy('period')
      .execute()
      .then((r) =>
        r.map((x) => ({
          period: x.period,
          amount: Number(x.amount),
          accumulated: Number(x.accumulated),
          netAfter: Number(x.netAfter),
        })),
      );
  const net = async (id: string) =>
    Number(
      (await db().selectFrom('bizAsset').select('netValue').where('id', '=', id).executeTakeFirstOrThrow()).netValue,
    );
  const schedule = (assetId: string, token = admin, tenant: number = 1001) =>
    t.request({ method: 'GET', url: `${DEPRECIATION_API.schedule}?assetId=${assetId}`, token, tenant });

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    await category(cat.year, '0', '测试一年期', 1, 0);
    await category(cat.child, cat.year, '测试子分类', null, null);
    await category(cat.residual, '0', '测试残值', 1, 10);
    await category(cat.land, '0', '测试土地', 0, null);
  });
  afterAll(() => t?.close());

  it('books a year exactly to the fen, the remainder in the last month, and nothing after the life', async () => {
    const id = await asset();
    // Acquired 13 months ago mid-month: the life runs from 12 months ago to last month.
    for (let n = 12; n >= 1; n--) expect((await book(ago(n))).statusCode).toBe(200);
    const booked = await rows(id);
    expect(booked.map((r) => r.period)).toEqual(Array.from({ length: 12 }, (_, i) => ago(12 - i)));
    // 100.00 yuan over 12 months: 8.33 eleven times, 8.37 in the last month.
    expect(booked.slice(0, 11).every((r) => r.amount === 833)).toBe(true);
    expect(booked[11]).toEqual({ period: ago(1), amount: 837, accumulated: 10_000, netAfter: 0 });
    expect(booked.reduce((n, r) => n + r.amount, 0)).toBe(10_000);
    expect(booked[0]).toMatchObject({ accumulated: 833, netAfter: 9_167 });
    expect(await net(id)).toBe(0);
    // Fully depreciated: the current month books nothing for it.
    await book(now);
    expect(await rows(id)).toHaveLength(12);
  });

  it('is idempotent per month: booking a month again books nothing new', async () => {
    const id = await asset();
    const first = await book(ago(12));
    expect(first.statusCode).toBe(200);
    const before = await rows(id);
    const again = await book(ago(12));
    expect(again.statusCode).toBe(200);
    expect(again.json().result.count).toBe(0);
    expect(again.json().message).toBe(DEPRECIATION_MESSAGES.booked(ago(12), 0, '0.00'));
    expect(await rows(id)).toEqual(before);
    expect(await net(id)).toBe(10_000 - 833);
  });

  it('books a month once when two bookings of it run at the same time', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => asset({ acquiredDate: `${ago(8)}-11` })));
    const [a, b] = await Promise.all([book(ago(7)), book(ago(7))]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    for (const id of ids) {
      expect((await rows(id)).map((r) => [r.period, r.amount])).toEqual([[ago(7), 833]]);
      expect(await net(id)).toBe(10_000 - 833);
    }
  });

  it('never goes below the residual value', async () => {
    // 100.01 yuan with 10 %: residual 10.00, 90.01 over 12 months = 7.50 × 11 + 7.51.
    const id = await asset({ categoryId: cat.residual, originalValue: 10_001, netValue: 10_001 });
    for (let n = 12; n >= 1; n--) await book(ago(n));
    await book(now);
    const booked = await rows(id);
    expect(booked).toHaveLength(12);
    expect(booked.slice(0, 11).every((r) => r.amount === 750)).toBe(true);
    expect(booked[11]).toMatchObject({ amount: 751, netAfter: 1_000 });
    expect(await net(id)).toBe(1_000);
  });

  it('starts the month after acquisition, takes a parent category life, and stops for disposed assets and land', async () => {
    const mid = await asset({ categoryId: cat.child, acquiredDate: `${ago(3)}-15` });
    const first = await asset({ acquiredDate: `${ago(3)}-01` });
    const disposed = await asset({ status: ASSET_STATUS.disposed });
    const land = await asset({ categoryId: cat.land });
    await book(ago(3));
    expect(await rows(mid)).toEqual([]);
    expect(await rows(first)).toEqual([]);
    await book(ago(2));
    expect((await rows(mid)).map((r) => [r.period, r.amount])).toEqual([[ago(2), 833]]);
    expect((await rows(first)).map((r) => r.period)).toEqual([ago(2)]);
    expect(await rows(disposed)).toEqual([]);
    expect(await rows(land)).toEqual([]);
    expect(await net(disposed)).toBe(10_000);

    const res = await schedule(land);
    expect(res.json().result).toMatchObject({ lifeYears: 0, note: DEPRECIATION_MESSAGES.notDepreciated, entries: [] });
  });

  it('goes on from a revalued net value over the remaining life', async () => {
    const id = await asset();
    await book(ago(12));
    await book(ago(11));
    expect(await net(id)).toBe(10_000 - 2 * 833);
    // 重估 through the ledger: the net value becomes 50.00 yuan with 10 months of the life left.
    const reval = await t.request({
      method: 'POST',
      url: ASSET_API.ledgerAdd,
      token: admin,
      tenant: 1001,
      payload: { assetId: id, type: 'revaluation', eventDate: `${ago(11)}-20`, amount: 50 },
    });
    expect(reval.statusCode).toBe(200);
    for (let n = 10; n >= 1; n--) await book(ago(n));
    const after = (await rows(id)).slice(2);
    expect(after).toHaveLength(10);
    // 5,000 fen over 10 months: 500 each, the last included.
    expect(after.map((r) => r.amount)).toEqual(Array(10).fill(500));
    expect(after[0]).toMatchObject({ netAfter: 4_500, accumulated: 5_500 });
    expect(await net(id)).toBe(0);
  });

  it('answers the schedule: booked months, then the projection down to the residual', async () => {
    const id = await asset({ acquiredDate: `${ago(3)}-10` });
    await book(ago(2));
    const res = await schedule(id);
    expect(res.statusCode).toBe(200);
    const s = res.json().result as DepreciationSchedule;
    expect(s).toMatchObject({ lifeYears: 1, residual: 0, startPeriod: ago(2), originalValue: 100, netValue: 91.67 });
    expect(s.entries).toHaveLength(12);
    expect(s.entries[0]).toEqual({
      period: ago(2),
      amount: 8.33,
      accumulated: 8.33,
      netAfter: 91.67,
      projected: false,
    });
    expect(s.entries[1]).toMatchObject({ period: ago(1), amount: 8.33, projected: true });
    expect(s.entries[11]).toMatchObject({ amount: 8.37, netAfter: 0, accumulated: 100, projected: true });
  });

  it('refuses a future month, a bad month and an empty one in Chinese', async () => {
    for (const [period, message] of [
      [addMonths(now, 1), DEPRECIATION_MESSAGES.futurePeriod],
      ['2026-13', DEPRECIATION_MESSAGES.periodFormat],
      ['', DEPRECIATION_MESSAGES.periodRequired],
    ] as const) {
      const res = await book(period);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
  });

  it('reports a month by category and department with names and yuan, and exports it', async () => {
    const period = ago(5);
    const a = await asset({ acquiredDate: `${ago(6)}-02` });
    const b = await asset({ acquiredDate: `${ago(6)}-03`, ownerDepartId: ZHBGS, sysOrgCode: 'A01A02' });
    await book(period);
    expect((await rows(a)).map((r) => r.period)).toEqual([period]);
    expect((await rows(b)).map((r) => r.period)).toEqual([period]);
    const res = await t.request({
      method: 'GET',
      url: `${DEPRECIATION_API.report}?period=${period}`,
      token: admin,
      tenant: 1001,
    });
    expect(res.statusCode).toBe(200);
    const report = res.json().result as DepreciationReport;
    const mine = report.rows.filter((r) => r.categoryName === '测试一年期');
    expect(mine.map((r) => [r.departName, r.count, r.amount])).toEqual(
      expect.arrayContaining([
        ['资产管理科', expect.any(Number), expect.any(Number)],
        ['综合办公室', 1, 8.33],
      ]),
    );
    expect(report.total.count).toBe(report.rows.reduce((n, r) => n + r.count, 0));
    expect(report.total.amount).toBeCloseTo(
      report.rows.reduce((n, r) => n + r.amount, 0),
      2,
    );

    const xlsx = await t.request({
      method: 'GET',
      url: `${DEPRECIATION_API.exportXls}?period=${period}`,
      token: admin,
      tenant: 1001,
    });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '资产分类',
      '所属部门',
      '资产数量',
      '本月折旧额（元）',
      '计提后净值（元）',
    ]);
    const values = sheet
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1, 4));
    expect(values).toContainEqual(['测试一年期', '综合办公室', 1]);
    expect(values[values.length - 1]![0]).toBe('合计');
  });

  it('keeps tenants apart: another tenant’s administrator neither books nor reads this tenant’s assets', async () => {
    const id = await asset({ acquiredDate: `${ago(9)}-05` });
    const { token: other } = await createTestUser(t, {
      username: `dep_admin_${target.name.replace(/\W/g, '')}`,
      password: 'Other@2026',
      roleIds: [seedId('role:admin')],
      tenants: [1002],
    });
    expect((await book(ago(8), other, 1002)).statusCode).toBe(200);
    expect(await rows(id)).toEqual([]);
    expect((await schedule(id, other, 1002)).statusCode).toBe(404);
    const report = await t.request({
      method: 'GET',
      url: `${DEPRECIATION_API.report}?period=${ago(8)}`,
      token: other,
      tenant: 1002,
    });
    expect((report.json().result as DepreciationReport).rows.some((r) => r.categoryName === '测试一年期')).toBe(false);
    // Asking for the other tenant does not help either.
    expect([401, 403]).toContain((await book(ago(8), other, 1001)).statusCode);
    expect(await rows(id)).toEqual([]);
  });

  it('answers 403 to the guest and to users without the permission', async () => {
    const id = await asset();
    const { token: plain } = await createTestUser(t, {
      username: `dep_plain_${target.name.replace(/\W/g, '')}`,
      password: 'Plain@2026',
      roleIds: [seedId('role:staff')],
      tenants: [1001],
    });
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    for (const token of [plain, guest]) {
      expect((await book(ago(3), token)).statusCode).toBe(403);
      expect((await schedule(id, token)).statusCode).toBe(403);
      const report = await t.request({
        method: 'GET',
        url: `${DEPRECIATION_API.report}?period=${ago(3)}`,
        token,
        tenant: 1001,
      });
      expect(report.statusCode).toBe(403);
    }
    expect(await rows(id)).toEqual([]);
  });

  it('seeds the lives of the demo categories and lets an administrator change them in 分类字典', async () => {
    const seeded = await db()
      .selectFrom('sysCategory')
      .select(['code', 'depreciationYears', 'residualRate'])
      .where('code', 'in', ['A01A01', 'A01A02', 'A01A05A01', 'A01A06', 'A01A06A01'])
      .orderBy('code')
      .execute();
    expect(seeded.map((c) => [c.code, c.depreciationYears, c.residualRate])).toEqual([
      ['A01A01', 0, 0],
      ['A01A02', 50, 0],
      ['A01A05A01', 6, 0],
      ['A01A06', 8, 0],
      // 公务用车 takes 车辆's life.
      ['A01A06A01', null, null],
    ]);
    const edit = (payload: object) =>
      t.request({ method: 'PUT', url: '/sys/category/edit', token: admin, tenant: 1001, payload });
    expect((await edit({ id: cat.child, depreciationYears: 2, residualRate: 5 })).statusCode).toBe(200);
    const child = await db()
      .selectFrom('sysCategory')
      .selectAll()
      .where('id', '=', cat.child)
      .executeTakeFirstOrThrow();
    expect([child.depreciationYears, child.residualRate]).toEqual([2, 5]);
    const bad = await edit({ id: cat.child, depreciationYears: 101 });
    expect([bad.statusCode, bad.json().message]).toEqual([400, DEPRECIATION_MESSAGES.yearsRange]);
    expect((await edit({ id: cat.child, depreciationYears: null, residualRate: null })).statusCode).toBe(200);
  });

  it('moves the dashboard’s 净值 by the amount booked', async () => {
    await asset({ acquiredDate: `${ago(11)}-09`, originalValue: 1_200_000, netValue: 1_200_000 });
    const netCard = async () => {
      const res = await t.request({ method: 'GET', url: DASHBOARD_API.analysis, token: admin, tenant: 1001 });
      return (res.json().result as { assets: { cards: { netValue: number } } }).assets.cards.netValue;
    };
    const before = await netCard();
    const res = await book(ago(10));
    const booked = (res.json().result as { amount: number }).amount;
    expect(booked).toBeGreaterThanOrEqual(1_000);
    expect(await netCard()).toBeCloseTo(before - booked, 2);
  });

  it('runs as the monthly job, booking the month before', async () => {
    const id = await asset({ acquiredDate: `${ago(2)}-20` });
    const handler = JOB_HANDLERS.get(DEPRECIATION_JOB_HANDLER)!;
    const line = await handler.run(t.app, {});
    expect(line).toContain(ago(1));
    expect((await rows(id)).map((r) => [r.period, r.amount])).toEqual([[ago(1), 833]]);
    await handler.run(t.app, {});
    expect(await rows(id)).toHaveLength(1);
  });
});
