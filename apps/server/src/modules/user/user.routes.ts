import { PERM, USER_MESSAGES, USER_STATUS, USER_UNIQUE_FIELDS, type UserUniqueField } from '@district/shared';
import { userAddSchema, userChangePasswordSchema, userEditSchema, userFreezeSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { writeDataLog } from '../../lib/resource/data-log.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import {
  NOT_FOUND,
  createRecord,
  deleteRecords,
  findScoped,
  scoped,
  updateRecord,
} from '../../lib/resource/resource.service.js';
import type { Row } from '../../lib/resource/resource.types.js';
import { formatDateTime } from '../../lib/time.js';
import { currentUser } from '../../plugins/guard.js';
import { hashPassword } from '../auth/login.service.js';
import { guardUniqueCheck } from '../rule/unique-check.guard.js';
import { userDeparts, userPositions, userTenants } from '../auth/user-session.service.js';
import { assertMayDisable, userResource } from './user.resource.js';
import { assertAccountsInReach } from './user-reach.service.js';
import { isTaken, splitIds, usersOfDepart } from './user.service.js';

const idParam = (name: string) =>
  z
    .object({
      [name]: z
        .string({ error: `参数 ${name} 不能为空` })
        .min(1, `参数 ${name} 不能为空`)
        .max(64),
    })
    .loose();

const checkOnlyQuery = z
  .object({
    username: z.string().max(100).optional(),
    phone: z.string().max(45).optional(),
    email: z.string().max(100).optional(),
    workNo: z.string().max(100).optional(),
    id: z.string().max(32).optional(),
  })
  .loose();

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const def = userResource;
  const { ctx: appCtx } = app;
  const db = appCtx.db.db;

  await app.register(resourcePlugin([def]));

  /** Scoped users by id: all of them must be in the caller's reach, else 404. */
  const scopedUsers = async (request: FastifyRequest, ids: string[]): Promise<Row[]> => {
    if (ids.length === 0) throw new ApiError(400, USER_MESSAGES.idsRequired);
    if (ids.length > 1000) throw new ApiError(400, '一次最多操作 1000 个用户');
    const q = await scoped(def, resourceContext(app, request));
    const rows = (await q.where('sysUser.id', 'in', ids).execute()) as Row[];
    if (rows.length !== ids.length) throw new ApiError(404, NOT_FOUND);
    return rows;
  };

  app.post('/sys/user/add', { config: { auth: PERM.userAdd } }, async (request) => {
    const body = parse(userAddSchema, request.body);
    const row = await createRecord(def, body, resourceContext(app, request));
    await appCtx.authCache.invalidate();
    return ok({ id: row.id }, '添加成功！');
  });

  const edit = async (request: FastifyRequest) => {
    const body = parse(userEditSchema, request.body);
    const after = await updateRecord(def, body, resourceContext(app, request));
    if (after.status === USER_STATUS.frozen) await appCtx.tokens.revokeUser(String(after.id));
    await appCtx.authCache.invalidate();
    return ok(null, '编辑成功！');
  };
  app.put('/sys/user/edit', { config: { auth: PERM.userEdit } }, edit);
  app.post('/sys/user/edit', { config: { auth: PERM.userEdit } }, edit);

  const remove = async (request: FastifyRequest, ids: string[]) => {
    const n = await deleteRecords(def, ids, resourceContext(app, request));
    for (const id of ids) await appCtx.tokens.revokeUser(id);
    return n;
  };
  app.delete('/sys/user/delete', { config: { auth: PERM.userDelete } }, async (request) => {
    const { id } = parse(idParam('id'), request.query) as { id: string };
    await remove(request, [id]);
    return ok(null, '删除成功！');
  });
  app.delete('/sys/user/deleteBatch', { config: { auth: PERM.userDelete } }, async (request) => {
    const { ids } = parse(idParam('ids'), request.query) as { ids: string };
    const n = await remove(request, splitIds(ids));
    return ok(null, `批量删除成功！共 ${n} 条`);
  });

  /** Freezes (2) or unfreezes (1) users; a frozen user's sessions end at once. */
  app.put('/sys/user/frozenBatch', { config: { auth: PERM.userFreeze } }, async (request) => {
    const { ids, status } = parse(userFreezeSchema, request.body);
    const list = splitIds(ids);
    const rows = await scopedUsers(request, list);
    await assertAccountsInReach(db, currentUser(request), list);
    if (status === USER_STATUS.frozen) assertMayDisable(rows, resourceContext(app, request), 'freeze');
    const actor = currentUser(request);
    const me = actor.username;
    const now = formatDateTime();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('sysUser').set({ status, updateBy: me, updateTime: now }).where('id', 'in', list).execute();
      for (const row of rows) await writeDataLog(trx, def.name, String(row.id), 'edit', { ...row, status }, actor);
    });
    if (status === USER_STATUS.frozen) for (const id of list) await appCtx.tokens.revokeUser(id);
    await appCtx.authCache.invalidate();
    return ok(null, status === USER_STATUS.frozen ? USER_MESSAGES.frozen : USER_MESSAGES.unfrozen);
  });

  /** An administrator sets a user's password; the user's sessions end. */
  app.put('/sys/user/changPassword', { config: { auth: PERM.userResetPassword } }, async (request) => {
    const input = parse(userChangePasswordSchema, request.body);
    const q = await scoped(def, resourceContext(app, request));
    const user = (await q.where('sysUser.username', '=', input.username).executeTakeFirst()) as Row | undefined;
    if (!user) throw new ApiError(404, NOT_FOUND);
    // A reset of a stronger account would let the caller sign in as it.
    await assertAccountsInReach(db, currentUser(request), [String(user.id)]);
    await db
      .updateTable('sysUser')
      .set({
        password: await hashPassword(input.password),
        updateBy: currentUser(request).username,
        updateTime: formatDateTime(),
      })
      .where('id', '=', String(user.id))
      .execute();
    await appCtx.tokens.revokeUser(String(user.id));
    return ok(null, USER_MESSAGES.passwordReset);
  });

  /** Whether a username, phone, e-mail or work number is free (the form's asynchronous check). */
  app.get('/sys/user/checkOnlyUser', { config: { auth: 'user' } }, async (request, reply) => {
    await guardUniqueCheck(request, [PERM.userAdd, PERM.userEdit]);
    const query = parse(checkOnlyQuery, request.query) as Partial<Record<UserUniqueField | 'id', string>>;
    const field = (Object.keys(USER_UNIQUE_FIELDS) as UserUniqueField[]).find((f) => query[f]);
    if (!field) throw new ApiError(400, USER_MESSAGES.checkFieldRequired);
    if (await isTaken(db, field, query[field]!, query.id ?? null)) {
      return reply.send({
        success: false,
        message: USER_MESSAGES.taken(USER_UNIQUE_FIELDS[field]),
        code: 200,
        result: false,
        timestamp: Date.now(),
      });
    }
    return ok(true, '该值可用！');
  });

  app.get('/sys/user/queryUserRole', { config: { auth: PERM.userList } }, async (request) => {
    const { userid } = parse(idParam('userid'), request.query) as { userid: string };
    await findScoped(def, resourceContext(app, request), userid);
    const rows = await db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userid).execute();
    return ok(
      rows.map((r) => r.roleId),
      '查询成功',
    );
  });

  app.get('/sys/user/userDepartList', { config: { auth: PERM.userList } }, async (request) => {
    const { userId } = parse(idParam('userId'), request.query) as { userId: string };
    await findScoped(def, resourceContext(app, request), userId);
    const departs = await userDeparts(db, userId);
    return ok(
      departs.map((d) => ({ ...d, key: d.id, title: d.departName })),
      '查询成功',
    );
  });

  app.get('/sys/user/userPositionList', { config: { auth: PERM.userList } }, async (request) => {
    const { userId } = parse(idParam('userId'), request.query) as { userId: string };
    await findScoped(def, resourceContext(app, request), userId);
    return ok(await userPositions(db, userId), '查询成功');
  });

  app.get('/sys/user/userTenantList', { config: { auth: PERM.userList } }, async (request) => {
    const { userId } = parse(idParam('userId'), request.query) as { userId: string };
    await findScoped(def, resourceContext(app, request), userId);
    return ok(await userTenants(db, userId), '查询成功');
  });

  /** Users of one department for the user picker (any signed-in user may pick people). */
  app.get('/sys/user/queryUserByDepId', { config: { auth: 'user' } }, async (request) => {
    const { id } = parse(idParam('id'), request.query) as { id: string };
    return ok(await usersOfDepart(db, id, currentUser(request).tenantId), '查询成功');
  });
}
