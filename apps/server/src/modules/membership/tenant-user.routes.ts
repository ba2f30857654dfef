import { PERM, TENANT_MESSAGES as M, TENANT_USER_API } from '@district/shared';
import { tenantIdSchema, tenantUsersAddSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { assertAccountsInReach, assertTenantsInReach } from '../../lib/access/reach.js';
import { currentUser } from '../../lib/current-user.js';
import { ApiError, ok, parse, requiredText } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { resourceContext } from '../../lib/resource/resource.routes.js';
import { findScoped, listPage } from '../../lib/resource/resource.service.js';
import type { ResourceDef } from '../../lib/resource/resource.types.js';
import { tenantResource } from '../tenant/tenant.resource.js';
import { userResource } from '../user/user.resource.js';
import { inTenant } from '../user/user.service.js';
import { batchUserIds, unlinkedUserIds } from './member-users.service.js';

const tenantParam = (name: string) => z.object({ [name]: tenantIdSchema }).loose();

/** The members of a tenant: the chosen one, not the caller's current one (it must be within the caller's reach). */
const tenantUserDef: ResourceDef = {
  ...userResource,
  tenancy: undefined,
  dataRuleMenu: '/system/tenant',
  extraParams: { tenantId: (q, value) => inTenant(q, Number(value)) },
};

const userIdsOf = (raw: string | string[]) => batchUserIds(raw, M.usersRequired);

/** The members of a tenant: list, add, remove (nobody is left without a tenant). */
export default async function tenantUserRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;
  const invalidate = () => app.ctx.authCache.invalidate();

  const tenantOrFail = async (request: FastifyRequest, id: number) => {
    try {
      return await findScoped(tenantResource, resourceContext(app, request), String(id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw new ApiError(404, M.tenantNotFound);
      throw error;
    }
  };

  app.get(TENANT_USER_API.users, { config: { auth: PERM.tenantUsers } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const { tenantId } = parse(tenantParam('tenantId'), query) as { tenantId: number };
    await tenantOrFail(request, tenantId);
    // Another tenant's members (names, phones) are not the caller's to read.
    await assertTenantsInReach(db, currentUser(request), [tenantId]);
    return ok(
      await listPage(tenantUserDef, resourceContext(app, request), app.ctx.kv, {
        ...query,
        tenantId: String(tenantId),
      }),
      '',
    );
  });

  /**
   * Members are managed only in the caller's own tenants (every tenant for the administrator role), and only
   * accounts within the caller's reach join or leave one.
   */
  const liveUsers = async (request: FastifyRequest, tenantId: number, ids: string[]) => {
    const rows = await db.selectFrom('sysUser').select('id').where('id', 'in', ids).where('delFlag', '=', 0).execute();
    if (rows.length !== ids.length) throw new ApiError(404, M.userNotFound);
    await assertTenantsInReach(db, currentUser(request), [tenantId]);
    await assertAccountsInReach(db, currentUser(request), ids);
  };

  app.post(TENANT_USER_API.addUsers, { config: { auth: PERM.tenantUsers } }, async (request) => {
    const input = parse(tenantUsersAddSchema, request.body);
    await tenantOrFail(request, input.tenantId);
    const ids = userIdsOf(input.userIds);
    await liveUsers(request, input.tenantId, ids);
    const fresh = await unlinkedUserIds(db, { table: 'sysUserTenant', owner: 'tenantId' }, input.tenantId, ids);
    if (fresh.length) {
      await db
        .insertInto('sysUserTenant')
        .values(fresh.map((userId) => ({ id: newId(), userId, tenantId: input.tenantId, status: 1 })))
        .execute();
      await invalidate();
    }
    return ok(null, M.usersAdded);
  });

  const removeUsers = async (request: FastifyRequest, tenantId: number, ids: string[]) => {
    await tenantOrFail(request, tenantId);
    await liveUsers(request, tenantId, ids);
    await db.transaction().execute(async (trx) => {
      // Nobody is left without a tenant: such a user would not be limited to any tenant's data.
      const links = await trx
        .selectFrom('sysUserTenant')
        .select(['userId', 'tenantId'])
        .where('userId', 'in', ids)
        .execute();
      for (const id of ids) {
        const mine = links.filter((l) => l.userId === id);
        if (mine.some((l) => Number(l.tenantId) === tenantId) && mine.length <= 1)
          throw new ApiError(400, M.lastTenant);
      }
      await trx.deleteFrom('sysUserTenant').where('tenantId', '=', tenantId).where('userId', 'in', ids).execute();
      for (const id of ids) {
        const next = links.find((l) => l.userId === id && Number(l.tenantId) !== tenantId);
        await trx
          .updateTable('sysUser')
          .set({ loginTenantId: next ? Number(next.tenantId) : null })
          .where('id', '=', id)
          .where('loginTenantId', '=', tenantId)
          .execute();
      }
    });
    await invalidate();
  };
  app.delete(TENANT_USER_API.removeUser, { config: { auth: PERM.tenantUsers } }, async (request) => {
    const { tenantId } = parse(tenantParam('tenantId'), request.query) as { tenantId: number };
    const { userId } = parse(requiredText('userId', M.usersRequired), request.query) as { userId: string };
    await removeUsers(request, tenantId, [userId]);
    return ok(null, M.userRemoved);
  });
  app.delete(TENANT_USER_API.removeUsers, { config: { auth: PERM.tenantUsers } }, async (request) => {
    const { tenantId } = parse(tenantParam('tenantId'), request.query) as { tenantId: number };
    const { userIds } = parse(requiredText('userIds', M.usersRequired), request.query) as { userIds: string };
    await removeUsers(request, tenantId, userIdsOf(userIds));
    return ok(null, M.userRemoved);
  });
}
