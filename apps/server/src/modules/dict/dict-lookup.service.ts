import { MAX_PAGE_SIZE, MSG } from '@district/shared';
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Database } from '../../db/schema.js';
import { hasNulCharacter } from '../../lib/db-errors.js';
import { ApiError } from '../../lib/http.js';
import type { KvStore } from '../../lib/kv-store.js';
import { findTableDict, type ResolvedTableDict, type TableDictEntry } from './table-dict.registry.js';
import { DICT_CODE, DictService } from '../../lib/dict.service.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- registered tables are named at run time */
type AnyDb = Kysely<any>;
type Eb = ExpressionBuilder<any, any>;
type AnyQuery = SelectQueryBuilder<any, any, any>;

export const DICT_LOOKUP_MSG = {
  badCode: '字典Code不正确',
  unregistered: (dict: string) => `未注册的表字典：${dict.slice(0, 100)}`,
  unregisteredTree: '未注册的树形字典，请检查 tableName、text、code、pidField、hasChildField 参数',
  badCondition: '组件JTreeSelect-condition传值有误，需要一个json字符串!',
  badConditionField: (field: string) => `不支持的查询条件字段：${field.slice(0, 50)}`,
  badPageSize: 'pageSize 必须是正整数',
  tooManyKeys: `一次最多查询 ${MAX_PAGE_SIZE} 个字典值`,
  tooLong: '查询参数过长',
} as const;

export const DEFAULT_DICT_PAGE_SIZE = 10;
const MAX_PARAM_LENGTH = 200;

export interface DictOption {
  value: string;
  text: string;
}

export interface TreeNode {
  /** The row's id: children are asked for with it as pid. */
  key: string;
  /** The code column's value (the stored value of the field). */
  value: string;
  title: string;
  leaf: boolean;
  parentId: string | null;
}

export type ParsedDict = { kind: 'plain'; code: string } | { kind: 'table'; table: ResolvedTableDict };

/** A plain code is a sys_dict code; anything with commas must be a registered table dictionary. */
export function parseDict(dict: string): ParsedDict {
  if (dict.includes(',')) {
    const table = findTableDict(dict);
    if (!table) throw new ApiError(400, DICT_LOOKUP_MSG.unregistered(dict));
    return { kind: 'table', table };
  }
  if (!DICT_CODE.test(dict)) throw new ApiError(400, DICT_LOOKUP_MSG.badCode);
  return { kind: 'plain', code: dict };
}

/** LIKE with '!' as the escape character: the one spelling PostgreSQL, MySQL and SQLite all accept. */
function escapeLike(value: string): string {
  return value.replace(/[!%_]/g, (c) => `!${c}`);
}

function isMissingTable(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /no such table|does not exist|doesn't exist|ER_NO_SUCH_TABLE/i.test(text);
}

/** Base query on a registered table: soft delete, tenancy and the named filter applied. */
function baseQuery(db: Kysely<Database>, resolved: ResolvedTableDict, tenantId: number | null): AnyQuery {
  const { entry, filter } = resolved;
  let q: AnyQuery = (db as AnyDb).selectFrom(`${entry.table} as t`);
  if (entry.softDelete) q = q.where('t.delFlag', '=', 0);
  // A caller of no tenant sees the shared rows only, never every tenant's.
  if (tenantId === null && entry.tenancy === 'column') q = q.where('t.tenantId', 'is', null);
  else if (tenantId === null && entry.tenancy === 'user') q = q.where(sql<boolean>`1 = 0`);
  else if (tenantId !== null && entry.tenancy === 'column') {
    // Rows without a tenant (seeded roles and the like) are shared by every tenant.
    q = q.where((eb: Eb) => eb.or([eb('t.tenantId', '=', tenantId), eb('t.tenantId', 'is', null)]));
  } else if (tenantId !== null && entry.tenancy === 'user') {
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
  if (filter) q = q.where((eb: Eb) => filter(eb));
  return q;
}

async function run<T>(entry: TableDictEntry, query: () => Promise<T[]>): Promise<T[]> {
  try {
    return await query();
  } catch (error) {
    if (entry.optional && isMissingTable(error)) return [];
    throw error;
  }
}

function orderOf(entry: TableDictEntry): readonly string[] {
  return entry.orderBy ?? [entry.codeColumn];
}

export function parsePageSize(raw: unknown): number {
  if (raw === undefined || raw === '') return DEFAULT_DICT_PAGE_SIZE;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new ApiError(400, DICT_LOOKUP_MSG.badPageSize);
  return Math.min(n, MAX_PAGE_SIZE);
}

export class DictLookupService {
  private readonly dicts: DictService;

  constructor(
    private readonly db: Kysely<Database>,
    kv: KvStore,
  ) {
    this.dicts = new DictService(db, kv);
  }

  /** Options whose text contains the keyword, at most pageSize of them. */
  async loadDict(dict: string, keyword: string, pageSize: number, tenantId: number | null): Promise<DictOption[]> {
    if (keyword.length > MAX_PARAM_LENGTH) throw new ApiError(400, DICT_LOOKUP_MSG.tooLong);
    const parsed = parseDict(dict);
    if (parsed.kind === 'plain') {
      const needle = keyword.toLowerCase();
      return (await this.dicts.items(parsed.code))
        .filter((i) => !needle || i.text.toLowerCase().includes(needle))
        .slice(0, pageSize)
        .map((i) => ({ value: String(i.value), text: i.text }));
    }
    const { entry } = parsed.table;
    let q = baseQuery(this.db, parsed.table, tenantId).select([
      `t.${entry.codeColumn} as value`,
      `t.${entry.textColumn} as text`,
    ]);
    if (keyword) {
      const pattern = `%${escapeLike(keyword)}%`;
      q = q.where(sql<SqlBool>`${sql.ref(`t.${entry.textColumn}`)} like ${pattern} escape '!'`);
    }
    for (const column of orderOf(entry)) q = q.orderBy(`t.${column}`);
    const rows = await run(entry, () => q.limit(pageSize).execute() as Promise<{ value: unknown; text: unknown }[]>);
    return rows.map((r) => ({ value: String(r.value), text: String(r.text ?? '') }));
  }

  /** Labels of the given values, in their order; a value without a label stays as it is. */
  async loadDictItem(dict: string, keys: string[], tenantId: number | null): Promise<string[]> {
    if (keys.length > MAX_PAGE_SIZE) throw new ApiError(400, DICT_LOOKUP_MSG.tooManyKeys);
    const parsed = parseDict(dict);
    let labels: Map<string, string>;
    if (parsed.kind === 'plain') {
      labels = new Map((await this.dicts.items(parsed.code)).map((i) => [String(i.value), i.text]));
    } else {
      labels = await labelsOf(this.db, parsed.table, keys, tenantId);
    }
    return keys.map((k) => labels.get(k) ?? k);
  }

  /** One level of a registered tree: the roots when pid is empty, else the children of pid. */
  async loadTreeData(params: TreeParams, tenantId: number | null): Promise<TreeNode[]> {
    const dict = `${params.tableName},${params.text},${params.code}`;
    const resolved = findTableDict(dict);
    const tree = resolved?.entry.tree;
    if (!resolved || resolved.filter || !tree || params.pidField !== tree.pidField) {
      throw new ApiError(400, DICT_LOOKUP_MSG.unregisteredTree);
    }
    if (params.hasChildField && params.hasChildField !== tree.hasChildField) {
      throw new ApiError(400, DICT_LOOKUP_MSG.unregisteredTree);
    }
    if (params.pid.length > MAX_PARAM_LENGTH) throw new ApiError(400, DICT_LOOKUP_MSG.tooLong);
    const conditions = parseCondition(params.condition, resolved.entry);
    const { entry } = resolved;

    let q = baseQuery(this.db, resolved, tenantId).select([
      `t.${entry.idColumn} as key`,
      `t.${entry.codeColumn} as value`,
      `t.${entry.textColumn} as title`,
      `t.${tree.pidColumn} as parentId`,
    ]);
    if (tree.hasChildColumn) {
      q = q.select(`t.${tree.hasChildColumn} as hasChild`);
    } else {
      q = q.select((eb: Eb) => {
        let children = eb.selectFrom(`${entry.table} as c`).select('c.id').whereRef(`c.${tree.pidColumn}`, '=', 't.id');
        if (entry.softDelete) children = children.where('c.delFlag', '=', 0);
        return eb.exists(children).as('hasChild');
      });
    }
    const pid = params.pid;
    if (pid === '' || tree.roots.includes(pid)) {
      const values = tree.roots.filter((r): r is string => r !== null);
      const withNull = tree.roots.includes(null);
      q = q.where((eb: Eb) => {
        const ors: Expression<SqlBool>[] = [];
        if (values.length) ors.push(eb(`t.${tree.pidColumn}`, 'in', values));
        if (withNull) ors.push(eb(`t.${tree.pidColumn}`, 'is', null));
        return eb.or(ors);
      });
    } else {
      q = q.where(`t.${tree.pidColumn}`, '=', pid);
    }
    for (const [column, value] of conditions) {
      q = q.where((eb: Eb) =>
        value === null
          ? eb(`t.${column}`, 'is', null)
          : Array.isArray(value)
            ? value.length
              ? eb(`t.${column}`, 'in', value)
              : sql<SqlBool>`1 = 0`
            : eb(`t.${column}`, '=', value),
      );
    }
    for (const column of orderOf(entry)) q = q.orderBy(`t.${column}`);
    const rows = await run(entry, () => q.limit(MAX_PAGE_SIZE).execute() as Promise<Record<string, unknown>[]>);
    return rows.map((r) => ({
      key: String(r.key),
      value: String(r.value),
      title: String(r.title ?? ''),
      // Booleans come back as 1/0 (SQLite, MySQL), true/false (PostgreSQL) or the stored flag '1'/'0'.
      leaf: !(r.hasChild === true || r.hasChild === 1 || r.hasChild === '1' || r.hasChild === 1n),
      parentId: r.parentId === null || r.parentId === undefined ? null : String(r.parentId),
    }));
  }
}

export interface TreeParams {
  pid: string;
  tableName: string;
  text: string;
  code: string;
  pidField: string;
  hasChildField: string;
  condition: string;
}

type ConditionValue = string | number | null | (string | number)[];

/** The tree-select condition: a JSON object of registered fields to values (bound, never spliced). */
export function parseCondition(raw: string, entry: TableDictEntry): [string, ConditionValue][] {
  if (!raw) return [];
  if (raw.length > 2000) throw new ApiError(400, DICT_LOOKUP_MSG.badCondition);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError(400, DICT_LOOKUP_MSG.badCondition);
  }
  // JSON can spell a NUL ("\u0000") the query string did not carry; PostgreSQL cannot compare one.
  if (hasNulCharacter(parsed)) throw new ApiError(400, MSG.controlCharacter);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(400, DICT_LOOKUP_MSG.badCondition);
  }
  const scalar = (v: unknown): v is string | number =>
    typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
  const result: [string, ConditionValue][] = [];
  for (const [field, value] of Object.entries(parsed as Record<string, unknown>)) {
    const column =
      entry.conditionFields && Object.hasOwn(entry.conditionFields, field) ? entry.conditionFields[field] : undefined;
    if (!column) throw new ApiError(400, DICT_LOOKUP_MSG.badConditionField(field));
    if (value === null || scalar(value)) result.push([column, value]);
    else if (typeof value === 'boolean') result.push([column, value ? 1 : 0]);
    else if (Array.isArray(value) && value.length <= MAX_PAGE_SIZE && value.every(scalar)) result.push([column, value]);
    else throw new ApiError(400, DICT_LOOKUP_MSG.badCondition);
  }
  return result;
}

async function labelsOf(
  db: Kysely<Database>,
  resolved: ResolvedTableDict,
  values: string[],
  tenantId: number | null,
): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const wanted = [...new Set(values.filter((v) => v !== ''))];
  const { entry } = resolved;
  // Chunked so a long page never exceeds a dialect's bound-parameter limit.
  for (let i = 0; i < wanted.length; i += 500) {
    const chunk = wanted.slice(i, i + 500);
    const rows = await run(
      entry,
      () =>
        baseQuery(db, resolved, tenantId)
          .select([`t.${entry.codeColumn} as value`, `t.${entry.textColumn} as text`])
          .where(`t.${entry.codeColumn}`, 'in', chunk)
          .execute() as Promise<{ value: unknown; text: unknown }[]>,
    );
    for (const r of rows) labels.set(String(r.value), String(r.text ?? ''));
  }
  return labels;
}

/**
 * Labels of a page's values of a registered table dictionary (`table,text,code[,where-key]`), in one
 * query: the generic list layer fills `<field>_dictText` with it. Throws a 400 ApiError when the
 * dictionary is not registered. Values without a row are absent from the map.
 */
export async function resolveTableDictLabels(
  db: Kysely<Database>,
  dict: string,
  values: readonly string[],
  tenantId: number | null,
): Promise<Map<string, string>> {
  const resolved = findTableDict(dict);
  if (!resolved) throw new ApiError(400, DICT_LOOKUP_MSG.unregistered(dict));
  return labelsOf(db, resolved, [...values], tenantId);
}
