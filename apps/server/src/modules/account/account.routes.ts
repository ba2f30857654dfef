import {
  ACCOUNT_API as A,
  ACCOUNT_MESSAGES as M,
  MSG,
  PERM,
  USER_STATUS,
  maskPhone,
  type AccountOptions,
  type AccountProfile,
  type AccountSession,
  type ForgeCheckResult,
  type RegisterResult,
} from '@district/shared';
import {
  accountSettingsSchema,
  forgeCheckSchema,
  forgeResetSchema,
  forgeSmsSchema,
  forgeVerifySchema,
  phoneLoginSchema,
  profilePhoneSchema,
  profileSchema,
  profileSmsSchema,
  registerCheckSchema,
  registerSchema,
  smsSendSchema,
} from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { hashToken } from '../../lib/token-store.js';
import { currentUser } from '../../plugins/guard.js';
import { completeLogin, hashPassword } from '../auth/login.service.js';
import { recordLogin } from '../log/login-log.service.js';
import {
  getAccountSettings,
  isGuest,
  issueTicket,
  readTicket,
  saveAccountSettings,
  takeTicket,
  userByPhone,
} from './account.service.js';
import { casLoginUrl, validateCasTicket } from './cas.service.js';
import { sendSmsCode, useCaptcha, useSmsCode } from './sms-code.service.js';

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const CHECK_WINDOW_MS = 60_000;
const casQuery = z.object({
  ticket: z.string({ error: M.casTicketFormat }).regex(/^[A-Za-z]{2,3}-[\w.-]{1,256}$/, M.casTicketFormat),
  // Sent by some CAS clients; never used (the service URL is the configuration's).
  service: z.string().max(2048).optional(),
});

export default async function accountRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx.db;

  app.get(A.options, { config: { auth: 'public' } }, async () => {
    const s = await getAccountSettings(db);
    const options: AccountOptions = {
      registerOpen: s.registerOpen,
      phoneLogin: s.phoneLogin,
      alteration: s.alteration,
      captchaEnabled: ctx.config.captchaEnabled,
      casLoginUrl: casLoginUrl(ctx.config),
    };
    return ok(options, '查询成功');
  });

  app.get(A.settings, { config: { auth: PERM.platformView } }, async () =>
    ok(await getAccountSettings(db), '查询成功'),
  );

  app.put(A.settings, { config: { auth: PERM.platformEdit } }, async (request) => {
    await saveAccountSettings(db, parse(accountSettingsSchema, request.body));
    return ok(await getAccountSettings(db), '保存成功！');
  });

  // ---- SMS codes for phone login and registration ----

  /**
   * Sends a code after the image captcha. A login code for a phone without an account is answered like any
   * other (and counted) but not sent: the answer does not tell which phones have accounts.
   */
  app.post(A.sms, { config: { auth: 'public' } }, async (request) => {
    const input = parse(smsSendSchema, request.body);
    const settings = await getAccountSettings(db);
    if (input.purpose === 'login' && !settings.phoneLogin) throw new ApiError(403, M.phoneLoginClosed);
    if (input.purpose === 'register' && !settings.registerOpen) throw new ApiError(403, M.registerClosed);
    await useCaptcha(ctx, input.captcha, input.checkKey);
    let deliver = true;
    if (input.purpose === 'login') deliver = Boolean(await userByPhone(db, input.mobile));
    else if (await phoneTaken(input.mobile)) throw new ApiError(400, M.phoneTaken);
    await sendSmsCode(ctx, input.purpose, input.mobile, request.ip, { deliver });
    return ok(null, M.smsSent);
  });

  app.post(A.phoneLogin, { config: { auth: 'public' } }, async (request) => {
    const input = parse(phoneLoginSchema, request.body);
    if (!(await getAccountSettings(db)).phoneLogin) throw new ApiError(403, M.phoneLoginClosed);
    const fail = async (message: string) =>
      recordLogin(db, { content: `手机号: ${input.mobile}，登录失败：${message}`, success: false, ip: request.ip });
    try {
      await useSmsCode(ctx, 'login', input.mobile, input.captcha);
    } catch (error) {
      await fail(error instanceof ApiError ? error.message : M.phoneLoginFailed);
      throw error;
    }
    const user = await userByPhone(db, input.mobile);
    if (!user) {
      await fail(M.phoneLoginFailed);
      throw new ApiError(400, M.phoneLoginFailed);
    }
    if (user.status !== USER_STATUS.normal) {
      await fail(MSG.accountFrozen);
      throw new ApiError(400, MSG.accountFrozen);
    }
    return ok(await completeLogin(ctx, user, client(request), '手机号'), '登录成功');
  });

  // ---- CAS ----

  /**
   * The CAS server sends the browser back with a ticket; the ticket is validated for the service URL of the
   * configuration (a `service` the request carries is ignored) and the CAS user signs in as the account of the
   * same username.
   */
  app.get(A.casValidate, { config: { auth: 'public' } }, async (request) => {
    const { ticket } = parse(casQuery, request.query);
    const fail = (message: string, username: string | null = null) =>
      recordLogin(db, { content: `CAS登录失败：${message}`, success: false, ip: request.ip, username });
    let casUser: string;
    try {
      casUser = await validateCasTicket(ctx.config, ticket);
    } catch (error) {
      if (error instanceof ApiError) await fail(error.message);
      throw error;
    }
    const user = await db
      .selectFrom('sysUser')
      .selectAll()
      .where('username', '=', casUser)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!user || isGuest(user.username)) {
      await fail(M.casUserUnknown, casUser);
      throw new ApiError(401, M.casUserUnknown);
    }
    if (user.status !== USER_STATUS.normal) {
      await fail(MSG.accountFrozen, casUser);
      throw new ApiError(400, MSG.accountFrozen);
    }
    return ok(await completeLogin(ctx, user, client(request), 'CAS'), '登录成功');
  });

  // ---- Registration ----

  const phoneTaken = async (phone: string) =>
    Boolean(
      await db
        .selectFrom('sysUser')
        .select('id')
        .where('phone', '=', phone)
        .where('delFlag', '=', 0)
        .executeTakeFirst(),
    );
  const usernameTaken = async (username: string) =>
    Boolean(await db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirst());

  const assertRegisterOpen = async () => {
    const settings = await getAccountSettings(db);
    if (!settings.registerOpen) throw new ApiError(403, M.registerClosed);
    return settings;
  };

  /** The register form's check as the user types; limited per address (it tells which names are taken). */
  app.get(A.registerCheck, { config: { auth: 'public' } }, async (request, reply) => {
    await assertRegisterOpen();
    const query = parse(registerCheckSchema, request.query);
    if ((await ctx.kv.incr(`register-check:ip:${request.ip}`, CHECK_WINDOW_MS)) > ctx.config.uniqueCheckPerMinute) {
      throw new ApiError(429, MSG.tooManyRequests);
    }
    const taken = query.username ? await usernameTaken(query.username) : await phoneTaken(query.mobile ?? '');
    if (taken) {
      const message = query.username ? M.usernameTaken : M.phoneTaken;
      return reply.send({ success: false, message, code: 200, result: false, timestamp: Date.now() });
    }
    return ok(true, '该值可用！');
  });

  app.post(A.register, { config: { auth: 'public' } }, async (request) => {
    const settings = await assertRegisterOpen();
    const input = parse(registerSchema, request.body);
    if (await usernameTaken(input.username)) throw new ApiError(400, M.usernameTaken);
    if (await phoneTaken(input.mobile)) throw new ApiError(400, M.phoneTaken);
    await useSmsCode(ctx, 'register', input.mobile, input.smscode);
    const pending = settings.registerApproval;
    const userId = newId();
    const now = formatDateTime();
    const password = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sysUser')
        .values({
          id: userId,
          username: input.username,
          realname: input.realname || input.username,
          password,
          phone: input.mobile,
          status: pending ? USER_STATUS.frozen : USER_STATUS.normal,
          delFlag: 0,
          loginTenantId: settings.registerTenantId || null,
          loginDepartId: settings.registerDepartId || null,
          createBy: input.username,
          createTime: now,
        } as never)
        .execute();
      if (settings.registerDepartId) {
        await trx
          .insertInto('sysUserDepart')
          .values({ id: newId(), userId, depId: settings.registerDepartId })
          .execute();
      }
      if (settings.registerRoleId) {
        await trx
          .insertInto('sysUserRole')
          .values({ id: newId(), userId, roleId: settings.registerRoleId, tenantId: null })
          .execute();
      }
      if (settings.registerTenantId) {
        await trx
          .insertInto('sysUserTenant')
          .values({ id: newId(), userId, tenantId: settings.registerTenantId, status: 1 })
          .execute();
      }
    });
    const result: RegisterResult = { username: input.username, pending };
    return ok(result, pending ? M.registerPending : M.registerDone);
  });

  // ---- Account alteration (找回密码): four steps, single-use tickets between them ----

  const assertAlterationOpen = async () => {
    if (!(await getAccountSettings(db)).alteration) throw new ApiError(403, M.alterationClosed);
  };

  app.post(A.forgeCheck, { config: { auth: 'public' } }, async (request) => {
    await assertAlterationOpen();
    const input = parse(forgeCheckSchema, request.body);
    // Guessing accounts costs a captcha each, and every guess counts against the address.
    if ((await ctx.kv.incr(`alteration:ip:${request.ip}`, CHECK_WINDOW_MS * 15)) > ctx.config.loginIpMaxFailures) {
      throw new ApiError(429, MSG.tooManyRequests);
    }
    await useCaptcha(ctx, input.captcha, input.checkKey);
    const user = await db
      .selectFrom('sysUser')
      .select(['id', 'username', 'phone', 'status'])
      .where('username', '=', input.username.trim())
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!user || !user.phone || isGuest(user.username)) throw new ApiError(400, M.accountNotFound);
    if (user.status !== USER_STATUS.normal) throw new ApiError(400, MSG.accountFrozen);
    const result: ForgeCheckResult = {
      ticket: await issueTicket(ctx, { userId: user.id, step: 1 }),
      phone: maskPhone(user.phone),
    };
    return ok(result, '账号验证通过');
  });

  const phoneOf = async (userId: string) => {
    const user = await db.selectFrom('sysUser').select('phone').where('id', '=', userId).executeTakeFirst();
    if (!user?.phone) throw new ApiError(400, M.ticketInvalid);
    return user.phone;
  };

  app.post(A.forgeSms, { config: { auth: 'public' } }, async (request) => {
    await assertAlterationOpen();
    const { ticket } = parse(forgeSmsSchema, request.body);
    const { userId } = await readTicket(ctx, ticket, 1);
    await sendSmsCode(ctx, 'forget', await phoneOf(userId), request.ip);
    return ok(null, M.smsSent);
  });

  app.post(A.forgeVerify, { config: { auth: 'public' } }, async (request) => {
    await assertAlterationOpen();
    const input = parse(forgeVerifySchema, request.body);
    const { userId } = await readTicket(ctx, input.ticket, 1);
    await useSmsCode(ctx, 'forget', await phoneOf(userId), input.smscode);
    await takeTicket(ctx, input.ticket, 1);
    return ok({ ticket: await issueTicket(ctx, { userId, step: 2 }) }, '验证通过');
  });

  app.post(A.forgeReset, { config: { auth: 'public' } }, async (request) => {
    await assertAlterationOpen();
    const input = parse(forgeResetSchema, request.body);
    const { userId } = await takeTicket(ctx, input.ticket, 2);
    const password = await hashPassword(input.password);
    await db
      .updateTable('sysUser')
      .set({ password, updateBy: 'alteration', updateTime: formatDateTime() })
      .where('id', '=', userId)
      .execute();
    // Whoever held a session of the account (perhaps the reason for the reset) loses it.
    await ctx.tokens.revokeUser(userId);
    return ok(null, M.passwordReset);
  });

  // ---- Personal centre ----

  const profileOf = async (userId: string): Promise<AccountProfile> => {
    const user = await db
      .selectFrom('sysUser')
      .select(['username', 'realname', 'avatar', 'phone', 'email'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      username: user.username,
      realname: user.realname,
      avatar: user.avatar ?? '',
      phone: user.phone ?? '',
      email: user.email ?? '',
    };
  };

  app.get(A.profile, { config: { auth: 'user' } }, async (request) =>
    ok(await profileOf(currentUser(request).id), '查询成功'),
  );

  app.put(A.profile, { config: { auth: 'user' } }, async (request) => {
    const input = parse(profileSchema, request.body);
    const me = currentUser(request);
    if (input.email) {
      const taken = await db
        .selectFrom('sysUser')
        .select('id')
        .where('email', '=', input.email)
        .where('delFlag', '=', 0)
        .where('id', '<>', me.id)
        .executeTakeFirst();
      if (taken) throw new ApiError(400, '该邮箱已被使用');
    }
    await db
      .updateTable('sysUser')
      .set({
        realname: input.realname,
        email: input.email || null,
        ...(input.avatar !== undefined ? { avatar: input.avatar || null } : {}),
        updateBy: me.username,
        updateTime: formatDateTime(),
      })
      .where('id', '=', me.id)
      .execute();
    await ctx.authCache.invalidate();
    return ok(await profileOf(me.id), M.profileSaved);
  });

  /** A new phone is proved by a code sent to it (no image captcha: the caller is signed in). */
  app.post(A.profileSms, { config: { auth: 'user' } }, async (request) => {
    const { mobile } = parse(profileSmsSchema, request.body);
    if (await phoneTaken(mobile)) throw new ApiError(400, M.phoneTaken);
    await sendSmsCode(ctx, 'bind', mobile, request.ip);
    return ok(null, M.smsSent);
  });

  app.put(A.profilePhone, { config: { auth: 'user' } }, async (request) => {
    const input = parse(profilePhoneSchema, request.body);
    const me = currentUser(request);
    if (await phoneTaken(input.mobile)) throw new ApiError(400, M.phoneTaken);
    await useSmsCode(ctx, 'bind', input.mobile, input.smscode);
    await db
      .updateTable('sysUser')
      .set({ phone: input.mobile, updateBy: me.username, updateTime: formatDateTime() })
      .where('id', '=', me.id)
      .execute();
    return ok(await profileOf(me.id), M.phoneChanged);
  });

  /** The user's open sessions; each is named by the first characters of its token's hash, never the token. */
  app.get(A.sessions, { config: { auth: 'user' } }, async (request) => {
    const me = currentUser(request);
    const mine = hashToken(me.token);
    const sessions: AccountSession[] = (await sessionsOf(me.id)).map((s) => ({
      id: s.hash.slice(0, 16),
      current: s.hash === mine,
      ip: s.ip,
      userAgent: s.userAgent,
      createdAt: s.createdAt,
      expiresAt: s.expiresAt,
    }));
    sessions.sort((a, b) => Number(b.current) - Number(a.current) || b.createdAt - a.createdAt);
    return ok(sessions, '查询成功');
  });

  app.post(A.signOutOthers, { config: { auth: 'user' } }, async (request) => {
    const me = currentUser(request);
    const mine = hashToken(me.token);
    const others = (await sessionsOf(me.id)).map((s) => s.hash).filter((h) => h !== mine);
    await revokeHashes(others);
    await ctx.authCache.invalidate();
    return ok({ count: others.length }, M.signedOutOthers);
  });

  /** Remembers the tenant chosen at login as the next login's default (only one of the user's tenants). */
  app.put(A.loginTenant, { config: { auth: 'user' } }, async (request) => {
    const { tenantId } = parse(z.strictObject({ tenantId: z.number().int().min(1) }), request.body);
    const me = currentUser(request);
    const member = await db
      .selectFrom('sysUserTenant')
      .select('id')
      .where('userId', '=', me.id)
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    if (!member) throw new ApiError(403, MSG.tenantForbidden);
    await db.updateTable('sysUser').set({ loginTenantId: tenantId }).where('id', '=', me.id).execute();
    return ok(null, '已保存');
  });

  // The token store lists every live session (sys_token, or Redis in a cluster); the user's own are kept here.
  interface StoredSession {
    hash: string;
    ip: string;
    userAgent: string;
    createdAt: number;
    expiresAt: number;
  }
  async function sessionsOf(userId: string): Promise<StoredSession[]> {
    return (await ctx.tokens.list())
      .filter((s) => s.userId === userId)
      .map((s) => ({
        hash: s.tokenHash,
        ip: s.ip ?? '',
        userAgent: s.userAgent ?? '',
        createdAt: s.createdAt,
        expiresAt: s.expiresAt,
      }));
  }
  async function revokeHashes(hashes: string[]) {
    for (const hash of hashes) await ctx.tokens.revokeHash(hash);
  }
}
