import { ASSET_API, DASHBOARD_API, GUEST_CREDENTIALS, PERM, type DashboardAnalysis } from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { createTestUser, startApp, targets, type TestApp } from '../../test/harness.js';
import { roleWith } from '../../test/reach-fixtures.js';
import { lastTwelveMonths } from './dashboard.service.js';

const ZCGL = seedId('depart:zcgl'); // 资产管理科 A01A01, staff's department
const ZHBGS = seedId('depart:zhbgs'); // 综合办公室 A01A02
const cat = (code: string) => seedId(`category:${code}`);

const MONTHS = lastTwelveMonths();
const THIS_MONTH = MONTHS[11]!;
const THREE_AGO = MONTHS[8]!;
const before = new Date();
const THIRTEEN_AGO = formatDateTime(new Date(before.getFullYear(), before.getMonth() - 13, 15)).slice(0, 10);
const NOW = formatDateTime();

describe.each(targets)('dashboard on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const db = () => t.app.ctx.db.db;
  const analysis = async (token: string | null, tenant = 1001) => {
    const res = await t.request({ method: 'GET', url: DASHBOARD_API.analysis, token, tenant });
    return { status: res.statusCode, body: res.json() as { result: DashboardAnalysis; message: string } };
  };
  const figures = async (token: string, tenant = 1001) => {
    const res = await analysis(token, tenant);
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.result;
  };

  let seq = 0;
  const asset = async (v: {
    categoryId: string;
    status: string;
    depart?: string | null;
    org?: string | null;
    original?: number | null;
    net?: number | null;
    tenantId?: number;
    delFlag?: number;
  }) => {
    const id = newId();
    seq++;
    await db()
      .insertInto('bizAsset')
      .values({
        id,
        code: `DB-${seq}-${id.slice(0, 6)}`,
        name: `看板资产${seq}`,
        categoryId: v.categoryId,
        ownerDepartId: v.depart ?? null,
        status: v.status,
        originalValue: v.original ?? null,
        netValue: v.net ?? null,
        published: 0,
        version: 0,
        tenantId: v.tenantId ?? 1001,
        sysOrgCode: v.org ?? null,
        delFlag: v.delFlag ?? 0,
        createBy: 'admin',
        createTime: NOW,
      } as never)
      .execute();
    return id;
  };
  const ledger = async (assetId: string, eventDate: string, version: number, tenantId = 1001) => {
    await db()
      .insertInto('bizAssetLedger')
      .values({
        id: newId(),
        assetId,
        type: 'inventory',
        eventDate,
        assetVersion: version,
        tenantId,
        createBy: 'admin',
        createTime: NOW,
      } as never)
      .execute();
  };
  const ticket = async (v: { status: string; face: number; used: number; tenantId?: number; delFlag?: number }) => {
    const id = newId();
    await db()
      .insertInto('bizRoomTicket')
      .values({
        id,
        ticketNo: `FP-${id.slice(0, 10)}`,
        holderName: '李四',
        holderIdCard: '110101199003071234',
        holderPhone: '13800138000',
        projectId: 'p-none',
        faceAmount: v.face,
        usedAmount: v.used,
        issueDate: '2026-01-01',
        expiryDate: '2099-12-31',
        status: v.status,
        version: 0,
        tenantId: v.tenantId ?? 1001,
        sysOrgCode: 'A01A01',
        delFlag: v.delFlag ?? 0,
        createBy: 'admin',
        createTime: NOW,
      } as never)
      .execute();
  };
  const project = async (v: {
    name: string;
    status: string;
    progress: number;
    updated: string;
    tenantId?: number;
    delFlag?: number;
  }) => {
    const id = newId();
    await db()
      .insertInto('bizProject')
      .values({
        id,
        code: `XM-${id.slice(0, 10)}`,
        name: v.name,
        type: 'construction',
        departId: ZCGL,
        progress: v.progress,
        status: v.status,
        endDate: '2027-06-30',
        version: 0,
        tenantId: v.tenantId ?? 1001,
        sysOrgCode: 'A01A01',
        delFlag: v.delFlag ?? 0,
        createBy: 'admin',
        createTime: '2026-01-01 08:00:00',
        updateTime: v.updated,
      } as never)
      .execute();
    return id;
  };

  let a1 = '';
  const projects: Record<string, string> = {};

  beforeAll(async () => {
    t = await startApp(target);
    // Everything is in place before the first call: the answer is cached for 30 s.
    a1 = await asset({
      categoryId: cat('A01A02A01'),
      status: 'idle',
      depart: ZCGL,
      org: 'A01A01',
      original: 100000,
      net: 80000,
    });
    const a2 = await asset({
      categoryId: cat('A01A02'),
      status: 'leased',
      depart: ZHBGS,
      org: 'A01A02',
      original: 50050,
      net: 40025,
    });
    const a3 = await asset({
      categoryId: cat('A01A01'),
      status: 'disposed',
      depart: ZCGL,
      org: 'A01A01',
      original: 20000,
      net: 0,
    });
    await asset({ categoryId: cat('A01A03A01'), status: 'in_use' });
    const gone = await asset({
      categoryId: cat('A01A01'),
      status: 'idle',
      depart: ZCGL,
      org: 'A01A01',
      original: 999900,
      delFlag: 1,
    });
    const other = await asset({
      categoryId: cat('A01A01'),
      status: 'idle',
      depart: ZCGL,
      org: 'A01A01',
      original: 777700,
      tenantId: 1002,
    });
    await ledger(a1, `${THIS_MONTH}-01`, 1);
    await ledger(a1, `${THIS_MONTH}-02`, 2);
    await ledger(a1, `${THREE_AGO}-15`, 3);
    await ledger(a1, THIRTEEN_AGO, 4);
    await ledger(a2, `${THIS_MONTH}-01`, 1);
    await ledger(a3, `${THREE_AGO}-01`, 1);
    await ledger(gone, `${THIS_MONTH}-01`, 1);
    await ledger(other, `${THIS_MONTH}-01`, 1, 1002);

    await ticket({ status: 'issued', face: 1_000_000, used: 0 });
    await ticket({ status: 'partly_used', face: 500_000, used: 120_050 });
    await ticket({ status: 'used', face: 300_000, used: 300_000 });
    await ticket({ status: 'expired', face: 300_000, used: 0 });
    await ticket({ status: 'issued', face: 300_000, used: 0, delFlag: 1 });
    await ticket({ status: 'issued', face: 300_000, used: 0, tenantId: 1002 });

    projects.old = await project({
      name: '老城改造',
      status: 'in_progress',
      progress: 40,
      updated: '2026-03-01 10:00:00',
    });
    projects.mid = await project({
      name: '安置小区',
      status: 'in_progress',
      progress: 61,
      updated: '2026-05-01 10:00:00',
    });
    projects.done = await project({
      name: '道路建设',
      status: 'completed',
      progress: 100,
      updated: '2026-07-01 10:00:00',
    });
    await project({ name: '已删项目', status: 'planned', progress: 0, updated: '2026-09-01 10:00:00', delFlag: 1 });
    await project({ name: '他户项目', status: 'planned', progress: 0, updated: '2026-09-01 10:00:00', tenantId: 1002 });

    admin = await t.login();
    staff = await t.login(SEED_ACCOUNTS.staff.username);
  });
  afterAll(() => t?.close());

  it('answers every asset figure of the caller’s tenant, money summed exactly and answered in yuan', async () => {
    const { assets } = await figures(admin);
    expect(assets!.cards).toEqual({
      assetCount: 4,
      originalValue: 1700.5,
      netValue: 1200.25,
      // Among the 3 assets not disposed: 1 idle, 1 leased.
      idleRate: 33.3,
      leasedRate: 33.3,
    });
    expect(assets!.byCategory.map((c) => [c.name, c.count])).toEqual([
      ['土地', 1],
      ['房屋', 2],
      ['商铺', 1],
      ['车位', 0],
      ['设备', 0],
      ['车辆', 0],
    ]);
    expect(assets!.byCategory[1]!.categoryId).toBe(cat('A01A02'));
    expect(assets!.byDepart).toEqual([
      { departId: ZCGL, name: '资产管理科', originalValue: 1200, netValue: 800 },
      { departId: ZHBGS, name: '综合办公室', originalValue: 500.5, netValue: 400.25 },
      { departId: null, name: '未分配部门', originalValue: 0, netValue: 0 },
    ]);
  });

  it('counts ledger events of the last 12 months, every month present, oldest first', async () => {
    const { assets } = await figures(admin);
    const months = assets!.ledgerByMonth;
    expect(months.map((m) => m.month)).toEqual(MONTHS);
    expect(months).toHaveLength(12);
    const byMonth = Object.fromEntries(months.map((m) => [m.month, m.count]));
    // Not the deleted asset's, not another tenant's, not the event 13 months ago.
    expect(byMonth[THIS_MONTH]).toBe(3);
    expect(byMonth[THREE_AGO]).toBe(2);
    expect(months.reduce((s, m) => s + m.count, 0)).toBe(5);
  });

  it('answers outstanding tickets and the projects of the tenant', async () => {
    const { tickets, projects: p } = await figures(admin);
    expect(tickets).toEqual({ outstandingCount: 2, outstandingAmount: 13799.5 });
    expect(p!.byStatus).toEqual([
      { status: 'planned', text: '计划', count: 0, avgProgress: 0 },
      { status: 'in_progress', text: '在建', count: 2, avgProgress: 50.5 },
      { status: 'completed', text: '已完工', count: 1, avgProgress: 100 },
      { status: 'suspended', text: '已暂停', count: 0, avgProgress: 0 },
    ]);
    expect(p!.latest.map((r) => r.name)).toEqual(['道路建设', '安置小区', '老城改造']);
    expect(p!.latest[0]).toMatchObject({
      id: projects.done,
      type: 'construction',
      typeText: '建设项目',
      status: 'completed',
      statusText: '已完工',
      progress: 100,
      departName: '资产管理科',
      endDate: '2027-06-30',
    });
  });

  it('counts nothing of another tenant’s', async () => {
    const r = await figures(admin, 1002);
    expect(r.assets!.cards).toMatchObject({ assetCount: 1, originalValue: 7777, netValue: 0, idleRate: 100 });
    expect(r.assets!.ledgerByMonth.find((m) => m.month === THIS_MONTH)!.count).toBe(1);
    expect(r.tickets).toEqual({ outstandingCount: 1, outstandingAmount: 3000 });
    expect(r.projects!.latest.map((p) => p.name)).toEqual(['他户项目']);
  });

  it('narrows the asset figures by the data rule 本部门资产 (staff sees its department only)', async () => {
    const r = await figures(staff);
    expect(r.assets!.cards).toEqual({
      assetCount: 2,
      originalValue: 1200,
      netValue: 800,
      idleRate: 100,
      leasedRate: 0,
    });
    expect(r.assets!.byDepart.map((d) => d.name)).toEqual(['资产管理科']);
    expect(r.assets!.byCategory.filter((c) => c.count).map((c) => [c.name, c.count])).toEqual([
      ['土地', 1],
      ['房屋', 1],
    ]);
    const byMonth = Object.fromEntries(r.assets!.ledgerByMonth.map((m) => [m.month, m.count]));
    expect([byMonth[THIS_MONTH], byMonth[THREE_AGO]]).toEqual([2, 2]);
    expect(r.tickets!.outstandingCount).toBe(2);
  });

  it('answers null for a section the caller may not list, and 403 to the guest', async () => {
    const roleId = await roleWith(t, admin, 1001, 'dash_assets_only', [PERM.assetList]);
    const onlyAssets = await createTestUser(t, {
      username: 'dash_a',
      password: 'Passw0rd!',
      roleIds: [roleId],
      tenants: [1001],
    });
    const r = await figures(onlyAssets.token);
    expect(r.assets!.cards.assetCount).toBe(4);
    expect([r.tickets, r.projects]).toEqual([null, null]);

    const nobody = await createTestUser(t, { username: 'dash_n', password: 'Passw0rd!', tenants: [1001] });
    const none = await figures(nobody.token);
    expect([none.assets, none.tickets, none.projects]).toEqual([null, null, null]);
    expect(none.generatedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const refused = await analysis(guest);
    expect(refused.status).toBe(403);
    expect(refused.body.result ?? null).toBeNull();
    expect((await analysis(null)).status).toBe(401);
  });

  it('serves the cached answer until a write, then counts the new asset', async () => {
    const first = await figures(admin);
    // Written behind the API's back: the cached figures stay as they were.
    await asset({ categoryId: cat('A01A01'), status: 'idle', depart: ZCGL, org: 'A01A01', original: 100 });
    const again = await figures(admin);
    expect(again).toEqual(first);
    // A write through the register is seen at once.
    const added = await t.request({
      method: 'POST',
      url: `${ASSET_API.base}/add`,
      token: admin,
      tenant: 1001,
      payload: {
        name: '新登记资产',
        categoryId: cat('A01A05A01'),
        status: 'idle',
        ownerDepartId: ZCGL,
        originalValue: 10,
      },
    });
    expect(added.statusCode).toBe(200);
    const fresh = await figures(admin);
    expect(fresh.assets!.cards.assetCount).toBe(6);
    expect(fresh.assets!.byCategory.find((c) => c.name === '设备')!.count).toBe(1);
    expect(fresh.assets!.ledgerByMonth[11]!.count).toBe(4);
  });

  it('names the ten biggest departments and sums the rest into 其他', async () => {
    // Eleven more departments (ids only: named by their id), each bigger than the seeded ones.
    for (let i = 1; i <= 11; i++) {
      await asset({
        categoryId: cat('A01A01'),
        status: 'idle',
        depart: `dep-${i}`,
        original: i * 1_000_000,
        net: i * 100,
      });
    }
    // A write through the pattern: the cached figures are recounted.
    const roleRes = await roleWith(t, admin, 1001, 'dash_epoch', [PERM.assetList]);
    expect(roleRes).toBeTruthy();
    const { byDepart } = (await figures(admin)).assets!;
    expect(byDepart).toHaveLength(11);
    expect(byDepart.slice(0, 10).map((d) => d.departId)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `dep-${i}`),
    );
    expect(byDepart[0]).toEqual({ departId: 'dep-11', name: 'dep-11', originalValue: 110000, netValue: 11 });
    // dep-1 (10,000), 资产管理科 (1,000 + 200 + 1 + 10), 综合办公室 (500.50), no department (0), summed.
    expect(byDepart[10]).toEqual({ departId: null, name: '其他', originalValue: 11711.5, netValue: 1201.25 });
  });
});
