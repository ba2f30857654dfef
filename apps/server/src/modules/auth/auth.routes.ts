import { API, GUEST_CREDENTIALS, MSG, type CurrentUserCard, type CurrentUserDeparts } from '@district/shared';
import { apiLoginSchema, loginSchema, selectDepartSchema, updatePasswordSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import svgCaptcha from 'svg-captcha';
import { ApiError, ok, parse } from '../../lib/http.js';
import { readToken } from '../../plugins/guard.js';
import { previousLogin, recordLogin } from '../log/login-log.service.js';
import { CAPTCHA_TTL_MS, login } from './login.service.js';
import { loadUserContext, userDeparts, userPositions } from './user-session.service.js';
import { verifyPassword } from '../../lib/password.js';
import { assertNewPassword, setPassword } from '../../lib/password-policy.js';
import { currentUser } from '../../lib/current-user.js';
import secondFactorRoutes from './second-factor.routes.js';
import securityRoutes from './security.routes.js';

const CAPTCHA_KEY = /^[A-Za-z0-9_-]{1,64}$/;

function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export default async function authRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx.db;

  const loadUser = async (id: string) => {
    const user = await db.selectFrom('sysUser').selectAll().where('id', '=', id).executeTakeFirst();
    if (!user) throw new ApiError(401, MSG.unauthorized);
    return user;
  };

  /** A single-use image captcha, valid for two minutes. */
  app.get(`${API.randomImage}/:key`, { config: { auth: 'public' } }, async (request) => {
    const { key } = request.params as { key: string };
    if (!CAPTCHA_KEY.test(key)) throw new ApiError(400, '验证码标识不正确');
    const captcha = svgCaptcha.create({
      size: 4,
      noise: 2,
      ignoreChars: '0oO1iIlL',
      color: true,
      background: '#f0f2f5',
    });
    await ctx.kv.set(`captcha:${key}`, captcha.text.toLowerCase(), CAPTCHA_TTL_MS);
    return ok(`data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`, '获取验证码成功');
  });

  app.post(API.login, { config: { auth: 'public' } }, async (request) => {
    const input = parse(loginSchema, request.body);
    const result = await login(ctx, input, clientOf(request), { captcha: ctx.config.captchaEnabled });
    return ok(result, '登录成功');
  });

  /** The route guard's automatic login: only the guest account, which reads public pages only. */
  app.post(API.apiLogin, { config: { auth: 'public' } }, async (request) => {
    const input = parse(apiLoginSchema, request.body);
    if (!ctx.config.guestEnabled || input.username !== GUEST_CREDENTIALS.username) {
      throw new ApiError(403, MSG.notGuestAccount);
    }
    return ok(await login(ctx, input, clientOf(request), { captcha: false }), '登录成功');
  });

  /** Ends the session the token names; answers success even for an unknown token, as logout must. */
  app.post(API.logout, { config: { auth: 'public' } }, async (request) => {
    const token = readToken(request);
    if (token) {
      const session = await ctx.tokens.resolve(token);
      await ctx.tokens.revoke(token);
      if (session) {
        const user = await db
          .selectFrom('sysUser')
          .select(['id', 'username'])
          .where('id', '=', session.userId)
          .executeTakeFirst();
        await recordLogin(db, {
          content: `用户名: ${user?.username ?? ''}，退出成功！`,
          success: true,
          ip: request.ip,
          userId: session.userId,
          username: user?.username ?? null,
        });
      }
    }
    return ok(null, MSG.logoutSuccess);
  });

  /**
   * Changes one's own password, also while it must be changed first (the only thing such a session may do): the
   * configured rule, not one of the last passwords; every session of the user ends, so a stolen token dies with it.
   */
  app.post(API.updatePassword, { config: { auth: 'user', passwordChange: true } }, async (request) => {
    const input = parse(updatePasswordSchema, request.body);
    const me = currentUser(request);
    if (input.username !== me.username) throw new ApiError(403, '只能修改当前登录用户的密码');
    const user = await loadUser(me.id);
    if (!(await verifyPassword(user.password, input.oldpassword))) throw new ApiError(400, MSG.oldPasswordWrong);
    await assertNewPassword(db, me.id, input.password);
    await setPassword(db, me.id, input.password, { mustChange: false, by: me.username });
    await ctx.tokens.revokeUser(me.id);
    return ok(null, MSG.passwordChanged);
  });

  app.get(API.currentUserDeparts, { config: { auth: 'user' } }, async (request) => {
    const user = await loadUser(currentUser(request).id);
    const context = await loadUserContext(db, user);
    const result: CurrentUserDeparts = {
      list: context.departList,
      orgCode: context.userInfo.orgCode,
      positions: context.positionList,
      selectPositionId: context.userInfo.selectPositionId,
    };
    return ok(result, '查询成功');
  });

  app.post(API.selectDepart, { config: { auth: 'user' } }, async (request) => {
    const input = parse(selectDepartSchema, request.body);
    const me = currentUser(request);
    if (input.username !== me.username) throw new ApiError(403, '只能切换当前登录用户的部门');
    const [departs, positions] = await Promise.all([userDeparts(db, me.id), userPositions(db, me.id)]);
    const depart = departs.find((d) => d.id === input.selectDepartId);
    if (!depart) throw new ApiError(400, MSG.departNotOwned);
    if (!positions.some((p) => p.id === input.selectPositionId)) throw new ApiError(400, MSG.positionNotOwned);
    await db
      .updateTable('sysUser')
      .set({ loginDepartId: depart.id, orgCode: depart.orgCode, loginPositionId: input.selectPositionId })
      .where('id', '=', me.id)
      .execute();
    // Data rules read the current department's code.
    await ctx.authCache.invalidate();
    const context = await loadUserContext(db, await loadUser(me.id), ctx.fields);
    return ok({ userInfo: context.userInfo }, '切换成功');
  });

  /** The signed-in user's card for the interim dashboard. */
  app.get(API.currentUser, { config: { auth: 'display' } }, async (request) => {
    const me = currentUser(request);
    const context = await loadUserContext(db, await loadUser(me.id));
    const tenant = context.tenantList.find((t) => t.id === me.tenantId);
    const last = await previousLogin(db, me.id);
    const card: CurrentUserCard = {
      username: context.userInfo.username,
      realname: context.userInfo.realname,
      departName: context.userInfo.selectDepartName,
      positionName: context.userInfo.selectPositionName,
      tenantName: tenant?.name ?? '',
      lastLoginTime: last?.createTime ?? '',
      lastLoginIp: last?.ip ?? '',
    };
    return ok(card, '查询成功');
  });

  await app.register(secondFactorRoutes);
  await app.register(securityRoutes);
}
