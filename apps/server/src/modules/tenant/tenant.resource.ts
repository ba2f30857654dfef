import { PERM, TENANT_MESSAGES as M } from '@district/shared';
import {
  tenantCreateSchema,
  tenantUpdateSchema,
  type TenantCreateInput,
  type TenantUpdateInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import type { ResourceDef, Row } from '../../lib/resource/resource.types.js';

function pick(body: Record<string, unknown>): Row {
  const row: Row = {};
  for (const f of ['name', 'beginDate', 'endDate', 'status'] as const) if (body[f] !== undefined) row[f] = body[f];
  return row;
}

/**
 * Tenants (sys_tenant): the id is an integer the administrator chooses. Tenants are not themselves
 * tenant-scoped; delete, queryById and the user links are custom routes (integer ids, the auth cache).
 */
export const tenantResource: ResourceDef<TenantCreateInput, TenantUpdateInput> = {
  name: 'sys_tenant',
  title: '租户',
  table: 'sysTenant',
  path: '/sys/tenant',
  fields: {
    id: { type: 'int', title: '租户编号', filter: true, sort: true },
    name: { type: 'string', title: '租户名称', filter: true, sort: true },
    beginDate: { type: 'string', title: '开始时间', filter: true, sort: true },
    endDate: { type: 'string', title: '结束时间', filter: true, sort: true },
    status: { type: 'int', title: '状态', filter: true, sort: true, dict: 'valid_status' },
    createTime: { type: 'datetime', title: '创建时间', filter: true, sort: true, excel: false },
  },
  permissions: { list: PERM.tenantList, add: PERM.tenantAdd, edit: PERM.tenantEdit, delete: PERM.tenantDelete },
  skip: ['queryById', 'delete', 'deleteBatch'],
  defaultSort: { field: 'id', order: 'asc' },
  createSchema: tenantCreateSchema,
  updateSchema: tenantUpdateSchema as never,

  toRow(body) {
    return { id: body.id, ...pick(body), status: body.status ?? 1 };
  },
  toUpdate(body) {
    return pick(body);
  },
  async beforeWrite(row, existingId, ctx) {
    if (existingId === null) {
      const clash = await ctx.db
        .selectFrom('sysTenant')
        .select('id')
        .where('id', '=', Number(row.id))
        .executeTakeFirst();
      if (clash) throw new ApiError(400, M.idTaken(Number(row.id)));
    }
    const begin = row.beginDate ? String(row.beginDate).slice(0, 10) : null;
    const end = row.endDate ? String(row.endDate).slice(0, 10) : null;
    if (begin && end && end < begin) throw new ApiError(400, M.endBeforeBegin);
  },
  async beforeDelete(rows, ctx) {
    const member = await ctx.trx
      .selectFrom('sysUserTenant as ut')
      .innerJoin('sysUser as u', 'u.id', 'ut.userId')
      .select('ut.id')
      .where(
        'ut.tenantId',
        'in',
        rows.map((r) => Number(r.id)),
      )
      .where('u.delFlag', '=', 0)
      .executeTakeFirst();
    if (member) throw new ApiError(400, M.hasUsers);
  },
  async afterDelete(rows, ctx) {
    // Links of deleted accounts only (live members block the delete).
    await ctx.trx
      .deleteFrom('sysUserTenant')
      .where(
        'tenantId',
        'in',
        rows.map((r) => Number(r.id)),
      )
      .execute();
  },
};
