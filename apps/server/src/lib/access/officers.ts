import {
  AUDIT_MENU_URLS,
  AUDIT_PERMS,
  OFFICER_DUTIES,
  OFFICER_MESSAGES as M,
  OFFICER_ROLE_ID,
  OFFICER_ROLE_NAME,
  PERSONAL_PAGES,
  SECURITY_SETTING_KEYS,
  SEED_ID,
  type OfficerDuty,
} from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database, SysPermission } from '../../db/schema.js';
import { ApiError } from '../http.js';

/*
 * 三员分立 (issue 24 item 4, GB/T 22239-2019 §8.1.5): while the mode is on, the system officer (accounts, roles,
 * configuration), the security officer (security policies, grants, sessions) and the audit officer (the logs) are
 * three accounts. It is enforced in two places:
 *  - who holds what: no account holds two officer roles, nor the administrator role with the audit officer's;
 *    every write of an account's roles checks it inside its transaction (assertOfficerSeparation), and the switch
 *    refuses to turn on while an account breaks it (officerConflicts);
 *  - what they hold: the audit codes (AUDIT_PERMS) count only through the audit officer's role, and that role holds
 *    nothing else (effectiveCodes for the guard, officerMenu for the menu). So the administrator role, which is
 *    granted everything, does not see the logs, and no grant can hand the logs to anybody else.
 */

type Db = Kysely<Database>;

/** Whether three-officer mode is on (安全设置). */
export async function threeOfficerMode(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('sysPlatformSetting')
    .select('settingValue')
    .where('settingKey', '=', SECURITY_SETTING_KEYS.threeOfficerMode)
    .executeTakeFirst();
  return row?.settingValue === '1';
}

const dutyOfRole = new Map<string, OfficerDuty>(OFFICER_DUTIES.map((d) => [OFFICER_ROLE_ID[d], d]));
const isAudit = (roleIds: Iterable<string>) => [...roleIds].includes(OFFICER_ROLE_ID.audit);

/** The duties an account's roles give it, named for a message; null when they may go together. */
export function conflictOf(roleIds: Iterable<string>): string | null {
  const ids = [...roleIds];
  const duties = OFFICER_DUTIES.filter((d) => ids.includes(OFFICER_ROLE_ID[d]));
  if (duties.length >= 2) return duties.map((d) => OFFICER_ROLE_NAME[d]).join('和');
  if (ids.includes(SEED_ID.adminRole) && duties.includes('audit')) return M.auditWithAdmin;
  return null;
}

/** Accounts (live) whose roles break the separation, with what they combine. */
export async function officerConflicts(
  db: Db,
  userIds?: string[],
): Promise<{ userId: string; username: string; duties: string }[]> {
  const roleIds = [...dutyOfRole.keys(), SEED_ID.adminRole];
  let q = db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysUser as u', 'u.id', 'ur.userId')
    .select(['ur.userId', 'u.username', 'ur.roleId'])
    .where('ur.roleId', 'in', roleIds)
    .where('u.delFlag', '=', 0);
  if (userIds) {
    if (userIds.length === 0) return [];
    q = q.where('ur.userId', 'in', userIds);
  }
  const byUser = new Map<string, { username: string; roles: string[] }>();
  for (const r of await q.execute()) {
    const entry = byUser.get(r.userId) ?? { username: r.username, roles: [] };
    entry.roles.push(r.roleId);
    byUser.set(r.userId, entry);
  }
  const out: { userId: string; username: string; duties: string }[] = [];
  for (const [userId, { username, roles }] of byUser) {
    const duties = conflictOf(roles);
    if (duties) out.push({ userId, username, duties });
  }
  return out.sort((a, b) => a.username.localeCompare(b.username));
}

/**
 * Refuses (400, naming the account) a write that left one of these accounts with two duties while the mode is on.
 * Called after the write, inside its transaction, so it sees exactly what would be committed.
 */
export async function assertOfficerSeparation(db: Db, userIds: string[]): Promise<void> {
  if (!(await threeOfficerMode(db))) return;
  const [first] = await officerConflicts(db, userIds);
  if (first) throw new ApiError(400, M.conflict(first.username, first.duties));
}

/** Refuses switching the mode on while any account breaks it, naming the first few. */
export async function assertMayEnableOfficerMode(db: Db): Promise<void> {
  const conflicts = await officerConflicts(db);
  if (conflicts.length === 0) return;
  const named = conflicts
    .slice(0, 5)
    .map((c) => `${c.username}（${c.duties}）`)
    .join('、');
  throw new ApiError(400, M.switchRefused(conflicts.length > 5 ? `${named} 等 ${conflicts.length} 个` : named));
}

const AUDIT = new Set(AUDIT_PERMS);

/** The codes a user holds in effect: in three-officer mode the audit codes only, or none of them. */
export function effectiveCodes(codes: Set<string>, roleIds: string[], modeOn: boolean): Set<string> {
  if (!modeOn) return codes;
  const auditor = isAudit(roleIds);
  return new Set([...codes].filter((c) => AUDIT.has(c) === auditor));
}

export async function roleIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).execute();
  return rows.map((r) => r.roleId);
}

const AUDIT_PAGES = new Set(AUDIT_MENU_URLS);
const PERSONAL = new Set<string>(PERSONAL_PAGES);

/**
 * The menu entries and buttons a user sees in effect. In three-officer mode the audit officer sees the log pages
 * (with the groups above them) and its own pages (个人中心, 我的消息); everybody else sees everything but the logs.
 */
export function officerMenu(rows: SysPermission[], roleIds: string[], modeOn: boolean): SysPermission[] {
  if (!modeOn) return rows;
  const isAuditRow = (p: SysPermission) => (p.perms ? AUDIT.has(p.perms) : AUDIT_PAGES.has(p.url ?? ''));
  // Buttons of a log page count as the page's.
  const auditPageIds = new Set(rows.filter((p) => !p.perms && AUDIT_PAGES.has(p.url ?? '')).map((p) => p.id));
  const audit = (p: SysPermission) => isAuditRow(p) || (p.parentId !== null && auditPageIds.has(p.parentId));
  if (!isAudit(roleIds)) return rows.filter((p) => !audit(p));
  const byId = new Map(rows.map((p) => [p.id, p]));
  const keep = new Set<string>();
  for (const p of rows) {
    if (!audit(p) && !(p.url && PERSONAL.has(p.url))) continue;
    // The groups above a kept entry stay, or the page would be lifted out of its place.
    for (
      let at: SysPermission | undefined = p;
      at && !keep.has(at.id);
      at = at.parentId ? byId.get(at.parentId) : undefined
    ) {
      keep.add(at.id);
    }
  }
  return rows.filter((p) => keep.has(p.id));
}
