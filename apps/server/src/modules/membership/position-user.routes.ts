import { PERM, POSITION_USER_MESSAGES as M, POSITION_USER_API } from '@district/shared';
import { positionUsersAddSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, ok, parse, requiredText } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { resourceContext } from '../../lib/resource/resource.routes.js';
import { findScoped, listPage, scoped } from '../../lib/resource/resource.service.js';
import type { ResourceDef } from '../../lib/resource/resource.types.js';
import { userResource } from '../user/user.resource.js';
import { batchUserIds, linkedTo, unlinkedUserIds } from './member-users.service.js';
import { positionResource } from '../position/position.resource.js';
import { assertAccountsInReach } from '../../lib/access/reach.js';
import { currentUser } from '../../lib/current-user.js';

/**
 * The user list with a "holds this position" parameter. Each row carries the user's departments
 * (orgCodeTxt), which is what the position configuration drawer shows: who serves in the position and where.
 */
const positionUserDef: ResourceDef = {
  ...userResource,
  extraParams: { ...userResource.extraParams, positionId: linkedTo({ table: 'sysUserPosition', owner: 'positionId' }) },
};

const userIdsOf = (raw: string | string[]) => batchUserIds(raw, M.usersRequired);

/** Position users: list, add, remove (the position resource itself is position.resource.ts). */
export default async function positionUserRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;

  const positionInScope = (request: FastifyRequest, id: string) =>
    findScoped(positionResource, resourceContext(app, request), id);

  const scopedUsers = async (request: FastifyRequest, ids: string[]) => {
    const q = await scoped(userResource, resourceContext(app, request));
    const rows = await q.where('sysUser.id', 'in', ids).execute();
    if (rows.length !== ids.length) throw new ApiError(404, M.userNotFound);
    // Only accounts within the caller's reach join or leave a position.
    await assertAccountsInReach(db, currentUser(request), ids);
  };

  app.get(POSITION_USER_API.users, { config: { auth: PERM.positionUsers } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const { positionId } = parse(requiredText('positionId', M.positionRequired), query) as { positionId: string };
    await positionInScope(request, positionId);
    return ok(await listPage(positionUserDef, resourceContext(app, request), app.ctx.kv, query), '');
  });

  app.post(POSITION_USER_API.addUsers, { config: { auth: PERM.positionUsers } }, async (request) => {
    const input = parse(positionUsersAddSchema, request.body);
    await positionInScope(request, input.positionId);
    const ids = userIdsOf(input.userIds);
    await scopedUsers(request, ids);
    const fresh = await unlinkedUserIds(db, { table: 'sysUserPosition', owner: 'positionId' }, input.positionId, ids);
    await db.transaction().execute(async (trx) => {
      if (fresh.length) {
        await trx
          .insertInto('sysUserPosition')
          .values(fresh.map((userId) => ({ id: newId(), userId, positionId: input.positionId })))
          .execute();
      }
      // People without a current position get this one.
      await trx
        .updateTable('sysUser')
        .set({ loginPositionId: input.positionId })
        .where('id', 'in', ids)
        .where('loginPositionId', 'is', null)
        .execute();
    });
    return ok(null, M.usersAdded);
  });

  const removeUsers = async (request: FastifyRequest, positionId: string, ids: string[]) => {
    await positionInScope(request, positionId);
    await scopedUsers(request, ids);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sysUserPosition').where('positionId', '=', positionId).where('userId', 'in', ids).execute();
      for (const id of ids) {
        const next = await trx
          .selectFrom('sysUserPosition')
          .select('positionId')
          .where('userId', '=', id)
          .orderBy('id')
          .executeTakeFirst();
        await trx
          .updateTable('sysUser')
          .set({ loginPositionId: next?.positionId ?? null })
          .where('id', '=', id)
          .where('loginPositionId', '=', positionId)
          .execute();
      }
    });
  };
  app.delete(POSITION_USER_API.removeUser, { config: { auth: PERM.positionUsers } }, async (request) => {
    const q = parse(
      requiredText('positionId', M.positionRequired).and(requiredText('userId', M.usersRequired)),
      request.query,
    ) as {
      positionId: string;
      userId: string;
    };
    await removeUsers(request, q.positionId, [q.userId]);
    return ok(null, M.userRemoved);
  });
  app.delete(POSITION_USER_API.removeUsers, { config: { auth: PERM.positionUsers } }, async (request) => {
    const q = parse(
      requiredText('positionId', M.positionRequired).and(requiredText('userIds', M.usersRequired)),
      request.query,
    ) as {
      positionId: string;
      userIds: string;
    };
    await removeUsers(request, q.positionId, userIdsOf(q.userIds));
    return ok(null, M.userRemoved);
  });
}
