import { PERMISSION_MESSAGES as M } from '@district/shared';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { splitIdsAtMost } from '../../lib/id-list.js';
import { newId } from '../../lib/ids.js';
// One rule for every grant screen: what the caller's roles grant, everything for the administrator role.
import { shortNames } from '../../lib/access/grant-tree.js';
import { heldPermissions, holds } from '../../lib/access/held-permissions.js';

type Db = Kysely<Database>;

const MAX_IDS = 5000;

/** Permission ids of a grant screen (at most 5,000). */
const splitIds = (raw: string | undefined | null) => splitIdsAtMost(raw, MAX_IDS, M.tooManyIds);

async function requireDepart(db: Db, departId: string): Promise<void> {
  const depart = await db
    .selectFrom('sysDepart')
    .select('id')
    .where('id', '=', departId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!depart) throw new ApiError(400, M.departNotFound);
}

/** The live entries granted to a department (the ceiling of what its department roles may get). */
export async function queryDepartPermission(db: Db, departId: string): Promise<string[]> {
  await requireDepart(db, departId);
  return departGrantIds(db, departId);
}

/** The same without checking the department exists (the caller has done so). */
export async function departGrantIds(db: Db, departId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysDepartPermission as dp')
    .innerJoin('sysPermission as p', 'p.id', 'dp.permissionId')
    .select('dp.permissionId')
    .where('dp.departId', '=', departId)
    .where('p.delFlag', '=', 0)
    .execute();
  return rows.map((r) => r.permissionId);
}

/**
 * Applies the changes the form made (permissionIds against lastpermissionIds, so two administrators
 * editing at once do not undo each other). Whatever is added must be held by the caller; whatever is
 * taken from the department is taken from its department roles too.
 */
export async function saveDepartPermission(
  db: Db,
  user: AuthUser,
  input: { departId: string; permissionIds: string; lastpermissionIds: string },
): Promise<{ added: number; removed: number }> {
  await requireDepart(db, input.departId);
  const wanted = splitIds(input.permissionIds);
  const last = new Set(splitIds(input.lastpermissionIds));
  const wantedSet = new Set(wanted);
  const toAdd = wanted.filter((id) => !last.has(id));
  const toRemove = [...last].filter((id) => !wantedSet.has(id));

  if (toAdd.length) {
    const live = await db
      .selectFrom('sysPermission')
      .select(['id', 'name'])
      .where('id', 'in', toAdd)
      .where('delFlag', '=', 0)
      .execute();
    if (live.length !== toAdd.length) throw new ApiError(400, M.grantUnknown);
    const held = await heldPermissions(db, user.id);
    const missing = live.filter((p) => !holds(held, p.id));
    if (missing.length) {
      throw new ApiError(400, M.grantNotHeld(shortNames(missing)));
    }
  }

  let added = 0;
  await db.transaction().execute(async (trx) => {
    if (toRemove.length) {
      await trx
        .deleteFrom('sysDepartPermission')
        .where('departId', '=', input.departId)
        .where('permissionId', 'in', toRemove)
        .execute();
      await trx
        .deleteFrom('sysDepartRolePermission')
        .where('departId', '=', input.departId)
        .where('permissionId', 'in', toRemove)
        .execute();
    }
    if (toAdd.length) {
      const present = new Set(
        (
          await trx
            .selectFrom('sysDepartPermission')
            .select('permissionId')
            .where('departId', '=', input.departId)
            .where('permissionId', 'in', toAdd)
            .execute()
        ).map((r) => r.permissionId),
      );
      const rows = toAdd
        .filter((id) => !present.has(id))
        .map((permissionId) => ({ id: newId(), departId: input.departId, permissionId, dataRuleIds: null }));
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('sysDepartPermission')
          .values(rows.slice(i, i + 200))
          .execute();
      }
      added = rows.length;
    }
  });
  return { added, removed: toRemove.length };
}
