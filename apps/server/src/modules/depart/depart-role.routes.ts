import {
  DEPART_MESSAGES as M,
  DEPART_ROLE_PERMISSION_API,
  DEPART_ROLE_USER_API,
  PERM,
  type DeptRoleListResult,
  type DepartRoleRecord,
} from '@district/shared';
import { saveDeptRoleDataRuleSchema, saveDeptRolePermissionSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse, requiredText } from '../../lib/http.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import { findScoped } from '../../lib/resource/resource.service.js';
import { departResource } from './depart.resource.js';
import { departRoleResource } from './depart-role.resource.js';
import {
  deptRoleDataRules,
  deptRolePermissionIds,
  deptRoleTree,
  saveDeptRoleDataRules,
  saveDeptRolePermissions,
} from './depart-role.service.js';
import { currentUser } from '../../lib/current-user.js';

const dataruleParams = z.object({
  permissionId: z.string().min(1).max(32),
  departId: z.string().min(1).max(32),
  roleId: z.string().min(1).max(32),
});

export default async function departRoleRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;
  const invalidate = () => app.ctx.authCache.invalidate();
  await app.register(resourcePlugin([departRoleResource]));

  const roleInScope = async (request: FastifyRequest, roleId: string) => {
    try {
      const row = await findScoped(departRoleResource, resourceContext(app, request), roleId);
      return { id: String(row.id), departId: String(row.departId) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw new ApiError(404, M.roleNotFound);
      throw error;
    }
  };
  const departInScope = async (request: FastifyRequest, departId: string) => {
    try {
      await findScoped(departResource, resourceContext(app, request), departId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw new ApiError(404, M.departNotFound);
      throw error;
    }
  };

  /** The department's roles, and (with userId) those the user holds. */
  app.get(DEPART_ROLE_USER_API.getDeptRoleList, { config: { auth: PERM.departRoles } }, async (request) => {
    const q = parse(
      requiredText('departId', M.departRequired).and(z.object({ userId: z.string().max(32).optional() }).loose()),
      request.query,
    ) as { departId: string; userId?: string };
    await departInScope(request, q.departId);
    const deptRoleList = (await db
      .selectFrom('sysDepartRole')
      .selectAll()
      .where('departId', '=', q.departId)
      .orderBy('createTime')
      .orderBy('id')
      .execute()) as DepartRoleRecord[];
    let userRoleIds: string[] = [];
    if (q.userId && deptRoleList.length) {
      const held = await db
        .selectFrom('sysDepartRoleUser')
        .select('droleId')
        .where('userId', '=', q.userId)
        .where(
          'droleId',
          'in',
          deptRoleList.map((r) => r.id),
        )
        .execute();
      userRoleIds = held.map((h) => h.droleId);
    }
    const result: DeptRoleListResult = { deptRoleList, userRoleIds };
    return ok(result, '查询成功');
  });

  // ---- Department role permissions ----

  app.get(
    DEPART_ROLE_PERMISSION_API.queryTreeListForDeptRole,
    { config: { auth: PERM.departAuthorize } },
    async (request) => {
      const { departId } = parse(requiredText('departId', M.departRequired), request.query) as { departId: string };
      await departInScope(request, departId);
      return ok(await deptRoleTree(db, currentUser(request), departId), '查询成功');
    },
  );

  app.get(
    DEPART_ROLE_PERMISSION_API.queryDeptRolePermission,
    { config: { auth: PERM.departAuthorize } },
    async (request) => {
      const { roleId } = parse(requiredText('roleId', M.roleRequired), request.query) as { roleId: string };
      await roleInScope(request, roleId);
      return ok(await deptRolePermissionIds(db, roleId), '查询成功');
    },
  );

  app.post(
    DEPART_ROLE_PERMISSION_API.saveDeptRolePermission,
    { config: { auth: PERM.departAuthorize } },
    async (request) => {
      const input = parse(saveDeptRolePermissionSchema, request.body);
      const role = await roleInScope(request, input.roleId);
      await saveDeptRolePermissions(db, currentUser(request), role, input.permissionIds, request.ip);
      await invalidate();
      return ok(null, M.authorized);
    },
  );

  app.get(
    `${DEPART_ROLE_PERMISSION_API.datarule}/:permissionId/:departId/:roleId`,
    { config: { auth: PERM.departAuthorize } },
    async (request) => {
      const p = dataruleParams.safeParse(request.params);
      if (!p.success) throw new ApiError(400, '参数有误');
      const role = await roleInScope(request, p.data.roleId);
      if (role.departId !== p.data.departId) throw new ApiError(400, M.roleNotFound);
      return ok(await deptRoleDataRules(db, p.data.permissionId, role.departId, role.id), '查询成功');
    },
  );

  app.post(DEPART_ROLE_PERMISSION_API.datarule, { config: { auth: PERM.departAuthorize } }, async (request) => {
    const input = parse(saveDeptRoleDataRuleSchema, request.body);
    const role = await roleInScope(request, input.roleId);
    if (role.departId !== input.departId) throw new ApiError(400, M.roleNotFound);
    await saveDeptRoleDataRules(db, currentUser(request), role, input.permissionId, input.dataRuleIds, request.ip);
    await invalidate();
    return ok(null, M.ruleSaved);
  });
}
