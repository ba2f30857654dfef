import { DEPART_MESSAGES as M, PERM, type DeptRoleListResult, type DepartRoleRecord } from '@district/shared';
import {
  deptRoleUserAddSchema,
  saveDeptRoleDataRuleSchema,
  saveDeptRolePermissionSchema,
} from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import { deleteRecords, findScoped, listPage, scoped } from '../../lib/resource/resource.service.js';
import type { ResourceDef } from '../../lib/resource/resource.types.js';
import { currentUser } from '../../plugins/guard.js';
import { userResource } from '../user/user.resource.js';
import { linkedTo, requiredText } from '../user/member-users.service.js';
import { splitIds } from '../user/user.service.js';
import { assertAccountsInReach, assertDepartRolesInReach } from '../user/user-reach.service.js';
import { departResource } from './depart.resource.js';
import { departRoleResource } from './depart-role.resource.js';
import {
  deptRoleDataRules,
  deptRolePermissionIds,
  deptRoleTree,
  saveDeptRoleDataRules,
  saveDeptRolePermissions,
} from './depart-role.service.js';

const dataruleParams = z.object({
  permissionId: z.string().min(1).max(32),
  departId: z.string().min(1).max(32),
  roleId: z.string().min(1).max(32),
});

/** The user list with a "holds this department role" parameter. */
const roleUserDef: ResourceDef = {
  ...userResource,
  extraParams: { ...userResource.extraParams, droleId: linkedTo({ table: 'sysDepartRoleUser', owner: 'droleId' }) },
};

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

  const remove = async (request: FastifyRequest, ids: string[]) => {
    const n = await deleteRecords(departRoleResource, ids, resourceContext(app, request));
    await invalidate();
    return n;
  };
  app.delete('/sys/sysDepartRole/delete', { config: { auth: PERM.departRoles } }, async (request) => {
    const { id } = parse(requiredText('id', '参数 id 不能为空'), request.query) as { id: string };
    await remove(request, [id]);
    return ok(null, '删除成功！');
  });
  app.delete('/sys/sysDepartRole/deleteBatch', { config: { auth: PERM.departRoles } }, async (request) => {
    const { ids } = parse(requiredText('ids', '请选择要删除的数据'), request.query) as { ids: string };
    const n = await remove(request, splitIds(ids));
    return ok(null, `批量删除成功！共 ${n} 条`);
  });

  /** The department's roles, and (with userId) those the user holds. */
  app.get('/sys/sysDepartRole/getDeptRoleList', { config: { auth: PERM.departRoles } }, async (request) => {
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

  /** Sets a user's department roles: newRoleId as chosen now, oldRoleId as the form loaded them. */
  app.post('/sys/sysDepartRole/deptRoleUserAdd', { config: { auth: PERM.departRoles } }, async (request) => {
    const input = parse(deptRoleUserAddSchema, request.body);
    const wanted = splitIds(input.newRoleId);
    const before = new Set(splitIds(input.oldRoleId));
    const add = wanted.filter((id) => !before.has(id));
    const drop = [...before].filter((id) => !wanted.includes(id));
    const touched = [...add, ...drop];
    const user = await (
      await scoped(userResource, resourceContext(app, request))
    )
      .where('sysUser.id', '=', input.userId)
      .executeTakeFirst();
    if (!user) throw new ApiError(404, M.userNotFound);
    if (touched.length) {
      await assertAccountsInReach(db, currentUser(request), [input.userId]);
      await assertDepartRolesInReach(db, currentUser(request), add);
      const roles = [];
      for (const id of touched) roles.push(await roleInScope(request, id));
      // Only roles of departments the user is in.
      const memberOf = new Set(
        (await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', input.userId).execute()).map(
          (r) => r.depId,
        ),
      );
      if (roles.some((r) => add.includes(r.id) && !memberOf.has(r.departId))) {
        throw new ApiError(400, M.rolesOfOtherDepart);
      }
      await db.transaction().execute(async (trx) => {
        if (drop.length) {
          await trx
            .deleteFrom('sysDepartRoleUser')
            .where('userId', '=', input.userId)
            .where('droleId', 'in', drop)
            .execute();
        }
        if (add.length) {
          const present = new Set(
            (
              await trx
                .selectFrom('sysDepartRoleUser')
                .select('droleId')
                .where('userId', '=', input.userId)
                .where('droleId', 'in', add)
                .execute()
            ).map((r) => r.droleId),
          );
          const fresh = add.filter((id) => !present.has(id));
          if (fresh.length) {
            await trx
              .insertInto('sysDepartRoleUser')
              .values(fresh.map((droleId) => ({ id: newId(), userId: input.userId, droleId })))
              .execute();
          }
        }
      });
      await invalidate();
    }
    return ok(null, M.saved);
  });

  /** The users holding a department role (a page of the user list, with its filters). */
  app.get('/sys/sysDepartRole/userList', { config: { auth: PERM.departRoles } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const { droleId } = parse(requiredText('droleId', M.roleRequired), query) as { droleId: string };
    await roleInScope(request, droleId);
    return ok(await listPage(roleUserDef, resourceContext(app, request), app.ctx.kv, query), '');
  });

  // ---- Department role permissions ----

  app.get(
    '/sys/sysDepartPermission/queryTreeListForDeptRole',
    { config: { auth: PERM.departAuthorize } },
    async (request) => {
      const { departId } = parse(requiredText('departId', M.departRequired), request.query) as { departId: string };
      await departInScope(request, departId);
      return ok(await deptRoleTree(db, currentUser(request), departId), '查询成功');
    },
  );

  app.get(
    '/sys/sysDepartPermission/queryDeptRolePermission',
    { config: { auth: PERM.departAuthorize } },
    async (request) => {
      const { roleId } = parse(requiredText('roleId', M.roleRequired), request.query) as { roleId: string };
      await roleInScope(request, roleId);
      return ok(await deptRolePermissionIds(db, roleId), '查询成功');
    },
  );

  app.post(
    '/sys/sysDepartPermission/saveDeptRolePermission',
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
    '/sys/sysDepartPermission/datarule/:permissionId/:departId/:roleId',
    { config: { auth: PERM.departAuthorize } },
    async (request) => {
      const p = dataruleParams.safeParse(request.params);
      if (!p.success) throw new ApiError(400, '参数有误');
      const role = await roleInScope(request, p.data.roleId);
      if (role.departId !== p.data.departId) throw new ApiError(400, M.roleNotFound);
      return ok(await deptRoleDataRules(db, p.data.permissionId, role.departId, role.id), '查询成功');
    },
  );

  app.post('/sys/sysDepartPermission/datarule', { config: { auth: PERM.departAuthorize } }, async (request) => {
    const input = parse(saveDeptRoleDataRuleSchema, request.body);
    const role = await roleInScope(request, input.roleId);
    if (role.departId !== input.departId) throw new ApiError(400, M.roleNotFound);
    await saveDeptRoleDataRules(db, currentUser(request), role, input.permissionId, input.dataRuleIds, request.ip);
    await invalidate();
    return ok(null, M.ruleSaved);
  });
}
