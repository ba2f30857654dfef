import { PERM, ROLE_MESSAGES, USER_MESSAGES, type RoleOption } from '@district/shared';
import { roleUsersAddSchema, saveRoleDataRuleSchema, saveRolePermissionSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import { NOT_FOUND, deleteRecords, findScoped, listPage, scoped } from '../../lib/resource/resource.service.js';
import { newId } from '../../lib/ids.js';
import { currentUser } from '../../plugins/guard.js';
import { userResource } from '../user/user.resource.js';
import { unlinkedUserIds } from '../user/member-users.service.js';
import { SEED_ADMIN_ID, splitIds, visibleRoles } from '../user/user.service.js';
import { assertAccountsInReach, assertRoleInReach, assertRolesInReach } from '../user/user-reach.service.js';
import { roleResource } from './role.resource.js';
import {
  ADMIN_ROLE_ID,
  permissionTree,
  roleDataRules,
  rolePermissionIds,
  saveRoleDataRules,
  saveRolePermissions,
} from './role.service.js';

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

  const removeRoles = async (request: FastifyRequest, ids: string[]) => {
    const n = await deleteRecords(roleResource, ids, resourceContext(app, request));
    await invalidate();
    return n;
  };
  app.delete('/sys/role/delete', { config: { auth: PERM.roleDelete } }, async (request) => {
    const { id } = parse(param('id'), request.query) as { id: string };
    await removeRoles(request, [id]);
    return ok(null, '删除成功！');
  });
  app.delete('/sys/role/deleteBatch', { config: { auth: PERM.roleDelete } }, async (request) => {
    const { ids } = parse(param('ids', '请选择要删除的数据'), request.query) as { ids: string };
    const n = await removeRoles(request, splitIds(ids));
    return ok(null, `批量删除成功！共 ${n} 条`);
  });

  /** Every role of the caller's tenant (and the global ones), for selects. */
  app.get('/sys/role/queryall', { config: { auth: 'user' } }, async (request) => {
    const roles: RoleOption[] = await visibleRoles(db, currentUser(request).tenantId)
      .select(['id', 'roleName', 'roleCode'])
      .orderBy('createTime')
      .orderBy('id')
      .execute();
    return ok(roles, '查询成功');
  });

  /** The menu/button tree of the authorisation drawer. */
  app.get('/sys/role/queryTreeList', { config: { auth: PERM.roleAuthorize } }, async (request) =>
    ok(await permissionTree(db, currentUser(request)), '查询成功'),
  );

  app.get('/sys/permission/queryRolePermission', { config: { auth: PERM.roleAuthorize } }, async (request) => {
    const { roleId } = parse(param('roleId', ROLE_MESSAGES.roleIdRequired), request.query) as { roleId: string };
    await roleInScope(request, roleId);
    return ok(await rolePermissionIds(db, roleId), '查询成功');
  });

  app.post('/sys/permission/saveRolePermission', { config: { auth: PERM.roleAuthorize } }, async (request) => {
    const input = parse(saveRolePermissionSchema, request.body);
    await roleInScope(request, input.roleId);
    await saveRolePermissions(db, currentUser(request), input.roleId, input.permissionIds, request.ip);
    await invalidate();
    return ok(null, ROLE_MESSAGES.authorized);
  });

  app.get('/sys/role/datarule/:permissionId/:roleId', { config: { auth: PERM.roleAuthorize } }, async (request) => {
    const p = dataruleParams.safeParse(request.params);
    if (!p.success) throw new ApiError(400, '参数有误');
    await roleInScope(request, p.data.roleId);
    return ok(await roleDataRules(db, p.data.permissionId, p.data.roleId), '查询成功');
  });

  app.post('/sys/role/datarule', { config: { auth: PERM.roleAuthorize } }, async (request) => {
    const input = parse(saveRoleDataRuleSchema, request.body);
    const role = await roleInScope(request, input.roleId);
    await assertRoleInReach(db, currentUser(request), role, [input.permissionId]);
    await saveRoleDataRules(db, currentUser(request), input.roleId, input.permissionId, input.dataRuleIds, request.ip);
    await invalidate();
    return ok(null, ROLE_MESSAGES.ruleSaved);
  });

  /** The users holding a role (a page of the user list, with its filters). */
  app.get('/sys/user/userRoleList', { config: { auth: PERM.roleUsers } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const { roleId } = parse(param('roleId', ROLE_MESSAGES.roleIdRequired), query) as { roleId: string };
    await roleInScope(request, roleId);
    return ok(await listPage(userResource, resourceContext(app, request), app.ctx.kv, query), '');
  });

  app.post('/sys/user/addSysUserRole', { config: { auth: PERM.roleUsers } }, async (request) => {
    const input = parse(roleUsersAddSchema, request.body);
    const role = await roleInScope(request, input.roleId);
    const ctx = resourceContext(app, request);
    const userIds = [...new Set(input.userIdList)];
    const users = await (await scoped(userResource, ctx)).where('sysUser.id', 'in', userIds).execute();
    if (users.length !== userIds.length) throw new ApiError(404, NOT_FOUND);
    await assertRolesInReach(db, ctx.user, [input.roleId]);
    await assertRoleInReach(db, ctx.user, role);
    await assertAccountsInReach(db, ctx.user, userIds);
    const fresh = await unlinkedUserIds(db, { table: 'sysUserRole', owner: 'roleId' }, input.roleId, userIds);
    if (fresh.length) {
      await db
        .insertInto('sysUserRole')
        .values(fresh.map((userId) => ({ id: newId(), userId, roleId: input.roleId, tenantId: null })))
        .execute();
      await invalidate();
    }
    return ok(null, ROLE_MESSAGES.usersAdded);
  });

  const removeUsers = async (request: FastifyRequest, roleId: string, userIds: string[]) => {
    if (userIds.length === 0) throw new ApiError(400, USER_MESSAGES.selectUsers);
    const role = await roleInScope(request, roleId);
    const users = await (
      await scoped(userResource, resourceContext(app, request))
    )
      .where('sysUser.id', 'in', userIds)
      .execute();
    if (users.length !== userIds.length) throw new ApiError(404, NOT_FOUND);
    await assertRoleInReach(db, currentUser(request), role);
    await assertAccountsInReach(db, currentUser(request), userIds);
    if (roleId === ADMIN_ROLE_ID && userIds.includes(SEED_ADMIN_ID)) {
      throw new ApiError(400, '不能移除系统管理员账号的管理员角色');
    }
    await db.deleteFrom('sysUserRole').where('roleId', '=', roleId).where('userId', 'in', userIds).execute();
    await invalidate();
  };
  app.delete('/sys/user/deleteUserRole', { config: { auth: PERM.roleUsers } }, async (request) => {
    const q = parse(param('roleId', ROLE_MESSAGES.roleIdRequired).and(param('userId')), request.query) as {
      roleId: string;
      userId: string;
    };
    await removeUsers(request, q.roleId, [q.userId]);
    return ok(null, ROLE_MESSAGES.userRemoved);
  });
  app.delete('/sys/user/deleteUserRoleBatch', { config: { auth: PERM.roleUsers } }, async (request) => {
    const q = parse(
      param('roleId', ROLE_MESSAGES.roleIdRequired).and(param('userIds', USER_MESSAGES.selectUsers)),
      request.query,
    ) as {
      roleId: string;
      userIds: string;
    };
    await removeUsers(request, q.roleId, splitIds(q.userIds));
    return ok(null, ROLE_MESSAGES.userRemoved);
  });
}
