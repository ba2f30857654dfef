import { PERM, ROLE_MESSAGES, type PermissionTreeResult, type RoleDataRuleResult, SEED_ID } from '@district/shared';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { splitIds } from '../../lib/id-list.js';
import { assertRulesOfPermission, enabledDataRules, grantTree, shortNames } from '../../lib/access/grant-tree.js';
import { heldPermissions, holds } from '../../lib/access/held-permissions.js';
import { assertRoleInReach } from '../../lib/access/reach.js';

/** Entries the administrator role always keeps, so nobody can lock the system out of role management. */
const ADMIN_KEEPS = [seedId('perm:system-role'), seedId(`perm:${PERM.roleList}`), seedId(`perm:${PERM.roleAuthorize}`)];

/** The whole menu/button tree for the authorisation drawer; entries the caller cannot grant are disabled. */
export function permissionTree(db: Kysely<Database>, caller: AuthUser): Promise<PermissionTreeResult> {
  return grantTree(db, caller);
}

export async function rolePermissionIds(db: Kysely<Database>, roleId: string): Promise<string[]> {
  const rows = await db.selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', roleId).execute();
  return rows.map((r) => r.permissionId);
}

/**
 * Saves a role's grants as a difference against what is stored (kept grants keep their data rules). A caller
 * can never grant a permission they do not hold; the administrator role keeps role management.
 */
export async function saveRolePermissions(
  db: Kysely<Database>,
  caller: AuthUser,
  roleId: string,
  permissionIds: string,
  ip: string,
): Promise<{ added: number; removed: number }> {
  const wanted = splitIds(permissionIds);
  if (wanted.length) {
    const known = await db
      .selectFrom('sysPermission')
      .select('id')
      .where('id', 'in', wanted)
      .where('delFlag', '=', 0)
      .execute();
    if (known.length !== wanted.length) throw new ApiError(400, ROLE_MESSAGES.permissionUnknown);
  }
  const current = await rolePermissionIds(db, roleId);
  const add = wanted.filter((id) => !current.includes(id));
  const remove = current.filter((id) => !wanted.includes(id));
  if (add.length) {
    const held = await heldPermissions(db, caller.id);
    const notHeld = add.filter((id) => !holds(held, id));
    if (notHeld.length) {
      const names = await db.selectFrom('sysPermission').select('name').where('id', 'in', notHeld).execute();
      throw new ApiError(400, ROLE_MESSAGES.grantNotHeld(shortNames(names)));
    }
  }
  if (roleId === SEED_ID.adminRole && remove.some((id) => ADMIN_KEEPS.includes(id))) {
    throw new ApiError(400, ROLE_MESSAGES.adminKeepsAuthorize);
  }
  const role = await db.selectFrom('sysRole').select(['id', 'tenantId']).where('id', '=', roleId).executeTakeFirst();
  if (role) await assertRoleInReach(db, caller, role, [...add, ...remove]);
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    if (remove.length) {
      await trx
        .deleteFrom('sysRolePermission')
        .where('roleId', '=', roleId)
        .where('permissionId', 'in', remove)
        .execute();
    }
    if (add.length) {
      await trx
        .insertInto('sysRolePermission')
        .values(
          add.map((permissionId) => ({
            id: newId(),
            roleId,
            permissionId,
            dataRuleIds: null,
            operateDate: now,
            operateIp: ip.slice(0, 64),
          })),
        )
        .execute();
    }
  });
  return { added: add.length, removed: remove.length };
}

async function permissionOrFail(db: Kysely<Database>, permissionId: string) {
  const permission = await db
    .selectFrom('sysPermission')
    .select(['id', 'name'])
    .where('id', '=', permissionId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!permission) throw new ApiError(400, ROLE_MESSAGES.permissionUnknown);
  return permission;
}

/** The enabled data rules of a menu, and those the role has chosen. */
export async function roleDataRules(
  db: Kysely<Database>,
  permissionId: string,
  roleId: string,
): Promise<RoleDataRuleResult> {
  await permissionOrFail(db, permissionId);
  const datarule = await enabledDataRules(db, permissionId);
  const grant = await db
    .selectFrom('sysRolePermission')
    .select('dataRuleIds')
    .where('roleId', '=', roleId)
    .where('permissionId', '=', permissionId)
    .executeTakeFirst();
  const chosen = splitIds(grant?.dataRuleIds).filter((id) => datarule.some((r) => r.id === id));
  return { datarule, drChecked: chosen.join(',') };
}

/**
 * Chooses the data rules a role applies on a menu. Granting the rules grants the menu too when it was not
 * granted yet, under the same rule as saveRolePermission (only what the caller holds).
 */
export async function saveRoleDataRules(
  db: Kysely<Database>,
  caller: AuthUser,
  roleId: string,
  permissionId: string,
  dataRuleIds: string | undefined,
  ip: string,
): Promise<void> {
  const permission = await permissionOrFail(db, permissionId);
  const ids = splitIds(dataRuleIds);
  await assertRulesOfPermission(db, permissionId, ids);
  const grant = await db
    .selectFrom('sysRolePermission')
    .select('id')
    .where('roleId', '=', roleId)
    .where('permissionId', '=', permissionId)
    .executeTakeFirst();
  const value = ids.length ? ids.join(',') : null;
  if (grant) {
    await db.updateTable('sysRolePermission').set({ dataRuleIds: value }).where('id', '=', grant.id).execute();
    return;
  }
  if (!holds(await heldPermissions(db, caller.id), permissionId)) {
    throw new ApiError(400, ROLE_MESSAGES.grantNotHeld(permission.name));
  }
  await db
    .insertInto('sysRolePermission')
    .values({
      id: newId(),
      roleId,
      permissionId,
      dataRuleIds: value,
      operateDate: formatDateTime(),
      operateIp: ip.slice(0, 64),
    })
    .execute();
}
