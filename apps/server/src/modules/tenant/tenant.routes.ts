import { PERM, TENANT_MESSAGES as M } from '@district/shared';
import { tenantIdSchema, tenantUsersAddSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import { decorateRows, deleteRecords, findScoped, listPage } from '../../lib/resource/resource.service.js';
import type { ResourceDef } from '../../lib/resource/resource.types.js';
import { userResource } from '../user/user.resource.js';
import { batchUserIds, requiredText, unlinkedUserIds } from '../user/member-users.service.js';
import { inTenant, splitIds } from '../user/user.service.js';
import { tenantResource } from './tenant.resource.js';
import { currentUser } from '../../plugins/guard.js';
import { assertAccountsInReach, assertTenantsInReach } from '../user/user-reach.service.js';

const tenantParam = (name: string) => z.object({ [name]: tenantIdSchema }).loose();

/** The members of a tenant: the chosen one, not the caller's current one (it must be within the caller's reach). */
const tenantUserDef: ResourceDef = {
  ...userResource,
  tenancy: undefined,
  dataRuleMenu: '/system/tenant',
  extraParams: { tenantId: (q, value) => inTenant(q, Number(value)) },
};

const userIdsOf = (raw: string | string[]) => batchUserIds(raw, M.usersRequired);

export default async function tenantRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;
  const invalidate = () => app.ctx.authCache.invalidate();
  await app.register(resourcePlugin([tenantResource]));

  const tenantOrFail = async (request: FastifyRequest, id: number) => {
    try {
      return await findScoped(tenantResource, resourceContext(app, request), String(id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw new ApiError(404, M.tenantNotFound);
      throw error;
    }
  };

  app.get('/sys/tenant/queryById', { config: { auth: PERM.tenantList } }, async (request) => {
    const { id } = parse(tenantParam('id'), request.query) as { id: number };
    const ctx = resourceContext(app, request);
    const row = await tenantOrFail(request, id);
    await decorateRows(tenantResource, [row], ctx, app.ctx.kv);
    return ok(row, '');
  });

  const remove = async (request: FastifyRequest, ids: number[]) => {
    const n = await deleteRecords(tenantResource, ids.map(String), resourceContext(app, request));
    await invalidate();
    return n;
  };
  app.delete('/sys/tenant/delete', { config: { auth: PERM.tenantDelete } }, async (request) => {
    const { id } = parse(tenantParam('id'), request.query) as { id: number };
    await remove(request, [id]);
    return ok(null, '删除成功！');
  });
  app.delete('/sys/tenant/deleteBatch', { config: { auth: PERM.tenantDelete } }, async (request) => {
    const { ids } = parse(requiredText('ids', '请选择要删除的数据'), request.query) as { ids: string };
    const list = splitIds(ids).map((s) => {
      const r = tenantIdSchema.safeParse(s);
      if (!r.success) throw new ApiError(400, M.idFormat);
      return r.data;
    });
    const n = await remove(request, list);
    return ok(null, `批量删除成功！共 ${n} 条`);
  });

  app.get('/sys/tenant/users', { config: { auth: PERM.tenantUsers } }, async (request) => {
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

  app.post('/sys/tenant/addUsers', { config: { auth: PERM.tenantUsers } }, async (request) => {
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
  app.delete('/sys/tenant/removeUser', { config: { auth: PERM.tenantUsers } }, async (request) => {
    const { tenantId } = parse(tenantParam('tenantId'), request.query) as { tenantId: number };
    const { userId } = parse(requiredText('userId', M.usersRequired), request.query) as { userId: string };
    await removeUsers(request, tenantId, [userId]);
    return ok(null, M.userRemoved);
  });
  app.delete('/sys/tenant/removeUserBatch', { config: { auth: PERM.tenantUsers } }, async (request) => {
    const { tenantId } = parse(tenantParam('tenantId'), request.query) as { tenantId: number };
    const { userIds } = parse(requiredText('userIds', M.usersRequired), request.query) as { userIds: string };
    await removeUsers(request, tenantId, userIdsOf(userIds));
    return ok(null, M.userRemoved);
  });
}
