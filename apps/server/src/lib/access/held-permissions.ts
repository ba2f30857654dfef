import { SEED_ID } from '@district/shared';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, SysPermission } from '../../db/schema.js';
import { effectiveCodes, roleIdsOf, threeOfficerMode } from './officers.js';

// What a user holds: the codes the guard checks, and the entries a caller may pass on (every grant screen).

/**
 * Whether a user was granted a permission entry: through one of their roles, or through one of their
 * department roles (department administrators hand those out within what the department was granted).
 */
export function grantedTo(eb: ExpressionBuilder<Database & { p: SysPermission }, 'p'>, userId: string) {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('sysRolePermission as rp')
        .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
        .select('rp.id')
        .whereRef('rp.permissionId', '=', 'p.id')
        .where('ur.userId', '=', userId),
    ),
    eb.exists(
      eb
        .selectFrom('sysDepartRolePermission as drp')
        .innerJoin('sysDepartRoleUser as dru', 'dru.droleId', 'drp.roleId')
        .select('drp.id')
        .whereRef('drp.permissionId', '=', 'p.id')
        .where('dru.userId', '=', userId),
    ),
  ]);
}

/**
 * Every permission code a user holds through a role or a department role. A disabled entry (status '0')
 * is held by nobody: the guard fails closed rather than opening a code an administrator switched off. In
 * three-officer mode the audit codes count only through the audit officer's role, which counts for nothing else.
 */
export async function userPermissionCodes(db: Kysely<Database>, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sysPermission as p')
    .select('p.perms')
    .where('p.delFlag', '=', 0)
    .where('p.perms', 'is not', null)
    .where('p.status', '=', '1')
    .where((eb) => grantedTo(eb, userId))
    .execute();
  const codes = new Set(rows.map((r) => r.perms!).filter(Boolean));
  if (!(await threeOfficerMode(db))) return codes;
  return effectiveCodes(codes, await roleIdsOf(db, userId), true);
}

export interface HeldPermissions {
  all: boolean;
  ids: Set<string>;
}

/** What the caller may pass on: the permission ids their roles grant (everything for the administrator role). */
export async function heldPermissions(db: Kysely<Database>, userId: string): Promise<HeldPermissions> {
  const rows = await db
    .selectFrom('sysRolePermission as rp')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
    .select('rp.permissionId')
    .where('ur.userId', '=', userId)
    .execute();
  const admin = await db
    .selectFrom('sysUserRole')
    .select('id')
    .where('userId', '=', userId)
    .where('roleId', '=', SEED_ID.adminRole)
    .executeTakeFirst();
  return { all: admin !== undefined, ids: new Set(rows.map((r) => r.permissionId)) };
}

export function holds(held: HeldPermissions, permissionId: string): boolean {
  return held.all || held.ids.has(permissionId);
}
