import { DEPART_MESSAGES as M, PERM } from '@district/shared';
import {
  departRoleCreateSchema,
  departRoleUpdateSchema,
  type DepartRoleCreateInput,
  type DepartRoleUpdateInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { findScoped } from '../../lib/resource/resource.service.js';
import type { AnyQuery, ResourceDef } from '../../lib/resource/resource.types.js';
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

/** Department roles (sys_depart_role): CRUD by department; delete is a custom route (users, grants, cache). */
export const departRoleResource: ResourceDef<DepartRoleCreateInput, DepartRoleUpdateInput> = {
  name: 'sys_depart_role',
  title: '部门角色',
  table: 'sysDepartRole',
  path: '/sys/sysDepartRole',
  fields: {
    roleName: { type: 'string', title: '部门角色名称', filter: true, sort: true },
    roleCode: { type: 'string', title: '部门角色编码', filter: true, sort: true },
    description: { type: 'string', title: '描述' },
    departId: { type: 'string', title: '部门', filter: true, excel: false },
    createTime: { type: 'datetime', title: '创建时间', filter: true, sort: true, excel: false },
  },
  permissions: { list: PERM.departRoles, add: PERM.departRoles, edit: PERM.departRoles, delete: PERM.departRoles },
  skip: ['delete', 'deleteBatch'],
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
  async beforeWrite(row, existingId, ctx) {
    const clash = await ctx.db
      .selectFrom('sysDepartRole')
      .select('id')
      .where('departId', '=', String(row.departId))
      .where('roleCode', '=', String(row.roleCode))
      .$if(existingId !== null, (q) => q.where('id', '<>', existingId!))
      .executeTakeFirst();
    if (clash) throw new ApiError(400, M.roleCodeTaken(String(row.roleCode)));
  },
  async afterDelete(rows, ctx) {
    const ids = rows.map((r) => String(r.id));
    await ctx.trx.deleteFrom('sysDepartRoleUser').where('droleId', 'in', ids).execute();
    await ctx.trx.deleteFrom('sysDepartRolePermission').where('roleId', 'in', ids).execute();
  },
};
