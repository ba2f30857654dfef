import { createHash } from 'node:crypto';
import type { Expression, ExpressionBuilder, Kysely, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- reports name tables and columns dynamically; every name is fixed here */
export type ReportQuery = SelectQueryBuilder<any, any, any>;
type Eb = ExpressionBuilder<any, any>;

/** A column a report shows; `column` is the qualified camelCase column (the database plugin snake-cases it). */
export interface ReportColumnDef {
  field: string;
  title: string;
  column: string;
  dictCode?: string;
  sortable?: boolean;
}

/** A field of the report's query form: `like` matches part of the text, `eq` the whole value. */
export interface ReportQueryFieldDef {
  field: string;
  title: string;
  column: string;
  match: 'like' | 'eq';
  /** Integer columns: the value must be an integer (a text would make PostgreSQL fail). */
  type?: 'string' | 'int';
  /** Shown only once the query form is expanded. */
  hidden?: boolean;
  dictCode?: string;
}

/**
 * A popup report: a named, server-registered query over one of our own tables. The client chooses a
 * report by code (or its config id) and sends values; it never sends SQL, table or column names.
 */
export interface ReportDef {
  code: string;
  /** Stable id the data and query-form calls use. */
  configId: string;
  name: string;
  /** The rows the report may show, before query fields: table aliased `t`, soft-deleted rows left out. */
  from(db: Kysely<Database>): ReportQuery;
  /** How the rows are limited to the caller's tenant. */
  tenancy: 'column' | 'user' | 'none';
  columns: ReportColumnDef[];
  queryFields: ReportQueryFieldDef[];
  /** Dynamic parameters (sent as `self_<name>`), each a fixed condition with the value bound. */
  params?: Record<string, (eb: Eb, value: string) => Expression<SqlBool>>;
  defaultSort: { column: string; order: 'asc' | 'desc' };
}

/** Config ids are derived from the code, so every instance and every start agree on them. */
function configIdOf(code: string): string {
  return createHash('md5').update(`district-assets:report:${code}`).digest('hex');
}

function define(def: Omit<ReportDef, 'configId'>): ReportDef {
  return { ...def, configId: configIdOf(def.code) };
}

const startsWith = (value: string) => `${value.replace(/[!%_]/g, (c) => `!${c}`)}%`;

export const REPORTS: readonly ReportDef[] = [
  define({
    code: 'sys_user_report',
    name: '用户选择',
    from: (db) => db.selectFrom('sysUser as t').where('t.delFlag', '=', 0),
    tenancy: 'user',
    columns: [
      { field: 'username', title: '用户账号', column: 't.username', sortable: true },
      { field: 'realname', title: '用户姓名', column: 't.realname', sortable: true },
      { field: 'sex', title: '性别', column: 't.sex', dictCode: 'sex', sortable: true },
      // No phone: it is sealed at rest (issue 24), and a picker of people has no need of it.
      { field: 'orgCode', title: '部门编码', column: 't.orgCode', sortable: true },
    ],
    queryFields: [
      { field: 'username', title: '用户账号', column: 't.username', match: 'like' },
      { field: 'realname', title: '用户姓名', column: 't.realname', match: 'like' },
      { field: 'sex', title: '性别', column: 't.sex', match: 'eq', type: 'int', dictCode: 'sex', hidden: true },
    ],
    params: {
      // Users of a department and the departments below it.
      orgCode: (eb, value) => eb('t.orgCode', 'like', startsWith(value)),
      departId: (eb, value) =>
        eb.exists(
          eb
            .selectFrom('sysUserDepart as ud')
            .select('ud.id')
            .whereRef('ud.userId', '=', 't.id')
            .where('ud.depId', '=', value),
        ),
    },
    defaultSort: { column: 't.username', order: 'asc' },
  }),
  define({
    code: 'sys_depart_report',
    name: '部门选择',
    from: (db) => db.selectFrom('sysDepart as t').where('t.delFlag', '=', 0),
    tenancy: 'column',
    columns: [
      { field: 'departName', title: '部门名称', column: 't.departName', sortable: true },
      { field: 'orgCode', title: '机构编码', column: 't.orgCode', sortable: true },
      { field: 'orgCategory', title: '机构类别', column: 't.orgCategory', dictCode: 'org_category', sortable: true },
      { field: 'mobile', title: '电话', column: 't.mobile' },
      { field: 'address', title: '地址', column: 't.address' },
    ],
    queryFields: [
      { field: 'departName', title: '部门名称', column: 't.departName', match: 'like' },
      { field: 'orgCode', title: '机构编码', column: 't.orgCode', match: 'like' },
      {
        field: 'orgCategory',
        title: '机构类别',
        column: 't.orgCategory',
        match: 'eq',
        dictCode: 'org_category',
        hidden: true,
      },
    ],
    params: {
      orgCategory: (eb, value) => eb('t.orgCategory', '=', value),
      parentId: (eb, value) => eb('t.parentId', '=', value),
    },
    defaultSort: { column: 't.orgCode', order: 'asc' },
  }),
  define({
    code: 'sys_position_report',
    name: '职务选择',
    from: (db) => db.selectFrom('sysPosition as t'),
    tenancy: 'column',
    columns: [
      { field: 'name', title: '职务名称', column: 't.name', sortable: true },
      { field: 'code', title: '职务编码', column: 't.code', sortable: true },
      { field: 'postRank', title: '职级', column: 't.postRank', dictCode: 'position_rank', sortable: true },
    ],
    queryFields: [
      { field: 'name', title: '职务名称', column: 't.name', match: 'like' },
      { field: 'code', title: '职务编码', column: 't.code', match: 'like' },
      { field: 'postRank', title: '职级', column: 't.postRank', match: 'eq', dictCode: 'position_rank', hidden: true },
    ],
    params: {
      postRank: (eb, value) => eb('t.postRank', '=', value),
    },
    defaultSort: { column: 't.code', order: 'asc' },
  }),
];

const byCode = new Map(REPORTS.map((r) => [r.code, r]));
const byConfigId = new Map(REPORTS.map((r) => [r.configId, r]));

export function findReportByCode(code: string): ReportDef | undefined {
  return byCode.get(code);
}

export function findReportByConfigId(configId: string): ReportDef | undefined {
  return byConfigId.get(configId);
}
