import { DEPART_MESSAGES as M, DEPART_ROLE_USER_API, PERM } from '@district/shared';
import { deptRoleUserAddSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertAccountsInReach, assertDepartRolesInReach } from '../../lib/access/reach.js';
import { currentUser } from '../../lib/current-user.js';
import { ApiError, ok, parse, requiredText } from '../../lib/http.js';
import { splitIds } from '../../lib/id-list.js';
import { newId } from '../../lib/ids.js';
import { resourceContext } from '../../lib/resource/resource.routes.js';
import { findScoped, listPage, scoped } from '../../lib/resource/resource.service.js';
import type { ResourceDef } from '../../lib/resource/resource.types.js';
import { departRoleResource } from '../depart/depart-role.resource.js';
import { userResource } from '../user/user.resource.js';
import { linkedTo } from './member-users.service.js';

/** The user list with a "holds this department role" parameter. */
const roleUserDef: ResourceDef = {
  ...userResource,
  extraParams: { ...userResource.extraParams, droleId: linkedTo({ table: 'sysDepartRoleUser', owner: 'droleId' }) },
};

/** The holders of a department role: list them, and set a user's department roles. */
export default async function departRoleUserRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;
  const invalidate = () => app.ctx.authCache.invalidate();

  const roleInScope = async (request: FastifyRequest, roleId: string) => {
    try {
      const row = await findScoped(departRoleResource, resourceContext(app, request), roleId);
      return { id: String(row.id), departId: String(row.departId) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw new ApiError(404, M.roleNotFound);
      throw error;
    }
  };

  /** Sets a user's department roles: newRoleId as chosen now, oldRoleId as the form loaded them. */
  app.post(DEPART_ROLE_USER_API.deptRoleUserAdd, { config: { auth: PERM.departRoles } }, async (request) => {
    const input = parse(deptRoleUserAddSchema, request.body);
    const wanted = splitIds(input.newRoleId);
    const before = new Set(splitIds(input.oldRoleId));
    const add = wanted.filter((id) => !before.has(id));
    const drop = [...before].filter((id) => !wanted.includes(id));
    const touched = [...add, ...drop];
    const user = await (
      await scoped(userResource, resourceContext(app, request))
    )
      .where('sysUser.id', '=', input.userId)
      .executeTakeFirst();
    if (!user) throw new ApiError(404, M.userNotFound);
    if (touched.length) {
      await assertAccountsInReach(db, currentUser(request), [input.userId]);
      await assertDepartRolesInReach(db, currentUser(request), add);
      const roles = [];
      for (const id of touched) roles.push(await roleInScope(request, id));
      // Only roles of departments the user is in.
      const memberOf = new Set(
        (await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', input.userId).execute()).map(
          (r) => r.depId,
        ),
      );
      if (roles.some((r) => add.includes(r.id) && !memberOf.has(r.departId))) {
        throw new ApiError(400, M.rolesOfOtherDepart);
      }
      await db.transaction().execute(async (trx) => {
        if (drop.length) {
          await trx
            .deleteFrom('sysDepartRoleUser')
            .where('userId', '=', input.userId)
            .where('droleId', 'in', drop)
            .execute();
        }
        if (add.length) {
          const present = new Set(
            (
              await trx
                .selectFrom('sysDepartRoleUser')
                .select('droleId')
                .where('userId', '=', input.userId)
                .where('droleId', 'in', add)
                .execute()
            ).map((r) => r.droleId),
          );
          const fresh = add.filter((id) => !present.has(id));
          if (fresh.length) {
            await trx
              .insertInto('sysDepartRoleUser')
              .values(fresh.map((droleId) => ({ id: newId(), userId: input.userId, droleId })))
              .execute();
          }
        }
      });
      await invalidate();
    }
    return ok(null, M.saved);
  });

  /** The users holding a department role (a page of the user list, with its filters). */
  app.get(DEPART_ROLE_USER_API.userList, { config: { auth: PERM.departRoles } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const { droleId } = parse(requiredText('droleId', M.roleRequired), query) as { droleId: string };
    await roleInScope(request, droleId);
    return ok(await listPage(roleUserDef, resourceContext(app, request), app.ctx.kv, query), '');
  });
}
