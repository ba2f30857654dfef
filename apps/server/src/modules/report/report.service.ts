import {
  MAX_PAGE_SIZE,
  parsePagingParam,
  POPUP_PARAM_PREFIX,
  POPUP_REPORT,
  type DictItem,
  type PageResult,
  type PopupReportColumns,
  type PopupReportQueryItem,
  type PopupReportRow,
} from '@district/shared';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { AuthUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import type { KvStore } from '../../lib/kv-store.js';
import { findReportByCode, findReportByConfigId, type ReportDef, type ReportQuery } from './report.registry.js';
import { DictService } from '../../lib/dict.service.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- columns come from the registry, never from the request */
type Eb = ExpressionBuilder<any, any>;

const CODE = /^[A-Za-z0-9_]{1,64}$/;
const CONFIG_ID = /^[0-9a-f]{32}$/;
const MAX_VALUE_LENGTH = 200;
/** Parameters every data call may carry besides query fields and dynamic parameters. */
const PAGING = new Set(['pageNo', 'pageSize', 'column', 'order', '_t']);

const clip = (s: string) => (s.length > 50 ? `${s.slice(0, 50)}…` : s);

export function reportByCode(code: string): ReportDef {
  if (!CODE.test(code)) throw new ApiError(400, 'popup报表编码不正确');
  const def = findReportByCode(code);
  if (!def) throw new ApiError(404, `未找到popup报表：${code}`);
  return def;
}

export function reportByConfigId(configId: string): ReportDef {
  if (!CONFIG_ID.test(configId)) throw new ApiError(400, 'popup报表配置ID不正确');
  const def = findReportByConfigId(configId);
  if (!def) throw new ApiError(404, '未找到popup报表配置');
  return def;
}

/** One value of a query parameter: a repeated parameter keeps its last value. */
function single(raw: unknown): string {
  if (Array.isArray(raw)) return raw.length ? String(raw[raw.length - 1]) : '';
  return raw === undefined || raw === null ? '' : String(raw);
}

function positiveInt(raw: string, fallback: number, name: string, max?: number): number {
  const parsed = parsePagingParam(raw, fallback, name, max);
  if ('error' in parsed) throw new ApiError(400, parsed.error);
  return parsed.value;
}

function likeContains(eb: Eb, column: string, value: string): Expression<SqlBool> {
  // '!' escapes, the one spelling PostgreSQL, MySQL and SQLite all accept.
  const pattern = `%${value.replace(/[!%_]/g, (c) => `!${c}`)}%`;
  return sql<SqlBool>`${eb.ref(column)} like ${pattern} escape '!'`;
}

export interface ReportDataParams {
  pageNo: number;
  pageSize: number;
  sort: { column: string; order: 'asc' | 'desc' };
  conditions: ((eb: Eb) => Expression<SqlBool>)[];
}

/** Reads a data call's parameters against the report's declaration; anything undeclared is a 400. */
export function parseDataParams(def: ReportDef, query: Record<string, unknown>): ReportDataParams {
  const pageNo = positiveInt(single(query.pageNo), 1, 'pageNo');
  const pageSize = Math.min(
    positiveInt(single(query.pageSize), POPUP_REPORT.pageSize, 'pageSize', Infinity),
    MAX_PAGE_SIZE,
  );
  let sort = def.defaultSort;
  const column = single(query.column);
  if (column) {
    const col = def.columns.find((c) => c.field === column && c.sortable);
    if (!col) throw new ApiError(400, `不支持按字段 ${clip(column)} 排序`);
    const order = single(query.order) || 'asc';
    if (order !== 'asc' && order !== 'desc') throw new ApiError(400, '排序方向只能是 asc 或 desc');
    sort = { column: col.column, order };
  }

  const conditions: ReportDataParams['conditions'] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (PAGING.has(key)) continue;
    const value = single(raw).trim();
    if (key.startsWith(POPUP_PARAM_PREFIX)) {
      const name = key.slice(POPUP_PARAM_PREFIX.length);
      const param = def.params && Object.hasOwn(def.params, name) ? def.params[name] : undefined;
      if (!param) throw new ApiError(400, `不支持的参数：${clip(key)}`);
      if (value === '') continue;
      if (value.length > MAX_VALUE_LENGTH) throw new ApiError(400, `参数 ${key} 的值过长`);
      conditions.push((eb) => param(eb, value));
      continue;
    }
    const field = def.queryFields.find((f) => f.field === key);
    if (!field) throw new ApiError(400, `不支持的查询字段：${clip(key)}`);
    if (value === '') continue;
    if (value.length > MAX_VALUE_LENGTH) throw new ApiError(400, `字段 ${field.title} 的查询值过长`);
    if (field.match === 'like') {
      conditions.push((eb) => likeContains(eb, field.column, value));
    } else if (field.type === 'int') {
      const n = Number(value);
      if (!Number.isInteger(n)) throw new ApiError(400, `字段 ${field.title} 需要整数`);
      conditions.push((eb) => eb(field.column, '=', n));
    } else {
      conditions.push((eb) => eb(field.column, '=', value));
    }
  }
  return { pageNo, pageSize, sort, conditions };
}

export class ReportService {
  private readonly dicts: DictService;

  constructor(
    private readonly db: Kysely<Database>,
    kv: KvStore,
  ) {
    this.dicts = new DictService(db, kv);
  }

  async columns(code: string): Promise<PopupReportColumns> {
    const def = reportByCode(code);
    const dictOptions: Record<string, DictItem[]> = {};
    for (const c of def.columns) if (c.dictCode) dictOptions[c.field] = await this.dicts.items(c.dictCode);
    return {
      cgRpConfigId: def.configId,
      cgRpConfigName: def.name,
      columns: def.columns.map((c) => ({
        field: c.field,
        title: c.title,
        ...(c.dictCode ? { dictCode: c.dictCode } : {}),
        ...(c.sortable ? { sortable: true } : {}),
      })),
      dictOptions,
    };
  }

  queryInfo(configId: string): PopupReportQueryItem[] {
    const def = reportByConfigId(configId);
    return def.queryFields.map((f) => ({
      field: f.field,
      title: f.title,
      mode: 'single' as const,
      ...(f.hidden ? { hidden: '1' as const } : {}),
      ...(f.dictCode ? { dictCode: f.dictCode } : {}),
    }));
  }

  private scoped(def: ReportDef, user: AuthUser): ReportQuery {
    let q = def.from(this.db);
    const tenantId = user.tenantId;
    // A caller of no tenant sees the shared rows only, never every tenant's.
    if (tenantId === null) {
      if (def.tenancy === 'column') return q.where('t.tenantId', 'is', null);
      return def.tenancy === 'user' ? q.where(sql<boolean>`1 = 0`) : q;
    }
    if (def.tenancy === 'column') {
      // NULL tenant = shared by every tenant.
      q = q.where((eb: Eb) => eb.or([eb('t.tenantId', '=', tenantId), eb('t.tenantId', 'is', null)]));
    } else if (def.tenancy === 'user') {
      q = q.where((eb: Eb) =>
        eb.exists(
          eb
            .selectFrom('sysUserTenant as ut')
            .select('ut.id')
            .whereRef('ut.userId', '=', 't.id')
            .where('ut.tenantId', '=', tenantId),
        ),
      );
    }
    return q;
  }

  async data(configId: string, query: Record<string, unknown>, user: AuthUser): Promise<PageResult<PopupReportRow>> {
    const def = reportByConfigId(configId);
    const params = parseDataParams(def, query);
    let q = this.scoped(def, user);
    for (const c of params.conditions) q = q.where(c);

    const counted = await q.select((eb: Eb) => eb.fn.countAll().as('total')).executeTakeFirst();
    const total = Number((counted as { total?: unknown } | undefined)?.total ?? 0);
    const rows = (await q
      .select((eb: Eb) => [eb.ref('t.id').as('id'), ...def.columns.map((c) => eb.ref(c.column).as(c.field))])
      .orderBy(params.sort.column, params.sort.order)
      .orderBy('t.id')
      .limit(params.pageSize)
      .offset((params.pageNo - 1) * params.pageSize)
      .execute()) as PopupReportRow[];
    return {
      records: rows,
      total,
      size: params.pageSize,
      current: params.pageNo,
      pages: Math.ceil(total / params.pageSize),
    };
  }
}
