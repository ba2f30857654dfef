import { API } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/guard.js';
import { ok } from '../../lib/http.js';
import { getUserPermission } from './permission.service.js';

export default async function permissionRoutes(app: FastifyInstance) {
  app.get(API.userPermission, { config: { auth: 'display' } }, async (request) => {
    return ok(await getUserPermission(app.ctx.db.db, currentUser(request).id), '查询成功');
  });
}
