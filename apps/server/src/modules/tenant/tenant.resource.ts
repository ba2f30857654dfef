import { TENANT_MESSAGES as M, TENANT_RESOURCE } from '@district/shared';
import {
  tenantCreateSchema,
  tenantIdSchema,
  tenantUpdateSchema,
  type TenantCreateInput,
  type TenantUpdateInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { defineResource, type Row } from '../../lib/resource/resource.types.js';

function pick(body: Record<string, unknown>): Row {
  const row: Row = {};
  for (const f of ['name', 'beginDate', 'endDate', 'status'] as const) if (body[f] !== undefined) row[f] = body[f];
  return row;
}

/**
 * Tenants (sys_tenant): the id is an integer the administrator chooses. Tenants are not themselves
 * tenant-scoped; queryById is a custom route (its not-found message), the members are the membership module's.
 */
export const tenantResource = defineResource<TenantCreateInput, TenantUpdateInput>(TENANT_RESOURCE, {
  table: 'sysTenant',
  skip: ['queryById'],
  idSchema: tenantIdSchema,
  // The guard's cache forgets the deleted tenants once the delete has committed.
  async afterCommit(change, ctx) {
    if (change.action === 'delete') await ctx.request.server.ctx.authCache.invalidate();
  },
  platformWrites: true,
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
});
