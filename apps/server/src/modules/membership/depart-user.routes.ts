import {
  ADDRESS_BOOK_API,
  DEPART_MESSAGES as M,
  DEPART_USER_API,
  PERM,
  type AddressBookRecord,
} from '@district/shared';
import { departUsersAddSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import { assertAccountsInReach } from '../../lib/access/reach.js';
import { currentUser } from '../../lib/current-user.js';
import { ApiError, ok, parse, requiredText } from '../../lib/http.js';
import { splitIds } from '../../lib/id-list.js';
import { newId } from '../../lib/ids.js';
import { escapeLike } from '../../lib/resource/list-query.js';
import { resourceContext } from '../../lib/resource/resource.routes.js';
import { findScoped, listPage, scoped } from '../../lib/resource/resource.service.js';
import type { AnyQuery, ResourceDef, Row } from '../../lib/resource/resource.types.js';
import { departResource } from '../depart/depart.resource.js';
import { refreshCurrentDepart } from '../depart/depart.service.js';
import { userResource } from '../user/user.resource.js';
import { linkedTo, unlinkedUserIds } from './member-users.service.js';

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

/** A department's users (list, add, remove) and the address book (people by department). */
export default async function departUserRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;
  const invalidate = () => app.ctx.authCache.invalidate();

  // ---- Department users ----

  const departInScope = async (request: FastifyRequest, depId: string) => {
    try {
      return await findScoped(departResource, resourceContext(app, request), depId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw new ApiError(404, M.departNotFound);
      throw error;
    }
  };

  app.get(DEPART_USER_API.list, { config: { auth: PERM.departUsers } }, async (request) => {
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

  app.post(DEPART_USER_API.add, { config: { auth: PERM.departUsers } }, async (request) => {
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
  app.delete(DEPART_USER_API.remove, { config: { auth: PERM.departUsers } }, async (request) => {
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
  app.delete(DEPART_USER_API.removeBatch, { config: { auth: PERM.departUsers } }, async (request) => {
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

  app.get(ADDRESS_BOOK_API.list, { config: { auth: PERM.addressBookList } }, async (request) => {
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
