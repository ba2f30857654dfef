import { PERM, THIRD_LOGIN_API as A, THIRD_LOGIN_MESSAGES as M } from '@district/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { inTenant } from '../user/user.service.js';
import { providerName } from './third-login.service.js';
import { currentUser } from '../../lib/current-user.js';
import { bindingsOf } from './third-account.service.js';

const idQuery = z.object({ id: z.string({ error: M.notFound }).regex(/^[\w-]{1,32}$/, M.notFound) }).strict();
const userQuery = z
  .object({
    userId: z.string({ error: '请选择用户' }).regex(/^[\w-]{1,32}$/, '请选择用户'),
    // The web's cache-busting stamp on every GET.
    _t: z.string().max(20).optional(),
  })
  .strict();

/** Bound accounts: the user's own (list, unbind) and, for administrators, those of a user of their tenant. */
export default async function thirdAccountRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx.db;
  const providers = () => ctx.config.thirdLoginProviders;

  const nameOf = (key: string) => providerName(providers(), key);

  app.get(A.mine, { config: { auth: 'user' } }, async (request) =>
    ok(await bindingsOf(db, currentUser(request).id, nameOf), '查询成功'),
  );

  app.delete(A.mine, { config: { auth: 'user' } }, async (request) => {
    const { id } = parse(idQuery, request.query);
    const res = await db
      .deleteFrom('sysThirdAccount')
      .where('id', '=', id)
      .where('userId', '=', currentUser(request).id)
      .executeTakeFirst();
    if (!Number(res.numDeletedRows)) throw new ApiError(404, M.notFound);
    return ok(null, M.unbound);
  });

  /** Administrators reach the users of their current tenant only, as in 用户管理's own list. */
  const inCallersTenant = async (request: FastifyRequest, userId: string) => {
    const { tenantId } = currentUser(request);
    if (tenantId === null) return false;
    const query = db
      .selectFrom('sysUser')
      .select('sysUser.id')
      .where('sysUser.id', '=', userId)
      .where('delFlag', '=', 0);
    return Boolean(await (inTenant(query, tenantId) as typeof query).executeTakeFirst());
  };

  app.get(A.userAccounts, { config: { auth: PERM.userEdit } }, async (request) => {
    const { userId } = parse(userQuery, request.query);
    if (!(await inCallersTenant(request, userId))) throw new ApiError(404, M.userNotFound);
    return ok(await bindingsOf(db, userId, nameOf), '查询成功');
  });

  app.delete(A.userAccounts, { config: { auth: PERM.userEdit } }, async (request) => {
    const { id } = parse(idQuery, request.query);
    const row = await db.selectFrom('sysThirdAccount').select('userId').where('id', '=', id).executeTakeFirst();
    if (!row || !(await inCallersTenant(request, row.userId))) throw new ApiError(404, M.notFound);
    await db.deleteFrom('sysThirdAccount').where('id', '=', id).execute();
    return ok(null, M.unbound);
  });
}
