import { API } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/guard.js';
import { PermissionAnswerCache } from './permission-cache.js';

export default async function permissionRoutes(app: FastifyInstance) {
  const answers = new PermissionAnswerCache(app.ctx.db.db, app.ctx.authCache);
  app.get(API.userPermission, { config: { auth: 'display' } }, async (request, reply) => {
    // The menu is sent as cached JSON text inside the usual envelope (the same bytes ok() would give).
    const result = await answers.json(currentUser(request).id);
    return reply
      .type('application/json; charset=utf-8')
      .send(`{"success":true,"message":"查询成功","code":200,"result":${result},"timestamp":${Date.now()}}`);
  });
}
