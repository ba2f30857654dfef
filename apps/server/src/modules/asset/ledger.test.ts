import ExcelJS from 'exceljs';
import {
  ASSET_API,
  ASSET_MESSAGES,
  ASSET_STATUS,
  GUEST_CREDENTIALS,
  LEDGER_RULES,
  MANUAL_LEDGER_TYPES,
  ledgerNextStatus,
  type AssetStatus,
} from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BizAsset } from '../../db/schema.js';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { createTestUser, startApp, targets, type TestApp } from '../../test/harness.js';
import { assetResource } from './asset.resource.js';
import { recordAcquire, recordAcquireMany } from './ledger.service.js';

const GZB = seedId('depart:gzb'); // 示范区国资办, A01
const ZCGL = seedId('depart:zcgl'); // 资产管理科, A01A01
const ZHBGS = seedId('depart:zhbgs'); // 综合办公室, A01A02
const ORG: Record<string, string> = { [GZB]: 'A01', [ZCGL]: 'A01A01', [ZHBGS]: 'A01A02' };
const STATUSES = Object.values(ASSET_STATUS) as AssetStatus[];
const user = { id: 'x', username: 'admin', realname: '系统管理员', orgCode: null, tenantId: 1001, token: '' };

interface Ledger {
  type: string;
  type_dictText: string;
  fromDepartId: string | null;
  toDepartId: string | null;
  toDepartId_dictText: string;
  fromStatus: string | null;
  toStatus: string | null;
  toStatus_dictText: string;
  amount: number | null;
  netValueBefore: number | null;
  netValueAfter: number | null;
  counterparty: string | null;
  assetVersion: number;
  createBy_dictText: string;
}

describe.each(targets)('asset ledger on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let seq = 0;
  const db = () => t.app.ctx.db.db;

  /** An asset written straight into the table (money in fen) with its acquire event, as the register does. */
  async function asset(over: Partial<BizAsset> = {}): Promise<string> {
    const id = newId();
    const row = {
      id,
      code: `LT${String(++seq).padStart(6, '0')}${target.name.slice(0, 2)}`,
      name: `测试资产${seq}`,
      categoryId: seedId('category:A01'),
      ownerDepartId: ZCGL,
      custodian: null,
      address: '示范路1号',
      regionCode: null,
      longitude: null,
      latitude: null,
      area: 12_050,
      originalValue: 100_000_000,
      netValue: 80_000_000,
      acquiredDate: '2020-01-15',
      status: ASSET_STATUS.idle,
      useNature: 'office',
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
    };
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('bizAsset').values(row).execute();
        await recordAcquire(trx, row, user);
      });
    return id;
  }
  const read = (id: string) => db().selectFrom('bizAsset').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ledgerRows = (id: string) =>
    db().selectFrom('bizAssetLedger').selectAll().where('assetId', '=', id).orderBy('assetVersion').execute();
  const dataLogs = async (id: string) =>
    Number(
      (
        await db()
          .selectFrom('sysDataLog')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('dataTable', '=', assetResource.name)
          .where('dataId', '=', id)
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const add = (payload: object, token = admin, tenant: number = 1001) =>
    t.request({ method: 'POST', url: ASSET_API.ledgerAdd, token, tenant, payload });
  const list = (query: Record<string, string>, token = admin, tenant: number = 1001) =>
    t.request({ method: 'GET', url: `${ASSET_API.ledgerList}?${new URLSearchParams(query)}`, token, tenant });
  const events = async (assetId: string) => (await list({ assetId })).json().result.records as Ledger[];

  /** A valid event of each type for an asset of the given department (what each type needs from the form). */
  const needs = (type: string, owner = ZCGL): Record<string, unknown> =>
    ({
      transfer: { toDepartId: owner === ZHBGS ? ZCGL : ZHBGS },
      lease: { counterparty: '某某商贸有限公司' },
      revaluation: { amount: 700000.5 },
      disposal: { amount: 1000 },
    })[type] ?? {};

  /** Asserts an event was refused with the message and left no trace. */
  async function refused(assetId: string, payload: object, message: string, status = 400) {
    const before = await read(assetId);
    const [rowsBefore, logsBefore] = [(await ledgerRows(assetId)).length, await dataLogs(assetId)];
    const res = await add({ assetId, eventDate: '2025-06-01', ...payload });
    expect([res.statusCode, res.json().message]).toEqual([status, message]);
    expect(await read(assetId)).toEqual(before);
    expect((await ledgerRows(assetId)).length).toBe(rowsBefore);
    expect(await dataLogs(assetId)).toBe(logsBefore);
  }

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
  });
  afterAll(() => t?.close());

  it('lists the acquire event written with the asset, amounts in yuan and labels', async () => {
    const id = await asset();
    const [acquire, ...rest] = await events(id);
    expect(rest).toEqual([]);
    expect(acquire).toMatchObject({
      type: 'acquire',
      type_dictText: '入账',
      toDepartId: ZCGL,
      toDepartId_dictText: '资产管理科',
      toStatus: 'idle',
      toStatus_dictText: '闲置',
      amount: 1_000_000,
      netValueAfter: 800_000,
      assetVersion: 0,
      createBy_dictText: SEED_ACCOUNTS.admin.realname,
    });
    expect((await ledgerRows(id))[0]!.eventDate).toBe('2020-01-15');
  });

  it('writes the acquire events of an import batch at once', async () => {
    const ids = await Promise.all(Array.from({ length: 3 }, () => asset()));
    const rows = await db().selectFrom('bizAsset').selectAll().where('id', 'in', ids).execute();
    // The helper already wrote one each: a second batch of the same assets clashes on (asset, version 0).
    await expect(
      db()
        .transaction()
        .execute((trx) => recordAcquireMany(trx, rows, user)),
    ).rejects.toThrow();
    await db().deleteFrom('bizAssetLedger').where('assetId', 'in', ids).execute();
    const many = Array.from({ length: 120 }, (_, i) => ({
      ...rows[0]!,
      id: `${ids[0]!.slice(0, 24)}${String(i).padStart(8, '0')}`,
    }));
    await db()
      .transaction()
      .execute((trx) => recordAcquireMany(trx, many, user));
    const written = await db()
      .selectFrom('bizAssetLedger')
      .select(['type', 'assetVersion', 'amount', 'toDepartId'])
      .where(
        'assetId',
        'in',
        many.map((m) => m.id),
      )
      .execute();
    expect(written).toHaveLength(120);
    expect(
      new Set(written.map((w) => `${w.type}:${Number(w.assetVersion)}:${Number(w.amount)}:${w.toDepartId}`)),
    ).toEqual(new Set([`acquire:0:100000000:${ZCGL}`]));
  });

  it('applies every rule of the state machine: allowed events change the asset, refused ones write nothing', async () => {
    for (const type of MANUAL_LEDGER_TYPES) {
      const rule = LEDGER_RULES[type];
      for (const status of STATUSES) {
        const id = await asset({ status });
        const payload = { type, ...needs(type) };
        if (!(rule.from as readonly string[]).includes(status)) {
          await refused(id, payload, rule.refused);
          continue;
        }
        const res = await add({ assetId: id, eventDate: '2025-06-01', ...payload });
        expect([type, status, res.statusCode, res.json().message]).toEqual([type, status, 200, '登记成功！']);
        const after = await read(id);
        const next = ledgerNextStatus(type, status);
        expect([type, status, after.status, Number(after.version)]).toEqual([type, status, next, 1]);
        const rows = await ledgerRows(id);
        expect(rows.map((r) => [r.type, r.fromStatus, r.toStatus, Number(r.assetVersion)])).toEqual([
          ['acquire', null, status, 0],
          [type, status, next, 1],
        ]);
        expect(await dataLogs(id)).toBe(1);
      }
    }
  });

  it('transfers: department and org code change, the event comes first with both departments named', async () => {
    const id = await asset({ status: ASSET_STATUS.idle });
    const res = await add({
      assetId: id,
      type: 'transfer',
      eventDate: '2025-03-01',
      toDepartId: ZHBGS,
      toStatus: 'in_use',
      remark: '调拨至综合办公室使用',
    });
    expect(res.statusCode).toBe(200);
    const after = await read(id);
    expect([after.ownerDepartId, after.sysOrgCode, after.status]).toEqual([ZHBGS, ORG[ZHBGS], 'in_use']);
    const [first] = await events(id);
    expect(first).toMatchObject({
      type: 'transfer',
      type_dictText: '调拨',
      fromDepartId: ZCGL,
      toDepartId: ZHBGS,
      toDepartId_dictText: '综合办公室',
      fromStatus: 'idle',
      toStatus: 'in_use',
      toStatus_dictText: '在用',
      assetVersion: 1,
    });
    const row = (await ledgerRows(id))[1]!;
    expect([row.sysOrgCode, row.tenantId === null ? null : Number(row.tenantId)]).toEqual([ORG[ZHBGS], 1001]);

    await refused(id, { type: 'transfer', toDepartId: ZHBGS }, ASSET_MESSAGES.sameDepart);
    await refused(id, { type: 'transfer' }, ASSET_MESSAGES.toDepartRequired);
    await refused(id, { type: 'transfer', toDepartId: 'nope' }, ASSET_MESSAGES.unknownToDepart);
    // A department of another tenant is not one the caller may move the asset to.
    const foreign = newId();
    await db()
      .insertInto('sysDepart')
      .values({
        id: foreign,
        parentId: null,
        departName: '别的租户的部门',
        departNameEn: null,
        departNameAbbr: null,
        departOrder: 0,
        description: null,
        orgCategory: '1',
        orgType: '1',
        orgCode: `Z${seq}`,
        mobile: null,
        fax: null,
        address: null,
        memo: null,
        status: '1',
        delFlag: 0,
        tenantId: 1002,
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    await refused(id, { type: 'transfer', toDepartId: foreign }, ASSET_MESSAGES.unknownToDepart);
  });

  it('revaluation sets the net value; disposal withdraws publication', async () => {
    const id = await asset();
    await refused(id, { type: 'revaluation' }, ASSET_MESSAGES.revaluationAmount);
    await refused(id, { type: 'revaluation', amount: 1_000_000.01 }, ASSET_MESSAGES.netAboveOriginal);
    await refused(id, { type: 'revaluation', amount: -1 }, ASSET_MESSAGES.money('金额'));
    await refused(id, { type: 'revaluation', amount: 1.001 }, ASSET_MESSAGES.money('金额'));
    expect(
      (await add({ assetId: id, type: 'revaluation', eventDate: '2025-01-01', amount: '654321.09' })).statusCode,
    ).toBe(200);
    expect(Number((await read(id)).netValue)).toBe(65_432_109);
    expect((await events(id))[0]).toMatchObject({
      netValueBefore: 800_000,
      netValueAfter: 654_321.09,
      amount: 654_321.09,
    });

    const shown = await asset({ published: 1, publishTime: '2025-01-01 08:00:00' });
    expect((await add({ assetId: shown, type: 'disposal', eventDate: '2025-02-01', amount: 5000 })).statusCode).toBe(
      200,
    );
    const disposed = await read(shown);
    expect([disposed.status, Number(disposed.published), disposed.publishTime]).toEqual(['disposed', 0, null]);
    // Nothing happens to a disposed asset any more, not even a correction of its value.
    await refused(shown, { type: 'revaluation', amount: 1 }, LEDGER_RULES.revaluation.refused);
  });

  it('lease and lease end make a round trip; a lease needs its counterparty', async () => {
    const id = await asset();
    await refused(id, { type: 'lease' }, ASSET_MESSAGES.counterpartyRequired);
    await refused(id, { type: 'lease', counterparty: '   ' }, ASSET_MESSAGES.counterpartyRequired);
    await refused(id, { type: 'lease_end' }, LEDGER_RULES.lease_end.refused);
    expect(
      (await add({ assetId: id, type: 'lease', eventDate: '2025-02-01', counterparty: '甲公司' })).statusCode,
    ).toBe(200);
    expect((await read(id)).status).toBe('leased');
    await refused(id, { type: 'lease', counterparty: '乙公司' }, LEDGER_RULES.lease.refused);
    await refused(id, { type: 'disposal' }, LEDGER_RULES.disposal.refused);
    expect((await add({ assetId: id, type: 'lease_end', eventDate: '2025-08-01' })).statusCode).toBe(200);
    const after = await read(id);
    expect([after.status, Number(after.version)]).toEqual(['idle', 2]);
    expect((await events(id)).map((e) => [e.type, e.counterparty])).toEqual([
      ['lease_end', null],
      ['lease', '甲公司'],
      ['acquire', null],
    ]);
    const leases = (await list({ assetId: id, type: 'lease' })).json().result;
    expect([leases.total, leases.records.length]).toEqual([1, 1]);

    // The ledger exports to .xlsx with its labels, newest first.
    const xlsx = await t.request({
      method: 'GET',
      url: `${ASSET_API.ledgerExport}?assetId=${id}`,
      token: admin,
      tenant: 1001,
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.map((r) => [r[1], r[2], r[7] ?? ''])).toEqual([
      ['事件日期', '事件类型', '相对方'],
      ['2025-08-01', '退租', ''],
      ['2025-02-01', '出租', '甲公司'],
      ['2020-01-15', '入账', ''],
    ]);
  });

  it('a repair starts (→ 维修) and a second one ends it (→ the chosen status, else the one before)', async () => {
    const id = await asset({ status: ASSET_STATUS.inUse });
    const repair = (payload: object = {}) =>
      add({ assetId: id, type: 'repair', eventDate: '2025-03-01', counterparty: '某维修公司', ...payload });
    expect((await repair({ amount: 1200.5 })).statusCode).toBe(200);
    expect((await read(id)).status).toBe('repair');
    // Ended without a chosen status: back to 在用, what it was when the repair began.
    expect((await repair()).statusCode).toBe(200);
    expect((await read(id)).status).toBe('in_use');
    // Started again and ended into the status the form chose.
    expect((await repair()).statusCode).toBe(200);
    expect((await repair({ toStatus: 'idle' })).statusCode).toBe(200);
    const after = await read(id);
    expect([after.status, Number(after.version)]).toEqual(['idle', 4]);
    await refused(id, { type: 'repair', toStatus: 'repair' }, '调拨或维修结束后的状态只能是闲置或在用');
    expect((await events(id)).map((e) => [e.type, e.fromStatus, e.toStatus, e.toStatus_dictText])).toEqual([
      ['repair', 'repair', 'idle', '闲置'],
      ['repair', 'in_use', 'repair', '维修'],
      ['repair', 'repair', 'in_use', '在用'],
      ['repair', 'in_use', 'repair', '维修'],
      ['acquire', null, 'in_use', '在用'],
    ]);

    // A leased asset is repaired under its lease: it stays 出租 and can still end the lease.
    const leased = await asset({ status: ASSET_STATUS.leased });
    expect((await add({ assetId: leased, type: 'repair', eventDate: '2025-03-01' })).statusCode).toBe(200);
    expect((await read(leased)).status).toBe('leased');
    // An asset in 维修 from the register's early days (no repair start in its ledger) ends as 闲置.
    const old = await asset({ status: ASSET_STATUS.repair });
    expect((await add({ assetId: old, type: 'repair', eventDate: '2025-03-01' })).statusCode).toBe(200);
    expect((await read(old)).status).toBe('idle');
  });

  it('refuses dates in the future or before the acquisition, a stale version and bad input', async () => {
    const id = await asset({ acquiredDate: '2024-05-01' });
    const tomorrow = formatDateTime(new Date(Date.now() + 36 * 3600_000)).slice(0, 10);
    await refused(id, { type: 'repair', eventDate: tomorrow }, ASSET_MESSAGES.futureDate('事件日期'));
    await refused(id, { type: 'repair', eventDate: '2024-04-30' }, ASSET_MESSAGES.eventBeforeAcquired);
    await refused(id, { type: 'repair', eventDate: '2025/01/01' }, '事件日期格式须为 YYYY-MM-DD');
    await refused(id, { type: 'repair', eventDate: '2025-02-29' }, '事件日期不是有效的日期');
    await refused(id, { type: 'acquire' }, ASSET_MESSAGES.ledgerTypeRequired);
    await refused(id, { type: 'repair', version: 3 }, ASSET_MESSAGES.concurrentChange);
    await refused(
      id,
      { type: 'repair', documents: ['temp/not-uploaded.pdf'] },
      ASSET_MESSAGES.notFile('temp/not-uploaded.pdf'),
    );
    await refused(id, { type: 'repair', status: 'idle' }, '不支持的参数：status');
    expect((await add({ assetId: id, type: 'inventory', eventDate: '2024-05-01', version: 0 })).statusCode).toBe(200);
    const unknown = await add({ assetId: newId(), type: 'repair', eventDate: '2025-01-01' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, ASSET_MESSAGES.notFound]);
    expect((await list({})).statusCode).toBe(400);
    expect((await list({ assetId: id, type: 'bogus' })).statusCode).toBe(400);
    expect((await list({ assetId: id, pageSize: '-1' })).statusCode).toBe(400);
  });

  it('lets exactly one of two concurrent events on one asset through and keeps the asset consistent', async () => {
    const id = await asset();
    const results = await Promise.all(
      ['甲公司', '乙公司'].map((counterparty) =>
        add({ assetId: id, type: 'lease', eventDate: '2025-05-01', counterparty }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.statusCode === 400)!.json().message;
    expect([LEDGER_RULES.lease.refused, ASSET_MESSAGES.concurrentChange]).toContain(loser);
    const after = await read(id);
    expect([after.status, Number(after.version)]).toEqual(['leased', 1]);
    expect((await ledgerRows(id)).filter((r) => r.type === 'lease')).toHaveLength(1);
    expect(await dataLogs(id)).toBe(1);

    // Two different events racing (a repair and a disposal): one wins, the ledger versions stay gapless.
    const other = await asset();
    const race = await Promise.all([
      add({ assetId: other, type: 'repair', eventDate: '2025-05-01', version: 0 }),
      add({ assetId: other, type: 'disposal', eventDate: '2025-05-01', version: 0 }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await ledgerRows(other)).map((r) => Number(r.assetVersion))).toEqual([0, 1]);
    expect(Number((await read(other)).version)).toBe(1);
  });

  it('keeps tenants apart and applies the asset data rules', async () => {
    const foreign = await asset({ tenantId: 1002 });
    expect((await list({ assetId: foreign })).statusCode).toBe(404);
    await refused(foreign, { type: 'repair' }, ASSET_MESSAGES.notFound, 404);
    expect((await list({ assetId: foreign }, admin, 1002)).statusCode).toBe(200);
    const deleted = await asset({ delFlag: 1 });
    expect((await list({ assetId: deleted })).statusCode).toBe(404);

    // 张三 of 资产管理科 holds the rule 本部门资产: another department's asset does not exist for him.
    const staff = await t.login(SEED_ACCOUNTS.staff.username);
    const own = await asset({ sysOrgCode: 'A01A01' });
    const elsewhere = await asset({ ownerDepartId: ZHBGS, sysOrgCode: 'A01A02' });
    expect((await list({ assetId: own }, staff)).statusCode).toBe(200);
    expect((await add({ assetId: own, type: 'repair', eventDate: '2025-01-01' }, staff)).statusCode).toBe(200);
    expect((await list({ assetId: elsewhere }, staff)).statusCode).toBe(404);
    const res = await add({ assetId: elsewhere, type: 'repair', eventDate: '2025-01-01' }, staff);
    expect([res.statusCode, res.json().message]).toEqual([404, ASSET_MESSAGES.notFound]);
    expect((await ledgerRows(elsewhere)).length).toBe(1);
  });

  it('answers 403 to users without the permission and to the guest', async () => {
    const id = await asset();
    const { token: plain } = await createTestUser(t, {
      username: `plain_${target.name}`,
      password: 'Plain@2026',
      roleIds: [seedId('role:staff')],
      tenants: [1001],
    });
    const guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    for (const token of [plain, guest]) {
      expect((await list({ assetId: id }, token)).statusCode).toBe(403);
      expect((await add({ assetId: id, type: 'repair', eventDate: '2025-01-01' }, token)).statusCode).toBe(403);
      const xlsx = await t.request({ method: 'GET', url: `${ASSET_API.ledgerExport}?assetId=${id}`, token });
      expect(xlsx.statusCode).toBe(403);
    }
    expect((await ledgerRows(id)).length).toBe(1);
  });
});
