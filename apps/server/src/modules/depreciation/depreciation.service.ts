import { sql, type Kysely } from 'kysely';
import {
  ASSET_MESSAGES,
  ASSET_STATUS,
  DEPRECIATION_BATCH,
  DEPRECIATION_MESSAGES,
  PERIOD_PATTERN,
  addMonths,
  currentPeriod,
  fromHundredths,
  periodOf,
  type DepreciationBookResult,
  type DepreciationEntry,
  type DepreciationReport,
  type DepreciationReportRow,
  type DepreciationSchedule,
} from '@district/shared';
import type { Database } from '../../db/schema.js';
import type { DialectName } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { scoped } from '../../lib/resource/resource.service.js';
import type { ResourceContext, ResourceDef } from '../../lib/resource/resource.types.js';
import { formatDateTime } from '../../lib/time.js';
import { monthAmount, project, residualOf, type CategoryLife, type LastBooking } from './depreciation.rules.js';

/**
 * Each category's life as it applies: its own 折旧年限 and 残值率, or for an empty one the nearest ancestor's.
 * The table is small (a shared dictionary), so it is read whole.
 */
export async function categoryLives(db: Kysely<Database>): Promise<Map<string, CategoryLife>> {
  const rows = await db.selectFrom('sysCategory').select(['id', 'pid', 'depreciationYears', 'residualRate']).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lives = new Map<string, CategoryLife>();
  for (const row of rows) {
    let years: number | null = null;
    let rate: number | null = null;
    // The guard stops a (corrupt) cycle in the tree.
    for (let node = row as (typeof rows)[number] | undefined, n = 0; node && n < 50; node = byId.get(node.pid), n++) {
      if (years === null && node.depreciationYears !== null && node.depreciationYears !== undefined)
        years = Number(node.depreciationYears);
      if (rate === null && node.residualRate !== null && node.residualRate !== undefined)
        rate = Number(node.residualRate);
      if (years !== null && rate !== null) break;
    }
    lives.set(row.id, { lifeMonths: Math.max(0, years ?? 0) * 12, residualRate: rate ?? 0 });
  }
  return lives;
}

/** Refuses what is not a month, and a month still to come (Chinese 400). */
export function checkPeriod(period: unknown): string {
  if (typeof period !== 'string' || period.trim() === '') throw new ApiError(400, DEPRECIATION_MESSAGES.periodRequired);
  const p = period.trim();
  if (!PERIOD_PATTERN.test(p)) throw new ApiError(400, DEPRECIATION_MESSAGES.periodFormat);
  if (p > currentPeriod()) throw new ApiError(400, DEPRECIATION_MESSAGES.futurePeriod);
  return p;
}

interface Booking {
  id: string;
  net: number;
  amount: number;
  netAfter: number;
  original: number;
}

/** Assets per transaction on SQLite (see bookMonth). */
const SQLITE_BATCH = 200;

/** The assets a booking of `period` may concern (the conditions are checked again in each batch). */
function candidates(db: Kysely<Database>, tenantId: number | null, period: string) {
  const q = db
    .selectFrom('bizAsset')
    .where('delFlag', '=', 0)
    .where('status', '!=', ASSET_STATUS.disposed)
    .where('netValue', 'is not', null)
    .where('originalValue', 'is not', null)
    .where('acquiredDate', 'is not', null)
    // Acquired before the month: the first month depreciated is the one after acquisition.
    .where('acquiredDate', '<', `${period}-01`);
  return tenantId === null ? q.where('tenantId', 'is', null) : q.where('tenantId', '=', tenantId);
}

/** One batch of a tenant's assets, booked in one transaction. */
async function bookBatch(
  db: Kysely<Database>,
  dialect: DialectName,
  tenantId: number | null,
  period: string,
  lives: Map<string, CategoryLife>,
  batch: string[],
): Promise<{ count: number; amount: number }> {
  return db.transaction().execute(async (trx) => {
    // A ledger event racing on these assets waits for this batch (SQLite has one writer anyway).
    // By id alone, so every database looks the rows up by their key; the conditions are checked here.
    const rows = await trx
      .selectFrom('bizAsset')
      .select(['id', 'categoryId', 'originalValue', 'netValue', 'acquiredDate', 'status', 'delFlag', 'tenantId'])
      .where('id', 'in', batch)
      .$if(dialect !== 'sqlite', (b) => b.forUpdate())
      .execute();
    const firstDay = `${period}-01`;
    const assets = rows.filter(
      (a) =>
        Number(a.delFlag) === 0 &&
        a.status !== ASSET_STATUS.disposed &&
        a.netValue !== null &&
        a.originalValue !== null &&
        a.acquiredDate !== null &&
        a.acquiredDate < firstDay &&
        (a.tenantId === null ? null : Number(a.tenantId)) === tenantId,
    );
    if (assets.length === 0) return { count: 0, amount: 0 };
    const ids = assets.map((a) => a.id);
    const previous = addMonths(period, -1);
    const booked = await trx
      .selectFrom('bizAssetDepreciation')
      .select(['assetId', 'period', 'amount', 'netAfter'])
      .where('assetId', 'in', ids)
      .where('period', '>=', previous)
      .execute();
    const done = new Set<string>();
    const lastOf = new Map<string, LastBooking>();
    for (const b of booked) {
      if (b.period >= period) done.add(b.assetId);
      else lastOf.set(b.assetId, { period: b.period, amount: Number(b.amount), netAfter: Number(b.netAfter) });
    }

    const bookings: Booking[] = [];
    for (const a of assets) {
      // Booked already for this month (or a later one): a month is booked once.
      if (done.has(a.id)) continue;
      const life = lives.get(a.categoryId);
      if (!life || life.lifeMonths <= 0) continue;
      const original = Number(a.originalValue);
      const net = Number(a.netValue);
      const residual = residualOf(original, life.residualRate);
      const startPeriod = addMonths(periodOf(a.acquiredDate!), 1);
      const amount = monthAmount({
        period,
        startPeriod,
        lifeMonths: life.lifeMonths,
        net,
        residual,
        last: lastOf.get(a.id) ?? null,
      });
      if (amount > 0) bookings.push({ id: a.id, net, amount, netAfter: net - amount, original });
    }

    const now = formatDateTime();
    // 8 columns × 100 rows stays under SQLite's oldest bound-parameter limit (999).
    for (let i = 0; i < bookings.length; i += 100) {
      const chunk = bookings.slice(i, i + 100);
      await trx
        .insertInto('bizAssetDepreciation')
        .values(
          chunk.map((b) => ({
            id: newId(),
            assetId: b.id,
            period,
            amount: b.amount,
            accumulated: b.original - b.netAfter,
            netAfter: b.netAfter,
            tenantId,
            createTime: now,
          })),
        )
        .execute();
      // The asset's net value follows (so do the register and the dashboard); its version moves on so a form
      // opened before the booking cannot write the old net value back.
      const cases = sql.join(
        chunk.map((b) => sql`when ${b.id} then ${sql.lit(b.netAfter)}`),
        sql` `,
      );
      await trx
        .updateTable('bizAsset')
        .set({ netValue: sql<number>`case id ${cases} else net_value end`, version: sql<number>`version + 1` })
        .where(
          'id',
          'in',
          chunk.map((b) => b.id),
        )
        .execute();
    }
    return {
      count: bookings.length,
      amount: bookings.reduce((n, b) => n + b.amount, 0),
    };
  });
}

/**
 * Books a month for one tenant, DEPRECIATION_BATCH assets per transaction (other requests run between them).
 * Booking the same month again books nothing new.
 */
export async function bookMonth(
  db: Kysely<Database>,
  dialect: DialectName,
  tenantId: number | null,
  period: string,
): Promise<DepreciationBookResult> {
  const lives = await categoryLives(db);
  const depreciable = [...lives].filter(([, l]) => l.lifeMonths > 0).map(([id]) => id);
  let count = 0;
  let amount = 0;
  if (depreciable.length === 0) return { period, count, amount: 0 };
  // The candidates' ids in one read (a keyset walk would make the database scan and sort the tenant's assets once
  // per batch); each batch reads its rows again, under lock, and checks them.
  const ids = (
    await candidates(db, tenantId, period).select('id').where('categoryId', 'in', depreciable).orderBy('id').execute()
  ).map((r) => r.id);
  // SQLite's driver is synchronous: a batch holds the event loop from its first statement to its commit, so its
  // batches are smaller; the other databases answer asynchronously and other requests run while they work.
  const size = dialect === 'sqlite' ? SQLITE_BATCH : DEPRECIATION_BATCH;
  for (let i = 0; i < ids.length; i += size) {
    const batch = ids.slice(i, i + size);
    for (let attempt = 0; ; attempt++) {
      try {
        const booked = await bookBatch(db, dialect, tenantId, period, lives, batch);
        count += booked.count;
        amount += booked.amount;
        break;
      } catch (error) {
        // Another booking of the same month (the job and the button at once) took some of these assets first: the
        // batch rolled back; read it again, it now skips what the other one booked.
        if (isUniqueViolation(error) && attempt < 3) continue;
        throw error;
      }
    }
    // Other requests run between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { period, count, amount: fromHundredths(amount) ?? 0 };
}

/** Every tenant that has assets (and the assets of no tenant), for the monthly job. */
export async function assetTenants(db: Kysely<Database>): Promise<(number | null)[]> {
  const rows = await db.selectFrom('bizAsset').select('tenantId').distinct().where('delFlag', '=', 0).execute();
  return rows.map((r) => (r.tenantId === null ? null : Number(r.tenantId)));
}

/** The asset if the caller may see it (tenant, not deleted, the asset menu's data rules), else a 404. */
async function visibleAsset(assetDef: ResourceDef, ctx: ResourceContext, assetId: string) {
  const q = await scoped(assetDef, ctx);
  const hit = (await q
    .clearSelect()
    .select('bizAsset.id as id')
    .where('bizAsset.id', '=', assetId)
    .executeTakeFirst()) as { id: string } | undefined;
  if (!hit) throw new ApiError(404, ASSET_MESSAGES.notFound);
  return ctx.db.selectFrom('bizAsset').selectAll().where('id', '=', hit.id).executeTakeFirstOrThrow();
}

const yuan = (fen: number): number => fromHundredths(fen) ?? 0;

/** An asset's booked months and the projection of the rest of its life from its current net value. */
export async function assetSchedule(
  assetDef: ResourceDef,
  ctx: ResourceContext,
  assetId: string,
): Promise<DepreciationSchedule> {
  const asset = await visibleAsset(assetDef, ctx, assetId);
  const lives = await categoryLives(ctx.db);
  const life = lives.get(asset.categoryId) ?? { lifeMonths: 0, residualRate: 0 };
  const original = asset.originalValue === null ? null : Number(asset.originalValue);
  const net = asset.netValue === null ? null : Number(asset.netValue);
  const startPeriod = asset.acquiredDate ? addMonths(periodOf(asset.acquiredDate), 1) : null;
  const residual = original === null ? null : residualOf(original, life.residualRate);
  const rows = await ctx.db
    .selectFrom('bizAssetDepreciation')
    .select(['period', 'amount', 'accumulated', 'netAfter'])
    .where('assetId', '=', asset.id)
    .orderBy('period')
    .execute();
  const entries: DepreciationEntry[] = rows.map((r) => ({
    period: r.period,
    amount: yuan(Number(r.amount)),
    accumulated: yuan(Number(r.accumulated)),
    netAfter: yuan(Number(r.netAfter)),
    projected: false,
  }));
  let note: string | null = null;
  if (life.lifeMonths <= 0) note = DEPRECIATION_MESSAGES.notDepreciated;
  else if (original === null || net === null) note = DEPRECIATION_MESSAGES.noValue;
  else if (!startPeriod) note = DEPRECIATION_MESSAGES.noAcquiredDate;
  else if (asset.status === ASSET_STATUS.disposed) note = DEPRECIATION_MESSAGES.disposed;
  if (note === null) {
    const lastRow = rows[rows.length - 1];
    const last: LastBooking | null = lastRow
      ? { period: lastRow.period, amount: Number(lastRow.amount), netAfter: Number(lastRow.netAfter) }
      : null;
    // From the month after the last booking; never booked: from the current month (or the first of the life).
    const from = last ? addMonths(last.period, 1) : [startPeriod!, currentPeriod()].sort()[1]!;
    for (const p of project({ period: from, net: net!, last }, startPeriod!, life.lifeMonths, residual!)) {
      entries.push({
        period: p.period,
        amount: yuan(p.amount),
        accumulated: yuan(original! - p.netAfter),
        netAfter: yuan(p.netAfter),
        projected: true,
      });
    }
  }
  return {
    assetId: asset.id,
    lifeYears: life.lifeMonths / 12,
    residualRate: life.residualRate,
    residual: residual === null ? null : yuan(residual),
    startPeriod,
    originalValue: original === null ? null : yuan(original),
    netValue: net === null ? null : yuan(net),
    note,
    entries,
  };
}

/**
 * 折旧报表 of a month: the caller's assets (tenant, data rules) grouped by category and owning department, with
 * names, in yuan.
 */
export async function depreciationReport(
  assetDef: ResourceDef,
  ctx: ResourceContext,
  period: string,
): Promise<DepreciationReport> {
  const visible = (await scoped(assetDef, ctx)).clearSelect().select('bizAsset.id');
  const grouped = await ctx.db
    .selectFrom('bizAssetDepreciation as d')
    .innerJoin('bizAsset as a', 'a.id', 'd.assetId')
    .select((eb) => [
      'a.categoryId as categoryId',
      'a.ownerDepartId as departId',
      eb.fn.countAll<string | number>().as('count'),
      eb.fn.sum<string | number>('d.amount').as('amount'),
      eb.fn.sum<string | number>('d.netAfter').as('netAfter'),
    ])
    .where('d.period', '=', period)
    .$if(ctx.user.tenantId !== null, (q) => q.where('d.tenantId', '=', ctx.user.tenantId))
    .where('d.assetId', 'in', visible as never)
    .groupBy(['a.categoryId', 'a.ownerDepartId'])
    .execute();
  const categoryIds = [...new Set(grouped.map((g) => g.categoryId))];
  const departIds = [...new Set(grouped.map((g) => g.departId).filter((d): d is string => d !== null))];
  const categories = new Map(
    categoryIds.length
      ? (await ctx.db.selectFrom('sysCategory').select(['id', 'name']).where('id', 'in', categoryIds).execute()).map(
          (c) => [c.id, c.name],
        )
      : [],
  );
  const departs = new Map(
    departIds.length
      ? (await ctx.db.selectFrom('sysDepart').select(['id', 'departName']).where('id', 'in', departIds).execute()).map(
          (d) => [d.id, d.departName],
        )
      : [],
  );
  const rows: DepreciationReportRow[] = grouped
    .map((g) => ({
      categoryId: g.categoryId,
      categoryName: categories.get(g.categoryId) ?? '',
      departId: g.departId,
      departName: g.departId === null ? '' : (departs.get(g.departId) ?? ''),
      count: Number(g.count),
      amount: yuan(Number(g.amount)),
      netAfter: yuan(Number(g.netAfter)),
    }))
    .sort(
      (a, b) => a.categoryName.localeCompare(b.categoryName, 'zh') || a.departName.localeCompare(b.departName, 'zh'),
    );
  const sum = (pick: (g: (typeof grouped)[number]) => unknown) => grouped.reduce((n, g) => n + Number(pick(g)), 0);
  return {
    period,
    rows,
    total: { count: sum((g) => g.count), amount: yuan(sum((g) => g.amount)), netAfter: yuan(sum((g) => g.netAfter)) },
  };
}
