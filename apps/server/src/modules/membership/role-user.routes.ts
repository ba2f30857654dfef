import { PERM, ROLE_MESSAGES, ROLE_USER_API, SEED_ID, USER_MESSAGES } from '@district/shared';
import { roleUsersAddSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { assertAccountsInReach, assertRoleInReach, assertRolesInReach } from '../../lib/access/reach.js';
import { assertOfficerSeparation } from '../../lib/access/officers.js';
import { currentUser } from '../../lib/current-user.js';
import { ApiError, ok, parse } from '../../lib/http.js';
import { splitIds } from '../../lib/id-list.js';
import { newId } from '../../lib/ids.js';
import { resourceContext } from '../../lib/resource/resource.routes.js';
import { NOT_FOUND, findScoped, listPage, scoped } from '../../lib/resource/resource.service.js';
import { roleResource } from '../role/role.resource.js';
import { userResource } from '../user/user.resource.js';
import { unlinkedUserIds } from './member-users.service.js';

const param = (name: string, message = `参数 ${name} 不能为空`) =>
  z.object({ [name]: z.string({ error: message }).min(1, message).max(20_000) }).loose();

/** The holders of a role: list, add, remove (the seeded administrator keeps its roles). */
export default async function roleUserRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;
  const invalidate = () => app.ctx.authCache.invalidate();

  const roleInScope = (request: FastifyRequest, roleId: string) =>
    findScoped(roleResource, resourceContext(app, request), roleId);

  /** The users holding a role (a page of the user list, with its filters). */
  app.get(ROLE_USER_API.list, { config: { auth: PERM.roleUsers } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const { roleId } = parse(param('roleId', ROLE_MESSAGES.roleIdRequired), query) as { roleId: string };
    await roleInScope(request, roleId);
    return ok(await listPage(userResource, resourceContext(app, request), app.ctx.kv, query), '');
  });

  app.post(ROLE_USER_API.add, { config: { auth: PERM.roleUsers } }, async (request) => {
    const input = parse(roleUsersAddSchema, request.body);
    const role = await roleInScope(request, input.roleId);
    const ctx = resourceContext(app, request);
    const userIds = [...new Set(input.userIdList)];
    const users = await (await scoped(userResource, ctx)).where('sysUser.id', 'in', userIds).execute();
    if (users.length !== userIds.length) throw new ApiError(404, NOT_FOUND);
    await assertRolesInReach(db, ctx.user, [input.roleId]);
    await assertRoleInReach(db, ctx.user, role);
    await assertAccountsInReach(db, ctx.user, userIds);
    const fresh = await unlinkedUserIds(db, { table: 'sysUserRole', owner: 'roleId' }, input.roleId, userIds);
    if (fresh.length) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sysUserRole')
          .values(fresh.map((userId) => ({ id: newId(), userId, roleId: input.roleId, tenantId: null })))
          .execute();
        // 三员分立: no account ends up with two duties.
        await assertOfficerSeparation(trx, fresh);
      });
      await invalidate();
    }
    return ok(null, ROLE_MESSAGES.usersAdded);
  });

  const removeUsers = async (request: FastifyRequest, roleId: string, userIds: string[]) => {
    if (userIds.length === 0) throw new ApiError(400, USER_MESSAGES.selectUsers);
    const role = await roleInScope(request, roleId);
    const users = await (
      await scoped(userResource, resourceContext(app, request))
    )
      .where('sysUser.id', 'in', userIds)
      .execute();
    if (users.length !== userIds.length) throw new ApiError(404, NOT_FOUND);
    await assertRoleInReach(db, currentUser(request), role);
    await assertAccountsInReach(db, currentUser(request), userIds);
    if (roleId === SEED_ID.adminRole && userIds.includes(SEED_ID.adminUser)) {
      throw new ApiError(400, '不能移除系统管理员账号的管理员角色');
    }
    if (roleId === SEED_ID.platformRole && userIds.includes(SEED_ID.adminUser)) {
      throw new ApiError(400, '不能移除系统管理员账号的平台管理员角色');
    }
    await db.deleteFrom('sysUserRole').where('roleId', '=', roleId).where('userId', 'in', userIds).execute();
    await invalidate();
  };
  app.delete(ROLE_USER_API.remove, { config: { auth: PERM.roleUsers } }, async (request) => {
    const q = parse(param('roleId', ROLE_MESSAGES.roleIdRequired).and(param('userId')), request.query) as {
      roleId: string;
      userId: string;
    };
    await removeUsers(request, q.roleId, [q.userId]);
    return ok(null, ROLE_MESSAGES.userRemoved);
  });
  app.delete(ROLE_USER_API.removeBatch, { config: { auth: PERM.roleUsers } }, async (request) => {
    const q = parse(
      param('roleId', ROLE_MESSAGES.roleIdRequired).and(param('userIds', USER_MESSAGES.selectUsers)),
      request.query,
    ) as {
      roleId: string;
      userIds: string;
    };
    await removeUsers(request, q.roleId, splitIds(q.userIds));
    return ok(null, ROLE_MESSAGES.userRemoved);
  });
}
