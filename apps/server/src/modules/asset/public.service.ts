import {
  ASSET_CATEGORY_ROOT,
  ASSET_DICT,
  ASSET_MESSAGES,
  ASSET_STATUS_ITEMS,
  PUBLIC_ASSET_FIELDS,
  fromHundredths,
  type AssetPoint,
  type AssetStats,
  type PageResult,
  type PublicAsset,
} from '@district/shared';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { BizAsset, Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { escapeLike } from '../../lib/resource/list-query.js';

/*
 * The public display (公开展示): what the guest and everyone else may read about published assets. Every
 * answer is built from PUBLIC_ASSET_FIELDS on the server; nothing a caller sends can widen it. The public sees
 * every tenant's published assets: publishing is the office's deliberate act of showing an asset to all.
 */

export const PUBLIC_MESSAGES = {
  status: '资产状态不是有效的选项',
  categoryId: '资产分类参数有误',
  keyword: '关键字不能超过50个字符',
  pageNo: '页码须为正整数',
  pageSize: '每页条数须为1到100之间的整数',
  column: '不支持的排序字段',
  order: '排序方向须为 asc 或 desc',
} as const;

/** Columns the public list may sort by (public fields only). */
const SORTABLE = { code: 'code', name: 'name', area: 'area', publishTime: 'publishTime' } as const;
const STATUS_VALUES = new Set(ASSET_STATUS_ITEMS.map((i) => i.value));
const MAX_PAGE_SIZE = 100;

export interface PublicFilters {
  categoryId?: string;
  status?: string;
  keyword?: string;
}

type Query = Record<string, unknown>;
type AssetQuery = SelectQueryBuilder<Database, 'bizAsset', object>;

/** A single text parameter (a repeated one is refused rather than guessed). */
function text(query: Query, name: string, max: number, message: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > max) throw new ApiError(400, message);
  return value.trim() || undefined;
}

export function parseFilters(query: Query): PublicFilters {
  const status = text(query, 'status', 20, PUBLIC_MESSAGES.status);
  if (status !== undefined && !STATUS_VALUES.has(status as never)) throw new ApiError(400, PUBLIC_MESSAGES.status);
  const categoryId = text(query, 'categoryId', 32, PUBLIC_MESSAGES.categoryId);
  const keyword = text(query, 'keyword', 50, PUBLIC_MESSAGES.keyword);
  return { status, categoryId, keyword };
}

/** Published, not deleted, not disposed: what the public may see at all. */
function published(db: Kysely<Database>): AssetQuery {
  return db
    .selectFrom('bizAsset')
    .where('bizAsset.published', '=', 1)
    .where('bizAsset.delFlag', '=', 0)
    .where('bizAsset.status', '!=', 'disposed');
}

async function applyFilters(db: Kysely<Database>, q: AssetQuery, f: PublicFilters): Promise<AssetQuery> {
  if (f.status) q = q.where('bizAsset.status', '=', f.status);
  if (f.categoryId) {
    const category = await db
      .selectFrom('sysCategory')
      .select('code')
      .where('id', '=', f.categoryId)
      .executeTakeFirst();
    // An unknown category matches nothing (the public may hold a stale link).
    if (!category) return q.where(sql<boolean>`1 = 0`);
    const prefix = `${escapeLike(category.code)}%`;
    q = q.where('bizAsset.categoryId', 'in', (eb) =>
      eb
        .selectFrom('sysCategory')
        .select('id')
        .where(sql<boolean>`code like ${prefix} escape '!'`),
    );
  }
  if (f.keyword) {
    const pattern = `%${escapeLike(f.keyword)}%`;
    q = q.where((eb) =>
      eb.or(
        ['bizAsset.name', 'bizAsset.address', 'bizAsset.code'].map(
          (c) => sql<boolean>`${eb.ref(c as 'bizAsset.name')} like ${pattern} escape '!'`,
        ),
      ),
    );
  }
  return q;
}

/** Points of published assets with coordinates: one query, tuples to keep 10,000 of them small. */
export async function publicPoints(db: Kysely<Database>, filters: PublicFilters): Promise<AssetPoint[]> {
  const q = await applyFilters(db, published(db), filters);
  const rows = await q
    .select(['bizAsset.id', 'bizAsset.longitude', 'bizAsset.latitude', 'bizAsset.status', 'bizAsset.categoryId'])
    .where('bizAsset.longitude', 'is not', null)
    .where('bizAsset.latitude', 'is not', null)
    .execute();
  return rows.map((r) => [r.id, round6(r.longitude!), round6(r.latitude!), r.status, r.categoryId]);
}

/** ~0.1 m is finer than any map needs and keeps the JSON short. */
const round6 = (n: number) => Math.round(Number(n) * 1e6) / 1e6;

/** Labels of a dictionary as the administrators keep them, falling back to the seeded ones. */
async function dictLabels(db: Kysely<Database>, code: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    .select(['i.itemValue', 'i.itemText'])
    .where('d.dictCode', '=', code)
    .where('d.delFlag', '=', 0)
    .execute();
  return new Map(rows.map((r) => [r.itemValue, r.itemText]));
}

export async function publicStats(db: Kysely<Database>): Promise<AssetStats> {
  const root = await db
    .selectFrom('sysCategory')
    .select('id')
    .where('code', '=', ASSET_CATEGORY_ROOT)
    .executeTakeFirst();
  const tops = root
    ? await db.selectFrom('sysCategory').select(['id', 'name', 'code']).where('pid', '=', root.id).execute()
    : [];
  const byCategoryRows = await published(db)
    .innerJoin('sysCategory as c', 'c.id', 'bizAsset.categoryId')
    .select([
      'c.code',
      (eb) => eb.fn.countAll<number>().as('count'),
      (eb) => eb.fn.sum<number>('bizAsset.area').as('area'),
    ])
    .groupBy('c.code')
    .execute();
  const byStatusRows = await published(db)
    .select([
      'bizAsset.status',
      (eb) => eb.fn.countAll<number>().as('count'),
      (eb) => eb.fn.sum<number>('bizAsset.area').as('area'),
    ])
    .groupBy('bizAsset.status')
    .execute();
  const statusText = await dictLabels(db, ASSET_DICT.status);

  const byCategory = tops
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((top) => {
      const under = byCategoryRows.filter((r) => r.code.startsWith(top.code));
      return {
        categoryId: top.id,
        name: top.name,
        count: under.reduce((s, r) => s + Number(r.count), 0),
        area: fromHundredths(under.reduce((s, r) => s + Number(r.area ?? 0), 0)) ?? 0,
      };
    });
  const byStatus = ASSET_STATUS_ITEMS.filter((i) => i.value !== 'disposed').map((item) => {
    const row = byStatusRows.find((r) => r.status === item.value);
    return {
      status: item.value,
      text: statusText.get(item.value) ?? item.text,
      count: Number(row?.count ?? 0),
      area: fromHundredths(Number(row?.area ?? 0)) ?? 0,
    };
  });
  return {
    total: byStatus.reduce((s, r) => s + r.count, 0),
    totalArea: fromHundredths(byStatusRows.reduce((s, r) => s + Number(r.area ?? 0), 0)) ?? 0,
    byCategory,
    byStatus,
  };
}

/** The public columns read from the table: nothing else is ever selected. */
const PUBLIC_COLUMNS = [
  'bizAsset.id',
  'bizAsset.code',
  'bizAsset.name',
  'bizAsset.categoryId',
  'bizAsset.address',
  'bizAsset.regionCode',
  'bizAsset.longitude',
  'bizAsset.latitude',
  'bizAsset.area',
  'bizAsset.status',
  'bizAsset.useNature',
  'bizAsset.images',
  'bizAsset.description',
  'bizAsset.publishTime',
] as const;

type PublicRow = Pick<BizAsset, (typeof PUBLIC_COLUMNS)[number] extends `bizAsset.${infer K}` ? K : never>;

/** Projects a row onto exactly PUBLIC_ASSET_FIELDS, adding the labels. */
async function project(db: Kysely<Database>, rows: PublicRow[]): Promise<PublicAsset[]> {
  const categoryIds = [...new Set(rows.map((r) => r.categoryId))];
  const categories = categoryIds.length
    ? await db.selectFrom('sysCategory').select(['id', 'name']).where('id', 'in', categoryIds).execute()
    : [];
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const statusText = await dictLabels(db, ASSET_DICT.status);
  const natureText = await dictLabels(db, ASSET_DICT.useNature);
  return rows.map((r) => {
    const full: Record<string, unknown> = {
      ...r,
      longitude: r.longitude === null ? null : Number(r.longitude),
      latitude: r.latitude === null ? null : Number(r.latitude),
      area: fromHundredths(r.area === null ? null : Number(r.area)),
      categoryName: categoryName.get(r.categoryId) ?? null,
      statusText: statusText.get(r.status) ?? r.status,
      useNatureText: r.useNature ? (natureText.get(r.useNature) ?? r.useNature) : null,
    };
    return Object.fromEntries(PUBLIC_ASSET_FIELDS.map((k) => [k, full[k] ?? null])) as PublicAsset;
  });
}

export async function publicList(db: Kysely<Database>, query: Query): Promise<PageResult<PublicAsset>> {
  const filters = parseFilters(query);
  const pageNo = positiveInt(query.pageNo, 1, Number.MAX_SAFE_INTEGER, PUBLIC_MESSAGES.pageNo);
  const pageSize = positiveInt(query.pageSize, 10, MAX_PAGE_SIZE, PUBLIC_MESSAGES.pageSize);
  const column = text(query, 'column', 20, PUBLIC_MESSAGES.column) ?? 'publishTime';
  if (!Object.hasOwn(SORTABLE, column)) throw new ApiError(400, PUBLIC_MESSAGES.column);
  const order = text(query, 'order', 4, PUBLIC_MESSAGES.order) ?? 'desc';
  if (order !== 'asc' && order !== 'desc') throw new ApiError(400, PUBLIC_MESSAGES.order);

  const q = await applyFilters(db, published(db), filters);
  const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(count.n);
  const rows = await q
    .select([...PUBLIC_COLUMNS])
    .orderBy(`bizAsset.${SORTABLE[column as keyof typeof SORTABLE]}`, order)
    .orderBy('bizAsset.id')
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .execute();
  return {
    records: await project(db, rows),
    total,
    size: pageSize,
    current: pageNo,
    pages: Math.ceil(total / pageSize),
  };
}

export async function publicDetail(db: Kysely<Database>, id: unknown): Promise<PublicAsset> {
  if (typeof id !== 'string' || id === '' || id.length > 32) throw new ApiError(404, ASSET_MESSAGES.publicNotFound);
  const row = await published(db)
    .select([...PUBLIC_COLUMNS])
    .where('bizAsset.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, ASSET_MESSAGES.publicNotFound);
  return (await project(db, [row]))[0]!;
}

function positiveInt(value: unknown, fallback: number, max: number, message: string): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) throw new ApiError(400, message);
  return n;
}
