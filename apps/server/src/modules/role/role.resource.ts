import {
  OFFICER_MESSAGES,
  OFFICER_ROLE_ID,
  PERSONAL_PAGES,
  ROLE_MESSAGES,
  ROLE_RESOURCE,
  SEED_ID,
} from '@district/shared';
import {
  roleCreateSchema,
  roleUpdateSchema,
  type RoleCreateInput,
  type RoleUpdateInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { assertUnique } from '../../lib/resource/resource.service.js';
import { defineResource, type AnyQuery, type ResourceDef } from '../../lib/resource/resource.types.js';
import { assertRoleInReach } from '../../lib/access/reach.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- conditions on the resource's open query builder */

const OFFICER_IDS: string[] = Object.values(OFFICER_ROLE_ID);

/** Global roles (tenant_id null, e.g. the seeded ones) are seen in every tenant; others only in their own. */
function globalOrTenant(q: AnyQuery, tenantId: number): AnyQuery {
  return q.where((eb: any) => eb.or([eb('sysRole.tenantId', 'is', null), eb('sysRole.tenantId', '=', tenantId)]));
}

/**
 * Roles (sys_role): the shared declaration (ROLE_RESOURCE) plus global-or-tenant scope. Deleting one removes its user
 * links and grants in the same transaction.
 */
export const roleResource: ResourceDef<RoleCreateInput, RoleUpdateInput> = defineResource(ROLE_RESOURCE, {
  table: 'sysRole',
  // The guard's cache forgets the deleted roles once the delete has committed.
  async afterCommit(change, ctx) {
    if (change.action === 'delete') await ctx.request.server.ctx.authCache.invalidate();
  },
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
    const recoded = body.roleCode !== undefined && body.roleCode !== before.roleCode;
    if (before.id === SEED_ID.adminRole && recoded) throw new ApiError(400, ROLE_MESSAGES.adminCodeFixed);
    // The guard recognises platform administrators by this role's code.
    if (before.id === SEED_ID.platformRole && recoded) throw new ApiError(400, ROLE_MESSAGES.platformCodeFixed);
    // The officers' roles are the three duties of 三员分立 (the mode's checks go by their ids; the code names them).
    if (OFFICER_IDS.includes(String(before.id)) && recoded) throw new ApiError(400, OFFICER_MESSAGES.officerRoleFixed);
    const changes: Record<string, unknown> = {};
    for (const f of ['roleName', 'roleCode', 'description'] as const) if (body[f] !== undefined) changes[f] = body[f];
    return changes;
  },
  beforeWrite: (row, existingId, ctx) => assertUnique(roleResource, row, existingId, ctx),
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
    if (rows.some((r) => r.id === SEED_ID.adminRole)) throw new ApiError(400, ROLE_MESSAGES.deleteAdmin);
    if (rows.some((r) => r.id === SEED_ID.platformRole)) throw new ApiError(400, ROLE_MESSAGES.deletePlatform);
    if (rows.some((r) => OFFICER_IDS.includes(String(r.id))))
      throw new ApiError(400, OFFICER_MESSAGES.officerRoleFixed);
    for (const row of rows) await assertRoleInReach(ctx.trx, ctx.user, row);
  },
  async afterDelete(rows, ctx) {
    const ids = rows.map((r) => String(r.id));
    await ctx.trx.deleteFrom('sysUserRole').where('roleId', 'in', ids).execute();
    await ctx.trx.deleteFrom('sysRolePermission').where('roleId', 'in', ids).execute();
  },
});
