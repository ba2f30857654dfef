import ExcelJS from 'exceljs';
import {
  ASSET_STATUS,
  GUEST_CREDENTIALS,
  INVENTORY_API,
  INVENTORY_MESSAGES,
  OSS_MESSAGES,
  ROLE,
  type InventoryCampaign,
  type InventoryItem,
  type InventoryProgress,
  type InventoryReport,
} from '@district/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BizAsset } from '../../db/schema.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { createTestUser, startApp, targets, type TestApp } from '../../test/harness.js';
import { recordAcquire } from '../asset/ledger.service.js';
import { findUses } from '../file/file-usage.js';
import { ITEM_LOG } from './inventory.service.js';

const ZCGL = seedId('depart:zcgl'); // 资产管理科, A01A01
const ZHBGS = seedId('depart:zhbgs'); // 综合办公室, A01A02
const ASSET_OFFICE = seedId(`role:${ROLE.assetOffice}`);
const acquirer = { id: 'x', username: 'admin', realname: '系统管理员', orgCode: null, tenantId: 1001, token: '' };

describe.each(targets)('inventory campaigns on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let checker: { userId: string; token: string };
  let bystander: { userId: string; token: string };
  let foreigner: { userId: string; token: string };
  let guest: string;
  let seq = 0;
  const tag = target.name.replace(/\W/g, '');
  const db = () => t.app.ctx.db.db;

  /** An asset written straight into the table with its acquire event, as the register does. */
  async function asset(address: string, over: Partial<BizAsset> = {}): Promise<string> {
    const id = newId();
    const row = {
      id,
      code: `PD${String(++seq).padStart(5, '0')}${tag.slice(0, 3)}`,
      name: `盘点资产${seq}`,
      categoryId: seedId('category:A01'),
      ownerDepartId: ZCGL,
      custodian: 'admin',
      address,
      regionCode: null,
      longitude: null,
      latitude: null,
      area: null,
      originalValue: 500_000,
      netValue: 400_000,
      acquiredDate: '2020-01-15',
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
    };
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('bizAsset').values(row).execute();
        await recordAcquire(trx, row, acquirer);
      });
    return id;
  }
  const read = (id: string) => db().selectFrom('bizAsset').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ledger = (id: string) =>
    db().selectFrom('bizAssetLedger').selectAll().where('assetId', '=', id).orderBy('assetVersion').execute();
  const codeOf = async (id: string) => (await read(id)).code;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
    tenant = 1001,
  ) => t.request({ method, url, token, tenant, ...(payload ? { payload } : {}) });
  const get = (url: string, query: Record<string, string>, token = admin, tenant = 1001) =>
    call('GET', `${url}?${new URLSearchParams(query)}`, token, undefined, tenant);

  /** A campaign over the assets whose address contains `marker`, opened, with `checker` as its only checker. */
  async function openCampaign(marker: string): Promise<string> {
    const add = await call('POST', INVENTORY_API.campaignAdd, admin, {
      name: `年度盘点 ${marker}`,
      scope: { departIds: [], categoryIds: [], address: marker },
      checkerIds: [checker.userId],
      deadline: '2026-12-31',
    });
    expect(add.statusCode).toBe(200);
    const id = add.json().result.id as string;
    const open = await call('POST', INVENTORY_API.campaignOpen, admin, { id });
    expect(open.statusCode).toBe(200);
    return id;
  }
  const items = async (campaignId: string, query: Record<string, string> = {}) =>
    (await get(INVENTORY_API.itemList, { campaignId, pageSize: '200', ...query })).json().result
      .records as InventoryItem[];
  const lookup = (campaignId: string, code: string, token = checker.token) =>
    get(INVENTORY_API.lookup, { campaignId, code }, token);
  const finding = (payload: object, token = checker.token, tenant = 1001) =>
    call('POST', INVENTORY_API.finding, token, payload, tenant);
  const itemOf = async (campaignId: string, assetId: string) =>
    (await items(campaignId)).find((i) => i.assetId === assetId)!;
  const settle = (payload: object) => call('POST', INVENTORY_API.settle, admin, payload);

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.login();
    const user = (name: string, tenants: number[]) =>
      createTestUser(t, {
        username: `inv_${name}_${tag}`,
        password: 'Check@2026',
        realname: { checker: '盘点员甲', bystander: '盘点员乙', foreigner: '外租户盘点员' }[name],
        roleIds: [ASSET_OFFICE],
        tenants,
      });
    checker = await user('checker', [1001]);
    bystander = await user('bystander', [1001]);
    foreigner = await user('foreigner', [1002]);
    guest = await t.login(GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('snapshots the scope when a campaign opens; later changes of the assets do not move the list', async () => {
    const marker = `快照楼${tag}`;
    const a = await asset(`${marker}1层`);
    const b = await asset(`${marker}2层`, { ownerDepartId: ZHBGS, sysOrgCode: 'A01A02' });
    await asset(`${marker}3层`, { status: ASSET_STATUS.disposed });
    await asset('别处');

    const add = await call('POST', INVENTORY_API.campaignAdd, admin, {
      name: '快照盘点',
      scope: { departIds: [], categoryIds: [], address: marker },
      checkerIds: [checker.userId],
      deadline: '2026-12-31',
    });
    const id = add.json().result.id as string;
    // A draft is not the checker's yet.
    const mine = (await get(INVENTORY_API.myCampaigns, {}, checker.token)).json().result as InventoryCampaign[];
    expect(mine.map((c) => c.id)).not.toContain(id);

    const open = await call('POST', INVENTORY_API.campaignOpen, admin, { id });
    expect([open.statusCode, open.json().message]).toEqual([200, '盘点已开始，清单共 2 项资产']);
    expect((await call('POST', INVENTORY_API.campaignOpen, admin, { id })).json().message).toBe(
      INVENTORY_MESSAGES.onlyDraftOpenable,
    );
    const edit = await call('PUT', INVENTORY_API.campaignEdit, admin, {
      id,
      name: '改名',
      scope: { departIds: [], categoryIds: [], address: '' },
      checkerIds: [checker.userId],
      deadline: '2026-12-31',
    });
    expect([edit.statusCode, edit.json().message]).toEqual([400, INVENTORY_MESSAGES.onlyDraftEditable]);

    // The register moves on: a rename, a move and a new asset in the same building.
    await db().updateTable('bizAsset').set({ name: '改过的名称', address: '新楼' }).where('id', '=', a).execute();
    await asset(`${marker}4层`);

    const list = await items(id);
    expect(list.map((i) => [i.assetId, i.assetName, i.address, i.departName, i.assetStatus_dictText]).sort()).toEqual(
      [
        [a, '盘点资产' + String(seq - 4), `${marker}1层`, '资产管理科', '在用'],
        [b, '盘点资产' + String(seq - 3), `${marker}2层`, '综合办公室', '在用'],
      ].sort(),
    );
    const campaign = (await get(INVENTORY_API.campaignQuery, { id })).json().result as InventoryCampaign;
    expect([campaign.status_dictText, campaign.total, campaign.checked, campaign.checkerNames]).toEqual([
      '进行中',
      2,
      0,
      ['盘点员甲'],
    ]);
  });

  it('records a finding once per client id: a resend answers the stored finding', async () => {
    const marker = `幂等楼${tag}`;
    const a = await asset(`${marker}1层`);
    await asset(`${marker}2层`);
    const id = await openCampaign(marker);

    // The QR code carries the code; a URL with ?code= is read too.
    const code = await codeOf(a);
    const byQr = await lookup(id, `https://assets.example.gov.cn/asset/card?code=${encodeURIComponent(code)}`);
    expect([byQr.statusCode, byQr.json().result.assetId]).toEqual([200, a]);
    const unknown = await lookup(id, 'NOPE-1');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, INVENTORY_MESSAGES.codeNotInList('NOPE-1')]);
    const itemId = byQr.json().result.id as string;

    // Photos are uploads of the tenant; a path that is none is refused.
    const photo = `inventory/${tag}/desk.jpg`;
    await db()
      .insertInto('sysFile')
      .values({
        id: newId(),
        biz: 'inventory',
        originalName: 'desk.jpg',
        storedPath: photo,
        fileSize: 10,
        mime: 'image/jpeg',
        createBy: checker.userId,
        createTime: formatDateTime(),
        tenantId: 1001,
        inUse: 0,
      })
      .execute();
    const bad = await finding({
      clientId: `c0-${tag}`,
      campaignId: id,
      itemId,
      result: 'normal',
      photos: ['x/none.jpg'],
    });
    expect([bad.statusCode, bad.json().message]).toEqual([400, INVENTORY_MESSAGES.notFile('x/none.jpg')]);

    const first = {
      clientId: `c1-${tag}`,
      campaignId: id,
      itemId,
      result: 'damaged',
      photos: [photo],
      latitude: 30.5,
      longitude: 114.3,
      accuracy: 12,
      note: '桌腿断裂',
      recordedAt: '2026-11-28 09:30:00',
    };
    const sent = await finding(first);
    expect([sent.statusCode, sent.json().result.duplicate, sent.json().result.result_dictText]).toEqual([
      200,
      false,
      '损坏',
    ]);
    const again = await finding(first);
    expect([again.statusCode, again.json().result.duplicate, again.json().result.id]).toEqual([
      200,
      true,
      sent.json().result.id,
    ]);
    const logs = async () =>
      (
        await db()
          .selectFrom('sysDataLog')
          .select('dataVersion')
          .where('dataTable', '=', ITEM_LOG)
          .where('dataId', '=', itemId)
          .execute()
      ).length;
    const stored = () => db().selectFrom('bizInventoryFinding').select('id').where('itemId', '=', itemId).execute();
    expect((await stored()).length).toBe(1);
    expect(await logs()).toBe(1);
    const item = await itemOf(id, a);
    expect([item.result_dictText, item.photos, item.latitude, item.checkedByName]).toEqual([
      '损坏',
      [photo],
      30.5,
      '盘点员甲',
    ]);
    // 对象存储 and the sweep of unsaved uploads see the photo as used by the campaign's record.
    expect((await findUses(db(), [photo])).get(photo)?.map((u) => u.place)).toContain(
      OSS_MESSAGES.usedBy.inventoryPhoto(item.assetName),
    );
    const file = await db()
      .selectFrom('sysFile')
      .select('inUse')
      .where('storedPath', '=', photo)
      .executeTakeFirstOrThrow();
    expect(Number(file.inUse)).toBe(1);

    // A later finding replaces the earlier; the data log keeps both versions.
    expect((await finding({ ...first, clientId: `c2-${tag}`, result: 'normal', note: null })).statusCode).toBe(200);
    expect((await itemOf(id, a)).result_dictText).toBe('正常');
    expect(await logs()).toBe(2);
    // The queue resending the first one late changes nothing.
    expect((await finding(first)).json().result.result).toBe('damaged');
    expect((await itemOf(id, a)).result).toBe('normal');
    expect((await stored()).length).toBe(2);

    // The queue and a retry sending at the same moment still make one finding.
    const twin = { ...first, clientId: `c-twin-${tag}`, result: 'normal' };
    const [one, other] = await Promise.all([finding(twin), finding(twin)]);
    expect([one.statusCode, other.statusCode, one.json().result.id]).toEqual([200, 200, other.json().result.id]);
    expect((await stored()).length).toBe(3);

    // 盘盈: a thing not on the list, recorded once however often it is sent.
    const surplus = {
      clientId: `c3-${tag}`,
      campaignId: id,
      result: 'surplus',
      name: '未登记的打印机',
      address: `${marker}1层`,
    };
    expect((await finding(surplus)).statusCode).toBe(200);
    expect((await finding(surplus)).json().result.duplicate).toBe(true);
    expect((await items(id)).filter((i) => i.surplus).map((i) => i.assetName)).toEqual(['未登记的打印机']);
    // Someone else cannot claim a client id that is taken.
    const stolen = await finding(first, bystander.token);
    expect([stolen.statusCode, stolen.json().message]).toEqual([400, INVENTORY_MESSAGES.clientIdTaken]);

    const progress = (await get(INVENTORY_API.progress, { id })).json().result as InventoryProgress;
    expect([progress.total, progress.checked, progress.unchecked, progress.surplus]).toEqual([2, 1, 1, 1]);
    expect(progress.byDepart).toEqual([{ key: ZCGL, name: '资产管理科', total: 2, checked: 1, unchecked: 1 }]);
    expect(progress.byChecker.map((c) => [c.name, c.checked])).toEqual([['盘点员甲', 2]]);
  });

  it('shows a campaign only to its checkers: another checker, another tenant and the guest are refused', async () => {
    const marker = `隔离楼${tag}`;
    const a = await asset(`${marker}1层`);
    const id = await openCampaign(marker);
    const code = await codeOf(a);
    const itemId = (await lookup(id, code)).json().result.id as string;
    expect((await get(INVENTORY_API.myItems, { campaignId: id }, checker.token)).json().result.total).toBe(1);
    const mine = (await get(INVENTORY_API.myCampaigns, {}, checker.token)).json().result as InventoryCampaign[];
    expect(mine.map((c) => c.id)).toContain(id);

    const attempt = { clientId: `x-${tag}`, campaignId: id, itemId, result: 'normal' };
    const theirs = (await get(INVENTORY_API.myCampaigns, {}, bystander.token)).json().result as InventoryCampaign[];
    expect(theirs.map((c) => c.id)).not.toContain(id);
    for (const res of [
      await get(INVENTORY_API.myItems, { campaignId: id }, bystander.token),
      await lookup(id, code, bystander.token),
      await finding(attempt, bystander.token),
      await get(INVENTORY_API.myItems, { campaignId: id }, foreigner.token, 1002),
      await get(INVENTORY_API.lookup, { campaignId: id, code }, foreigner.token, 1002),
      await finding(attempt, foreigner.token, 1002),
    ]) {
      expect([res.statusCode, res.json().message]).toEqual([403, INVENTORY_MESSAGES.notChecker]);
    }
    // Naming the other tenant in the header does not help, and the guest holds none of it.
    expect((await get(INVENTORY_API.myItems, { campaignId: id }, foreigner.token, 1001)).statusCode).toBe(403);
    for (const res of [
      await get(INVENTORY_API.myCampaigns, {}, guest),
      await get(INVENTORY_API.myItems, { campaignId: id }, guest),
      await finding(attempt, guest),
      await get(INVENTORY_API.campaignList, {}, guest),
      await get(INVENTORY_API.itemList, { campaignId: id }, guest),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    // The desk of another tenant does not find it either.
    const list = (await get(INVENTORY_API.campaignList, { pageSize: '200' }, foreigner.token, 1002)).json().result;
    expect((list.records as InventoryCampaign[]).map((c) => c.id)).not.toContain(id);
    expect((await get(INVENTORY_API.campaignQuery, { id }, foreigner.token, 1002)).statusCode).toBe(404);
    expect((await get(INVENTORY_API.itemList, { campaignId: id }, foreigner.token, 1002)).statusCode).toBe(404);
    expect(
      (await db().selectFrom('bizInventoryFinding').select('id').where('itemId', '=', itemId).execute()).length,
    ).toBe(0);
  });

  it('settles each difference into its ledger event and closes only when none is open', async () => {
    const marker = `结算楼${tag}`;
    const moved = await asset(`${marker}1层`);
    const keeper = await asset(`${marker}2层`);
    const broken = await asset(`${marker}3层`);
    const lost = await asset(`${marker}4层`);
    const unchecked = await asset(`${marker}5层`);
    const fine = await asset(`${marker}6层`);
    const id = await openCampaign(marker);
    let n = 0;
    const record = async (assetId: string, result: string) => {
      const itemId = (await lookup(id, await codeOf(assetId))).json().result.id as string;
      const res = await finding({ clientId: `s${++n}-${tag}`, campaignId: id, itemId, result });
      expect(res.statusCode).toBe(200);
      return itemId;
    };
    const movedItem = await record(moved, 'misplaced');
    const keeperItem = await record(keeper, 'wrong_keeper');
    const brokenItem = await record(broken, 'damaged');
    const lostItem = await record(lost, 'missing');
    await record(fine, 'normal');
    await finding({
      clientId: `s-surplus-${tag}`,
      campaignId: id,
      result: 'surplus',
      name: '盘盈的空调',
      address: `${marker}7层`,
    });
    const surplusItem = (await items(id)).find((i) => i.surplus)!.id;
    const uncheckedItem = (await itemOf(id, unchecked)).id;

    const close = () => call('POST', INVENTORY_API.campaignClose, admin, { id });
    const refused = await close();
    expect([refused.statusCode, refused.json().message]).toEqual([400, '还有 6 项差异未处理，不能结束盘点']);
    const open = (await get(INVENTORY_API.differenceList, { campaignId: id, settled: '0' })).json().result;
    expect((open.records as InventoryItem[]).map((i) => i.difference).sort()).toEqual(
      ['damaged', 'misplaced', 'missing', 'missing', 'surplus', 'wrong_keeper'].sort(),
    );

    const wrong = await settle({ itemId: movedItem, action: 'repair', reason: '试试' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, '“位置不符”不能按“登记维修”处理']);

    // 位置不符 → 调拨 to the department found, with the new place.
    const transfer = await settle({
      itemId: movedItem,
      action: 'transfer',
      reason: '已由综合办公室使用',
      toDepartId: ZHBGS,
      toAddress: `${marker}8层`,
    });
    expect(transfer.statusCode).toBe(200);
    expect([transfer.json().result.settleAction_dictText, transfer.json().result.settleByName]).toEqual([
      '调整位置/保管人/部门',
      '系统管理员',
    ]);
    const movedAfter = await read(moved);
    expect([movedAfter.ownerDepartId, movedAfter.address]).toEqual([ZHBGS, `${marker}8层`]);
    const movedEvent = (await ledger(moved)).at(-1)!;
    expect([movedEvent.type, movedEvent.toDepartId, movedEvent.remark]).toEqual([
      'transfer',
      ZHBGS,
      `盘点“年度盘点 ${marker}”：已由综合办公室使用`,
    ]);
    expect(transfer.json().result.settleRef).toBe(movedEvent.id);
    expect(
      (await settle({ itemId: movedItem, action: 'transfer', reason: '再来', toDepartId: ZCGL })).json().message,
    ).toBe(INVENTORY_MESSAGES.alreadySettled);

    // 保管人不符 → a 盘点 event and the new keeper.
    expect(
      (await settle({ itemId: keeperItem, action: 'transfer', reason: '保管人调岗', toCustodian: '李四' })).statusCode,
    ).toBe(200);
    expect((await read(keeper)).custodian).toBe('李四');
    expect((await ledger(keeper)).map((e) => e.type)).toEqual(['acquire', 'inventory']);

    // 损坏 → 维修. A ledger refusal leaves the difference open.
    await db().updateTable('bizAsset').set({ status: ASSET_STATUS.disposed }).where('id', '=', broken).execute();
    const blocked = await settle({ itemId: brokenItem, action: 'repair', reason: '送修' });
    expect([blocked.statusCode, blocked.json().message]).toEqual([400, '已处置的资产不能登记维修']);
    expect((await itemOf(id, broken)).settleAction).toBeNull();
    await db().updateTable('bizAsset').set({ status: ASSET_STATUS.inUse }).where('id', '=', broken).execute();
    expect((await settle({ itemId: brokenItem, action: 'repair', reason: '送修' })).statusCode).toBe(200);
    expect([(await read(broken)).status, (await ledger(broken)).at(-1)!.type]).toEqual(['repair', 'repair']);

    // 盘亏 (marked, and left unchecked) → 处置, or confirmed without a change.
    expect((await settle({ itemId: lostItem, action: 'dispose', reason: '确认丢失，报损' })).statusCode).toBe(200);
    expect([(await read(lost)).status, (await ledger(lost)).at(-1)!.type]).toEqual(['disposed', 'disposal']);
    expect((await settle({ itemId: uncheckedItem, action: 'confirm', reason: '已在仓库找到' })).statusCode).toBe(200);
    expect((await ledger(unchecked)).map((e) => e.type)).toEqual(['acquire']);

    // 盘盈 → a new asset through the register, with its code rule and its acquire event.
    const noCategory = await settle({ itemId: surplusItem, action: 'register', reason: '补登入账' });
    expect(noCategory.json().message).toBe(INVENTORY_MESSAGES.categoryRequired);
    const registered = await settle({
      itemId: surplusItem,
      action: 'register',
      reason: '补登入账',
      categoryId: seedId('category:A01A05'),
      ownerDepartId: ZCGL,
      originalValue: 3000,
    });
    expect(registered.statusCode).toBe(200);
    const created = await read(registered.json().result.settleRef as string);
    expect([created.name, created.address, created.originalValue, created.tenantId]).toEqual([
      '盘盈的空调',
      `${marker}7层`,
      300_000,
      1001,
    ]);
    expect(created.code).toBeTruthy();
    expect(registered.json().result.assetCode).toBe(created.code);
    expect((await ledger(created.id)).map((e) => e.type)).toEqual(['acquire']);

    const report = (await get(INVENTORY_API.report, { id })).json().result as InventoryReport;
    expect(report.differences.every((d) => d.settleReason)).toBe(true);
    expect(report.differences.length).toBe(6);
    const xlsx = await get(INVENTORY_API.exportXls, { id });
    expect([xlsx.statusCode, xlsx.headers['content-type']]).toEqual([
      200,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    // Columns: 资产编号, 资产名称, 所属部门, …, 盘点结果 (6th), …, 处理方式 (10th), 处理原因 (11th).
    expect(sheet[0]!.slice(1, 3)).toEqual(['资产编号', '资产名称']);
    expect(sheet.length).toBe(1 + 7);
    const lostCode = await codeOf(lost);
    const lostRow = sheet.find((r) => r[1] === lostCode)!;
    expect([lostRow[3], lostRow[6], lostRow[10], lostRow[11]]).toEqual([
      '资产管理科',
      '盘亏',
      '报损处置',
      '确认丢失，报损',
    ]);

    const closed = await close();
    expect([closed.statusCode, closed.json().message]).toEqual([200, '盘点已结束']);
    const late = await finding({ clientId: `late-${tag}`, campaignId: id, itemId: movedItem, result: 'normal' });
    expect([late.statusCode, late.json().message]).toEqual([400, INVENTORY_MESSAGES.notOpen]);
  });
});
