import { PERM, ROLE_ADMIN_API, ROLE_MESSAGES, type RoleOption } from '@district/shared';
import { saveRoleDataRuleSchema, saveRolePermissionSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import { findScoped } from '../../lib/resource/resource.service.js';
import { roleResource } from './role.resource.js';
import {
  permissionTree,
  roleDataRules,
  rolePermissionIds,
  saveRoleDataRules,
  saveRolePermissions,
} from './role.service.js';
import { assertRoleInReach, visibleRoles } from '../../lib/access/reach.js';
import { currentUser } from '../../lib/current-user.js';

const param = (name: string, message = `参数 ${name} 不能为空`) =>
  z.object({ [name]: z.string({ error: message }).min(1, message).max(20_000) }).loose();

const dataruleParams = z.object({
  permissionId: z.string().min(1).max(32),
  roleId: z.string().min(1).max(32),
});

export default async function roleRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;
  const invalidate = () => app.ctx.authCache.invalidate();
  await app.register(resourcePlugin([roleResource]));

  const roleInScope = (request: FastifyRequest, roleId: string) =>
    findScoped(roleResource, resourceContext(app, request), roleId);

  /** Every role of the caller's tenant (and the global ones), for selects. */
  app.get(ROLE_ADMIN_API.queryall, { config: { auth: 'user' } }, async (request) => {
    const roles: RoleOption[] = await visibleRoles(db, currentUser(request).tenantId)
      .select(['id', 'roleName', 'roleCode'])
      .orderBy('createTime')
      .orderBy('id')
      .execute();
    return ok(roles, '查询成功');
  });

  /** The menu/button tree of the authorisation drawer. */
  app.get(ROLE_ADMIN_API.queryTreeList, { config: { auth: PERM.roleAuthorize } }, async (request) =>
    ok(await permissionTree(db, currentUser(request)), '查询成功'),
  );

  app.get(ROLE_ADMIN_API.queryRolePermission, { config: { auth: PERM.roleAuthorize } }, async (request) => {
    const { roleId } = parse(param('roleId', ROLE_MESSAGES.roleIdRequired), request.query) as { roleId: string };
    await roleInScope(request, roleId);
    return ok(await rolePermissionIds(db, roleId), '查询成功');
  });

  app.post(ROLE_ADMIN_API.saveRolePermission, { config: { auth: PERM.roleAuthorize } }, async (request) => {
    const input = parse(saveRolePermissionSchema, request.body);
    await roleInScope(request, input.roleId);
    await saveRolePermissions(db, currentUser(request), input.roleId, input.permissionIds, request.ip);
    await invalidate();
    return ok(null, ROLE_MESSAGES.authorized);
  });

  app.get(
    `${ROLE_ADMIN_API.datarule}/:permissionId/:roleId`,
    { config: { auth: PERM.roleAuthorize } },
    async (request) => {
      const p = dataruleParams.safeParse(request.params);
      if (!p.success) throw new ApiError(400, '参数有误');
      await roleInScope(request, p.data.roleId);
      return ok(await roleDataRules(db, p.data.permissionId, p.data.roleId), '查询成功');
    },
  );

  app.post(ROLE_ADMIN_API.datarule, { config: { auth: PERM.roleAuthorize } }, async (request) => {
    const input = parse(saveRoleDataRuleSchema, request.body);
    const role = await roleInScope(request, input.roleId);
    await assertRoleInReach(db, currentUser(request), role, [input.permissionId]);
    await saveRoleDataRules(db, currentUser(request), input.roleId, input.permissionId, input.dataRuleIds, request.ip);
    await invalidate();
    return ok(null, ROLE_MESSAGES.ruleSaved);
  });
}
