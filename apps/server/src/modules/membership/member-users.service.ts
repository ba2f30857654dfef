import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import type { AnyQuery } from '../../lib/resource/resource.types.js';
import { splitIds } from '../../lib/id-list.js';

// Pieces shared by the "users of X" routes (department, department role, position, role, tenant): each keeps its own
// paths, permission and side effects, these are the parts that were written the same way each time.

/* eslint-disable @typescript-eslint/no-explicit-any -- sub-queries over the user list's base query and link tables chosen by the caller */

/** The users of a batch (an array, or ids joined by commas): de-duplicated, at least one, at most 1000. */
export function batchUserIds(raw: string | string[], requiredMessage: string): string[] {
  const ids = Array.isArray(raw) ? [...new Set(raw)] : splitIds(raw);
  if (ids.length === 0) throw new ApiError(400, requiredMessage);
  if (ids.length > 1000) throw new ApiError(400, '一次最多操作 1000 个用户');
  return ids;
}

/** The link tables of the member screens, with the column that names the owner of the link. */
export type MemberLink =
  | { table: 'sysUserDepart'; owner: 'depId' }
  | { table: 'sysUserPosition'; owner: 'positionId' }
  | { table: 'sysDepartRoleUser'; owner: 'droleId' };

/** A user-list parameter: users linked to the given owner (`value`) in the link table. */
export function linkedTo(link: MemberLink) {
  return (q: AnyQuery, value: string): AnyQuery =>
    q.where((eb: any) =>
      eb.exists(
        eb
          .selectFrom(`${link.table} as l`)
          .select('l.id')
          .whereRef('l.userId', '=', 'sysUser.id')
          .where(`l.${link.owner}`, '=', value),
      ),
    );
}

/** Of `userIds`, those not linked to the owner yet (adding users twice keeps one link). */
export async function unlinkedUserIds(
  db: Kysely<Database>,
  link: MemberLink | { table: 'sysUserTenant'; owner: 'tenantId' } | { table: 'sysUserRole'; owner: 'roleId' },
  ownerId: string | number,
  userIds: string[],
): Promise<string[]> {
  const rows: { userId: string }[] = await (db as Kysely<any>)
    .selectFrom(link.table)
    .select('userId')
    .where(link.owner, '=', ownerId)
    .where('userId', 'in', userIds)
    .execute();
  const present = new Set(rows.map((r) => r.userId));
  return userIds.filter((id) => !present.has(id));
}
