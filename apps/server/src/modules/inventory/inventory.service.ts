import {
  ASSET_DICT,
  ASSET_STATUS,
  ASSET_STATUS_ITEMS,
  INVENTORY_DIFFERENCES,
  INVENTORY_MESSAGES as M,
  INVENTORY_RESULT,
  INVENTORY_RESULT_ITEMS,
  INVENTORY_SETTLE,
  INVENTORY_SETTLE_FOR,
  INVENTORY_SETTLE_ITEMS,
  INVENTORY_STATUS,
  INVENTORY_STATUS_ITEMS,
  assetCodeFromQr,
  type InventoryCampaign,
  type InventoryFinding,
  type InventoryItem,
  type InventoryProgress,
  type InventoryProgressRow,
  type InventoryReport,
  type InventoryResult,
  type InventoryScope,
  type InventorySettleAction,
  type PageResult,
} from '@district/shared';
import { assetCreateSchema, type LedgerAddInput } from '@district/shared/schemas';
import { sql, type Kysely } from 'kysely';
import type { BizInventoryCampaign, BizInventoryFinding, BizInventoryItem, Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { DictService } from '../../lib/dict.service.js';
import { ApiError, parse } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import type { KvStore } from '../../lib/kv-store.js';
import { writeDataLog } from '../../lib/resource/data-log.js';
import { escapeLike } from '../../lib/resource/list-query.js';
import { createRecord, dataChanged, scoped, updateRecord } from '../../lib/resource/resource.service.js';
import type { ResourceContext, ResourceDef } from '../../lib/resource/resource.types.js';
import { formatDateTime } from '../../lib/time.js';
import { addLedgerEvent, today } from '../asset/ledger.service.js';
import type { CampaignInput, FindingInput, SettleInput } from './inventory.schemas.js';

/** Names under which campaigns and items are versioned in sys_data_log. */
export const CAMPAIGN_LOG = 'biz_inventory_campaign';
export const ITEM_LOG = 'biz_inventory_item';

/** Rows written per multi-row insert of a snapshot: 28 columns × 30 stays under SQLite's oldest limit (999). */
const SNAPSHOT_BATCH = 30;

const refuse = (message: string, status = 400): never => {
  throw new ApiError(status, message);
};

function tenantOf(ctx: ResourceContext): number {
  if (ctx.user.tenantId === null) refuse(M.noTenant);
  return ctx.user.tenantId!;
}

const split = (value: string | null | undefined): string[] => (value ? value.split(',').filter(Boolean) : []);
const joined = (values: readonly string[]): string | null => (values.length ? values.join(',') : null);

function parseScope(text: string): InventoryScope {
  try {
    const v = JSON.parse(text) as Partial<InventoryScope>;
    return { departIds: v.departIds ?? [], categoryIds: v.categoryIds ?? [], address: v.address ?? '' };
  } catch {
    return { departIds: [], categoryIds: [], address: '' };
  }
}

/** The difference an item stands for: its result when that is one, 盘亏 while unchecked, none when normal. */
export function differenceOf(item: Pick<BizInventoryItem, 'result'>): Exclude<InventoryResult, 'normal'> | null {
  if (item.result === null) return INVENTORY_RESULT.missing;
  return (INVENTORY_DIFFERENCES as readonly string[]).includes(item.result)
    ? (item.result as Exclude<InventoryResult, 'normal'>)
    : null;
}

const resultText = (value: string | null) =>
  value === null ? '未盘' : (INVENTORY_RESULT_ITEMS.find((i) => i.value === value)?.text ?? value);
const settleText = (value: string | null) =>
  value === null ? null : (INVENTORY_SETTLE_ITEMS.find((i) => i.value === value)?.text ?? value);

// ---------------------------------------------------------------------------------------------------------------
// Campaigns (the desk)

async function findCampaign(db: Kysely<Database>, tenantId: number, id: string): Promise<BizInventoryCampaign> {
  const row = await db
    .selectFrom('bizInventoryCampaign')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!row) refuse(M.notFound, 404);
  return row!;
}

/** Checkers must be live users of the tenant; departments the tenant's; categories known. */
async function checkCampaignInput(ctx: ResourceContext, tenantId: number, input: CampaignInput): Promise<void> {
  const checkerIds = [...new Set(input.checkerIds)];
  const members = await ctx.db
    .selectFrom('sysUserTenant')
    .innerJoin('sysUser', 'sysUser.id', 'sysUserTenant.userId')
    .select('sysUser.id as id')
    .where('sysUserTenant.tenantId', '=', tenantId)
    .where('sysUserTenant.userId', 'in', checkerIds)
    .where('sysUser.delFlag', '=', 0)
    .execute();
  if (new Set(members.map((m) => m.id)).size !== checkerIds.length) refuse(M.unknownChecker);
  const departIds = [...new Set(input.scope.departIds)];
  if (departIds.length) {
    const found = await ctx.db
      .selectFrom('sysDepart')
      .select('id')
      .where('id', 'in', departIds)
      .where('tenantId', '=', tenantId)
      .where('delFlag', '=', 0)
      .execute();
    if (found.length !== departIds.length) refuse(M.unknownDepart);
  }
  const categoryIds = [...new Set(input.scope.categoryIds)];
  if (categoryIds.length) {
    const found = await ctx.db.selectFrom('sysCategory').select('id').where('id', 'in', categoryIds).execute();
    if (found.length !== categoryIds.length) refuse(M.unknownCategory);
  }
}

function campaignColumns(input: CampaignInput) {
  return {
    name: input.name,
    scope: JSON.stringify({
      departIds: [...new Set(input.scope.departIds)],
      categoryIds: [...new Set(input.scope.categoryIds)],
      address: input.scope.address,
    }),
    checkers: [...new Set(input.checkerIds)].join(','),
    deadline: input.deadline,
    remark: input.remark ?? null,
  };
}

async function logCampaign(trx: Kysely<Database>, ctx: ResourceContext, id: string, action: 'add' | 'edit' | 'delete') {
  const row = await trx.selectFrom('bizInventoryCampaign').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  await writeDataLog(trx, CAMPAIGN_LOG, id, action, row, ctx.user);
}

export async function createCampaign(ctx: ResourceContext, input: CampaignInput): Promise<{ id: string }> {
  const tenantId = tenantOf(ctx);
  await checkCampaignInput(ctx, tenantId, input);
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('bizInventoryCampaign')
      .values({
        id,
        ...campaignColumns(input),
        status: INVENTORY_STATUS.draft,
        openBy: null,
        openTime: null,
        closeBy: null,
        closeTime: null,
        tenantId,
        delFlag: 0,
        createBy: ctx.user.username,
        createTime: formatDateTime(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    await logCampaign(trx, ctx, id, 'add');
  });
  return { id };
}

/** Changes a draft (the row is updated only while still a draft, so an edit racing the opening loses). */
export async function editCampaign(ctx: ResourceContext, id: string, input: CampaignInput): Promise<void> {
  const tenantId = tenantOf(ctx);
  const before = await findCampaign(ctx.db, tenantId, id);
  if (before.status !== INVENTORY_STATUS.draft) refuse(M.onlyDraftEditable);
  await checkCampaignInput(ctx, tenantId, input);
  await ctx.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('bizInventoryCampaign')
      .set({ ...campaignColumns(input), updateBy: ctx.user.username, updateTime: formatDateTime() })
      .where('id', '=', id)
      .where('status', '=', INVENTORY_STATUS.draft)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) refuse(M.onlyDraftEditable);
    await logCampaign(trx, ctx, id, 'edit');
  });
}

export async function deleteCampaign(ctx: ResourceContext, id: string): Promise<void> {
  const tenantId = tenantOf(ctx);
  const before = await findCampaign(ctx.db, tenantId, id);
  if (before.status !== INVENTORY_STATUS.draft) refuse(M.onlyDraftEditable);
  await ctx.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('bizInventoryCampaign')
      .set({ delFlag: 1, updateBy: ctx.user.username, updateTime: formatDateTime() })
      .where('id', '=', id)
      .where('status', '=', INVENTORY_STATUS.draft)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) refuse(M.onlyDraftEditable);
    await logCampaign(trx, ctx, id, 'delete');
  });
}

/**
 * Opens a draft: in one transaction the status moves to open (only from draft: of two openings one wins) and the
 * scope's assets, as the opener may see them (tenant, not deleted, the asset menu's data rules) and not disposed,
 * are copied into the list. Later changes of the assets do not touch the copy.
 */
export async function openCampaign(
  assetDef: ResourceDef,
  ctx: ResourceContext,
  id: string,
): Promise<{ total: number }> {
  const tenantId = tenantOf(ctx);
  const campaign = await findCampaign(ctx.db, tenantId, id);
  if (campaign.status !== INVENTORY_STATUS.draft) refuse(M.onlyDraftOpenable);
  const scope = parseScope(campaign.scope);
  return ctx.db.transaction().execute(async (trx) => {
    const now = formatDateTime();
    const claimed = await trx
      .updateTable('bizInventoryCampaign')
      .set({ status: INVENTORY_STATUS.open, openBy: ctx.user.username, openTime: now })
      .where('id', '=', id)
      .where('status', '=', INVENTORY_STATUS.draft)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) refuse(M.onlyDraftOpenable);

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the resource's query is untyped
    let q: any = (await scoped(assetDef, { ...ctx, db: trx }))
      .clearSelect()
      .select([
        'bizAsset.id as id',
        'bizAsset.code as code',
        'bizAsset.name as name',
        'bizAsset.categoryId as categoryId',
        'bizAsset.ownerDepartId as ownerDepartId',
        'bizAsset.custodian as custodian',
        'bizAsset.address as address',
        'bizAsset.status as status',
      ])
      .where('bizAsset.status', '<>', ASSET_STATUS.disposed);
    if (scope.departIds.length) {
      const roots = await trx
        .selectFrom('sysDepart')
        .select('orgCode')
        .where('id', 'in', scope.departIds)
        .where('tenantId', '=', tenantId)
        .execute();
      const subtree = roots.length
        ? await trx
            .selectFrom('sysDepart')
            .select('id')
            .where('tenantId', '=', tenantId)
            .where('delFlag', '=', 0)
            .where((eb) =>
              eb.or(
                roots.map((r) => sql<boolean>`${eb.ref('orgCode')} like ${`${escapeLike(r.orgCode)}%`} escape '!'`),
              ),
            )
            .execute()
        : [];
      q = q.where('bizAsset.ownerDepartId', 'in', subtree.length ? subtree.map((d) => d.id) : ['-']);
    }
    if (scope.categoryIds.length) {
      const roots = await trx.selectFrom('sysCategory').select('code').where('id', 'in', scope.categoryIds).execute();
      const subtree = roots.length
        ? await trx
            .selectFrom('sysCategory')
            .select('id')
            .where((eb) =>
              eb.or(roots.map((r) => sql<boolean>`${eb.ref('code')} like ${`${escapeLike(r.code)}%`} escape '!'`)),
            )
            .execute()
        : [];
      q = q.where('bizAsset.categoryId', 'in', subtree.length ? subtree.map((c) => c.id) : ['-']);
    }
    if (scope.address)
      q = q.where(sql<boolean>`${sql.ref('bizAsset.address')} like ${`%${escapeLike(scope.address)}%`} escape '!'`);
    const assets = (await q.orderBy('bizAsset.code').execute()) as {
      id: string;
      code: string;
      name: string;
      categoryId: string | null;
      ownerDepartId: string | null;
      custodian: string | null;
      address: string | null;
      status: string;
    }[];
    if (assets.length === 0) refuse(M.emptyScope);
    for (let i = 0; i < assets.length; i += SNAPSHOT_BATCH) {
      const rows: BizInventoryItem[] = assets.slice(i, i + SNAPSHOT_BATCH).map((a) => ({
        ...emptyItem(id, tenantId),
        assetId: a.id,
        assetCode: a.code,
        assetName: a.name,
        categoryId: a.categoryId,
        departId: a.ownerDepartId,
        custodian: a.custodian,
        address: a.address,
        assetStatus: a.status,
      }));
      await trx.insertInto('bizInventoryItem').values(rows).execute();
    }
    await logCampaign(trx, ctx, id, 'edit');
    return { total: assets.length };
  });
}

function emptyItem(campaignId: string, tenantId: number): BizInventoryItem {
  return {
    id: newId(),
    campaignId,
    assetId: null,
    assetCode: null,
    assetName: '',
    categoryId: null,
    departId: null,
    custodian: null,
    address: null,
    assetStatus: null,
    surplus: 0,
    result: null,
    findingId: null,
    photos: null,
    latitude: null,
    longitude: null,
    accuracy: null,
    note: null,
    recordedAt: null,
    checkedBy: null,
    checkedTime: null,
    settleAction: null,
    settleReason: null,
    settleBy: null,
    settleTime: null,
    settleRef: null,
    tenantId,
  };
}

/** Items of a campaign that are differences not yet settled (unchecked items count as 盘亏). */
async function openDifferenceCount(db: Kysely<Database>, campaignId: string): Promise<number> {
  const row = await db
    .selectFrom('bizInventoryItem')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('campaignId', '=', campaignId)
    .where('settleAction', 'is', null)
    .where((eb) => eb.or([eb('result', 'is', null), eb('result', 'in', [...INVENTORY_DIFFERENCES])]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Closes an open campaign when every difference is settled. */
export async function closeCampaign(ctx: ResourceContext, id: string): Promise<void> {
  const tenantId = tenantOf(ctx);
  const campaign = await findCampaign(ctx.db, tenantId, id);
  if (campaign.status !== INVENTORY_STATUS.open) refuse(M.notOpen);
  const open = await openDifferenceCount(ctx.db, id);
  if (open > 0) refuse(M.openDifferences(open));
  await ctx.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('bizInventoryCampaign')
      .set({ status: INVENTORY_STATUS.closed, closeBy: ctx.user.username, closeTime: formatDateTime() })
      .where('id', '=', id)
      .where('status', '=', INVENTORY_STATUS.open)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) refuse(M.notOpen);
    await logCampaign(trx, ctx, id, 'edit');
  });
}

async function realnames(db: Kysely<Database>, by: 'id' | 'username', keys: (string | null)[]) {
  const wanted = [...new Set(keys.filter((k): k is string => !!k))];
  if (!wanted.length) return new Map<string, string>();
  const rows = await db.selectFrom('sysUser').select(['id', 'username', 'realname']).where(by, 'in', wanted).execute();
  return new Map(rows.map((r) => [by === 'id' ? r.id : r.username, r.realname]));
}

async function campaignViews(db: Kysely<Database>, rows: BizInventoryCampaign[]): Promise<InventoryCampaign[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db
    .selectFrom('bizInventoryItem')
    .select((eb) => [
      'campaignId',
      eb.fn.countAll().as('total'),
      eb.fn.count('result').as('checked'),
      eb.fn
        .sum<number>(
          sql`case when ${eb.ref('settleAction')} is null and (${eb.ref('result')} is null or ${eb.ref('result')} in (${sql.join(
            INVENTORY_DIFFERENCES.map((d) => sql.val(d)),
          )})) then 1 else 0 end`,
        )
        .as('open'),
    ])
    .where('campaignId', 'in', ids)
    .where('surplus', '=', 0)
    .groupBy('campaignId')
    .execute();
  // 盘盈 items are not on the list but are differences too.
  const surplusOpen = await db
    .selectFrom('bizInventoryItem')
    .select((eb) => ['campaignId', eb.fn.countAll().as('n')])
    .where('campaignId', 'in', ids)
    .where('surplus', '=', 1)
    .where('settleAction', 'is', null)
    .groupBy('campaignId')
    .execute();
  const byId = new Map(counts.map((c) => [c.campaignId, c]));
  const surplusById = new Map(surplusOpen.map((c) => [c.campaignId, Number(c.n)]));
  const names = await realnames(
    db,
    'id',
    rows.flatMap((r) => split(r.checkers)),
  );
  return rows.map((r) => {
    const c = byId.get(r.id);
    const checkerIds = split(r.checkers);
    return {
      id: r.id,
      name: r.name,
      scope: parseScope(r.scope),
      checkerIds,
      checkerNames: checkerIds.map((u) => names.get(u) ?? ''),
      deadline: r.deadline,
      status: r.status as InventoryCampaign['status'],
      status_dictText: INVENTORY_STATUS_ITEMS.find((s) => s.value === r.status)?.text ?? r.status,
      remark: r.remark,
      openTime: r.openTime,
      openBy: r.openBy,
      closeTime: r.closeTime,
      closeBy: r.closeBy,
      createBy: r.createBy,
      createTime: r.createTime,
      total: Number(c?.total ?? 0),
      checked: Number(c?.checked ?? 0),
      openDifferences: Number(c?.open ?? 0) + (surplusById.get(r.id) ?? 0),
    };
  });
}

export async function listCampaigns(
  ctx: ResourceContext,
  query: { pageNo: number; pageSize: number; status?: string; name?: string },
): Promise<PageResult<InventoryCampaign>> {
  const tenantId = tenantOf(ctx);
  let q = ctx.db.selectFrom('bizInventoryCampaign').where('tenantId', '=', tenantId).where('delFlag', '=', 0);
  if (query.status) q = q.where('status', '=', query.status);
  if (query.name) q = q.where(sql<boolean>`${sql.ref('name')} like ${`%${escapeLike(query.name)}%`} escape '!'`);
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await q
    .selectAll()
    .orderBy('createTime', 'desc')
    .orderBy('id', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return {
    records: await campaignViews(ctx.db, rows),
    total,
    size: query.pageSize,
    current: query.pageNo,
    pages: Math.ceil(total / query.pageSize),
  };
}

export async function getCampaign(ctx: ResourceContext, id: string): Promise<InventoryCampaign> {
  const row = await findCampaign(ctx.db, tenantOf(ctx), id);
  return (await campaignViews(ctx.db, [row]))[0]!;
}

// ---------------------------------------------------------------------------------------------------------------
// Items, progress, differences

async function itemViews(ctx: ResourceContext, kv: KvStore, rows: BizInventoryItem[]): Promise<InventoryItem[]> {
  const db = ctx.db;
  const departIds = [...new Set(rows.map((r) => r.departId).filter((d): d is string => !!d))];
  const departs = new Map(
    departIds.length
      ? (await db.selectFrom('sysDepart').select(['id', 'departName']).where('id', 'in', departIds).execute()).map(
          (d) => [d.id, d.departName],
        )
      : [],
  );
  const categoryIds = [...new Set(rows.map((r) => r.categoryId).filter((d): d is string => !!d))];
  const categories = new Map(
    categoryIds.length
      ? (await db.selectFrom('sysCategory').select(['id', 'name']).where('id', 'in', categoryIds).execute()).map(
          (c) => [c.id, c.name],
        )
      : [],
  );
  const people = await realnames(
    db,
    'username',
    rows.flatMap((r) => [r.custodian, r.checkedBy, r.settleBy]),
  );
  const statusLabels = new Map<string, string>(ASSET_STATUS_ITEMS.map((i) => [i.value, i.text]));
  for (const i of await new DictService(db, kv).items(ASSET_DICT.status)) statusLabels.set(String(i.value), i.text);
  return rows.map((r) => ({
    id: r.id,
    campaignId: r.campaignId,
    assetId: r.assetId,
    assetCode: r.assetCode,
    assetName: r.assetName,
    categoryId: r.categoryId,
    categoryName: r.categoryId ? (categories.get(r.categoryId) ?? null) : null,
    departId: r.departId,
    departName: r.departId ? (departs.get(r.departId) ?? null) : null,
    custodian: r.custodian,
    custodianName: r.custodian ? (people.get(r.custodian) ?? r.custodian) : null,
    address: r.address,
    assetStatus: r.assetStatus,
    assetStatus_dictText: r.assetStatus ? (statusLabels.get(r.assetStatus) ?? r.assetStatus) : null,
    surplus: Number(r.surplus) === 1,
    result: r.result as InventoryResult | null,
    result_dictText: resultText(r.result),
    difference: differenceOf(r),
    photos: split(r.photos),
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    accuracy: r.accuracy === null ? null : Number(r.accuracy),
    note: r.note,
    recordedAt: r.recordedAt,
    checkedBy: r.checkedBy,
    checkedByName: r.checkedBy ? (people.get(r.checkedBy) ?? r.checkedBy) : null,
    checkedTime: r.checkedTime,
    settleAction: r.settleAction as InventorySettleAction | null,
    settleAction_dictText: settleText(r.settleAction),
    settleReason: r.settleReason,
    settleBy: r.settleBy,
    settleByName: r.settleBy ? (people.get(r.settleBy) ?? r.settleBy) : null,
    settleTime: r.settleTime,
    settleRef: r.settleRef,
  }));
}

export interface ItemQuery {
  campaignId: string;
  pageNo: number;
  pageSize: number;
  /** '0' unchecked, '1' checked. */
  checked?: string;
  result?: string;
  departId?: string;
  code?: string;
  /** Differences only ('0' open, '1' settled, '' both). */
  differences?: { settled: string };
}

async function pageItems(ctx: ResourceContext, kv: KvStore, query: ItemQuery): Promise<PageResult<InventoryItem>> {
  let q = ctx.db.selectFrom('bizInventoryItem').where('campaignId', '=', query.campaignId);
  if (query.checked === '0') q = q.where('result', 'is', null);
  if (query.checked === '1') q = q.where('result', 'is not', null);
  if (query.result) q = q.where('result', '=', query.result);
  if (query.departId) q = q.where('departId', '=', query.departId);
  if (query.code) q = q.where('assetCode', '=', query.code);
  if (query.differences) {
    q = q.where((eb) => eb.or([eb('result', 'is', null), eb('result', 'in', [...INVENTORY_DIFFERENCES])]));
    if (query.differences.settled === '0') q = q.where('settleAction', 'is', null);
    if (query.differences.settled === '1') q = q.where('settleAction', 'is not', null);
  }
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await q
    .selectAll()
    .orderBy('surplus')
    .orderBy('assetCode')
    .orderBy('id')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return {
    records: await itemViews(ctx, kv, rows),
    total,
    size: query.pageSize,
    current: query.pageNo,
    pages: Math.ceil(total / query.pageSize),
  };
}

/** The desk's list of a campaign's items (any filter), or its differences. */
export async function listItems(ctx: ResourceContext, kv: KvStore, query: ItemQuery) {
  await findCampaign(ctx.db, tenantOf(ctx), query.campaignId);
  return pageItems(ctx, kv, query);
}

export async function campaignProgress(ctx: ResourceContext, id: string): Promise<InventoryProgress> {
  await findCampaign(ctx.db, tenantOf(ctx), id);
  const rows = await ctx.db
    .selectFrom('bizInventoryItem')
    .select(['departId', 'result', 'checkedBy', 'surplus'])
    .where('campaignId', '=', id)
    .execute();
  const listed = rows.filter((r) => Number(r.surplus) === 0);
  const byDepart = new Map<string, InventoryProgressRow>();
  for (const r of listed) {
    const key = r.departId ?? '';
    const row = byDepart.get(key) ?? { key, name: '', total: 0, checked: 0, unchecked: 0 };
    row.total++;
    if (r.result === null) row.unchecked++;
    else row.checked++;
    byDepart.set(key, row);
  }
  const departIds = [...byDepart.keys()].filter(Boolean);
  const departNames = new Map(
    departIds.length
      ? (await ctx.db.selectFrom('sysDepart').select(['id', 'departName']).where('id', 'in', departIds).execute()).map(
          (d) => [d.id, d.departName],
        )
      : [],
  );
  for (const row of byDepart.values()) row.name = departNames.get(row.key) ?? '无所属部门';
  const byChecker = new Map<string, InventoryProgressRow>();
  for (const r of rows) {
    if (!r.checkedBy) continue;
    const row = byChecker.get(r.checkedBy) ?? { key: r.checkedBy, name: '', total: 0, checked: 0, unchecked: 0 };
    row.total++;
    row.checked++;
    byChecker.set(r.checkedBy, row);
  }
  const names = await realnames(ctx.db, 'username', [...byChecker.keys()]);
  for (const row of byChecker.values()) row.name = names.get(row.key) ?? row.key;
  const byResult: InventoryProgress['byResult'] = [
    ...INVENTORY_RESULT_ITEMS.map((i) => ({
      result: i.value,
      text: i.text,
      count: rows.filter((r) => r.result === i.value).length,
    })),
    { result: 'unchecked', text: '未盘', count: listed.filter((r) => r.result === null).length },
  ];
  const checked = listed.filter((r) => r.result !== null).length;
  return {
    total: listed.length,
    checked,
    unchecked: listed.length - checked,
    surplus: rows.length - listed.length,
    byDepart: [...byDepart.values()].sort((a, b) => a.name.localeCompare(b.name, 'zh-CN')),
    byChecker: [...byChecker.values()].sort((a, b) => b.checked - a.checked),
    byResult,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Settlement

const ledgerRemark = (campaign: BizInventoryCampaign, reason: string) =>
  `盘点“${campaign.name}”：${reason}`.slice(0, 500);

/**
 * Settles one difference through the ledger's own functions (its state machine, its data rules, its versions): a
 * transfer, a 盘点 event with an edit of place or keeper, a repair, a disposal, or a new asset through the asset
 * register. The item is claimed first (only an unsettled one), so two settlements of one difference cannot both
 * run; if the ledger refuses, the claim is released and the ledger's message answered.
 */
export async function settleDifference(
  assetDef: ResourceDef,
  ctx: ResourceContext,
  kv: KvStore,
  input: SettleInput,
): Promise<InventoryItem> {
  const tenantId = tenantOf(ctx);
  const item = await ctx.db
    .selectFrom('bizInventoryItem')
    .selectAll()
    .where('id', '=', input.itemId)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!item) refuse(M.itemNotFound, 404);
  const campaign = await findCampaign(ctx.db, tenantId, item!.campaignId);
  if (campaign.status !== INVENTORY_STATUS.open) refuse(M.notOpen);
  const difference = differenceOf(item!);
  if (!difference) refuse(M.notDifference);
  if (item!.settleAction) refuse(M.alreadySettled);
  const action = input.action as InventorySettleAction;
  if (!INVENTORY_SETTLE_FOR[difference!].includes(action)) {
    refuse(M.actionNotFit(settleText(action)!, resultText(difference)));
  }
  if (action === INVENTORY_SETTLE.transfer && !input.toDepartId && !input.toCustodian && !input.toAddress) {
    refuse(M.transferNothing);
  }
  if (action === INVENTORY_SETTLE.register && !input.categoryId) refuse(M.categoryRequired);

  const claimed = await ctx.db
    .updateTable('bizInventoryItem')
    .set({
      settleAction: action,
      settleReason: input.reason,
      settleBy: ctx.user.username,
      settleTime: formatDateTime(),
    })
    .where('id', '=', item!.id)
    .where('settleAction', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) refuse(M.alreadySettled);

  let ref: string | null = null;
  let newCode: string | null = null;
  try {
    const remark = ledgerRemark(campaign, input.reason);
    const event = (type: LedgerAddInput['type'], extra: Partial<LedgerAddInput> = {}) =>
      addLedgerEvent(assetDef, ctx, kv, { assetId: item!.assetId!, type, eventDate: today(), remark, ...extra });
    if (action === INVENTORY_SETTLE.transfer) {
      ref = (input.toDepartId ? await event('transfer', { toDepartId: input.toDepartId }) : await event('inventory'))
        .id;
      const changes: Record<string, unknown> = {};
      if (input.toAddress) changes.address = input.toAddress;
      if (input.toCustodian) changes.custodian = input.toCustodian;
      if (Object.keys(changes).length) await updateRecord(assetDef, { id: item!.assetId, ...changes }, ctx);
    } else if (action === INVENTORY_SETTLE.repair) {
      ref = (await event('repair')).id;
    } else if (action === INVENTORY_SETTLE.dispose) {
      ref = (await event('disposal')).id;
    } else if (action === INVENTORY_SETTLE.register) {
      const hasPosition = item!.latitude !== null && item!.longitude !== null;
      const body = parse(assetCreateSchema, {
        name: item!.assetName,
        categoryId: input.categoryId,
        ownerDepartId: input.ownerDepartId ?? null,
        address: item!.address,
        status: ASSET_STATUS.inUse,
        acquiredDate: today(),
        ...(input.originalValue !== undefined && input.originalValue !== null
          ? { originalValue: input.originalValue, netValue: input.originalValue }
          : {}),
        ...(hasPosition ? { latitude: Number(item!.latitude), longitude: Number(item!.longitude) } : {}),
        images: split(item!.photos),
        remark: ledgerRemark(campaign, input.reason),
      });
      const row = await createRecord(assetDef, body, ctx);
      ref = String(row.id);
      newCode = String(row.code);
    }
  } catch (error) {
    await ctx.db
      .updateTable('bizInventoryItem')
      .set({ settleAction: null, settleReason: null, settleBy: null, settleTime: null })
      .where('id', '=', item!.id)
      .execute();
    throw error;
  }
  const after = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('bizInventoryItem')
      .set({ settleRef: ref, ...(newCode ? { assetCode: newCode } : {}) })
      .where('id', '=', item!.id)
      .execute();
    const row = await trx
      .selectFrom('bizInventoryItem')
      .selectAll()
      .where('id', '=', item!.id)
      .executeTakeFirstOrThrow();
    await writeDataLog(trx, ITEM_LOG, row.id, 'edit', row, ctx.user);
    return row;
  });
  await dataChanged(kv);
  return (await itemViews(ctx, kv, [after]))[0]!;
}

export async function campaignReport(ctx: ResourceContext, kv: KvStore, id: string): Promise<InventoryReport> {
  const campaign = await getCampaign(ctx, id);
  const progress = await campaignProgress(ctx, id);
  const rows = await ctx.db
    .selectFrom('bizInventoryItem')
    .selectAll()
    .where('campaignId', '=', id)
    .where((eb) => eb.or([eb('result', 'is', null), eb('result', 'in', [...INVENTORY_DIFFERENCES])]))
    .orderBy('surplus')
    .orderBy('assetCode')
    .orderBy('id')
    .execute();
  return { campaign, progress, differences: await itemViews(ctx, kv, rows) };
}

/** Every item of a campaign in pages of 500, labelled (the export). */
export async function* allItems(ctx: ResourceContext, kv: KvStore, id: string): AsyncGenerator<InventoryItem[]> {
  await findCampaign(ctx.db, tenantOf(ctx), id);
  for (let pageNo = 1; ; pageNo++) {
    const page = await pageItems(ctx, kv, { campaignId: id, pageNo, pageSize: 500 });
    if (page.records.length) yield page.records;
    if (pageNo >= page.pages) return;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The checker (the phone)

/** A campaign the caller is a checker of, in the tenant they act in; anything else is a 403. */
async function checkerCampaign(ctx: ResourceContext, campaignId: string): Promise<BizInventoryCampaign> {
  const tenantId = ctx.user.tenantId;
  const row =
    tenantId === null
      ? undefined
      : await ctx.db
          .selectFrom('bizInventoryCampaign')
          .selectAll()
          .where('id', '=', campaignId)
          .where('tenantId', '=', tenantId)
          .where('delFlag', '=', 0)
          .where('status', '<>', INVENTORY_STATUS.draft)
          .executeTakeFirst();
  if (!row || !split(row.checkers).includes(ctx.user.id)) refuse(M.notChecker, 403);
  return row!;
}

export async function myCampaigns(ctx: ResourceContext): Promise<InventoryCampaign[]> {
  if (ctx.user.tenantId === null) return [];
  const rows = await ctx.db
    .selectFrom('bizInventoryCampaign')
    .selectAll()
    .where('tenantId', '=', ctx.user.tenantId)
    .where('delFlag', '=', 0)
    .where('status', '=', INVENTORY_STATUS.open)
    .orderBy('deadline')
    .execute();
  return campaignViews(
    ctx.db,
    rows.filter((r) => split(r.checkers).includes(ctx.user.id)),
  );
}

export async function myItems(ctx: ResourceContext, kv: KvStore, query: ItemQuery) {
  await checkerCampaign(ctx, query.campaignId);
  return pageItems(ctx, kv, {
    campaignId: query.campaignId,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    checked: query.checked,
  });
}

/** An item by the asset code, typed or read from the card's QR code. */
export async function lookupItem(
  ctx: ResourceContext,
  kv: KvStore,
  campaignId: string,
  text: string,
): Promise<InventoryItem> {
  await checkerCampaign(ctx, campaignId);
  const code = assetCodeFromQr(text);
  if (!code) refuse(M.codeRequired);
  const row = await ctx.db
    .selectFrom('bizInventoryItem')
    .selectAll()
    .where('campaignId', '=', campaignId)
    .where('assetCode', '=', code)
    .where('surplus', '=', 0)
    .executeTakeFirst();
  if (!row) refuse(M.codeNotInList(code), 404);
  return (await itemViews(ctx, kv, [row!]))[0]!;
}

function findingView(f: BizInventoryFinding): InventoryFinding {
  return {
    id: f.id,
    clientId: f.clientId,
    campaignId: f.campaignId,
    itemId: f.itemId,
    result: f.result as InventoryResult,
    result_dictText: resultText(f.result),
    photos: split(f.photos),
    latitude: f.latitude === null ? null : Number(f.latitude),
    longitude: f.longitude === null ? null : Number(f.longitude),
    accuracy: f.accuracy === null ? null : Number(f.accuracy),
    note: f.note,
    recordedAt: f.recordedAt,
    createBy: f.createBy,
    createTime: f.createTime,
  };
}

/** A stored finding of this client id, if it is the caller's (a resend); someone else's id is refused. */
async function storedFinding(ctx: ResourceContext, input: FindingInput): Promise<InventoryFinding | null> {
  const found = await ctx.db
    .selectFrom('bizInventoryFinding')
    .selectAll()
    .where('clientId', '=', input.clientId)
    .executeTakeFirst();
  if (!found) return null;
  if (
    found.createBy !== ctx.user.username ||
    found.campaignId !== input.campaignId ||
    found.tenantId !== ctx.user.tenantId
  ) {
    refuse(M.clientIdTaken);
  }
  return findingView(found);
}

/** Photos must be files uploaded in the campaign's tenant. */
async function checkPhotos(db: Kysely<Database>, tenantId: number, paths: string[]): Promise<void> {
  if (!paths.length) return;
  const found = await db
    .selectFrom('sysFile')
    .select('storedPath')
    .where('storedPath', 'in', paths)
    .where('tenantId', '=', tenantId)
    .execute();
  const known = new Set(found.map((f) => f.storedPath));
  const missing = paths.find((p) => !known.has(p));
  if (missing) refuse(M.notFile(missing));
}

/**
 * Records a finding. A client id already stored answers the stored finding and writes nothing (the phone's queue
 * resends after a lost answer); two sends racing are settled by the unique key. A finding replaces the item's
 * earlier one; every version of the item is in the data log and every finding stays in biz_inventory_finding.
 */
export async function recordFinding(
  ctx: ResourceContext,
  input: FindingInput,
): Promise<{ finding: InventoryFinding; duplicate: boolean }> {
  const known = await storedFinding(ctx, input);
  if (known) return { finding: known, duplicate: true };
  const campaign = await checkerCampaign(ctx, input.campaignId);
  if (campaign.status !== INVENTORY_STATUS.open) refuse(M.notOpen);
  const tenantId = campaign.tenantId!;
  await checkPhotos(ctx.db, tenantId, input.photos);
  const now = formatDateTime();
  const position = {
    photos: joined(input.photos),
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    accuracy: input.accuracy ?? null,
    note: input.note ?? null,
    recordedAt: input.recordedAt ?? null,
  };
  try {
    const finding = await ctx.db.transaction().execute(async (trx) => {
      const findingId = newId();
      let itemId: string;
      let action: 'add' | 'edit' = 'edit';
      if (input.result === INVENTORY_RESULT.surplus) {
        itemId = newId();
        action = 'add';
        await trx
          .insertInto('bizInventoryItem')
          .values({
            ...emptyItem(campaign.id, tenantId),
            id: itemId,
            assetName: input.name!,
            address: input.address ?? null,
            surplus: 1,
            result: INVENTORY_RESULT.surplus,
            findingId,
            ...position,
            checkedBy: ctx.user.username,
            checkedTime: now,
          })
          .execute();
      } else {
        const item = await trx
          .selectFrom('bizInventoryItem')
          .select(['id', 'settleAction', 'surplus'])
          .where('id', '=', input.itemId!)
          .where('campaignId', '=', campaign.id)
          .executeTakeFirst();
        if (!item || Number(item.surplus) === 1) refuse(M.itemNotFound, 404);
        if (item!.settleAction) refuse(M.alreadySettled);
        itemId = item!.id;
        const done = await trx
          .updateTable('bizInventoryItem')
          .set({ result: input.result, findingId, ...position, checkedBy: ctx.user.username, checkedTime: now })
          .where('id', '=', itemId)
          .where('settleAction', 'is', null)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 0) refuse(M.alreadySettled);
      }
      const row: BizInventoryFinding = {
        id: findingId,
        clientId: input.clientId,
        campaignId: campaign.id,
        itemId,
        result: input.result,
        ...position,
        tenantId,
        createBy: ctx.user.username,
        createTime: now,
      };
      await trx.insertInto('bizInventoryFinding').values(row).execute();
      // The photos are saved with a record now: the sweep of unsaved uploads must leave them alone.
      if (input.photos.length) {
        await trx.updateTable('sysFile').set({ inUse: 1 }).where('storedPath', 'in', input.photos).execute();
      }
      const after = await trx
        .selectFrom('bizInventoryItem')
        .selectAll()
        .where('id', '=', itemId)
        .executeTakeFirstOrThrow();
      await writeDataLog(trx, ITEM_LOG, itemId, action, after, ctx.user);
      return findingView(row);
    });
    return { finding, duplicate: false };
  } catch (error) {
    // The same client id sent twice at once: the loser answers the winner's finding.
    if (isUniqueViolation(error)) {
      const stored = await storedFinding(ctx, input);
      if (stored) return { finding: stored, duplicate: true };
    }
    throw error;
  }
}
