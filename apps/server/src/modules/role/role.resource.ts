import { PERM, PERSONAL_PAGES, ROLE_MESSAGES } from '@district/shared';
import {
  roleCreateSchema,
  roleUpdateSchema,
  type RoleCreateInput,
  type RoleUpdateInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import type { AnyQuery, ResourceDef } from '../../lib/resource/resource.types.js';
import { ADMIN_ROLE_ID } from '../user/user.service.js';
import { assertRoleInReach } from '../user/user-reach.service.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- conditions on the resource's open query builder */

/** Global roles (tenant_id null, e.g. the seeded ones) are seen in every tenant; others only in their own. */
function globalOrTenant(q: AnyQuery, tenantId: number): AnyQuery {
  return q.where((eb: any) => eb.or([eb('sysRole.tenantId', 'is', null), eb('sysRole.tenantId', '=', tenantId)]));
}

/** Roles (sys_role). Deleting one removes its user links and grants in the same transaction. */
export const roleResource: ResourceDef<RoleCreateInput, RoleUpdateInput> = {
  name: 'sys_role',
  title: '角色',
  table: 'sysRole',
  path: '/sys/role',
  fields: {
    roleName: { type: 'string', title: '角色名称', filter: true, sort: true },
    roleCode: { type: 'string', title: '角色编码', filter: true, sort: true },
    description: { type: 'string', title: '描述', filter: true },
    createTime: { type: 'datetime', title: '创建时间', filter: true, sort: true, excel: false },
  },
  permissions: {
    list: PERM.roleList,
    add: PERM.roleAdd,
    edit: PERM.roleEdit,
    delete: PERM.roleDelete,
    exportXls: PERM.roleExport,
    importExcel: PERM.roleImport,
  },
  // Deletes are custom routes: the auth cache is invalidated after the transaction commits.
  skip: ['delete', 'deleteBatch'],
  dataRuleMenu: '/system/role',
  tenancy: { kind: 'custom', apply: globalOrTenant },
  createSchema: roleCreateSchema,
  updateSchema: roleUpdateSchema,
  toRow(body, ctx) {
    // A new role belongs to the tenant it was created in.
    return {
      roleName: body.roleName,
      roleCode: body.roleCode,
      description: body.description ?? null,
      tenantId: ctx.user.tenantId,
    };
  },
  async toUpdate(body, before, ctx) {
    // A global role's name and code are every tenant's: only for holders of all it grants.
    await assertRoleInReach(ctx.db, ctx.user, before);
    if (before.id === ADMIN_ROLE_ID && body.roleCode !== undefined && body.roleCode !== before.roleCode) {
      throw new ApiError(400, ROLE_MESSAGES.adminCodeFixed);
    }
    const changes: Record<string, unknown> = {};
    for (const f of ['roleName', 'roleCode', 'description'] as const) if (body[f] !== undefined) changes[f] = body[f];
    return changes;
  },
  async beforeWrite(row, existingId, ctx) {
    const clash = await ctx.db
      .selectFrom('sysRole')
      .select('id')
      .where('roleCode', '=', String(row.roleCode))
      .$if(existingId !== null, (q) => q.where('id', '<>', existingId!))
      .executeTakeFirst();
    if (clash) throw new ApiError(400, ROLE_MESSAGES.roleCodeTaken(String(row.roleCode)));
  },
  async afterCreate(row, _body, ctx) {
    const pages = await ctx.trx
      .selectFrom('sysPermission')
      .select('id')
      .where('url', 'in', [...PERSONAL_PAGES])
      .where('delFlag', '=', 0)
      .execute();
    if (pages.length === 0) return;
    const now = formatDateTime();
    await ctx.trx
      .insertInto('sysRolePermission')
      .values(
        pages.map((p) => ({
          id: newId(),
          roleId: String(row.id),
          permissionId: p.id,
          dataRuleIds: null,
          operateDate: now,
          operateIp: null,
        })),
      )
      .execute();
  },
  async beforeDelete(rows, ctx) {
    if (rows.some((r) => r.id === ADMIN_ROLE_ID)) throw new ApiError(400, ROLE_MESSAGES.deleteAdmin);
    for (const row of rows) await assertRoleInReach(ctx.trx, ctx.user, row);
  },
  async afterDelete(rows, ctx) {
    const ids = rows.map((r) => String(r.id));
    await ctx.trx.deleteFrom('sysUserRole').where('roleId', 'in', ids).execute();
    await ctx.trx.deleteFrom('sysRolePermission').where('roleId', 'in', ids).execute();
  },
};
