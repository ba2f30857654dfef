import type { UserPermissionResult } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AuthCache } from '../../lib/auth-cache.js';
import { getUserPermission } from './permission.service.js';

/** A safety net only: every change that alters an answer bumps the auth epoch, which drops it at once. */
const TTL_MS = 5 * 60_000;
const MAX_USERS = 20_000;
const MAX_ROLE_SETS = 2_000;

interface Entry<T> {
  value: T;
  epoch: string;
  at: number;
}

/**
 * The menu/permission answer (getUserPermissionByToken) kept per role set: users holding the same roles and
 * department roles share one answer, already serialised as JSON, so a guarded call costs no SQL and no
 * serialisation of the menu. Entries belong to the auth epoch of AuthCache, which every permission, role,
 * grant, department-role and data-rule change bumps through the key-value store (Redis across instances):
 * the next call on any instance builds the answer afresh.
 */
export class PermissionAnswerCache {
  private readonly roleSetOf = new Map<string, Entry<string>>();
  private readonly answers = new Map<string, Entry<string>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly auth: Pick<AuthCache<unknown>, 'epoch'>,
  ) {}

  /** The answer of `userId` as JSON text. */
  async json(userId: string): Promise<string> {
    const epoch = await this.auth.epoch();
    const now = Date.now();
    const fresh = <T>(e: Entry<T> | undefined): e is Entry<T> => !!e && e.epoch === epoch && now - e.at < TTL_MS;

    let roleSet = this.roleSetOf.get(userId);
    if (!fresh(roleSet)) {
      roleSet = { value: await this.loadRoleSet(userId), epoch, at: now };
      remember(this.roleSetOf, userId, roleSet, MAX_USERS);
    }
    const hit = this.answers.get(roleSet.value);
    if (fresh(hit)) return hit.value;
    const answer: UserPermissionResult = await getUserPermission(this.db, userId);
    const entry = { value: JSON.stringify(answer), epoch, at: now };
    remember(this.answers, roleSet.value, entry, MAX_ROLE_SETS);
    return entry.value;
  }

  /** Roles and department roles of a user, as one key. */
  private async loadRoleSet(userId: string): Promise<string> {
    const [roles, departRoles] = await Promise.all([
      this.db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).execute(),
      this.db.selectFrom('sysDepartRoleUser').select('droleId').where('userId', '=', userId).execute(),
    ]);
    const r = roles.map((x) => x.roleId).sort();
    const d = departRoles.map((x) => x.droleId).sort();
    return JSON.stringify([r, d]);
  }
}

function remember<T>(map: Map<string, Entry<T>>, key: string, entry: Entry<T>, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, entry);
}
