import type { PageResult } from '@district/shared';
import { sql } from 'kysely';
import { uniqueViolationMessage } from '../db-errors.js';
import { ApiError } from '../http.js';
import type { KvStore } from '../kv-store.js';
import { newId } from '../ids.js';
import { formatDateTime } from '../time.js';
import { applyDataRules, loadDataRules, ruleVariables, type DataRule } from './data-rules.js';
import { writeDataLog } from './data-log.js';
import { releaseLetGo } from './file-release.js';
import { isDecimal2, showDecimal2, storedDecimal2 } from './decimal.js';
import { addDictText, loadDictLabels } from './dict-text.js';
import { applyFilters, fieldColumn, parseListParams, type ListParams } from './list-query.js';
import type { AnyQuery, ResourceContext, ResourceDef, Row, TxContext } from './resource.types.js';
import { dropMaskedChanges, fieldCrypto, logView, openRows, revealRows, storedRow } from './sealed-fields.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- tables are chosen by the declaration */

export const NOT_FOUND = '未找到对应数据';

function idOf(def: ResourceDef): string {
  return def.idField ?? 'id';
}

function baseQuery(def: ResourceDef, ctx: ResourceContext): AnyQuery {
  return def.baseQuery ? def.baseQuery(ctx.db) : (ctx.db as any).selectFrom(def.table).selectAll();
}

/** Tenant, soft delete and the caller's data rules: what every read and write of the resource sees. */
export async function scoped(
  def: ResourceDef,
  ctx: ResourceContext,
  q: AnyQuery = baseQuery(def, ctx),
): Promise<AnyQuery> {
  if (def.softDelete) q = q.where(`${def.table}.delFlag` as any, '=', 0);
  // A caller who belongs to no tenant sees no tenant's rows (never "all tenants"): the filter fails closed.
  if (def.tenancy && ctx.user.tenantId === null) q = q.where(sql<boolean>`1 = 0`);
  else if (def.tenancy && ctx.user.tenantId !== null) {
    q =
      def.tenancy.kind === 'column'
        ? q.where(`${def.table}.${def.tenancy.column ?? 'tenantId'}` as any, '=', ctx.user.tenantId)
        : def.tenancy.apply(q, ctx.user.tenantId, ctx);
  }
  if (def.dataRuleMenu) {
    // The session cache keeps each menu's rules until a grant or rule changes (authCache.invalidate()).
    const cache = ctx.user.session?.dataRules;
    let rules = cache?.get(def.dataRuleMenu) as DataRule[] | undefined;
    if (!rules) {
      rules = await loadDataRules(ctx.db, ctx.user.id, def.dataRuleMenu);
      cache?.set(def.dataRuleMenu, rules);
    }
    if (rules.length) q = applyDataRules(q, def, rules, await ruleVariables(ctx.db, ctx.user, rules));
  }
  return q;
}

export function stripHidden(def: ResourceDef, row: Row): Row {
  for (const [field, fd] of Object.entries(def.fields)) if (fd.hidden) delete row[field];
  return row;
}

export async function decorateRows(def: ResourceDef, rows: Row[], ctx: ResourceContext, kv: KvStore): Promise<void> {
  // Personal data opened, and masked unless the caller may see it whole.
  revealRows(def, rows, ctx);
  for (const row of rows) stripHidden(def, row);
  showDecimal2(def, rows);
  if (def.decorate) await def.decorate(rows, ctx);
  addDictText(def, rows, await loadDictLabels(ctx.db, kv, def, rows));
}

export function orderBy(def: ResourceDef, q: AnyQuery, params: Pick<ListParams, 'sort'>): AnyQuery {
  const sort =
    params.sort ?? def.defaultSort ?? (def.fields.createTime ? { field: 'createTime', order: 'desc' as const } : null);
  if (sort) {
    const field = 'column' in sort ? sort.column : sort.field;
    q = q.orderBy(`${def.table}.${fieldColumn(def, field)}` as any, sort.order);
  }
  // A unique tie-breaker keeps pages stable when many rows share the sort value; going the same way as the
  // sort lets one (column, id) index serve both.
  return q.orderBy(`${def.table}.${idOf(def)}` as any, sort?.order ?? 'asc');
}

const DATA_EPOCH_KEY = 'data:epoch';
const COUNT_TTL_MS = 3000;
const COUNT_MAX_ENTRIES = 5000;
// One cache per app (keyed by its store), so two apps in one process never share totals.
const countCaches = new WeakMap<KvStore, Map<string, { total: Promise<number>; at: number }>>();
const PAGE_PARAMS = new Set(['pageNo', 'pageSize', 'column', 'order', '_t']);

/** Tells every instance that records changed, so cached list totals are recounted. */
export async function dataChanged(kv: KvStore): Promise<void> {
  await kv.incr(DATA_EPOCH_KEY, 365 * 24 * 60 * 60_000);
}

/** How many times records have changed (any instance): part of the key of anything cached from them. */
export const dataEpoch = (kv: KvStore): Promise<string | null> => kv.get(DATA_EPOCH_KEY);

/**
 * Totals of a list are what a paged list costs most at scale (every matching row is counted), while
 * paging through the same filter recounts the same number. A total is kept for a few seconds per
 * (resource, filters, tenant, caller when data rules apply) and recounted at once after any write of the
 * pattern (the data epoch) or any change to sessions, roles or grants (the auth epoch). Requests that
 * arrive while a total is being counted wait for that count instead of starting their own.
 */
async function countCached(
  def: ResourceDef,
  ctx: ResourceContext,
  kv: KvStore,
  query: Record<string, unknown>,
  count: () => Promise<number>,
): Promise<number> {
  const filters = Object.entries(query)
    .filter(([k]) => !PAGE_PARAMS.has(k))
    .sort(([a], [b]) => a.localeCompare(b));
  const scope = def.dataRuleMenu ? ctx.user.id : '';
  const [epoch, authEpoch] = await Promise.all([dataEpoch(kv), ctx.request.server.ctx.authCache.epoch()]);
  const key = JSON.stringify([def.name, epoch, authEpoch, ctx.user.tenantId, scope, filters]);
  let counts = countCaches.get(kv);
  if (!counts) {
    counts = new Map();
    countCaches.set(kv, counts);
  }
  const hit = counts.get(key);
  if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit.total;
  const total = count();
  if (counts.size >= COUNT_MAX_ENTRIES) counts.delete(counts.keys().next().value!);
  const entry = { total, at: Date.now() };
  counts.set(key, entry);
  // A failed count is not kept: the next request counts again.
  total.catch(() => {
    if (counts.get(key) === entry) counts.delete(key);
  });
  return total;
}

/** The filtered, scoped query of a list request (shared by list and export). */
export async function filteredQuery(
  def: ResourceDef,
  ctx: ResourceContext,
  query: Record<string, unknown>,
): Promise<AnyQuery> {
  let q = await scoped(def, ctx);
  q = await applyFilters(q, def, query, (qq, key, value) => def.extraParams![key]!(qq, value, ctx), fieldCrypto(ctx));
  return q;
}

export async function listPage(
  def: ResourceDef,
  ctx: ResourceContext,
  kv: KvStore,
  query: Record<string, unknown>,
): Promise<PageResult<Row>> {
  const params = parseListParams(def, query);
  const q = await filteredQuery(def, ctx, query);
  const total = await countCached(def, ctx, kv, query, async () => {
    const countRow = await q
      .clearSelect()
      .clearOrderBy()
      .select((eb: any) => eb.fn.countAll().as('total'))
      .executeTakeFirst();
    return Number((countRow as { total?: unknown } | undefined)?.total ?? 0);
  });
  const page =
    def.listReads && !def.baseQuery ? q.clearSelect().select(def.listReads.map((c) => `${def.table}.${c}`)) : q;
  const records = (await orderBy(def, page, params)
    .limit(params.pageSize)
    .offset((params.pageNo - 1) * params.pageSize)
    .execute()) as Row[];
  await decorateRows(def, records, ctx, kv);
  return { records, total, size: params.pageSize, current: params.pageNo, pages: Math.ceil(total / params.pageSize) };
}

/** One record inside the caller's scope (its personal data opened, not yet masked), or 404. */
export async function findScoped(def: ResourceDef, ctx: ResourceContext, id: string): Promise<Row> {
  if (!id || id.length > 64) throw new ApiError(400, '参数 id 不能为空');
  const q = await scoped(def, ctx);
  const row = (await q.where(`${def.table}.${idOf(def)}` as any, '=', id).executeTakeFirst()) as Row | undefined;
  if (!row) throw new ApiError(404, NOT_FOUND);
  openRows(def, [row], ctx);
  return row;
}

/** The declared, writable fields of a body as columns (decimal2 numbers in hundredths). */
export function declared(def: ResourceDef, body: Record<string, unknown>): Row {
  const row: Row = {};
  for (const [field, fd] of Object.entries(def.fields)) {
    if (field in body && !fd.hidden && !fd.computed && field !== idOf(def)) {
      row[fieldColumn(def, field)] = isDecimal2(fd) ? storedDecimal2(fd, body[field]) : body[field];
    }
  }
  return row;
}

/**
 * The friendly check before a write for the descriptor's uniqueness (the database's index stays the guard against
 * races): the first clash answers 400 with the field's message and the value written. An index whose fields the row
 * does not all carry is skipped (an edit that leaves them alone).
 */
export async function assertUnique(def: ResourceDef, row: Row, existingId: string | null, ctx: ResourceContext) {
  for (const unique of def.unique ?? []) {
    const values = unique.fields.map((f) => row[fieldColumn(def, f)]);
    if (values.some((v) => v === undefined || v === null || v === '')) continue;
    let q = (ctx.db as any).selectFrom(unique.table ? camelTable(unique.table) : def.table).select(idOf(def));
    unique.fields.forEach((f, i) => (q = q.where(fieldColumn(def, f), '=', values[i])));
    if (unique.live) q = q.where('delFlag', '=', 0);
    if (existingId !== null) q = q.where(idOf(def), '<>', existingId);
    if (await q.executeTakeFirst()) throw new ApiError(400, unique.message(String(values[values.length - 1])));
  }
}

const camelTable = (table: string) => table.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The row an insert writes: declared fields, a new id, audit columns, tenant and owning department. */
export async function rowForInsert(def: ResourceDef, body: any, ctx: ResourceContext): Promise<Row> {
  const row = def.toRow ? await def.toRow(body, ctx) : declared(def, body);
  const now = formatDateTime();
  row[idOf(def)] ??= newId();
  if (def.audit !== false) {
    row.createBy ??= ctx.user.username;
    row.createTime ??= now;
  }
  if (def.tenancy?.kind === 'column' && ctx.user.tenantId !== null) {
    row[def.tenancy.column ?? 'tenantId'] ??= ctx.user.tenantId;
  }
  if (def.orgCodeColumn) row[def.orgCodeColumn] ??= ctx.user.orgCode;
  return row;
}

/**
 * A write that raced past beforeWrite's uniqueness check and hit the database's unique index is the
 * caller's conflict: the field's message with the value written (a 400), as the check would have said.
 */
function refuseDuplicate(row: Row) {
  return (error: unknown): never => {
    const message = uniqueViolationMessage(error, row);
    if (message) throw new ApiError(400, message, { cause: error });
    throw error;
  };
}

export async function createRecord(def: ResourceDef, body: any, ctx: ResourceContext): Promise<Row> {
  const row = await rowForInsert(def, body, ctx);
  if (def.beforeWrite) await def.beforeWrite(row, null, ctx);
  const crypto = fieldCrypto(ctx);
  // Sealed here, where the row goes into the table: the hooks and checks work on the plain values.
  const stored = storedRow(def, row, crypto);
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      await (trx as any).insertInto(def.table).values(stored).execute();
      const tx: TxContext = { ...ctx, trx };
      if (def.afterCreate) await def.afterCreate(row, body, tx);
      await writeDataLog(trx, def.name, String(row[idOf(def)]), 'add', logView(def, row, crypto), ctx.user);
    })
    .catch(refuseDuplicate(row));
  await dataChanged(ctx.request.server.ctx.kv);
  if (def.afterCommit) await def.afterCommit({ action: 'add', rows: [row] }, ctx);
  return row;
}

export async function updateRecord(def: ResourceDef, body: any, ctx: ResourceContext): Promise<Row> {
  const id = String(body[idOf(def)] ?? '');
  const before = await findScoped(def, ctx, id);
  const changes = def.toUpdate ? await def.toUpdate(body, before, ctx) : declared(def, body);
  delete changes[idOf(def)];
  dropMaskedChanges(def, changes);
  const crypto = fieldCrypto(ctx);
  if (def.audit !== false) {
    changes.updateBy = ctx.user.username;
    changes.updateTime = formatDateTime();
  }
  if (def.beforeWrite) await def.beforeWrite({ ...before, ...changes }, id, ctx);
  let after: Row = before;
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      if (Object.keys(changes).length) {
        const lock = def.versionColumn;
        const result = await (trx as any)
          .updateTable(def.table)
          .set(storedRow(def, changes, crypto))
          .where(idOf(def), '=', id)
          .$if(!!lock, (q: any) => q.where(lock!.column, '=', before[lock!.column]))
          .executeTakeFirst();
        if (lock && Number(result?.numUpdatedRows ?? 0) === 0) throw new ApiError(400, lock.message);
      }
      const tx: TxContext = { ...ctx, trx };
      if (def.afterUpdate) await def.afterUpdate({ ...before, ...changes }, body, tx);
      after = (await (trx as any)
        .selectFrom(def.table)
        .selectAll()
        .where(idOf(def), '=', id)
        .executeTakeFirst()) as Row;
      await writeDataLog(trx, def.name, id, 'edit', logView(def, after, crypto), ctx.user);
    })
    .catch(refuseDuplicate({ ...before, ...changes }));
  await dataChanged(ctx.request.server.ctx.kv);
  openRows(def, [after], ctx);
  await releaseLetGo(ctx, def.table, [before], [after]);
  if (def.afterCommit) await def.afterCommit({ action: 'edit', rows: [after] }, ctx);
  return after;
}

export async function deleteRecords(def: ResourceDef, ids: string[], ctx: ResourceContext): Promise<number> {
  if (ids.length === 0) throw new ApiError(400, '请选择要删除的数据');
  if (ids.length > 1000) throw new ApiError(400, '一次最多删除 1000 条数据');
  const q = await scoped(def, ctx);
  const rows = (await q.where(`${def.table}.${idOf(def)}` as any, 'in', ids).execute()) as Row[];
  if (rows.length !== new Set(ids).size) throw new ApiError(404, NOT_FOUND);
  openRows(def, rows, ctx);
  const crypto = fieldCrypto(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const tx: TxContext = { ...ctx, trx };
    if (def.beforeDelete) await def.beforeDelete(rows, tx);
    const t = trx as any;
    if (def.softDelete) {
      const set: Row = { delFlag: 1 };
      if (def.audit !== false) Object.assign(set, { updateBy: ctx.user.username, updateTime: formatDateTime() });
      await t.updateTable(def.table).set(set).where(idOf(def), 'in', ids).execute();
    } else {
      await t.deleteFrom(def.table).where(idOf(def), 'in', ids).execute();
    }
    if (def.afterDelete) await def.afterDelete(rows, tx);
    for (const row of rows) {
      await writeDataLog(
        trx,
        def.name,
        String(row[idOf(def)]),
        'delete',
        logView(def, { ...row, delFlag: 1 }, crypto),
        ctx.user,
      );
    }
  });
  await dataChanged(ctx.request.server.ctx.kv);
  // A soft-deleted record shows its files nowhere either.
  await releaseLetGo(ctx, def.table, rows, []);
  if (def.afterCommit) await def.afterCommit({ action: 'delete', rows }, ctx);
  return rows.length;
}
