import {
  decodeFilter,
  LIST_PAGE,
  MAX_PAGE_SIZE,
  MSG,
  parsePagingParam,
  SUPER_QUERY_RULES,
  type SuperQueryCondition,
  type SuperQueryRule,
} from '@district/shared';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { hasNulCharacter } from '../db-errors.js';
import { ApiError } from '../http.js';
import type { FieldCrypto } from '../field-crypto.js';
import { toHundredthsOrNull } from './decimal.js';
import type { AnyQuery, FieldDef, ResourceDef } from './resource.types.js';
import { sealedCondition, sealedFields } from './sealed-fields.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- column references are checked against the declaration */
type Eb = ExpressionBuilder<any, any>;

/** Parameters every list understands besides field filters. */
const RESERVED = new Set([
  'pageNo',
  'pageSize',
  'column',
  'order',
  'field',
  'superQueryParams',
  'superQueryMatchType',
  'selections',
  '_t',
]);

export interface ListParams {
  pageNo: number;
  pageSize: number;
  sort: { column: string; order: 'asc' | 'desc' } | null;
  fields: string[] | null;
  selections: string[] | null;
}

function intParam(raw: string | undefined, fallback: number, name: string, max?: number): number {
  const parsed = parsePagingParam(raw, fallback, name, max);
  if ('error' in parsed) throw new ApiError(400, parsed.error);
  return parsed.value;
}

function single(raw: unknown): string | undefined {
  if (Array.isArray(raw)) return raw.length ? String(raw[raw.length - 1]) : undefined;
  return raw === undefined || raw === null ? undefined : String(raw);
}

export function fieldColumn(def: ResourceDef, field: string): string {
  return def.fields[field]?.column ?? field;
}

export function parseListParams(def: ResourceDef, query: Record<string, unknown>): ListParams {
  const pageNo = intParam(single(query.pageNo), 1, 'pageNo');
  // A page size beyond the cap is served at the cap, as before.
  const pageSize = Math.min(intParam(single(query.pageSize), LIST_PAGE.pageSize, 'pageSize', Infinity), MAX_PAGE_SIZE);
  const column = single(query.column);
  const orderRaw = single(query.order);
  let sort: ListParams['sort'] = null;
  if (column) {
    if (!def.fields[column]?.sort) throw new ApiError(400, `不支持按字段 ${column} 排序`);
    const order = orderRaw === 'asc' ? 'asc' : orderRaw === 'desc' || orderRaw === undefined ? 'desc' : null;
    if (!order) throw new ApiError(400, '排序方向只能是 asc 或 desc');
    sort = { column, order };
  }
  const fieldRaw = single(query.field);
  const fields = fieldRaw
    ? fieldRaw
        .split(',')
        .map((f) => f.trim())
        .filter((f) => f && def.fields[f] && !def.fields[f]?.hidden)
    : null;
  const selRaw = single(query.selections);
  const selections = selRaw ? selRaw.split(',').filter(Boolean) : null;
  return { pageNo, pageSize, sort, fields: fields?.length ? fields : null, selections };
}

function coerce(def: FieldDef, field: string, raw: string): string | number {
  if (def.type === 'int') {
    const n = Number(raw);
    if (!Number.isInteger(n)) throw new ApiError(400, `字段 ${def.title} 需要整数`);
    return n;
  }
  if (def.type === 'decimal2') {
    // Compared with the integer column in hundredths, exactly (no float rounding at the boundary).
    const n = toHundredthsOrNull(raw);
    if (n === null) throw new ApiError(400, `字段 ${def.title} 需要不小于0、最多两位小数的数字`);
    return n;
  }
  if (def.type === 'number') {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n)) throw new ApiError(400, `字段 ${def.title} 需要数字`);
    return n;
  }
  if (raw.length > 500) throw new ApiError(400, `字段 ${field} 的查询值过长`);
  return raw;
}

/** LIKE with '!' as the escape character: the one spelling PostgreSQL, MySQL and SQLite all accept. */
function likeExpr(eb: Eb, column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${eb.ref(column)} like ${pattern} escape '!'`;
}

export function escapeLike(value: string): string {
  return value.replace(/[!%_]/g, (c) => `!${c}`);
}

export type Operator = SuperQueryRule;

/**
 * One condition on one declared field. A sealed field (personal data at rest) is compared through its keyed hash,
 * which needs the keys (`crypto`); without them it matches nothing.
 */
export function condition(
  eb: Eb,
  def: ResourceDef,
  field: string,
  op: Operator,
  raw: string | string[],
  crypto: FieldCrypto | null = null,
): Expression<SqlBool> {
  const fd = def.fields[field];
  if (!fd || fd.computed) throw new ApiError(400, `不支持的查询字段：${field}`);
  const col = fieldColumn(def, field);
  const values = (Array.isArray(raw) ? raw : [raw]).map((v) => coerce(fd, field, v));
  const sealed = fd.sealed ? sealedFields(def).find((s) => s.field === field) : undefined;
  if (sealed) return sealedCondition(eb, sealed, op, values.map(String), crypto);
  const first = values[0] ?? '';
  switch (op) {
    case 'like':
      return likeExpr(eb, col, `%${escapeLike(String(first))}%`);
    case 'right_like':
      return likeExpr(eb, col, `${escapeLike(String(first))}%`);
    case 'left_like':
      return likeExpr(eb, col, `%${escapeLike(String(first))}`);
    case 'in':
      if (values.length === 0) return sql<SqlBool>`1 = 0`;
      if (values.length > 1000) throw new ApiError(400, '查询值过多');
      return eb(col, 'in', values);
    case 'ne':
      return eb.or([eb(col, '<>', first), eb(col, 'is', null)]);
    case 'gt':
      return eb(col, '>', first);
    case 'ge':
      return eb(col, '>=', first);
    case 'lt':
      return eb(col, '<', first);
    case 'le':
      return eb(col, '<=', first);
    default:
      return eb(col, '=', first);
  }
}

/** Range ends of a date column: a bare date includes its whole day. */
function rangeEnd(fd: FieldDef, value: string): string {
  return fd.type === 'datetime' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value} 23:59:59` : value;
}

export function parseSuperQuery(raw: string | undefined): SuperQueryCondition[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    let text = raw;
    // Sent URL-encoded inside the query string; tolerate one more level of encoding.
    for (let i = 0; i < 2 && /%[0-9A-Fa-f]{2}/.test(text); i++) text = decodeURIComponent(text);
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, '高级查询参数格式有误');
  }
  if (!Array.isArray(parsed) || parsed.length > 50) throw new ApiError(400, '高级查询参数格式有误');
  // JSON can spell a NUL ("\u0000") that the query string itself did not carry.
  if (hasNulCharacter(parsed)) throw new ApiError(400, MSG.controlCharacter);
  return parsed.map((c: unknown) => {
    const item = c as Partial<SuperQueryCondition>;
    if (!item || typeof item.field !== 'string' || !SUPER_QUERY_RULES.includes(item.rule as SuperQueryRule)) {
      throw new ApiError(400, '高级查询条件有误');
    }
    return { field: item.field, rule: item.rule as SuperQueryRule, val: String(item.val ?? '') };
  });
}

/** Applies plain filters, ranges, extra params and the advanced query of a list request. */
export async function applyFilters(
  q: AnyQuery,
  def: ResourceDef,
  query: Record<string, unknown>,
  applyExtra: (q: AnyQuery, key: string, value: string) => Promise<AnyQuery> | AnyQuery,
  crypto: FieldCrypto | null = null,
): Promise<AnyQuery> {
  for (const [key, rawValue] of Object.entries(query)) {
    if (RESERVED.has(key)) continue;
    const value = single(rawValue);
    if (value === undefined || value === '') continue;
    if (def.extraParams && key in def.extraParams) {
      q = await applyExtra(q, key, value);
      continue;
    }
    const range = /^(.+)_(begin|end)$/.exec(key);
    if (range && def.fields[range[1]!]?.filter) {
      const field = range[1]!;
      const fd = def.fields[field]!;
      if (fd.sealed) throw new ApiError(400, `${fd.title}加密存储，只能按完整的${fd.title}精确查询`);
      const col = fieldColumn(def, field);
      const v = coerce(fd, field, range[2] === 'end' ? rangeEnd(fd, value) : value);
      q = q.where(col, range[2] === 'begin' ? '>=' : '<=', v);
      continue;
    }
    if (!def.fields[key]?.filter) throw new ApiError(400, `不支持的查询字段：${key}`);
    const decoded = decodeFilter(value);
    const fd = def.fields[key]!;
    // Numbers and dates never use LIKE; a plain value on a text field is an exact match.
    const op = decoded.op;
    q = q.where((eb: Eb) =>
      condition(eb, def, key, op, fd.type === 'string' || op !== 'like' ? decoded.value : value, crypto),
    );
  }

  const conditions = parseSuperQuery(single(query.superQueryParams));
  if (conditions.length) {
    const matchType = single(query.superQueryMatchType) === 'or' ? 'or' : 'and';
    for (const c of conditions)
      if (!def.fields[c.field]?.filter) throw new ApiError(400, `不支持的查询字段：${c.field}`);
    q = q.where((eb: Eb) => {
      const parts = conditions.map((c) =>
        condition(eb, def, c.field, c.rule, c.rule === 'in' ? c.val.split(',').filter(Boolean) : c.val, crypto),
      );
      return matchType === 'or' ? eb.or(parts) : eb.and(parts);
    });
  }
  return q;
}
