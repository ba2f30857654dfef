import {
  ASSET_CATEGORY_ROOT,
  ASSET_DICT,
  ASSET_RESOURCE,
  ASSET_MESSAGES,
  ASSET_STATUS,
  ASSET_STATUS_ITEMS,
  ASSET_USE_NATURE_ITEMS,
  type AssetDetail,
  type AssetPoint,
  type DistrictBox,
} from '@district/shared';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AuthUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { ApiError, parse } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { snapshot, writeDataLogRows } from '../../lib/resource/data-log.js';
import { dataChanged, dataEpoch, decorateRows, findScoped, scoped } from '../../lib/resource/resource.service.js';
import type { AnyQuery, ResourceContext, Row } from '../../lib/resource/resource.types.js';
import { checkStoredFiles, namedFiles, splitPaths } from '../file/stored-files.js';
import { formatDateTime } from '../../lib/time.js';
import { DictService } from '../../lib/dict.service.js';
import { districtBox as platformDistrictBox, insideDistrict } from '../../lib/platform-settings.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- queries over the resource's scoped builder */

/** Today in server local time, as dates are stored (YYYY-MM-DD). */
export const todayDate = () => formatDateTime().slice(0, 10);

/**
 * Lookups one request needs again and again (an import checks a thousand rows against the same
 * categories, departments and dictionaries): loaded once per request.
 */
interface Lookups {
  categories?: Promise<{ id: string; code: string; name: string }[]>;
  departs?: Promise<{ id: string; orgCode: string; departName: string }[]>;
  dicts: Map<string, Promise<Set<string>>>;
  users: Map<string, Promise<string | null>>;
  box?: Promise<DistrictBox | null>;
}
const lookups = new WeakMap<FastifyRequest, Lookups>();

function lookupsOf(ctx: ResourceContext): Lookups {
  let l = lookups.get(ctx.request);
  if (!l) {
    l = { dicts: new Map(), users: new Map() };
    lookups.set(ctx.request, l);
  }
  return l;
}

/** Every category of the asset tree (a few dozen rows; shared by all tenants). */
export function assetCategories(ctx: ResourceContext) {
  const l = lookupsOf(ctx);
  l.categories ??= sharedCategories(ctx);
  return l.categories;
}

type CategoryRows = Promise<{ id: string; code: string; name: string }[]>;
/** The tree read once per data epoch (any instance's write of a record bumps it), not once per list request. */
const categoryTrees = new WeakMap<object, { epoch: string | null; rows: CategoryRows }>();

async function sharedCategories(ctx: ResourceContext): CategoryRows {
  const kv = ctx.request.server.ctx.kv;
  const epoch = await dataEpoch(kv);
  const hit = categoryTrees.get(kv);
  if (hit && hit.epoch === epoch) return hit.rows;
  const rows = ctx.db
    .selectFrom('sysCategory')
    .select(['id', 'code', 'name'])
    .where('code', 'like', `${ASSET_CATEGORY_ROOT}%`)
    .execute();
  categoryTrees.set(kv, { epoch, rows });
  // A failed read is not kept.
  rows.catch(() => categoryTrees.get(kv)?.rows === rows && categoryTrees.delete(kv));
  return rows;
}

/** The live departments of the caller's tenant (none for a caller without a tenant). */
export function tenantDeparts(ctx: ResourceContext) {
  const l = lookupsOf(ctx);
  l.departs ??=
    ctx.user.tenantId === null
      ? Promise.resolve([])
      : ctx.db
          .selectFrom('sysDepart')
          .select(['id', 'orgCode', 'departName'])
          .where('tenantId', '=', ctx.user.tenantId)
          .where('delFlag', '=', 0)
          .execute();
  return l.departs;
}

/** The values of a seeded dictionary; the shared items stand in while the dictionary is not seeded. */
function dictValues(ctx: ResourceContext, code: string): Promise<Set<string>> {
  const l = lookupsOf(ctx);
  let p = l.dicts.get(code);
  if (!p) {
    p = new DictService(ctx.db, ctx.request.server.ctx.kv).items(code).then((items) => {
      if (items.length) return new Set(items.map((i) => String(i.value)));
      const fallback = code === ASSET_DICT.status ? ASSET_STATUS_ITEMS : ASSET_USE_NATURE_ITEMS;
      return new Set(fallback.map((i) => i.value as string));
    });
    l.dicts.set(code, p);
  }
  return p;
}

/** A department of the caller's tenant by id, or a 400 naming the field. */
export async function departOf(ctx: ResourceContext, id: string) {
  const depart = (await tenantDeparts(ctx)).find((d) => d.id === id);
  if (!depart) throw new ApiError(400, ASSET_MESSAGES.unknownDepart);
  return depart;
}

/** A bbox parameter `minLng,minLat,maxLng,maxLat`, or null when it is not four numbers. */
function toBox(value: string): DistrictBox | null {
  const n = value.split(',').map((v) => (v.trim() === '' ? NaN : Number(v)));
  if (n.length !== 4 || n.some((v) => !Number.isFinite(v))) return null;
  return { minLng: n[0]!, minLat: n[1]!, maxLng: n[2]!, maxLat: n[3]! };
}

/** The district's bounding box from the platform's map settings (read once per request), or null. */
export function districtBox(ctx: ResourceContext): Promise<DistrictBox | null> {
  const l = lookupsOf(ctx);
  l.box ??= platformDistrictBox(ctx.db);
  return l.box;
}

/** The out-of-district warning for a stored row, or null. */
export async function outsideDistrictWarning(row: Row, ctx: ResourceContext): Promise<string | null> {
  if (row.longitude === null || row.longitude === undefined || row.latitude === null || row.latitude === undefined)
    return null;
  const inside = insideDistrict(await districtBox(ctx), Number(row.longitude), Number(row.latitude));
  return inside ? null : ASSET_MESSAGES.outsideDistrict;
}

/** Checks stored paths against sys_file: every one uploaded, and an image when `images`. */

/**
 * The server's checks of the columns about to be written (only those present): category under the asset
 * tree, department of the caller's tenant, dictionary codes, acquisition date, uploaded files.
 * Each refusal is a 400 naming the field.
 */
export async function checkReferences(row: Row, ctx: ResourceContext): Promise<void> {
  if (row.categoryId !== undefined) {
    const found = (await assetCategories(ctx)).some((c) => c.id === row.categoryId);
    if (!found) throw new ApiError(400, ASSET_MESSAGES.unknownCategory);
  }
  if (row.ownerDepartId) await departOf(ctx, String(row.ownerDepartId));
  if (row.status !== undefined && !(await dictValues(ctx, ASSET_DICT.status)).has(String(row.status))) {
    throw new ApiError(400, ASSET_MESSAGES.unknownDict('资产状态', String(row.status)));
  }
  if (row.useNature && !(await dictValues(ctx, ASSET_DICT.useNature)).has(String(row.useNature))) {
    throw new ApiError(400, ASSET_MESSAGES.unknownDict('使用性质', String(row.useNature)));
  }
  if (typeof row.acquiredDate === 'string' && row.acquiredDate > todayDate()) {
    throw new ApiError(400, ASSET_MESSAGES.futureDate('取得日期'));
  }
  if (row.images !== undefined)
    await checkStoredFiles(ctx.db, splitPaths(row.images), { title: ASSET_RESOURCE.fields.images.title, images: true });
  if (row.attachments !== undefined)
    await checkStoredFiles(ctx.db, splitPaths(row.attachments), { title: ASSET_RESOURCE.fields.attachments.title });
}

/** Import: a category named by its code or its name (a name shared by two categories must be a code). */
export async function categoryIdFor(ctx: ResourceContext, text: string): Promise<string> {
  const all = await assetCategories(ctx);
  const byCode = all.find((c) => c.code === text);
  if (byCode) return byCode.id;
  const byName = all.filter((c) => c.name === text);
  if (byName.length === 1) return byName[0]!.id;
  if (byName.length > 1) throw new ApiError(400, `资产分类“${text}”有重名，请填写分类编码`);
  throw new ApiError(400, `${ASSET_MESSAGES.unknownCategory}：${text}`);
}

/** Import: a department of the caller's tenant by its name or org code. */
export async function departIdFor(ctx: ResourceContext, text: string): Promise<string> {
  const all = await tenantDeparts(ctx);
  const byCode = all.find((d) => d.orgCode === text);
  if (byCode) return byCode.id;
  const byName = all.filter((d) => d.departName === text);
  if (byName.length === 1) return byName[0]!.id;
  if (byName.length > 1) throw new ApiError(400, `所属部门“${text}”有重名，请填写机构编码`);
  throw new ApiError(400, `${ASSET_MESSAGES.unknownDepart}：${text}`);
}

/** Import: a custodian named by username or real name becomes the username; other text is kept as written. */
export function custodianFor(ctx: ResourceContext, text: string): Promise<string> {
  const l = lookupsOf(ctx);
  let p = l.users.get(text);
  if (!p) {
    p = ctx.db
      .selectFrom('sysUser')
      .select(['username', 'realname'])
      .where((eb) => eb.or([eb('username', '=', text), eb('realname', '=', text)]))
      .where('delFlag', '=', 0)
      .limit(2)
      .execute()
      .then((users) => {
        const exact = users.find((u) => u.username === text);
        if (exact) return exact.username;
        return users.length === 1 ? users[0]!.username : null;
      });
    l.users.set(text, p);
  }
  return p.then((u) => u ?? text);
}

/** Narrows a query to a category and its descendants (the tree is a code tree: A01A02 lies under A01). */
export async function underCategory(q: AnyQuery, categoryId: string, ctx: ResourceContext): Promise<AnyQuery> {
  const category = (await assetCategories(ctx)).find((c) => c.id === categoryId);
  if (!category) return q.where((eb: any) => eb.val(1).eq(0));
  const ids = (await assetCategories(ctx)).filter((c) => c.code.startsWith(category.code)).map((c) => c.id);
  return q.where('bizAsset.categoryId' as any, 'in', ids);
}

const mapQuery = z
  .object({
    categoryId: z.string().max(32).optional(),
    status: z.string().max(200).optional(),
    ownerDepartId: z.string().max(32).optional(),
    published: z.enum(['0', '1']).optional(),
    bbox: z.string().max(200).optional(),
  })
  .loose();

function parseBbox(raw: string): DistrictBox {
  const box = toBox(raw);
  if (
    !box ||
    box.minLng > box.maxLng ||
    box.minLat > box.maxLat ||
    Math.abs(box.minLng) > 180 ||
    Math.abs(box.maxLng) > 180 ||
    Math.abs(box.minLat) > 90 ||
    Math.abs(box.maxLat) > 90
  ) {
    throw new ApiError(400, ASSET_MESSAGES.bbox);
  }
  return box;
}

/**
 * Map points of every live asset with coordinates the caller may see: one query, five columns, answered
 * as compact tuples (10,000 points stay a small answer).
 */
export async function mapPoints(ctx: ResourceContext, rawQuery: unknown, def: Parameters<typeof scoped>[0]) {
  const query = parse(mapQuery, rawQuery);
  let q: AnyQuery = ctx.db
    .selectFrom('bizAsset')
    .select(['bizAsset.id', 'bizAsset.longitude', 'bizAsset.latitude', 'bizAsset.status', 'bizAsset.categoryId'])
    .where('bizAsset.longitude', 'is not', null)
    .where('bizAsset.latitude', 'is not', null);
  q = await scoped(def, ctx, q);
  if (query.categoryId) q = await underCategory(q, query.categoryId, ctx);
  const statuses = (query.status ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (statuses.length) q = q.where('bizAsset.status' as any, 'in', statuses);
  if (query.ownerDepartId) q = q.where('bizAsset.ownerDepartId' as any, '=', query.ownerDepartId);
  if (query.published) q = q.where('bizAsset.published' as any, '=', Number(query.published));
  if (query.bbox) {
    const b = parseBbox(query.bbox);
    q = q
      .where('bizAsset.longitude' as any, '>=', b.minLng)
      .where('bizAsset.longitude' as any, '<=', b.maxLng)
      .where('bizAsset.latitude' as any, '>=', b.minLat)
      .where('bizAsset.latitude' as any, '<=', b.maxLat);
  }
  const rows = (await q.execute()) as {
    id: string;
    longitude: number;
    latitude: number;
    status: string;
    categoryId: string;
  }[];
  return rows.map((r): AssetPoint => [r.id, Number(r.longitude), Number(r.latitude), r.status, r.categoryId]);
}

/** One asset in the caller's scope with its labels, images and attachments as arrays; 404 otherwise. */
export async function assetDetail(
  ctx: ResourceContext,
  id: string,
  def: Parameters<typeof scoped>[0],
): Promise<AssetDetail> {
  let row: Row;
  try {
    row = await findScoped(def, ctx, id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new ApiError(404, ASSET_MESSAGES.notFound);
    throw error;
  }
  await decorateRows(def, [row], ctx, ctx.request.server.ctx.kv);
  const attachments = await namedFiles(ctx.db, splitPaths(row.attachments));
  const text = (v: unknown) => (v === '' || v === undefined || v === null ? null : String(v));
  const detail: Row = {};
  for (const [k, v] of Object.entries(row))
    if (!k.endsWith('_dictText') && k !== 'delFlag' && k !== 'tenantId') detail[k] = v;
  return {
    ...(detail as unknown as AssetDetail),
    images: splitPaths(row.images),
    attachments,
    categoryName: text(row.categoryId_dictText),
    ownerDepartName: text(row.ownerDepartId_dictText),
    custodianName: text(row.custodian_dictText),
    statusText: text(row.status_dictText) ?? String(row.status),
    useNatureText: text(row.useNature_dictText),
  };
}

export const publishMessage = (published: boolean, n: number) =>
  published ? `发布成功！共 ${n} 条` : `撤回成功！共 ${n} 条`;

const CHUNK = 500;

/**
 * Publishes or withdraws assets of the caller's scope (tenant, data rules, live). A disposed asset is never
 * published; any id out of scope makes the whole call a 404 and nothing changes. Each changed asset gets a
 * data-log version.
 */
export async function publishAssets(
  ctx: ResourceContext,
  def: Parameters<typeof scoped>[0],
  ids: string[],
  published: boolean,
): Promise<number> {
  const unique = [...new Set(ids)];
  const rows: Row[] = [];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const q = await scoped(def, ctx);
    rows.push(...((await q.where('bizAsset.id' as any, 'in', unique.slice(i, i + CHUNK)).execute()) as Row[]));
  }
  if (rows.length !== unique.length) throw new ApiError(404, ASSET_MESSAGES.notFound);
  if (published) {
    const disposed = rows.find((r) => r.status === ASSET_STATUS.disposed);
    if (disposed) {
      throw new ApiError(
        400,
        `${ASSET_MESSAGES.disposedNotPublishable}：${String(disposed.name)}（${String(disposed.code)}）`,
      );
    }
  }
  const flag = published ? 1 : 0;
  const changing = rows.filter((r) => Number(r.published) !== flag);
  if (changing.length === 0) return 0;
  const now = formatDateTime();
  const set = { published: flag, publishTime: published ? now : null, updateBy: ctx.user.username, updateTime: now };
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < changing.length; i += CHUNK) {
      const chunk = changing.slice(i, i + CHUNK);
      await trx
        .updateTable('bizAsset')
        .set(set)
        .where(
          'id',
          'in',
          chunk.map((r) => String(r.id)),
        )
        // A disposal racing this call keeps its asset unpublished.
        .$if(published, (u) => u.where('status', '<>', ASSET_STATUS.disposed))
        .execute();
      await writeDataLogs(
        trx,
        chunk.map((r) => ({ ...r, ...set })),
        ctx.user,
      );
    }
  });
  await dataChanged(ctx.request.server.ctx.kv);
  return changing.length;
}

/** A data-log version of each asset in two queries (the latest versions, one insert), not two per asset. */
async function writeDataLogs(trx: Kysely<Database>, rows: Row[], user: AuthUser): Promise<void> {
  const ids = rows.map((r) => String(r.id));
  const last = await trx
    .selectFrom('sysDataLog')
    .select(['dataId', (eb) => eb.fn.max('dataVersion').as('v')])
    .where('dataTable', '=', 'biz_asset')
    .where('dataId', 'in', ids)
    .groupBy('dataId')
    .execute();
  const versions = new Map(last.map((l) => [l.dataId, Number(l.v ?? 0)]));
  const now = formatDateTime();
  const values = rows.map((r) => ({
    id: newId(),
    dataTable: 'biz_asset',
    dataId: String(r.id),
    dataVersion: (versions.get(String(r.id)) ?? 0) + 1,
    dataContent: snapshot(r),
    action: 'edit',
    createBy: user.username,
    createTime: now,
    tenantId: user.tenantId,
  }));
  // Chained with the tenant's data log (written in small statements: a snapshot may carry a long description).
  await writeDataLogRows(trx, values);
}
