import { REACH_MESSAGES as R, SEED_ID, USER_MESSAGES } from '@district/shared';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../http.js';

/*
 * The reach of a delegated administrator (issue 8, point 3), in one place for every user, role, department,
 * position and tenant write: nobody acts on an account that holds permissions they do not hold, nor grants
 * roles, departments, positions or tenants beyond their own. Refusals are 403. Holders of the administrator
 * role reach everything inside the tenants; accounts of platform administrators, the platform role and other tenants'
 * memberships only a platform administrator reaches.
 */

type Db = Kysely<Database>;

/** What an account holds: every live permission entry granted by its roles and department roles. */
export interface Reach {
  all: boolean;
  ids: Set<string>;
  /** Holds the platform administrator role. */
  platform: boolean;
}

/** Roles visible in the caller's tenant: global roles (no tenant) and the tenant's own. */
export function visibleRoles(db: Kysely<Database>, tenantId: number | null) {
  return db
    .selectFrom('sysRole')
    .$if(tenantId !== null, (q) => q.where((eb) => eb.or([eb('tenantId', 'is', null), eb('tenantId', '=', tenantId)])));
}

/** Whether the actor of a request is a platform administrator (fails closed without a resolved session). */
export const isPlatformActor = (actor: AuthUser): boolean => actor.session?.isPlatformAdmin === true;

const CHUNK = 500;

/** The reach of several accounts, in three queries per 500 accounts. */
export async function reachOfUsers(db: Db, userIds: string[]): Promise<Map<string, Reach>> {
  const out = new Map<string, Reach>(
    userIds.map((id) => [id, { all: false, ids: new Set<string>(), platform: false }]),
  );
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const ids = userIds.slice(i, i + CHUNK);
    const marked = await db
      .selectFrom('sysUserRole')
      .select(['userId', 'roleId'])
      .where('userId', 'in', ids)
      .where('roleId', 'in', [SEED_ID.adminRole, SEED_ID.platformRole])
      .execute();
    for (const a of marked) {
      if (a.roleId === SEED_ID.adminRole) out.get(a.userId)!.all = true;
      else out.get(a.userId)!.platform = true;
    }
    const byRole = await db
      .selectFrom('sysRolePermission as rp')
      .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
      .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
      .select(['ur.userId', 'rp.permissionId'])
      .where('ur.userId', 'in', ids)
      .where('p.delFlag', '=', 0)
      .execute();
    const byDepartRole = await db
      .selectFrom('sysDepartRolePermission as drp')
      .innerJoin('sysDepartRoleUser as dru', 'dru.droleId', 'drp.roleId')
      .innerJoin('sysPermission as p', 'p.id', 'drp.permissionId')
      .select(['dru.userId', 'drp.permissionId'])
      .where('dru.userId', 'in', ids)
      .where('p.delFlag', '=', 0)
      .execute();
    for (const g of [...byRole, ...byDepartRole]) out.get(g.userId)!.ids.add(g.permissionId);
  }
  return out;
}

export async function reachOf(db: Db, userId: string): Promise<Reach> {
  return (await reachOfUsers(db, [userId])).get(userId)!;
}

function holdsAll(actor: Reach, permissionIds: Iterable<string>): boolean {
  if (actor.all) return true;
  for (const id of permissionIds) if (!actor.ids.has(id)) return false;
  return true;
}

function covers(actor: Reach, target: Reach): boolean {
  if (target.platform && !actor.platform) return false;
  if (actor.all) return true;
  return !target.all && holdsAll(actor, target.ids);
}

/** Every account must hold nothing the actor does not hold (edit, reset, freeze, delete, links, memberships). */
export async function assertAccountsInReach(db: Db, actor: AuthUser, userIds: string[]): Promise<void> {
  const mine = await reachOf(db, actor.id);
  if (mine.all && mine.platform) return;
  const others = [...new Set(userIds)].filter((id) => id !== actor.id);
  const reaches = await reachOfUsers(db, others);
  for (const target of reaches.values()) if (!covers(mine, target)) throw new ApiError(403, R.accountAbove);
}

/** Live permission ids granted to roles, per role. */
async function grantsOfRoles(db: Db, roleIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return out;
  const rows = await db
    .selectFrom('sysRolePermission as rp')
    .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
    .select(['rp.roleId', 'rp.permissionId'])
    .where('rp.roleId', 'in', roleIds)
    .where('p.delFlag', '=', 0)
    .execute();
  for (const r of rows) out.get(r.roleId)!.push(r.permissionId);
  return out;
}

/**
 * Roles being given to an account: they exist in the caller's tenant (else 400), and none grants anything the
 * caller does not hold (403). Roles the account holds already are not re-examined.
 */
export async function assertRolesInReach(
  db: Db,
  actor: AuthUser,
  roleIds: string[],
  alreadyHeld: string[] = [],
): Promise<void> {
  if (roleIds.length === 0) return;
  const roles = await visibleRoles(db, actor.tenantId).select(['id', 'roleName']).where('id', 'in', roleIds).execute();
  if (roles.length !== new Set(roleIds).size) throw new ApiError(400, USER_MESSAGES.roleNotFound);
  const added = roles.filter((r) => !alreadyHeld.includes(r.id));
  if (added.length === 0) return;
  if (added.some((r) => r.id === SEED_ID.platformRole) && !isPlatformActor(actor))
    throw new ApiError(403, R.platformRole);
  const mine = await reachOf(db, actor.id);
  if (mine.all) return;
  const grants = await grantsOfRoles(
    db,
    added.map((r) => r.id),
  );
  const tooStrong = added.filter((r) => r.id === SEED_ID.adminRole || !holdsAll(mine, grants.get(r.id)!));
  if (tooStrong.length) throw new ApiError(403, R.roleAbove(tooStrong.map((r) => r.roleName).join('、')));
}

/** Department roles being given to an account: none grants anything the caller does not hold. */
export async function assertDepartRolesInReach(db: Db, actor: AuthUser, droleIds: string[]): Promise<void> {
  if (droleIds.length === 0) return;
  const mine = await reachOf(db, actor.id);
  if (mine.all) return;
  const rows = await db
    .selectFrom('sysDepartRolePermission as drp')
    .innerJoin('sysDepartRole as r', 'r.id', 'drp.roleId')
    .innerJoin('sysPermission as p', 'p.id', 'drp.permissionId')
    .select(['r.roleName', 'drp.permissionId'])
    .where('drp.roleId', 'in', droleIds)
    .where('p.delFlag', '=', 0)
    .execute();
  const names = [...new Set(rows.filter((r) => !mine.ids.has(r.permissionId)).map((r) => r.roleName))];
  if (names.length) throw new ApiError(403, R.roleAbove(names.join('、')));
}

/** The tenants an actor reaches: their own; every tenant for a platform administrator. */
export async function assertTenantsInReach(db: Db, actor: AuthUser, tenantIds: number[]): Promise<void> {
  const own = actor.session?.tenants ?? (actor.tenantId !== null ? [actor.tenantId] : []);
  if (tenantIds.every((id) => own.includes(id))) return;
  // Joining another tenant crosses the line between tenants: a platform administrator's act only.
  if (!isPlatformActor(actor) || !(await reachOf(db, actor.id)).all) throw new ApiError(403, R.tenantOutside);
}

/**
 * Whether an actor may change a role's grants, data rules, users, name or existence (issue 8, 7b). A role of
 * another tenant is out of reach; a global role (seen in every tenant, held by every tenant's users) only for
 * holders of every permission it grants; and only permissions the actor holds may be added or taken away.
 */
export async function assertRoleInReach(
  db: Db,
  actor: AuthUser,
  role: { id?: unknown; tenantId?: unknown },
  changedPermissionIds: string[] = [],
): Promise<void> {
  if (role.id === SEED_ID.platformRole && !isPlatformActor(actor)) throw new ApiError(403, R.platformRole);
  const mine = await reachOf(db, actor.id);
  if (mine.all) return;
  const tenantId = role.tenantId === null || role.tenantId === undefined ? null : Number(role.tenantId);
  if (tenantId !== null && tenantId !== actor.tenantId) throw new ApiError(403, R.roleOfOtherTenant);
  if (tenantId === null) {
    const current = (await grantsOfRoles(db, [String(role.id)])).get(String(role.id))!;
    if (role.id === SEED_ID.adminRole || !holdsAll(mine, [...current, ...changedPermissionIds])) {
      throw new ApiError(403, R.globalRoleAbove);
    }
    return;
  }
  const beyond = changedPermissionIds.filter((id) => !mine.ids.has(id));
  if (beyond.length) {
    const names = await db.selectFrom('sysPermission').select('name').where('id', 'in', beyond).execute();
    throw new ApiError(403, R.permissionAbove(names.map((n) => n.name).join('、')));
  }
}
