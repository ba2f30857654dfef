import { DATA_SOURCE_API, DATA_SOURCE_MESSAGES as M, DATA_SOURCE_TYPE_LABELS, PERM } from '@district/shared';
import {
  dataSourceCreateSchema,
  dataSourceUpdateSchema,
  type DataSourceCreateInput,
  type DataSourceUpdateInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { declared } from '../../lib/resource/resource.service.js';
import type { ResourceDef, Row } from '../../lib/resource/resource.types.js';
import '../job/ops-tables.js';

/** The purpose the passwords are sealed for: a value sealed elsewhere cannot be opened as one. */
export const PASSWORD_PURPOSE = 'datasource.password';

async function typeLabels(_db: unknown, values: string[]) {
  return new Map(values.map((v) => [v, DATA_SOURCE_TYPE_LABELS[v as keyof typeof DATA_SOURCE_TYPE_LABELS] ?? v]));
}

/**
 * Data sources (数据源管理): connection settings for the online reports. The password is sealed with AES-256-GCM
 * (ctx.secrets, key from SECRET_KEY) before it is stored, and never answered: lists say only whether one is set.
 */
export const dataSourceResource: ResourceDef<DataSourceCreateInput, DataSourceUpdateInput> = {
  name: 'sys_data_source',
  title: '数据源',
  table: 'sysDataSource',
  path: DATA_SOURCE_API.base,
  fields: {
    code: { type: 'string', title: '数据源编码', filter: true, sort: true },
    name: { type: 'string', title: '数据源名称', filter: true, sort: true },
    dbType: { type: 'string', title: '数据库类型', filter: true, sort: true, dictTable: typeLabels },
    host: { type: 'string', title: '主机' },
    port: { type: 'int', title: '端口' },
    databaseName: { type: 'string', title: '数据库' },
    username: { type: 'string', title: '用户名' },
    password: { type: 'string', title: '密码', hidden: true, excel: false },
    remark: { type: 'string', title: '备注' },
    createTime: { type: 'datetime', title: '创建时间', sort: true, excel: false },
  },
  permissions: {
    list: PERM.dataSourceList,
    queryById: PERM.dataSourceList,
    add: PERM.dataSourceAdd,
    edit: PERM.dataSourceEdit,
    delete: PERM.dataSourceDelete,
    deleteBatch: PERM.dataSourceDelete,
  },
  createSchema: dataSourceCreateSchema,
  updateSchema: dataSourceUpdateSchema,
  defaultSort: { field: 'createTime', order: 'desc' },
  toRow(body, ctx) {
    const row: Row = declared(dataSourceResource, body);
    row.password = body.password ? ctx.request.server.ctx.secrets.seal(body.password, PASSWORD_PURPOSE) : null;
    if (body.dbType === 'sqlite') Object.assign(row, { host: null, port: null });
    return row;
  },
  toUpdate(body, _before, ctx) {
    const row: Row = declared(dataSourceResource, body);
    // An empty password on edit keeps the stored one.
    if (body.password) row.password = ctx.request.server.ctx.secrets.seal(body.password, PASSWORD_PURPOSE);
    return row;
  },
  async beforeWrite(row, existingId, ctx) {
    const clash = await ctx.db
      .selectFrom('sysDataSource')
      .select('id')
      .where('code', '=', String(row.code))
      .$if(existingId !== null, (q) => q.where('id', '<>', existingId!))
      .executeTakeFirst();
    if (clash) throw new ApiError(400, M.codeTaken);
  },
  async decorate(rows, ctx) {
    const ids = rows.map((r) => String(r.id));
    if (!ids.length) return;
    const withPassword = new Set(
      (
        await ctx.db
          .selectFrom('sysDataSource')
          .select('id')
          .where('id', 'in', ids)
          .where('password', 'is not', null)
          .execute()
      ).map((r) => r.id),
    );
    for (const r of rows) r.hasPassword = withPassword.has(String(r.id));
  },
};
