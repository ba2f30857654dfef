import {
  MSG,
  PERM,
  PERMISSION_ADMIN_API,
  PERMISSION_LIMITS,
  PERMISSION_MESSAGES as M,
  PERMISSION_RESOURCE,
  resourceUrls,
  type PermissionCode,
} from '@district/shared';
import { permissionCreateSchema, permissionUpdateSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import {
  orderBy,
  createRecord,
  deleteRecords,
  filteredQuery,
  updateRecord,
} from '../../lib/resource/resource.service.js';
import { resourceContext } from '../../lib/resource/resource.routes.js';
import { dataRuleResource } from './data-rule.resource.js';
import { splitIdsAtMost } from '../../lib/id-list.js';
import {
  addPermission,
  childrenOf,
  deletePermissions,
  editPermission,
  permissionTree,
  permissionTreeList,
} from './permission-admin.service.js';
import { currentUser } from '../../lib/current-user.js';

/** The menu resource's standard URLs; its routes are this module's own (trees, cascading deletes). */
const URLS = resourceUrls(PERMISSION_RESOURCE.path);
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
/** Permission ids of a delete (at most 5,000). */
const splitIds = (raw: string) => splitIdsAtMost(raw, 5000, M.tooManyIds);

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

  app.get(URLS.list, { config: { auth: PERM.permissionList } }, async (request) => {
    const { name } = parse(listQuery, request.query);
    return ok(await permissionTree(db(), name), '查询成功');
  });

  app.get(PERMISSION_ADMIN_API.queryTreeList, { config: { auth: 'user' } }, async (request) => {
    requireAny(request, [PERM.permissionList, PERM.roleAuthorize, PERM.departAuthorize]);
    return ok(await permissionTreeList(db()), '查询成功');
  });

  app.get(PERMISSION_ADMIN_API.getSystemMenuList, { config: { auth: PERM.permissionList } }, async () => {
    return ok((await childrenOf(db(), [null])).get(null) ?? [], '查询成功');
  });

  app.get(PERMISSION_ADMIN_API.getSystemSubmenu, { config: { auth: PERM.permissionList } }, async (request) => {
    const { parentId } = parse(parentQuery, request.query);
    return ok((await childrenOf(db(), [parentId])).get(parentId) ?? [], '查询成功');
  });

  app.get(PERMISSION_ADMIN_API.getSystemSubmenuBatch, { config: { auth: PERM.permissionList } }, async (request) => {
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

  app.post(URLS.add, { config: { auth: PERM.permissionAdd, platform: true } }, async (request) => {
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
  app.put(URLS.edit, { config: { auth: PERM.permissionEdit, platform: true } }, edit);
  app.post(URLS.edit, { config: { auth: PERM.permissionEdit, platform: true } }, edit);

  app.delete(URLS.delete, { config: { auth: PERM.permissionDelete, platform: true } }, async (request) => {
    const { id } = parse(idQuery, request.query);
    const n = await deletePermissions(db(), currentUser(request), [id]);
    await changed();
    return ok(null, n > 1 ? `删除成功！共删除 ${n} 项（含下级）` : '删除成功！');
  });

  app.delete(URLS.deleteBatch, { config: { auth: PERM.permissionDelete, platform: true } }, async (request) => {
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

  app.get(PERMISSION_ADMIN_API.getPermRuleListByPermId, { config: { auth: 'user' } }, async (request) => {
    requireAny(request, [PERM.permissionDataRule, PERM.roleAuthorize, PERM.departAuthorize]);
    const { permissionId } = parse(permissionIdQuery, request.query);
    return ok(await rulesOf(request, { permissionId }), '查询成功');
  });

  app.get(PERMISSION_ADMIN_API.queryPermissionRule, { config: { auth: PERM.permissionDataRule } }, async (request) => {
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

  app.post(
    PERMISSION_ADMIN_API.addPermissionRule,
    { config: { auth: PERM.permissionDataRule, platform: true } },
    async (request) => {
      const body = parse(dataRuleResource.createSchema!, request.body);
      const row = await createRecord(dataRuleResource, body, resourceContext(app, request));
      await changed();
      return ok({ id: row.id }, '添加成功！');
    },
  );

  const editRule = async (request: FastifyRequest) => {
    const body = parse(dataRuleResource.updateSchema!, request.body);
    await updateRecord(dataRuleResource, body, resourceContext(app, request));
    await changed();
    return ok(null, '编辑成功！');
  };
  app.put(
    PERMISSION_ADMIN_API.editPermissionRule,
    { config: { auth: PERM.permissionDataRule, platform: true } },
    editRule,
  );
  app.post(
    PERMISSION_ADMIN_API.editPermissionRule,
    { config: { auth: PERM.permissionDataRule, platform: true } },
    editRule,
  );

  app.delete(
    PERMISSION_ADMIN_API.deletePermissionRule,
    { config: { auth: PERM.permissionDataRule, platform: true } },
    async (request) => {
      const { id } = parse(idQuery, request.query);
      await deleteRecords(dataRuleResource, [id], resourceContext(app, request));
      await changed();
      return ok(null, '删除成功！');
    },
  );
}
