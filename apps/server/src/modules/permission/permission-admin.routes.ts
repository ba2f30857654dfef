import { MSG, PERM, PERMISSION_LIMITS, PERMISSION_MESSAGES as M, type PermissionCode } from '@district/shared';
import { permissionCreateSchema, permissionUpdateSchema, saveDepartPermissionSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../plugins/guard.js';
import { ApiError, ok, parse } from '../../lib/http.js';
import {
  orderBy,
  createRecord,
  deleteRecords,
  filteredQuery,
  scoped,
  updateRecord,
} from '../../lib/resource/resource.service.js';
import { resourceContext } from '../../lib/resource/resource.routes.js';
import { dataRuleResource } from './data-rule.resource.js';
import { departResource } from '../depart/depart.resource.js';
import { queryDepartPermission, saveDepartPermission, splitIds } from './depart-permission.service.js';
import {
  addPermission,
  childrenOf,
  deletePermissions,
  editPermission,
  permissionTree,
  permissionTreeList,
} from './permission-admin.service.js';

const BASE = '/sys/permission';
/** Rules of one menu are few; this only bounds a query without permissionId. */
const MAX_RULES = 1000;

const idQuery = z.object({ id: z.string({ error: '参数 id 不能为空' }).min(1, '参数 id 不能为空').max(32) }).loose();
const idsQuery = z.object({ ids: z.string({ error: '请选择要删除的数据' }).min(1, '请选择要删除的数据') }).loose();
const parentQuery = z
  .object({ parentId: z.string({ error: M.parentRequired }).min(1, M.parentRequired).max(32) })
  .loose();
const parentsQuery = z.object({ parentIds: z.string({ error: M.parentRequired }).min(1, M.parentRequired) }).loose();
const permissionIdQuery = z
  .object({ permissionId: z.string({ error: '请选择菜单' }).min(1, '请选择菜单').max(32) })
  .loose();
const departQuery = z
  .object({ departId: z.string({ error: M.departRequired }).min(1, M.departRequired).max(32) })
  .loose();
const listQuery = z.object({ name: z.string().max(100).optional() }).loose();

/**
 * Calls that other screens' drawers need as well (the role and department authorisation trees): any of
 * the codes lets the caller through.
 */
function requireAny(request: FastifyRequest, codes: PermissionCode[]): void {
  const perms = currentUser(request).session?.perms;
  if (!codes.some((c) => perms?.has(c))) throw new ApiError(403, `${MSG.forbidden}：缺少权限 ${codes.join(' 或 ')}`);
}

/** Menu/button administration, permission data rules and department grants (app-spec §7, Permissions). */
export default async function permissionAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.ctx.db.db;
  const changed = () => app.ctx.authCache.invalidate();

  app.get(`${BASE}/list`, { config: { auth: PERM.permissionList } }, async (request) => {
    const { name } = parse(listQuery, request.query);
    return ok(await permissionTree(db(), name), '查询成功');
  });

  app.get(`${BASE}/queryTreeList`, { config: { auth: 'user' } }, async (request) => {
    requireAny(request, [PERM.permissionList, PERM.roleAuthorize, PERM.departAuthorize]);
    return ok(await permissionTreeList(db()), '查询成功');
  });

  app.get(`${BASE}/getSystemMenuList`, { config: { auth: PERM.permissionList } }, async () => {
    return ok((await childrenOf(db(), [null])).get(null) ?? [], '查询成功');
  });

  app.get(`${BASE}/getSystemSubmenu`, { config: { auth: PERM.permissionList } }, async (request) => {
    const { parentId } = parse(parentQuery, request.query);
    return ok((await childrenOf(db(), [parentId])).get(parentId) ?? [], '查询成功');
  });

  app.get(`${BASE}/getSystemSubmenuBatch`, { config: { auth: PERM.permissionList } }, async (request) => {
    const { parentIds } = parse(parentsQuery, request.query);
    const ids = [
      ...new Set(
        parentIds
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0) throw new ApiError(400, M.parentRequired);
    if (ids.length > PERMISSION_LIMITS.batchParents) throw new ApiError(400, M.tooManyIds);
    const map = await childrenOf(db(), ids);
    return ok(Object.fromEntries(ids.map((id) => [id, map.get(id) ?? []])), '查询成功');
  });

  app.post(`${BASE}/add`, { config: { auth: PERM.permissionAdd } }, async (request) => {
    const body = parse(permissionCreateSchema, request.body);
    const row = await addPermission(db(), currentUser(request), body);
    await changed();
    return ok({ id: row.id }, '添加成功！');
  });

  const edit = async (request: FastifyRequest) => {
    const body = parse(permissionUpdateSchema, request.body);
    await editPermission(db(), currentUser(request), body);
    await changed();
    return ok(null, '编辑成功！');
  };
  app.put(`${BASE}/edit`, { config: { auth: PERM.permissionEdit } }, edit);
  app.post(`${BASE}/edit`, { config: { auth: PERM.permissionEdit } }, edit);

  app.delete(`${BASE}/delete`, { config: { auth: PERM.permissionDelete } }, async (request) => {
    const { id } = parse(idQuery, request.query);
    const n = await deletePermissions(db(), currentUser(request), [id]);
    await changed();
    return ok(null, n > 1 ? `删除成功！共删除 ${n} 项（含下级）` : '删除成功！');
  });

  app.delete(`${BASE}/deleteBatch`, { config: { auth: PERM.permissionDelete } }, async (request) => {
    const { ids } = parse(idsQuery, request.query);
    const n = await deletePermissions(db(), currentUser(request), splitIds(ids));
    await changed();
    return ok(null, `批量删除成功！共删除 ${n} 项（含下级）`);
  });

  // Data rules of a menu.
  const rulesOf = async (request: FastifyRequest, query: Record<string, unknown>) => {
    const q = await filteredQuery(dataRuleResource, resourceContext(app, request), query);
    return orderBy(dataRuleResource, q, { sort: null }).limit(MAX_RULES).execute();
  };

  app.get(`${BASE}/getPermRuleListByPermId`, { config: { auth: 'user' } }, async (request) => {
    requireAny(request, [PERM.permissionDataRule, PERM.roleAuthorize, PERM.departAuthorize]);
    const { permissionId } = parse(permissionIdQuery, request.query);
    return ok(await rulesOf(request, { permissionId }), '查询成功');
  });

  app.get(`${BASE}/queryPermissionRule`, { config: { auth: PERM.permissionDataRule } }, async (request) => {
    const { permissionId, ruleName, ruleValue } = parse(
      z
        .strictObject({
          permissionId: z.string().max(32).optional(),
          ruleName: z.string().max(100).optional(),
          ruleValue: z.string().max(300).optional(),
          _t: z.string().optional(),
        })
        .transform(({ _t, ...rest }) => rest),
      request.query,
    );
    // Names and values are searched as "contains" unless the caller used the filter encodings.
    const contains = (v?: string) => (v && !v.includes('*') ? `*${v}*` : v);
    return ok(
      await rulesOf(request, { permissionId, ruleName: contains(ruleName), ruleValue: contains(ruleValue) }),
      '查询成功',
    );
  });

  app.post(`${BASE}/addPermissionRule`, { config: { auth: PERM.permissionDataRule } }, async (request) => {
    const body = parse(dataRuleResource.createSchema!, request.body);
    const row = await createRecord(dataRuleResource, body, resourceContext(app, request));
    await changed();
    return ok({ id: row.id }, '添加成功！');
  });

  const editRule = async (request: FastifyRequest) => {
    const body = parse(dataRuleResource.updateSchema!, request.body);
    await updateRecord(dataRuleResource, body, resourceContext(app, request));
    await changed();
    return ok(null, '编辑成功！');
  };
  app.put(`${BASE}/editPermissionRule`, { config: { auth: PERM.permissionDataRule } }, editRule);
  app.post(`${BASE}/editPermissionRule`, { config: { auth: PERM.permissionDataRule } }, editRule);

  app.delete(`${BASE}/deletePermissionRule`, { config: { auth: PERM.permissionDataRule } }, async (request) => {
    const { id } = parse(idQuery, request.query);
    await deleteRecords(dataRuleResource, [id], resourceContext(app, request));
    await changed();
    return ok(null, '删除成功！');
  });

  /** Departments of the caller's tenant and data scope only: another tenant's are not found. */
  const departInScope = async (request: FastifyRequest, departId: string) => {
    const q = await scoped(departResource, resourceContext(app, request));
    if (!(await q.where('sysDepart.id', '=', departId).executeTakeFirst())) throw new ApiError(404, M.departNotFound);
  };

  // A department's own grants: the ceiling of what its department roles can be given.
  app.get(`${BASE}/queryDepartPermission`, { config: { auth: PERM.departAuthorize } }, async (request) => {
    const { departId } = parse(departQuery, request.query);
    await departInScope(request, departId);
    return ok(await queryDepartPermission(db(), departId), '查询成功');
  });

  app.post(`${BASE}/saveDepartPermission`, { config: { auth: PERM.departAuthorize } }, async (request) => {
    const body = parse(saveDepartPermissionSchema, request.body);
    await departInScope(request, body.departId);
    await saveDepartPermission(db(), currentUser(request), body);
    await changed();
    return ok(null, '保存成功！');
  });
}
