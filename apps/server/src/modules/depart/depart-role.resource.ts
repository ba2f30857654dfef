import { DEPART_MESSAGES as M, DEPART_ROLE_RESOURCE } from '@district/shared';
import {
  departRoleCreateSchema,
  departRoleUpdateSchema,
  type DepartRoleCreateInput,
  type DepartRoleUpdateInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { assertUnique, findScoped } from '../../lib/resource/resource.service.js';
import { defineResource, type AnyQuery, type ResourceDef } from '../../lib/resource/resource.types.js';
import { departResource } from './depart.resource.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- a sub-query over the resource's base query */

/** Department roles belong to the tenant of their department. */
function inTenantDeparts(q: AnyQuery, tenantId: number): AnyQuery {
  return q.where((eb: any) =>
    eb.exists(
      eb
        .selectFrom('sysDepart as d')
        .select('d.id')
        .whereRef('d.id', '=', 'sysDepartRole.departId')
        .where('d.tenantId', '=', tenantId)
        .where('d.delFlag', '=', 0),
    ),
  );
}

type DepartRoleDef = ResourceDef<DepartRoleCreateInput, DepartRoleUpdateInput>;

/** Department roles (sys_depart_role): CRUD by department; delete is a custom route (users, grants, cache). */
export const departRoleResource: DepartRoleDef = defineResource(DEPART_ROLE_RESOURCE, {
  table: 'sysDepartRole',
  // The guard's cache forgets the deleted department roles once the delete has committed.
  async afterCommit(change, ctx) {
    if (change.action === 'delete') await ctx.request.server.ctx.authCache.invalidate();
  },
  tenancy: { kind: 'custom', apply: inTenantDeparts },
  extraParams: { deptId: (q, value) => q.where('sysDepartRole.departId', '=', value) },
  createSchema: departRoleCreateSchema,
  updateSchema: departRoleUpdateSchema,

  async toRow(body, ctx) {
    try {
      await findScoped(departResource, ctx, body.departId);
    } catch (error) {
      if (error instanceof ApiError) throw new ApiError(400, M.departNotFound);
      throw error;
    }
    return {
      roleName: body.roleName,
      roleCode: body.roleCode,
      description: body.description ?? null,
      departId: body.departId,
    };
  },
  toUpdate(body, before) {
    if (body.departId !== undefined && body.departId !== before.departId) throw new ApiError(400, M.roleDepartFixed);
    const row: Record<string, unknown> = {};
    for (const f of ['roleName', 'roleCode', 'description'] as const) if (body[f] !== undefined) row[f] = body[f];
    return row;
  },
  // The code is unique within the department (the shared declaration's index and message).
  beforeWrite: (row, existingId, ctx) => assertUnique(departRoleResource, row, existingId, ctx),
  async afterDelete(rows, ctx) {
    const ids = rows.map((r) => String(r.id));
    await ctx.trx.deleteFrom('sysDepartRoleUser').where('droleId', 'in', ids).execute();
    await ctx.trx.deleteFrom('sysDepartRolePermission').where('roleId', 'in', ids).execute();
  },
});
