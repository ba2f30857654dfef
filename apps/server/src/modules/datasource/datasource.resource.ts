import { DATA_SOURCE_RESOURCE, DATA_SOURCE_TYPE_LABELS } from '@district/shared';
import {
  dataSourceCreateSchema,
  dataSourceUpdateSchema,
  type DataSourceCreateInput,
  type DataSourceUpdateInput,
} from '@district/shared/schemas';
import { assertUnique, declared } from '../../lib/resource/resource.service.js';
import { defineResource, type ResourceDef, type Row } from '../../lib/resource/resource.types.js';
import { checkSourceHost } from './datasource.service.js';

/** The purpose the passwords are sealed for: a value sealed elsewhere cannot be opened as one. */
export const PASSWORD_PURPOSE = 'datasource.password';

async function typeLabels(_db: unknown, values: string[]) {
  return new Map(values.map((v) => [v, DATA_SOURCE_TYPE_LABELS[v as keyof typeof DATA_SOURCE_TYPE_LABELS] ?? v]));
}

/**
 * Data sources (数据源管理): connection settings for the online reports. The password is sealed with AES-256-GCM
 * (ctx.secrets, key from SECRET_KEY) before it is stored, and never answered: lists say only whether one is set.
 */
export const dataSourceResource: ResourceDef<DataSourceCreateInput, DataSourceUpdateInput> = defineResource<
  DataSourceCreateInput,
  DataSourceUpdateInput
>(DATA_SOURCE_RESOURCE, {
  table: 'sysDataSource',
  fields: { dbType: { dictTable: typeLabels } },
  platformWrites: true,
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
    if (row.dbType !== 'sqlite') await checkSourceHost(row.host as string | null);
    await assertUnique(dataSourceResource, row, existingId, ctx);
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
});
