import { PERM, PERMISSION_ADMIN_API, PERMISSION_MESSAGES as M } from '@district/shared';
import { saveDepartPermissionSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user.js';
import { ApiError, ok, parse } from '../../lib/http.js';
import { resourceContext } from '../../lib/resource/resource.routes.js';
import { scoped } from '../../lib/resource/resource.service.js';
import { queryDepartPermission, saveDepartPermission } from './depart-permission.service.js';
import { departResource } from './depart.resource.js';

const departQuery = z
  .object({ departId: z.string({ error: M.departRequired }).min(1, M.departRequired).max(32) })
  .loose();

/** A department's own grants (部门权限): the ceiling of what its department roles can be given. */
export default async function departPermissionRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.ctx.db.db;
  const changed = () => app.ctx.authCache.invalidate();

  /** Departments of the caller's tenant and data scope only: another tenant's are not found. */
  const departInScope = async (request: FastifyRequest, departId: string) => {
    const q = await scoped(departResource, resourceContext(app, request));
    if (!(await q.where('sysDepart.id', '=', departId).executeTakeFirst())) throw new ApiError(404, M.departNotFound);
  };

  // A department's own grants: the ceiling of what its department roles can be given.
  app.get(PERMISSION_ADMIN_API.queryDepartPermission, { config: { auth: PERM.departAuthorize } }, async (request) => {
    const { departId } = parse(departQuery, request.query);
    await departInScope(request, departId);
    return ok(await queryDepartPermission(db(), departId), '查询成功');
  });

  app.post(PERMISSION_ADMIN_API.saveDepartPermission, { config: { auth: PERM.departAuthorize } }, async (request) => {
    const body = parse(saveDepartPermissionSchema, request.body);
    await departInScope(request, body.departId);
    await saveDepartPermission(db(), currentUser(request), body);
    await changed();
    return ok(null, '保存成功！');
  });
}
