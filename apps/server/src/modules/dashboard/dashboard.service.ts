import {
  ASSET_CATEGORY_ROOT,
  ASSET_STATUS,
  PERM,
  PROJECT_DICT,
  PROJECT_STATUS_ITEMS,
  PROJECT_TYPE_ITEMS,
  TICKET_SPENDABLE,
  type DashboardAnalysis,
  type DashboardProjectRow,
} from '@district/shared';
import { sql } from 'kysely';
import { dataEpoch, scoped } from '../../lib/resource/resource.service.js';
import type { ResourceContext } from '../../lib/resource/resource.types.js';
import { formatDateTime } from '../../lib/time.js';
import { assetResource } from '../asset/asset.resource.js';
import { ticketResource } from '../house/ticket.resource.js';
import { projectResource } from '../project/project.resource.js';
import { DictService } from '../../lib/dict.service.js';

/** How long one caller's figures are kept (per tenant and user: data rules depend on the user). */
export const DASHBOARD_TTL_MS = 30_000;
/** Departments shown by name; the rest are summed into 其他. */
export const TOP_DEPARTS = 10;
export const LATEST_PROJECTS = 8;
export const OTHER_DEPARTS = '其他';
export const NO_DEPART = '未分配部门';

/** Databases answer sums and averages as strings (bigint, numeric) or numbers: one number either way. */
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
/** Fen (an exact integer sum) to yuan, converted once. */
const yuan = (fen: unknown): number => Math.round(num(fen)) / 100;
const oneDecimal = (v: number): number => Math.round(v * 10) / 10;
const percent = (part: number, whole: number): number => (whole > 0 ? oneDecimal((part * 100) / whole) : 0);

/** 'YYYY-MM' of the last 12 months, oldest first, ending with the current month (server local time). */
export function lastTwelveMonths(now: Date = new Date()): string[] {
  const months: string[] = [];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    months.push(formatDateTime(d).slice(0, 7));
  }
  return months;
}

interface AssetGroup {
  categoryId: string;
  departId: string | null;
  status: string;
  n: unknown;
  original: unknown;
  net: unknown;
}

async function assetSection(ctx: ResourceContext): Promise<NonNullable<DashboardAnalysis['assets']>> {
  const { db } = ctx;
  const sum = (col: string) => sql<string>`sum(${sql.ref(col)})`;
  const months = lastTwelveMonths();

  // Every figure of the register from one grouped pass (served by idx_biz_asset_dashboard): a few hundred
  // groups of (category, department, status) at most, summed up below.
  const groupsQ = scoped(
    assetResource,
    ctx,
    db
      .selectFrom('bizAsset')
      .select((eb) => [
        'bizAsset.categoryId as categoryId',
        'bizAsset.ownerDepartId as departId',
        'bizAsset.status as status',
        eb.fn.countAll<string>().as('n'),
        sum('bizAsset.originalValue').as('original'),
        sum('bizAsset.netValue').as('net'),
      ])
      .groupBy(['bizAsset.categoryId', 'bizAsset.ownerDepartId', 'bizAsset.status']),
  ).then((q) => q.execute() as Promise<AssetGroup[]>);

  // Ledger rows are the caller's when their asset is: the asset register's scope, asked of each event of the
  // last 12 months (the ledger's own tenant narrows them first, through idx_biz_asset_ledger_month).
  const month = sql<string>`substr(${sql.ref('bizAssetLedger.eventDate')}, 1, 7)`;
  const ledgerQ = scoped(assetResource, ctx, db.selectFrom('bizAsset').select('bizAsset.id')).then((visible) =>
    db
      .selectFrom('bizAssetLedger')
      .select((eb) => [month.as('month'), eb.fn.countAll<string>().as('n')])
      .where('bizAssetLedger.tenantId', '=', ctx.user.tenantId ?? -1)
      .where('bizAssetLedger.eventDate', '>=', `${months[0]}-01`)
      .where((eb) => eb.exists(visible.where('bizAsset.id', '=', eb.ref('bizAssetLedger.assetId'))))
      .groupBy(month)
      .execute(),
  );

  const [groups, ledgerRows, categories] = await Promise.all([
    groupsQ,
    ledgerQ,
    db
      .selectFrom('sysCategory')
      .select(['id', 'code', 'name'])
      .where('code', 'like', `${ASSET_CATEGORY_ROOT}%`)
      .orderBy('code')
      .execute(),
  ]);

  let total = 0;
  let original = 0;
  let net = 0;
  let disposed = 0;
  let idle = 0;
  let leased = 0;
  const perCategory = new Map<string, number>();
  const perDepart = new Map<string | null, { original: number; net: number }>();
  for (const g of groups) {
    const n = num(g.n);
    const o = num(g.original);
    const v = num(g.net);
    total += n;
    original += o;
    net += v;
    if (g.status === ASSET_STATUS.disposed) disposed += n;
    if (g.status === ASSET_STATUS.idle) idle += n;
    if (g.status === ASSET_STATUS.leased) leased += n;
    perCategory.set(g.categoryId, (perCategory.get(g.categoryId) ?? 0) + n);
    const departId = g.departId ?? null;
    const d = perDepart.get(departId) ?? { original: 0, net: 0 };
    d.original += o;
    d.net += v;
    perDepart.set(departId, d);
  }
  const live = total - disposed;
  const cards = {
    assetCount: total,
    originalValue: yuan(original),
    netValue: yuan(net),
    idleRate: percent(idle, live),
    leasedRate: percent(leased, live),
  };

  // Top-level categories (one level below the root) each count their whole subtree.
  const levelLength = ASSET_CATEGORY_ROOT.length + 3;
  const tops = categories.filter((k) => k.code.length === levelLength);
  const codeOf = new Map(categories.map((k) => [k.id, k.code]));
  const counts = new Map<string, number>(tops.map((k) => [k.code, 0]));
  for (const [categoryId, n] of perCategory) {
    const code = codeOf.get(categoryId);
    if (!code || code.length < levelLength) continue;
    const top = code.slice(0, levelLength);
    if (counts.has(top)) counts.set(top, counts.get(top)! + n);
  }
  const byCategory = tops.map((k) => ({ categoryId: k.id, name: k.name, count: counts.get(k.code) ?? 0 }));

  const departs = [...perDepart]
    .map(([departId, d]) => ({ departId, ...d }))
    .sort((a, b) => b.original - a.original || b.net - a.net);
  const shown = departs.length > TOP_DEPARTS + 1 ? departs.slice(0, TOP_DEPARTS) : departs;
  const rest = departs.slice(shown.length);
  const ids = shown.map((d) => d.departId).filter((id): id is string => id !== null);
  const names = new Map(
    ids.length
      ? (await db.selectFrom('sysDepart').select(['id', 'departName']).where('id', 'in', ids).execute()).map((d) => [
          d.id,
          d.departName,
        ])
      : [],
  );
  const byDepart = shown.map((d) => ({
    departId: d.departId,
    name: d.departId === null ? NO_DEPART : (names.get(d.departId) ?? d.departId),
    originalValue: yuan(d.original),
    netValue: yuan(d.net),
  }));
  if (rest.length) {
    byDepart.push({
      departId: null,
      name: OTHER_DEPARTS,
      originalValue: yuan(rest.reduce((s, d) => s + d.original, 0)),
      netValue: yuan(rest.reduce((s, d) => s + d.net, 0)),
    });
  }

  const perMonth = new Map((ledgerRows as { month: string; n: unknown }[]).map((r) => [r.month, num(r.n)]));
  const ledgerByMonth = months.map((m) => ({ month: m, count: perMonth.get(m) ?? 0 }));

  return { cards, byCategory, byDepart, ledgerByMonth };
}

async function ticketSection(ctx: ResourceContext): Promise<NonNullable<DashboardAnalysis['tickets']>> {
  const q = await scoped(
    ticketResource,
    ctx,
    ctx.db
      .selectFrom('bizRoomTicket')
      .select((eb) => [
        eb.fn.countAll<string>().as('n'),
        sql<string>`sum(${sql.ref('bizRoomTicket.faceAmount')} - ${sql.ref('bizRoomTicket.usedAmount')})`.as('rest'),
      ])
      .where('bizRoomTicket.status', 'in', [...TICKET_SPENDABLE]),
  );
  const row = ((await q.execute())[0] ?? {}) as Record<string, unknown>;
  return { outstandingCount: num(row.n), outstandingAmount: yuan(row.rest) };
}

async function labelsOf(ctx: ResourceContext, code: string, fallback: readonly { value: string; text: string }[]) {
  const items = await new DictService(ctx.db, ctx.request.server.ctx.kv).items(code);
  const list = items.length ? items.map((i) => ({ value: String(i.value), text: i.text })) : fallback;
  return list;
}

async function projectSection(ctx: ResourceContext): Promise<NonNullable<DashboardAnalysis['projects']>> {
  const { db } = ctx;
  const updated = sql<string>`coalesce(${sql.ref('bizProject.updateTime')}, ${sql.ref('bizProject.createTime')})`;
  const [statusRows, latestRows, statuses, types] = await Promise.all([
    scoped(
      projectResource,
      ctx,
      db
        .selectFrom('bizProject')
        .select((eb) => [
          'bizProject.status as status',
          eb.fn.countAll<string>().as('n'),
          eb.fn.avg<string>('bizProject.progress').as('avg'),
        ])
        .groupBy('bizProject.status'),
    ).then((q) => q.execute()),
    scoped(
      projectResource,
      ctx,
      db
        .selectFrom('bizProject')
        .select([
          'bizProject.id as id',
          'bizProject.code as code',
          'bizProject.name as name',
          'bizProject.type as type',
          'bizProject.status as status',
          'bizProject.progress as progress',
          'bizProject.departId as departId',
          'bizProject.endDate as endDate',
        ])
        .orderBy(updated, 'desc')
        .orderBy('bizProject.id', 'desc')
        .limit(LATEST_PROJECTS),
    ).then((q) => q.execute()),
    labelsOf(ctx, PROJECT_DICT.status, PROJECT_STATUS_ITEMS),
    labelsOf(ctx, PROJECT_DICT.type, PROJECT_TYPE_ITEMS),
  ]);
  const statusText = new Map(statuses.map((s) => [s.value, s.text]));
  const typeText = new Map(types.map((s) => [s.value, s.text]));

  const found = new Map(
    (statusRows as { status: string; n: unknown; avg: unknown }[]).map((r) => [
      r.status,
      { count: num(r.n), avg: num(r.avg) },
    ]),
  );
  // Every known status in dictionary order (zero when none), then any other status present.
  const order = [...statuses.map((s) => s.value), ...[...found.keys()].filter((s) => !statusText.has(s))];
  const byStatus = order.map((status) => ({
    status,
    text: statusText.get(status) ?? status,
    count: found.get(status)?.count ?? 0,
    avgProgress: oneDecimal(found.get(status)?.avg ?? 0),
  }));

  const rows = latestRows as {
    id: string;
    code: string;
    name: string;
    type: string;
    status: string;
    progress: unknown;
    departId: string | null;
    endDate: string | null;
  }[];
  const departIds = [...new Set(rows.map((r) => r.departId).filter((id): id is string => !!id))];
  const departNames = new Map(
    departIds.length
      ? (await db.selectFrom('sysDepart').select(['id', 'departName']).where('id', 'in', departIds).execute()).map(
          (d) => [d.id, d.departName],
        )
      : [],
  );
  const latest: DashboardProjectRow[] = rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    type: r.type,
    typeText: typeText.get(r.type) ?? r.type,
    status: r.status,
    statusText: statusText.get(r.status) ?? r.status,
    progress: num(r.progress),
    departName: r.departId ? (departNames.get(r.departId) ?? null) : null,
    endDate: r.endDate ?? null,
  }));
  return { byStatus, latest };
}

/** Every figure of the dashboard the caller may read, computed now (no cache). */
export async function computeAnalysis(ctx: ResourceContext): Promise<DashboardAnalysis> {
  const perms = ctx.user.session?.perms ?? new Set<string>();
  const [assets, tickets, projects] = await Promise.all([
    perms.has(PERM.assetList) ? assetSection(ctx) : null,
    perms.has(PERM.ticketList) ? ticketSection(ctx) : null,
    perms.has(PERM.projectList) ? projectSection(ctx) : null,
  ]);
  return { assets, tickets, projects, generatedAt: formatDateTime() };
}

// Requests that arrive while the same caller's figures are being computed wait for that computation
// (one map per app, keyed by its store, so two apps in one process never share an answer).
const inFlightByStore = new WeakMap<object, Map<string, Promise<DashboardAnalysis>>>();

/**
 * The dashboard, kept DASHBOARD_TTL_MS per tenant and user in the shared store (memory or Redis). A write of
 * the resource pattern (the data epoch) or a change to grants and rules (the auth epoch) starts afresh.
 */
export async function dashboardAnalysis(ctx: ResourceContext): Promise<DashboardAnalysis> {
  const { kv, authCache } = ctx.request.server.ctx;
  // The data epoch is bumped by every write of a resource, the ledger and the tickets' actions.
  const [epoch, authEpoch] = await Promise.all([dataEpoch(kv), authCache.epoch()]);
  const key = `dashboard:analysis:${ctx.user.tenantId ?? '-'}:${ctx.user.id}:${epoch ?? 0}:${authEpoch}`;
  const cached = await kv.get(key);
  if (cached) return JSON.parse(cached) as DashboardAnalysis;
  let inFlight = inFlightByStore.get(kv);
  if (!inFlight) {
    inFlight = new Map();
    inFlightByStore.set(kv, inFlight);
  }
  const running = inFlight;
  let pending = running.get(key);
  if (!pending) {
    pending = computeAnalysis(ctx).then(async (answer) => {
      await kv.set(key, JSON.stringify(answer), DASHBOARD_TTL_MS);
      return answer;
    });
    running.set(key, pending);
    void pending.finally(() => running.delete(key)).catch(() => undefined);
  }
  return pending;
}
