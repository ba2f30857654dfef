import { PERM, PRIVACY_API, PRIVACY_AUDIT, PRIVACY_MESSAGES } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertAccountsInReach } from '../../lib/access/reach.js';
import { auditEvent } from '../../lib/audit-event.js';
import { currentUser } from '../../lib/current-user.js';
import { ApiError, ok, parse } from '../../lib/http.js';
import { resourceContext } from '../../lib/resource/resource.routes.js';
import { NOT_FOUND, scoped } from '../../lib/resource/resource.service.js';
import { anonymiseUser, assertMayAnonymise } from './anonymise.service.js';
import { userResource } from './user.resource.js';

const anonymiseBody = z.object({
  id: z.string({ error: PRIVACY_MESSAGES.idRequired }).min(1, PRIVACY_MESSAGES.idRequired).max(64),
});

/** 用户管理 → 匿名化: a departed user's personal data removed; the act itself is an audit event. */
export default async function anonymiseRoutes(app: FastifyInstance): Promise<void> {
  const def = userResource;
  const { ctx } = app;
  const { db } = ctx.db;

  app.put(PRIVACY_API.anonymise, { config: { auth: PERM.userAnonymise } }, async (request) => {
    const { id } = parse(anonymiseBody, request.body);
    const actor = currentUser(request);
    const user = await db.selectFrom('sysUser').selectAll().where('id', '=', id).executeTakeFirst();
    if (!user) throw new ApiError(404, NOT_FOUND);
    if (Number(user.delFlag) === 0) {
      // A live user: within the caller's tenant and data rules, and holding no more than the caller.
      const q = await scoped(def, resourceContext(app, request));
      if (!(await q.where('sysUser.id', '=', id).executeTakeFirst())) throw new ApiError(404, NOT_FOUND);
      await assertAccountsInReach(db, actor, [id]);
    } else {
      // A deleted user has lost its tenant links: it is the caller's tenant's when its records were written there.
      const written = await db
        .selectFrom('sysDataLog')
        .select('id')
        .where('dataTable', '=', def.name)
        .where('dataId', '=', id)
        .where('tenantId', '=', actor.tenantId)
        .executeTakeFirst();
      if (!written) throw new ApiError(404, NOT_FOUND);
    }
    assertMayAnonymise(user, actor);
    await anonymiseUser(db, def, user, actor, ctx.fields);
    await ctx.tokens.revokeUser(id);
    await ctx.authCache.invalidate();
    auditEvent(request, PRIVACY_AUDIT.anonymise(user.username));
    return ok(null, PRIVACY_MESSAGES.anonymised(user.username));
  });
}
