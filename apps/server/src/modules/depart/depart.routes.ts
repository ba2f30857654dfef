import { DEPART_MESSAGES as M, PERM, type AddressBookRecord } from '@district/shared';
import { departCreateSchema, departUsersAddSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { escapeLike } from '../../lib/resource/list-query.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import { createRecord, deleteRecords, findScoped, listPage, scoped } from '../../lib/resource/resource.service.js';
import type { AnyQuery, ResourceDef, Row } from '../../lib/resource/resource.types.js';
import { currentUser } from '../../plugins/guard.js';
import { userResource } from '../user/user.resource.js';
import { linkedTo, requiredText, unlinkedUserIds } from '../user/member-users.service.js';
import { splitIds } from '../user/user.service.js';
import { assertAccountsInReach } from '../user/user-reach.service.js';
import departRoleRoutes from './depart-role.routes.js';
import { departResource } from './depart.resource.js';
import { buildTree, idTree, isUniqueViolation, refreshCurrentDepart, subtreesOf, toNode } from './depart.service.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- sub-queries over the user list's base query */

/** Users of every department whose code starts with the given one (the address book). */
function inOrgTree(q: AnyQuery, orgCode: string): AnyQuery {
  const prefix = `${escapeLike(orgCode)}%`;
  return q.where((eb: any) =>
    eb.exists(
      eb
        .selectFrom('sysUserDepart as ud')
        .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
        .select('ud.id')
        .whereRef('ud.userId', '=', 'sysUser.id')
        .where('d.delFlag', '=', 0)
        .where(sql<SqlBool>`${sql.ref('d.orgCode')} like ${prefix} escape '!'`),
    ),
  );
}

/**
 * The user list with a "directly in this department" parameter (the department-user screen removes exactly
 * these links).
 */
const departUserDef: ResourceDef = {
  ...userResource,
  extraParams: { ...userResource.extraParams, depId: linkedTo({ table: 'sysUserDepart', owner: 'depId' }) },
};

/** The address book: people by department subtree, under the address book's own data rules. */
const addressBookDef: ResourceDef = {
  ...userResource,
  dataRuleMenu: '/system/addressBook',
  extraParams: { addressOrgCode: (q, value) => inOrgTree(q, value) },
};

/** `x` typed in a search box means "contains x". */
const contains = (v: unknown) => (typeof v === 'string' && v.trim() ? `*${v.trim()}*` : undefined);

export default async function departRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;
  const invalidate = () => app.ctx.authCache.invalidate();
  await app.register(resourcePlugin([departResource]));
  await app.register(departRoleRoutes);

  /** Every department the caller may see (tenant, live, data rules of /system/depart). */
  const visible = async (request: FastifyRequest): Promise<Row[]> =>
    (await (await scoped(departResource, resourceContext(app, request))).execute()) as Row[];

  const wholeTree = async (request: FastifyRequest) => ok(buildTree(await visible(request)), '查询成功');
  app.get('/sys/sysDepart/queryTreeList', { config: { auth: 'user' } }, wholeTree);
  app.get('/base/depart/getDepartTree', { config: { auth: 'user' } }, wholeTree);

  app.get('/sys/sysDepart/queryIdTree', { config: { auth: 'user' } }, async (request) =>
    ok(idTree(buildTree(await visible(request))), '查询成功'),
  );

  /** One level of the tree (lazy loading): the roots, or the children of pid. */
  app.get('/sys/sysDepart/queryDepartTreeSync', { config: { auth: 'user' } }, async (request) => {
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
  app.get('/sys/sysDepart/searchBy', { config: { auth: 'user' } }, async (request) => {
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
  app.get('/sys/sysDepart/queryMyDeptTreeList', { config: { auth: 'user' } }, async (request) => {
    const mine = await db
      .selectFrom('sysUserDepart')
      .select('depId')
      .where('userId', '=', currentUser(request).id)
      .execute();
    return ok(subtreesOf(await visible(request), new Set(mine.map((m) => m.depId))), '查询成功');
  });

  app.post('/sys/sysDepart/add', { config: { auth: PERM.departAdd } }, async (request) => {
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

  const remove = async (request: FastifyRequest, ids: string[]) => {
    const n = await deleteRecords(departResource, ids, resourceContext(app, request));
    await invalidate();
    return n;
  };
  app.delete('/sys/sysDepart/delete', { config: { auth: PERM.departDelete } }, async (request) => {
    const { id } = parse(requiredText('id', '参数 id 不能为空'), request.query) as { id: string };
    await remove(request, [id]);
    return ok(null, '删除成功！');
  });
  app.delete('/sys/sysDepart/deleteBatch', { config: { auth: PERM.departDelete } }, async (request) => {
    const { ids } = parse(requiredText('ids', '请选择要删除的数据'), request.query) as { ids: string };
    const n = await remove(request, splitIds(ids));
    return ok(null, `批量删除成功！共 ${n} 条`);
  });

  // ---- Department users ----

  const departInScope = async (request: FastifyRequest, depId: string) => {
    try {
      return await findScoped(departResource, resourceContext(app, request), depId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw new ApiError(404, M.departNotFound);
      throw error;
    }
  };

  app.get('/sys/user/departUserList', { config: { auth: PERM.departUsers } }, async (request) => {
    const query = { ...(request.query as Record<string, unknown>) };
    const { depId } = parse(requiredText('depId', M.departRequired), query) as { depId: string };
    await departInScope(request, depId);
    for (const f of ['username', 'realname'] as const) {
      if (query[f] !== undefined) query[f] = contains(query[f]);
    }
    return ok(await listPage(departUserDef, resourceContext(app, request), app.ctx.kv, query), '');
  });

  const scopedUsers = async (request: FastifyRequest, ids: string[]) => {
    if (ids.length === 0) throw new ApiError(400, M.usersRequired);
    const q = await scoped(userResource, resourceContext(app, request));
    const rows = (await q.where('sysUser.id', 'in', ids).execute()) as Row[];
    if (rows.length !== new Set(ids).size) throw new ApiError(404, M.userNotFound);
    return rows;
  };

  app.post('/sys/user/editSysDepartWithUser', { config: { auth: PERM.departUsers } }, async (request) => {
    const { depId, userIdList } = parse(departUsersAddSchema, request.body);
    const depart = await departInScope(request, depId);
    const ids = [...new Set(userIdList)];
    const users = await scopedUsers(request, ids);
    await assertAccountsInReach(db, currentUser(request), ids);
    const fresh = await unlinkedUserIds(db, { table: 'sysUserDepart', owner: 'depId' }, depId, ids);
    await db.transaction().execute(async (trx) => {
      if (fresh.length) {
        await trx
          .insertInto('sysUserDepart')
          .values(fresh.map((userId) => ({ id: newId(), userId, depId })))
          .execute();
      }
      // People without a department get this one as their current one.
      const homeless = users.filter((u) => fresh.includes(String(u.id)) && !u.loginDepartId).map((u) => String(u.id));
      if (homeless.length) {
        await trx
          .updateTable('sysUser')
          .set({ loginDepartId: depId, orgCode: String(depart.orgCode) })
          .where('id', 'in', homeless)
          .execute();
      }
    });
    await invalidate();
    return ok(null, M.usersAdded);
  });

  const removeFromDepart = async (request: FastifyRequest, depId: string, userIds: string[]) => {
    await departInScope(request, depId);
    await scopedUsers(request, userIds);
    await assertAccountsInReach(db, currentUser(request), userIds);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sysUserDepart').where('depId', '=', depId).where('userId', 'in', userIds).execute();
      // Their roles of that department go too.
      const roles = await trx.selectFrom('sysDepartRole').select('id').where('departId', '=', depId).execute();
      if (roles.length) {
        await trx
          .deleteFrom('sysDepartRoleUser')
          .where(
            'droleId',
            'in',
            roles.map((r) => r.id),
          )
          .where('userId', 'in', userIds)
          .execute();
      }
      await refreshCurrentDepart(trx, userIds);
    });
    await invalidate();
  };
  app.delete('/sys/user/deleteUserInDepart', { config: { auth: PERM.departUsers } }, async (request) => {
    const q = parse(
      requiredText('depId', M.departRequired).and(requiredText('userId', M.usersRequired)),
      request.query,
    ) as {
      depId: string;
      userId: string;
    };
    await removeFromDepart(request, q.depId, [q.userId]);
    return ok(null, M.userRemoved);
  });
  app.delete('/sys/user/deleteUserInDepartBatch', { config: { auth: PERM.departUsers } }, async (request) => {
    const q = parse(
      requiredText('depId', M.departRequired).and(requiredText('userIds', M.usersRequired)),
      request.query,
    ) as {
      depId: string;
      userIds: string;
    };
    await removeFromDepart(request, q.depId, splitIds(q.userIds));
    return ok(null, M.userRemoved);
  });

  // ---- Address book ----

  app.get('/sys/user/queryByOrgCodeForAddressList', { config: { auth: PERM.addressBookList } }, async (request) => {
    const raw = request.query as Record<string, unknown>;
    const q = parse(
      z
        .object({
          orgCode: z.string().max(64, '参数有误').optional(),
          realname: z.string().max(100, '姓名过长').optional(),
          workNo: z.string().max(100, '工号过长').optional(),
          pageNo: z.unknown().optional(),
          pageSize: z.unknown().optional(),
          _t: z.unknown().optional(),
        })
        .strict(),
      raw,
    );
    const query: Record<string, unknown> = { pageNo: q.pageNo, pageSize: q.pageSize, column: 'realname', order: 'asc' };
    if (q.orgCode) query.addressOrgCode = q.orgCode;
    if (contains(q.realname)) query.realname = contains(q.realname);
    if (contains(q.workNo)) query.workNo = contains(q.workNo);
    const page = await listPage(addressBookDef, resourceContext(app, request), app.ctx.kv, query);
    const userIds = page.records.map((r) => String(r.id));
    const positions = userIds.length
      ? await db
          .selectFrom('sysUserPosition as up')
          .innerJoin('sysPosition as p', 'p.id', 'up.positionId')
          .select(['up.userId', 'p.name'])
          .where('up.userId', 'in', userIds)
          .orderBy('p.name')
          .execute()
      : [];
    const records: AddressBookRecord[] = page.records.map((r) => ({
      id: String(r.id),
      username: String(r.username),
      realname: String(r.realname),
      workNo: (r.workNo as string | null) ?? null,
      phone: (r.phone as string | null) ?? null,
      email: (r.email as string | null) ?? null,
      telephone: (r.telephone as string | null) ?? null,
      departNames: String(r.orgCodeTxt ?? ''),
      positionNames: positions
        .filter((p) => p.userId === r.id)
        .map((p) => p.name)
        .join(','),
    }));
    return ok({ ...page, records }, '');
  });
}
