import { API } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { PermissionAnswerCache } from './permission-cache.js';
import { currentUser } from '../../lib/current-user.js';

export default async function permissionRoutes(app: FastifyInstance) {
  const answers = new PermissionAnswerCache(app.ctx.db.db, app.ctx.authCache);
  app.get(API.userPermission, { config: { auth: 'display' } }, async (request, reply) => {
    // The menu is sent as cached JSON text inside the usual envelope (the same bytes ok() would give).
    const user = currentUser(request);
    const result = await answers.json(user.id);
    // The cached answer is per role set; whether the caller administers the platform is the session's own fact.
    const platform = user.session?.isPlatformAdmin === true;
    const withFlag = `${result.slice(0, -1)},"isPlatformAdmin":${platform}}`;
    return reply
      .type('application/json; charset=utf-8')
      .send(`{"success":true,"message":"查询成功","code":200,"result":${withFlag},"timestamp":${Date.now()}}`);
  });
}
