import {
  PERM,
  USER_ADMIN_API,
  USER_MESSAGES,
  USER_RESOURCE,
  USER_STATUS,
  USER_UNIQUE_FIELDS,
  resourceUrls,
  type UserUniqueField,
} from '@district/shared';
import { userAddSchema, userChangePasswordSchema, userFreezeSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { writeDataLog } from '../../lib/resource/data-log.js';
import { logView, revealRows } from '../../lib/resource/sealed-fields.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import { NOT_FOUND, createRecord, findScoped, scoped } from '../../lib/resource/resource.service.js';
import type { Row } from '../../lib/resource/resource.types.js';
import { formatDateTime } from '../../lib/time.js';
import { userDeparts, userPositions, userTenants } from '../auth/user-session.service.js';
import { assertMayDisable, userResource } from './user.resource.js';
import { isTaken, usersOfDepart } from './user.service.js';
import { assertNewPassword, assertPasswordRule, setPassword } from '../../lib/password-policy.js';
import { splitIds } from '../../lib/id-list.js';
import { assertAccountsInReach } from '../../lib/access/reach.js';
import { guardUniqueCheck } from '../../lib/unique-check.js';
import { currentUser } from '../../lib/current-user.js';
import anonymiseRoutes from './anonymise.routes.js';

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
  await app.register(anonymiseRoutes);

  /** Scoped users by id: all of them must be in the caller's reach, else 404. */
  const scopedUsers = async (request: FastifyRequest, ids: string[]): Promise<Row[]> => {
    if (ids.length === 0) throw new ApiError(400, USER_MESSAGES.idsRequired);
    if (ids.length > 1000) throw new ApiError(400, '一次最多操作 1000 个用户');
    const q = await scoped(def, resourceContext(app, request));
    const rows = (await q.where('sysUser.id', 'in', ids).execute()) as Row[];
    if (rows.length !== ids.length) throw new ApiError(404, NOT_FOUND);
    return rows;
  };

  app.post(resourceUrls(USER_RESOURCE.path).add, { config: { auth: PERM.userAdd } }, async (request) => {
    const body = parse(userAddSchema, request.body);
    // The configured rule of 安全设置; the user must change this password at their first sign-in.
    await assertPasswordRule(db, body.password);
    const row = await createRecord(def, body, resourceContext(app, request));
    return ok({ id: row.id }, '添加成功！');
  });

  /** Freezes (2) or unfreezes (1) users; a frozen user's sessions end at once. */
  app.put(USER_ADMIN_API.frozenBatch, { config: { auth: PERM.userFreeze } }, async (request) => {
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
      for (const row of rows) {
        await writeDataLog(
          trx,
          def.name,
          String(row.id),
          'edit',
          logView(def, { ...row, status }, appCtx.fields),
          actor,
        );
      }
    });
    if (status === USER_STATUS.frozen) for (const id of list) await appCtx.tokens.revokeUser(id);
    await appCtx.authCache.invalidate();
    return ok(null, status === USER_STATUS.frozen ? USER_MESSAGES.frozen : USER_MESSAGES.unfrozen);
  });

  /**
   * An administrator sets a user's password (the configured rule, not one of the user's last ones); the user's
   * sessions end, and the user must choose their own at the next sign-in before anything else.
   */
  app.put(USER_ADMIN_API.changPassword, { config: { auth: PERM.userResetPassword } }, async (request) => {
    const input = parse(userChangePasswordSchema, request.body);
    const q = await scoped(def, resourceContext(app, request));
    const user = (await q.where('sysUser.username', '=', input.username).executeTakeFirst()) as Row | undefined;
    if (!user) throw new ApiError(404, NOT_FOUND);
    // A reset of a stronger account would let the caller sign in as it.
    await assertAccountsInReach(db, currentUser(request), [String(user.id)]);
    await assertNewPassword(db, String(user.id), input.password);
    await setPassword(db, String(user.id), input.password, { mustChange: true, by: currentUser(request).username });
    await appCtx.tokens.revokeUser(String(user.id));
    return ok(null, USER_MESSAGES.passwordReset);
  });

  /** Whether a username, phone, e-mail or work number is free (the form's asynchronous check). */
  app.get(USER_ADMIN_API.checkOnlyUser, { config: { auth: 'user' } }, async (request, reply) => {
    await guardUniqueCheck(request, [PERM.userAdd, PERM.userEdit]);
    const query = parse(checkOnlyQuery, request.query) as Partial<Record<UserUniqueField | 'id', string>>;
    const field = (Object.keys(USER_UNIQUE_FIELDS) as UserUniqueField[]).find((f) => query[f]);
    if (!field) throw new ApiError(400, USER_MESSAGES.checkFieldRequired);
    if (await isTaken(db, field, query[field]!, query.id ?? null, appCtx.fields)) {
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

  app.get(USER_ADMIN_API.queryUserRole, { config: { auth: PERM.userList } }, async (request) => {
    const { userid } = parse(idParam('userid'), request.query) as { userid: string };
    await findScoped(def, resourceContext(app, request), userid);
    const rows = await db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userid).execute();
    return ok(
      rows.map((r) => r.roleId),
      '查询成功',
    );
  });

  app.get(USER_ADMIN_API.userDepartList, { config: { auth: PERM.userList } }, async (request) => {
    const { userId } = parse(idParam('userId'), request.query) as { userId: string };
    await findScoped(def, resourceContext(app, request), userId);
    const departs = await userDeparts(db, userId);
    return ok(
      departs.map((d) => ({ ...d, key: d.id, title: d.departName })),
      '查询成功',
    );
  });

  app.get(USER_ADMIN_API.userPositionList, { config: { auth: PERM.userList } }, async (request) => {
    const { userId } = parse(idParam('userId'), request.query) as { userId: string };
    await findScoped(def, resourceContext(app, request), userId);
    return ok(await userPositions(db, userId), '查询成功');
  });

  app.get(USER_ADMIN_API.userTenantList, { config: { auth: PERM.userList } }, async (request) => {
    const { userId } = parse(idParam('userId'), request.query) as { userId: string };
    await findScoped(def, resourceContext(app, request), userId);
    return ok(await userTenants(db, userId), '查询成功');
  });

  /** Users of one department for the user picker (any signed-in user may pick people). */
  app.get(USER_ADMIN_API.queryUserByDepId, { config: { auth: 'user' } }, async (request) => {
    const { id } = parse(idParam('id'), request.query) as { id: string };
    const users = await usersOfDepart(db, id, currentUser(request).tenantId);
    // Phones masked unless the caller may see them whole, as in 用户管理.
    revealRows(def, users as unknown as Row[], resourceContext(app, request));
    return ok(users, '查询成功');
  });
}
