import { DEPART_RESOURCE, DEPART_TREE_API, PERM, resourceUrls } from '@district/shared';
import { departCreateSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import { createRecord, scoped } from '../../lib/resource/resource.service.js';
import type { Row } from '../../lib/resource/resource.types.js';
import departPermissionRoutes from './depart-permission.routes.js';
import departRoleRoutes from './depart-role.routes.js';
import { departResource } from './depart.resource.js';
import { buildTree, idTree, isUniqueViolation, subtreesOf, toNode } from './depart.service.js';
import { currentUser } from '../../lib/current-user.js';

export default async function departRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;
  await app.register(resourcePlugin([departResource]));
  await app.register(departRoleRoutes);
  await app.register(departPermissionRoutes);

  /** Every department the caller may see (tenant, live, data rules of /system/depart). */
  const visible = async (request: FastifyRequest): Promise<Row[]> =>
    (await (await scoped(departResource, resourceContext(app, request))).execute()) as Row[];

  const wholeTree = async (request: FastifyRequest) => ok(buildTree(await visible(request)), '查询成功');
  app.get(DEPART_TREE_API.queryTreeList, { config: { auth: 'user' } }, wholeTree);
  app.get('/base/depart/getDepartTree', { config: { auth: 'user' } }, wholeTree);

  app.get(DEPART_TREE_API.queryIdTree, { config: { auth: 'user' } }, async (request) =>
    ok(idTree(buildTree(await visible(request))), '查询成功'),
  );

  /** One level of the tree (lazy loading): the roots, or the children of pid. */
  app.get(DEPART_TREE_API.queryDepartTreeSync, { config: { auth: 'user' } }, async (request) => {
    const { pid } = parse(z.object({ pid: z.string().max(32).optional() }).loose(), request.query);
    const rows = await visible(request);
    const ids = new Set(rows.map((r) => String(r.id)));
    const level = rows.filter((r) => (pid ? r.parentId === pid : !r.parentId || !ids.has(String(r.parentId))));
    const parents = new Set(rows.map((r) => String(r.parentId)));
    const nodes = buildTree(level.map((r) => ({ ...r, parentId: null }))).map((n) => ({
      ...n,
      parentId: (rows.find((r) => String(r.id) === n.id)!.parentId as string | null) ?? null,
      isLeaf: !parents.has(n.id),
    }));
    return ok(nodes, '查询成功');
  });

  /** Departments whose name (or code) contains the keyword, as a flat list; no keyword gives the whole tree. */
  app.get(DEPART_TREE_API.searchBy, { config: { auth: 'user' } }, async (request) => {
    const { keyWord } = parse(
      z.object({ keyWord: z.string().max(100, '关键字过长').optional() }).loose(),
      request.query,
    );
    const rows = await visible(request);
    const word = (keyWord ?? '').trim();
    if (!word) return ok(buildTree(rows), '查询成功');
    const lower = word.toLowerCase();
    const hits = rows
      .filter((r) => String(r.departName).toLowerCase().includes(lower) || String(r.orgCode).includes(word))
      .sort((a, b) => String(a.orgCode).localeCompare(String(b.orgCode)))
      .map((r) => toNode(r));
    return ok(hits, hits.length ? '查询成功' : '未查询到部门信息');
  });

  /** The departments the caller belongs to, each with its sub-departments. */
  app.get(DEPART_TREE_API.queryMyDeptTreeList, { config: { auth: 'user' } }, async (request) => {
    const mine = await db
      .selectFrom('sysUserDepart')
      .select('depId')
      .where('userId', '=', currentUser(request).id)
      .execute();
    return ok(subtreesOf(await visible(request), new Set(mine.map((m) => m.depId))), '查询成功');
  });

  app.post(resourceUrls(DEPART_RESOURCE.path).add, { config: { auth: PERM.departAdd } }, async (request) => {
    const body = parse(departCreateSchema, request.body);
    // Two adds under the same parent can race for the same code: the unique index refuses one, try again.
    for (let attempt = 0; ; attempt++) {
      try {
        const row = await createRecord(departResource, body, resourceContext(app, request));
        return ok({ id: row.id, orgCode: row.orgCode }, '添加成功！');
      } catch (error) {
        // The resource pattern answers a unique violation as the field's 400 (机构编码“…”已存在): still a race.
        const clash =
          isUniqueViolation(error) ||
          (error instanceof ApiError && error.status === 400 && /^机构编码/.test(error.message));
        if (attempt >= 4 || !clash) throw error;
      }
    }
  });
}
