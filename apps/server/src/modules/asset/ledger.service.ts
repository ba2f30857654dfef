import type { Kysely, Selectable } from 'kysely';
import {
  ASSET_DICT,
  ASSET_MESSAGES,
  ASSET_STATUS_ITEMS,
  LEDGER_RULES,
  LEDGER_TYPE,
  LEDGER_TYPE_ITEMS,
  fromHundredths,
  ledgerNextStatus,
  yuanToFen,
  type AssetStatus,
  type LedgerEntry,
  type LedgerType,
  type PageResult,
} from '@district/shared';
import type { LedgerAddInput } from '@district/shared/schemas';
import type { AuthUser } from '../../context.js';
import type { BizAsset, BizAssetLedger, Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import type { KvStore } from '../../lib/kv-store.js';
import { writeDataLog } from '../../lib/resource/data-log.js';
import { dataChanged, scoped } from '../../lib/resource/resource.service.js';
import type { ResourceContext, ResourceDef } from '../../lib/resource/resource.types.js';
import { formatDateTime } from '../../lib/time.js';
import { DictService } from '../../lib/dict.service.js';

/** The asset fields an acquire event reads (the row as inserted, camelCase). */
export type AcquiredAsset = Pick<
  Selectable<BizAsset>,
  'id' | 'ownerDepartId' | 'status' | 'originalValue' | 'netValue' | 'acquiredDate' | 'tenantId' | 'sysOrgCode'
>;

/** Today as the ledger stores event dates, in server local time like every time column. */
export function today(): string {
  return formatDateTime().slice(0, 10);
}

/**
 * Writes an asset's first ledger event, `acquire`, inside the caller's transaction (the asset add and the
 * import). It takes asset_version 0, so a second acquire for the same asset fails on the unique key.
 */
export async function recordAcquire(trx: Kysely<Database>, asset: AcquiredAsset, user: AuthUser): Promise<void> {
  await trx
    .insertInto('bizAssetLedger')
    .values(acquireRow(asset, user, formatDateTime()))
    .execute();
}

/** The same for a batch of imported assets: a few multi-row inserts instead of one per asset. */
export async function recordAcquireMany(
  trx: Kysely<Database>,
  assets: readonly AcquiredAsset[],
  user: AuthUser,
): Promise<void> {
  const now = formatDateTime();
  // 19 columns × 50 rows stays under SQLite's oldest bound-parameter limit (999).
  for (let i = 0; i < assets.length; i += 50) {
    const rows = assets.slice(i, i + 50).map((a) => acquireRow(a, user, now));
    await trx.insertInto('bizAssetLedger').values(rows).execute();
  }
}

function acquireRow(asset: AcquiredAsset, user: AuthUser, now: string): BizAssetLedger {
  return {
    id: newId(),
    assetId: asset.id,
    type: LEDGER_TYPE.acquire,
    eventDate: asset.acquiredDate || today(),
    fromDepartId: null,
    toDepartId: asset.ownerDepartId ?? null,
    fromStatus: null,
    toStatus: asset.status,
    counterparty: null,
    amount: asset.originalValue ?? null,
    netValueBefore: null,
    netValueAfter: asset.netValue ?? null,
    documents: null,
    remark: null,
    assetVersion: 0,
    tenantId: asset.tenantId ?? null,
    sysOrgCode: asset.sysOrgCode ?? null,
    createBy: user.username,
    createTime: now,
  };
}

/** A ledger event as the list answers it: amounts in yuan, with labels. */
export type LedgerRecord = LedgerEntry & {
  assetVersion: number;
  type_dictText: string;
  fromStatus_dictText: string;
  toStatus_dictText: string;
  fromDepartId_dictText: string;
  toDepartId_dictText: string;
  createBy_dictText: string;
};

const refuse = (message: string): never => {
  throw new ApiError(400, message);
};

/** The asset's id if the caller may see it (tenant, not deleted, data rules of the asset menu), else a 404. */
async function visibleAssetId(assetDef: ResourceDef, ctx: ResourceContext, assetId: string): Promise<string> {
  const q = await scoped(assetDef, ctx);
  // Only the id: the resource's base query may join other tables, the row itself is read plainly below.
  const hit = (await q
    .clearSelect()
    .select('bizAsset.id as id')
    .where('bizAsset.id', '=', assetId)
    .executeTakeFirst()) as { id: string } | undefined;
  if (!hit) throw new ApiError(404, ASSET_MESSAGES.notFound);
  return hit.id;
}

/** Checks that do not depend on the asset: what the event type needs from the form. */
function checkInput(input: LedgerAddInput): { amount: number | null } {
  // The pattern lets 2025-02-31 through; a ledger date must be a day that exists.
  const [y, m, d] = input.eventDate.split('-').map(Number) as [number, number, number];
  const day = new Date(y, m - 1, d);
  if (day.getFullYear() !== y || day.getMonth() !== m - 1 || day.getDate() !== d) refuse('事件日期不是有效的日期');
  if (input.eventDate > today()) refuse(ASSET_MESSAGES.futureDate('事件日期'));
  if (input.type === LEDGER_TYPE.transfer && !input.toDepartId) refuse(ASSET_MESSAGES.toDepartRequired);
  if (input.type === LEDGER_TYPE.lease && !input.counterparty?.trim()) refuse(ASSET_MESSAGES.counterpartyRequired);
  const amount = input.amount === null || input.amount === undefined ? null : yuanToFen(input.amount);
  if (input.type === LEDGER_TYPE.revaluation && amount === null) refuse(ASSET_MESSAGES.revaluationAmount);
  return { amount };
}

async function checkDocuments(trx: Kysely<Database>, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  const found = await trx.selectFrom('sysFile').select('storedPath').where('storedPath', 'in', paths).execute();
  const known = new Set(found.map((f) => f.storedPath));
  const missing = paths.find((p) => !known.has(p));
  if (missing) refuse(ASSET_MESSAGES.notFile(missing));
}

/** The status an asset in 维修 had before its repair began (idle when the ledger does not say). */
async function statusBeforeRepair(trx: Kysely<Database>, assetId: string): Promise<AssetStatus> {
  const start = await trx
    .selectFrom('bizAssetLedger')
    .select('fromStatus')
    .where('assetId', '=', assetId)
    .where('toStatus', '=', 'repair')
    .where('fromStatus', 'in', ['idle', 'in_use'])
    .orderBy('assetVersion', 'desc')
    .executeTakeFirst();
  return (start?.fromStatus as AssetStatus | undefined) ?? 'idle';
}

/**
 * Records one event and applies it to the asset in a single transaction. The asset is updated only if its
 * version is still the one read here, so of two events racing on one asset exactly one wins; the other is
 * refused and writes nothing.
 */
export async function addLedgerEvent(
  assetDef: ResourceDef,
  ctx: ResourceContext,
  kv: KvStore,
  input: LedgerAddInput,
): Promise<{ id: string; version: number }> {
  const { amount } = checkInput(input);
  const type = input.type as keyof typeof LEDGER_RULES;
  const rule = LEDGER_RULES[type];
  const documents = input.documents ?? [];
  const result = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const tx: ResourceContext = { ...ctx, db: trx };
      const assetId = await visibleAssetId(assetDef, tx, input.assetId);
      const asset = await trx.selectFrom('bizAsset').selectAll().where('id', '=', assetId).executeTakeFirstOrThrow();
      const version = Number(asset.version);
      if (input.version !== undefined && input.version !== version) {
        throw new ApiError(400, ASSET_MESSAGES.concurrentChange);
      }
      if (!(rule.from as readonly string[]).includes(asset.status)) refuse(rule.refused);
      if (asset.acquiredDate && input.eventDate < asset.acquiredDate) refuse(ASSET_MESSAGES.eventBeforeAcquired);
      await checkDocuments(trx, documents);

      const original = asset.originalValue === null ? null : Number(asset.originalValue);
      const netBefore = asset.netValue === null ? null : Number(asset.netValue);
      const changes: Partial<BizAsset> = {};
      let toDepartId: string | null = null;
      const status = asset.status as AssetStatus;
      // Ending a repair without a chosen status returns the asset to the status it had when the repair began.
      const repairEndDefault =
        type === LEDGER_TYPE.repair && status === 'repair' && !input.toStatus
          ? await statusBeforeRepair(trx, asset.id)
          : undefined;
      const toStatus = ledgerNextStatus(
        type,
        status,
        input.toStatus as AssetStatus | null | undefined,
        repairEndDefault,
      );
      if (type === LEDGER_TYPE.transfer) {
        if (input.toDepartId === asset.ownerDepartId) refuse(ASSET_MESSAGES.sameDepart);
        // Only a live department of the tenant the caller acts in (a caller of no tenant has none).
        const depart =
          ctx.user.tenantId === null
            ? undefined
            : await trx
                .selectFrom('sysDepart')
                .select(['id', 'orgCode'])
                .where('id', '=', input.toDepartId!)
                .where('delFlag', '=', 0)
                .where('tenantId', '=', ctx.user.tenantId)
                .executeTakeFirst();
        if (!depart) refuse(ASSET_MESSAGES.unknownToDepart);
        toDepartId = depart!.id;
        Object.assign(changes, { ownerDepartId: depart!.id, sysOrgCode: depart!.orgCode });
      }
      let netAfter = netBefore;
      if (type === LEDGER_TYPE.revaluation) {
        if (original !== null && amount! > original) refuse(ASSET_MESSAGES.netAboveOriginal);
        netAfter = amount;
        changes.netValue = amount;
      }
      if (type === LEDGER_TYPE.disposal) Object.assign(changes, { published: 0, publishTime: null });
      if (toStatus !== asset.status) changes.status = toStatus;

      const now = formatDateTime();
      const updated = await trx
        .updateTable('bizAsset')
        .set({ ...changes, version: version + 1, updateBy: ctx.user.username, updateTime: now })
        .where('id', '=', asset.id)
        .where('version', '=', version)
        .executeTakeFirst();
      // Someone else's event (or edit) changed the asset since it was read: theirs stands, this one is refused.
      if (Number(updated.numUpdatedRows) === 0) throw new ApiError(400, ASSET_MESSAGES.concurrentChange);

      const entry: BizAssetLedger = {
        id: newId(),
        assetId: asset.id,
        type,
        eventDate: input.eventDate,
        fromDepartId: asset.ownerDepartId,
        toDepartId,
        fromStatus: asset.status,
        toStatus,
        counterparty: input.counterparty?.trim() || null,
        amount,
        netValueBefore: netBefore,
        netValueAfter: netAfter,
        documents: documents.length ? documents.join(',') : null,
        remark: input.remark?.trim() || null,
        assetVersion: version + 1,
        tenantId: asset.tenantId,
        sysOrgCode: changes.sysOrgCode ?? asset.sysOrgCode,
        createBy: ctx.user.username,
        createTime: now,
      };
      await trx.insertInto('bizAssetLedger').values(entry).execute();
      const after = await trx.selectFrom('bizAsset').selectAll().where('id', '=', asset.id).executeTakeFirstOrThrow();
      await writeDataLog(trx, assetDef.name, asset.id, 'edit', after, ctx.user);
      return { id: entry.id, version: version + 1 };
    })
    .catch((error: unknown) => {
      // The ledger's (asset, version) key is the last line of defence against a lost race.
      if (isUniqueViolation(error)) throw new ApiError(400, ASSET_MESSAGES.concurrentChange, { cause: error });
      throw error;
    });
  await dataChanged(kv);
  return result;
}

export interface LedgerListQuery {
  assetId: string;
  type?: LedgerType;
  pageNo: number;
  pageSize: number;
}

/** Labels of a dictionary, falling back to the shared items when the dictionary is not seeded. */
async function labels(
  dicts: DictService,
  code: string,
  fallback: readonly { value: string; text: string }[],
): Promise<Map<string, string>> {
  const items = await dicts.items(code);
  const map = new Map(fallback.map((i) => [i.value, i.text]));
  for (const i of items) map.set(String(i.value), i.text);
  return map;
}

/** An asset's events, newest first (by the version each produced: the order they were applied in). */
export async function listLedger(
  assetDef: ResourceDef,
  ctx: ResourceContext,
  kv: KvStore,
  query: LedgerListQuery,
): Promise<PageResult<LedgerRecord>> {
  const assetId = await visibleAssetId(assetDef, ctx, query.assetId);
  let q = ctx.db.selectFrom('bizAssetLedger').where('assetId', '=', assetId);
  if (query.type) q = q.where('type', '=', query.type);
  const count = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
  const total = Number(count?.total ?? 0);
  const rows = await q
    .selectAll()
    .orderBy('assetVersion', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();

  const dicts = new DictService(ctx.db, kv);
  const types = await labels(dicts, ASSET_DICT.ledgerType, LEDGER_TYPE_ITEMS);
  const statuses = await labels(dicts, ASSET_DICT.status, ASSET_STATUS_ITEMS);
  const departIds = [...new Set(rows.flatMap((r) => [r.fromDepartId, r.toDepartId]).filter((d) => d !== null))];
  const departs = new Map(
    departIds.length
      ? (await ctx.db.selectFrom('sysDepart').select(['id', 'departName']).where('id', 'in', departIds).execute()).map(
          (d) => [d.id, d.departName],
        )
      : [],
  );
  const usernames = [...new Set(rows.map((r) => r.createBy).filter((u) => u !== null))];
  const people = new Map(
    usernames.length
      ? (
          await ctx.db
            .selectFrom('sysUser')
            .select(['username', 'realname'])
            .where('username', 'in', usernames)
            .execute()
        ).map((u) => [u.username, u.realname])
      : [],
  );
  const text = (map: Map<string, string>, value: string | null) => (value === null ? '' : (map.get(value) ?? value));
  const records = rows.map((r): LedgerRecord => ({
    id: r.id,
    assetId: r.assetId,
    type: r.type as LedgerType,
    eventDate: r.eventDate,
    fromDepartId: r.fromDepartId,
    toDepartId: r.toDepartId,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    counterparty: r.counterparty,
    amount: fromHundredths(r.amount),
    netValueBefore: fromHundredths(r.netValueBefore),
    netValueAfter: fromHundredths(r.netValueAfter),
    documents: r.documents,
    remark: r.remark,
    createBy: r.createBy,
    createTime: r.createTime,
    assetVersion: Number(r.assetVersion),
    type_dictText: text(types, r.type),
    fromStatus_dictText: text(statuses, r.fromStatus),
    toStatus_dictText: text(statuses, r.toStatus),
    fromDepartId_dictText: text(departs, r.fromDepartId),
    toDepartId_dictText: text(departs, r.toDepartId),
    createBy_dictText: text(people, r.createBy),
  }));
  return { records, total, size: query.pageSize, current: query.pageNo, pages: Math.ceil(total / query.pageSize) };
}
