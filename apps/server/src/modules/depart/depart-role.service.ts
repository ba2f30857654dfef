import {
  DEPART_MESSAGES as M,
  ROLE_MESSAGES,
  type PermissionTreeResult,
  type RoleDataRuleResult,
} from '@district/shared';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { departGrantIds } from './depart-permission.service.js';
import { splitIds } from '../../lib/id-list.js';
import { assertRulesOfPermission, enabledDataRules, grantTree, shortNames } from '../../lib/access/grant-tree.js';
import { heldPermissions, holds } from '../../lib/access/held-permissions.js';

type Db = Kysely<Database>;

/** The live entries granted to a department: the ceiling of what its roles may be given. */
async function departGrants(db: Db, departId: string): Promise<Set<string>> {
  return new Set(await departGrantIds(db, departId));
}

/**
 * The authorisation tree of a department role: only what the department was granted (an entry whose
 * parent was not granted comes out at the top); entries the caller does not hold are disabled.
 */
export async function deptRoleTree(db: Db, caller: AuthUser, departId: string): Promise<PermissionTreeResult> {
  return grantTree(db, caller, [...(await departGrants(db, departId))]);
}

export async function deptRolePermissionIds(db: Db, roleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysDepartRolePermission')
    .select('permissionId')
    .where('roleId', '=', roleId)
    .execute();
  return rows.map((r) => r.permissionId);
}

/** Additions must be granted to the department and held by the caller. */
async function assertGrantable(db: Db, caller: AuthUser, departId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const live = await db
    .selectFrom('sysPermission')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .where('delFlag', '=', 0)
    .execute();
  if (live.length !== ids.length) throw new ApiError(400, ROLE_MESSAGES.permissionUnknown);
  const granted = await departGrants(db, departId);
  const outside = live.filter((p) => !granted.has(p.id));
  if (outside.length) throw new ApiError(400, M.notGrantedToDepart(shortNames(outside)));
  const held = await heldPermissions(db, caller.id);
  const notHeld = live.filter((p) => !holds(held, p.id));
  if (notHeld.length) throw new ApiError(400, ROLE_MESSAGES.grantNotHeld(shortNames(notHeld)));
}

/** Saves a department role's grants as a difference against what is stored (kept grants keep their data rules). */
export async function saveDeptRolePermissions(
  db: Db,
  caller: AuthUser,
  role: { id: string; departId: string },
  permissionIds: string,
  ip: string,
): Promise<{ added: number; removed: number }> {
  const wanted = splitIds(permissionIds);
  const current = await deptRolePermissionIds(db, role.id);
  const add = wanted.filter((id) => !current.includes(id));
  const remove = current.filter((id) => !wanted.includes(id));
  await assertGrantable(db, caller, role.departId, add);
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    if (remove.length) {
      await trx
        .deleteFrom('sysDepartRolePermission')
        .where('roleId', '=', role.id)
        .where('permissionId', 'in', remove)
        .execute();
    }
    for (let i = 0; i < add.length; i += 200) {
      await trx
        .insertInto('sysDepartRolePermission')
        .values(
          add.slice(i, i + 200).map((permissionId) => ({
            id: newId(),
            departId: role.departId,
            roleId: role.id,
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

async function grantedPermission(db: Db, departId: string, permissionId: string) {
  const permission = await db
    .selectFrom('sysPermission')
    .select(['id', 'name'])
    .where('id', '=', permissionId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!permission) throw new ApiError(400, ROLE_MESSAGES.permissionUnknown);
  if (!(await departGrants(db, departId)).has(permissionId)) {
    throw new ApiError(400, M.notGrantedToDepart(permission.name));
  }
  return permission;
}

/** The enabled data rules of a menu granted to the department, and those the department role chose. */
export async function deptRoleDataRules(
  db: Db,
  permissionId: string,
  departId: string,
  roleId: string,
): Promise<RoleDataRuleResult> {
  await grantedPermission(db, departId, permissionId);
  const datarule = await enabledDataRules(db, permissionId);
  const grant = await db
    .selectFrom('sysDepartRolePermission')
    .select('dataRuleIds')
    .where('roleId', '=', roleId)
    .where('permissionId', '=', permissionId)
    .executeTakeFirst();
  const chosen = splitIds(grant?.dataRuleIds).filter((id) => datarule.some((r) => r.id === id));
  return { datarule, drChecked: chosen.join(',') };
}

/** Chooses a department role's data rules on a menu; grants the menu too (same ceiling) when not yet granted. */
export async function saveDeptRoleDataRules(
  db: Db,
  caller: AuthUser,
  role: { id: string; departId: string },
  permissionId: string,
  dataRuleIds: string | undefined,
  ip: string,
): Promise<void> {
  await grantedPermission(db, role.departId, permissionId);
  const ids = splitIds(dataRuleIds);
  await assertRulesOfPermission(db, permissionId, ids);
  const value = ids.length ? ids.join(',') : null;
  const grant = await db
    .selectFrom('sysDepartRolePermission')
    .select('id')
    .where('roleId', '=', role.id)
    .where('permissionId', '=', permissionId)
    .executeTakeFirst();
  if (grant) {
    await db.updateTable('sysDepartRolePermission').set({ dataRuleIds: value }).where('id', '=', grant.id).execute();
    return;
  }
  await assertGrantable(db, caller, role.departId, [permissionId]);
  await db
    .insertInto('sysDepartRolePermission')
    .values({
      id: newId(),
      departId: role.departId,
      roleId: role.id,
      permissionId,
      dataRuleIds: value,
      operateDate: formatDateTime(),
      operateIp: ip.slice(0, 64),
    })
    .execute();
}
