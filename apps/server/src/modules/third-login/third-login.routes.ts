import {
  MSG,
  PERM,
  THIRD_BIND_PARAM,
  THIRD_LOGIN_API as A,
  THIRD_LOGIN_LIMITS,
  THIRD_LOGIN_MESSAGES as M,
  THIRD_LOGIN_PARAMS,
  USER_STATUS,
  type ThirdAccountView,
  type ThirdBindRequired,
  type ThirdProviderInfo,
} from '@district/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SysThirdAccount } from '../../db/schema.js';
import { ApiError, ok, parse } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { currentUser } from '../../plugins/guard.js';
import { isGuest } from '../account/account.service.js';
import { inTenant } from '../user/user.service.js';
import { completeLogin, login } from '../auth/login.service.js';
import { recordLogin } from '../log/login-log.service.js';
import {
  BROWSER_COOKIE,
  beginLogin,
  finishLogin,
  randomCode,
  readCookie,
  takeState,
  type ThirdIdentity,
} from './third-login.service.js';
import type { ThirdProviderConfig } from './third-providers.js';

const typeParam = z.object({ thirdType: z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, M.providerUnknown) }).strict();
const handOverParams = z
  .object({
    code: z.string().regex(/^[\w-]{16,64}$/, M.handOverInvalid),
    thirdType: z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, M.providerUnknown),
  })
  .strict();
const renderQuery = z
  .object({
    redirect_uri: z.string().max(2048).optional(),
    bindTicket: z
      .string()
      .regex(/^[\w-]{16,64}$/, M.bindTicketInvalid)
      .optional(),
  })
  .strict();
const callbackQuery = z.record(z.string(), z.string().max(4096));
const bindLoginBody = z
  .object({
    bindToken: z.string({ error: M.bindTokenInvalid }).regex(/^[\w-]{16,64}$/, M.bindTokenInvalid),
    username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(100),
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(100),
    captcha: z.string().max(16).optional(),
    checkKey: z.string().max(64).optional(),
  })
  .strict();
const idQuery = z.object({ id: z.string({ error: M.notFound }).regex(/^[\w-]{1,32}$/, M.notFound) }).strict();
const userQuery = z
  .object({
    userId: z.string({ error: '请选择用户' }).regex(/^[\w-]{1,32}$/, '请选择用户'),
    // The web's cache-busting stamp on every GET.
    _t: z.string().max(20).optional(),
  })
  .strict();

/** The hand-over record behind a login-page code: a bound user, or an identity waiting for a password. */
type HandOver = { thirdType: string; userId: string } | { thirdType: string; identity: ThirdIdentity };

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export default async function thirdLoginRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx.db;
  const providers = () => ctx.config.thirdLoginProviders;
  const providerOf = (key: string): ThirdProviderConfig => {
    const found = providers().find((p) => p.key === key);
    if (!found) throw new ApiError(404, M.providerUnknown);
    return found;
  };
  const nameOf = (key: string) => providers().find((p) => p.key === key)?.name ?? key;

  const bindingOf = (thirdType: string, subject: string) =>
    db
      .selectFrom('sysThirdAccount')
      .selectAll()
      .where('thirdType', '=', thirdType)
      .where('subject', '=', subject)
      .executeTakeFirst();

  const activeUser = (id: string) =>
    db.selectFrom('sysUser').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();

  /** Refuses what a binding may not be; `null` when the identity may be bound to the user. */
  async function bindProblem(userId: string, thirdType: string, subject: string): Promise<string | null> {
    const existing = await bindingOf(thirdType, subject);
    if (existing) return existing.userId === userId ? M.alreadyBoundSelf : M.alreadyBoundOther;
    const sameType = await db
      .selectFrom('sysThirdAccount')
      .select('id')
      .where('userId', '=', userId)
      .where('thirdType', '=', thirdType)
      .executeTakeFirst();
    return sameType ? M.typeBound : null;
  }

  async function bind(userId: string, thirdType: string, identity: ThirdIdentity) {
    await db
      .insertInto('sysThirdAccount')
      .values({
        id: newId(),
        userId,
        thirdType,
        subject: identity.subject,
        displayName: identity.displayName,
        avatar: identity.avatar,
        createTime: formatDateTime(),
      })
      .execute();
  }

  const view = (row: SysThirdAccount): ThirdAccountView => ({
    id: row.id,
    thirdType: row.thirdType,
    providerName: nameOf(row.thirdType),
    subject: row.subject,
    displayName: row.displayName,
    avatar: row.avatar,
    createTime: row.createTime,
  });

  const listOf = async (userId: string) =>
    (
      await db
        .selectFrom('sysThirdAccount')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('createTime', 'asc')
        .execute()
    ).map(view);

  app.get(A.providers, { config: { auth: 'public' } }, async () => {
    const list: ThirdProviderInfo[] = providers().map((p) => ({ key: p.key, name: p.name }));
    return ok(list, '查询成功');
  });

  /**
   * Leaves for the provider. The callback URL is one of the configured ones (the one on this request's origin
   * unless another allowed one is asked for); a cookie ties the attempt to this browser.
   */
  app.get(`${A.render}/:thirdType`, { config: { auth: 'public' } }, async (request, reply) => {
    const p = providerOf(parse(typeParam, request.params).thirdType);
    const query = parse(renderQuery, request.query);
    let redirectUri: string;
    if (query.redirect_uri !== undefined) {
      if (!p.redirectUris.includes(query.redirect_uri)) throw new ApiError(400, M.redirectNotAllowed);
      redirectUri = query.redirect_uri;
    } else {
      const origin = `${request.protocol}://${request.host}`;
      redirectUri = p.redirectUris.find((u) => new URL(u).origin === origin) ?? (p.redirectUris[0] as string);
    }
    let bindUserId: string | null = null;
    if (query.bindTicket) {
      const held = await ctx.kv.take(`third:bindTicket:${query.bindTicket}`);
      if (!held?.startsWith(`${p.key}:`)) throw new ApiError(400, M.bindTicketInvalid);
      bindUserId = held.slice(p.key.length + 1);
    }
    const { url, browserKey } = await beginLogin(ctx, p, redirectUri, bindUserId);
    const secure = redirectUri.startsWith('https:') ? '; Secure' : '';
    const maxAge = Math.floor(THIRD_LOGIN_LIMITS.stateTtlMs / 1000);
    reply.header(
      'set-cookie',
      `${BROWSER_COOKIE}=${browserKey}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
    );
    reply.header('cache-control', 'no-store');
    return reply.redirect(url, 302);
  });

  /**
   * The provider sends the browser back here. A state that is unknown, used, expired, of another provider or
   * another browser is a 400. After that, failures go back to the page the flow started from, with the message.
   */
  app.get(`${A.callback}/:thirdType`, { config: { auth: 'public' } }, async (request, reply) => {
    const p = providerOf(parse(typeParam, request.params).thirdType);
    const query = parse(callbackQuery, request.query ?? {});
    const record = await takeState(ctx, p.key, query.state, readCookie(request.headers.cookie, BROWSER_COOKIE));
    reply.header('set-cookie', `${BROWSER_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    reply.header('cache-control', 'no-store');
    const page = (path: string, params: Record<string, string>) => {
      const url = new URL(path, record.redirectUri);
      const values = new URLSearchParams(params).toString();
      // 个人中心 is a workspace tab keyed by path and query: its outcome rides in the hash so no second tab opens.
      if (path === '/user/info') url.hash = values;
      else url.search = values;
      return reply.redirect(url.href, 302);
    };
    const fail = async (message: string, userId: string | null = null) => {
      await recordLogin(db, {
        content: `第三方登录（${p.name}）失败：${message}`,
        success: false,
        ip: request.ip,
        userId,
      });
      return record.bindUserId
        ? page('/user/info', { [THIRD_BIND_PARAM]: message })
        : page('/user/login', { [THIRD_LOGIN_PARAMS.error]: message });
    };
    // 钉钉 sends the code back as `authCode`.
    if (query.error || !(query.code ?? query.authCode)) return fail(M.providerDenied);
    let identity: ThirdIdentity;
    try {
      identity = await finishLogin(p, record, query.state ?? '', query);
    } catch (error) {
      return fail(error instanceof ApiError ? error.message : M.providerFailed);
    }

    if (record.bindUserId) {
      const user = await activeUser(record.bindUserId);
      if (!user || user.status !== USER_STATUS.normal) return fail(MSG.accountFrozen, record.bindUserId);
      const problem = await bindProblem(user.id, p.key, identity.subject);
      if (problem) return fail(problem, user.id);
      await bind(user.id, p.key, identity);
      return page('/user/info', { [THIRD_BIND_PARAM]: 'ok' });
    }

    const bound = await bindingOf(p.key, identity.subject);
    const handOver: HandOver = bound ? { thirdType: p.key, userId: bound.userId } : { thirdType: p.key, identity };
    const code = randomCode();
    await ctx.kv.set(`third:handOver:${code}`, JSON.stringify(handOver), THIRD_LOGIN_LIMITS.handOverTtlMs);
    return page('/user/login', { [THIRD_LOGIN_PARAMS.code]: code, [THIRD_LOGIN_PARAMS.type]: p.key });
  });

  /** The login page redeems the hand-over code once: a login result, or the request for a password to bind. */
  app.get(`${A.getLoginUser}/:code/:thirdType`, { config: { auth: 'public' } }, async (request) => {
    const params = parse(handOverParams, request.params);
    const text = await ctx.kv.take(`third:handOver:${params.code}`);
    if (!text) throw new ApiError(400, M.handOverInvalid);
    const handOver = JSON.parse(text) as HandOver;
    if (handOver.thirdType !== params.thirdType) throw new ApiError(400, M.handOverInvalid);
    const name = nameOf(handOver.thirdType);
    if ('identity' in handOver) {
      const bindToken = randomCode();
      await ctx.kv.set(`third:bind:${bindToken}`, JSON.stringify(handOver), THIRD_LOGIN_LIMITS.bindTtlMs);
      const result: ThirdBindRequired = {
        bindRequired: true,
        bindToken,
        thirdType: handOver.thirdType,
        providerName: name,
        displayName: handOver.identity.displayName,
      };
      return ok(result, '请绑定系统账号');
    }
    const user = await activeUser(handOver.userId);
    if (!user || user.status !== USER_STATUS.normal) {
      await recordLogin(db, {
        content: `第三方登录（${name}）失败：${MSG.accountFrozen}`,
        success: false,
        ip: request.ip,
        userId: handOver.userId,
      });
      throw new ApiError(400, user ? MSG.accountFrozen : M.handOverInvalid);
    }
    return ok(await completeLogin(ctx, user, client(request), `第三方(${name})`), '登录成功');
  });

  /**
   * An unlinked identity is bound to the account whose password is given (never matched by e-mail). The check is
   * the password login's own: captcha, failure counters, lock, log.
   */
  app.post(A.bindLogin, { config: { auth: 'public' } }, async (request) => {
    const input = parse(bindLoginBody, request.body);
    const key = `third:bind:${input.bindToken}`;
    const text = await ctx.kv.get(key);
    if (!text) throw new ApiError(400, M.bindTokenInvalid);
    const handOver = JSON.parse(text) as Extract<HandOver, { identity: ThirdIdentity }>;
    if (isGuest(input.username)) throw new ApiError(400, M.guestNotBindable);
    const target = await db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', input.username)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    // Checked before the password only when the account exists: the answer must not tell which names exist.
    const problem = target ? await bindProblem(target.id, handOver.thirdType, handOver.identity.subject) : null;
    const result = await login(ctx, input, client(request), { captcha: ctx.config.captchaEnabled });
    if (problem) {
      await ctx.tokens.revoke(result.token);
      throw new ApiError(400, problem);
    }
    if (!(await ctx.kv.take(key))) {
      await ctx.tokens.revoke(result.token);
      throw new ApiError(400, M.bindTokenInvalid);
    }
    try {
      await bind(result.userInfo.id, handOver.thirdType, handOver.identity);
    } catch {
      // Another request bound the same identity in the meantime (the unique key).
      await ctx.tokens.revoke(result.token);
      throw new ApiError(400, M.alreadyBoundOther);
    }
    return ok(result, M.bound);
  });

  /** Starting a bind from the personal centre: a one-minute ticket `render?bindTicket=` turns into the current user. */
  app.get(`${A.bindStart}/:thirdType`, { config: { auth: 'user' } }, async (request) => {
    const p = providerOf(parse(typeParam, request.params).thirdType);
    const user = currentUser(request);
    if (isGuest(user.username)) throw new ApiError(400, M.guestNotBindable);
    const ticket = randomCode();
    // Good for this provider only.
    await ctx.kv.set(`third:bindTicket:${ticket}`, `${p.key}:${user.id}`, 60_000);
    // The web builds the render URL on its own API base (which may differ from this server's path).
    return ok({ bindTicket: ticket }, '操作成功');
  });

  app.get(A.mine, { config: { auth: 'user' } }, async (request) =>
    ok(await listOf(currentUser(request).id), '查询成功'),
  );

  app.delete(A.mine, { config: { auth: 'user' } }, async (request) => {
    const { id } = parse(idQuery, request.query);
    const res = await db
      .deleteFrom('sysThirdAccount')
      .where('id', '=', id)
      .where('userId', '=', currentUser(request).id)
      .executeTakeFirst();
    if (!Number(res.numDeletedRows)) throw new ApiError(404, M.notFound);
    return ok(null, M.unbound);
  });

  /** Administrators reach the users of their current tenant only, as in 用户管理's own list. */
  const inCallersTenant = async (request: FastifyRequest, userId: string) => {
    const { tenantId } = currentUser(request);
    if (tenantId === null) return false;
    const query = db
      .selectFrom('sysUser')
      .select('sysUser.id')
      .where('sysUser.id', '=', userId)
      .where('delFlag', '=', 0);
    return Boolean(await (inTenant(query, tenantId) as typeof query).executeTakeFirst());
  };

  app.get(A.userAccounts, { config: { auth: PERM.userEdit } }, async (request) => {
    const { userId } = parse(userQuery, request.query);
    if (!(await inCallersTenant(request, userId))) throw new ApiError(404, M.userNotFound);
    return ok(await listOf(userId), '查询成功');
  });

  app.delete(A.userAccounts, { config: { auth: PERM.userEdit } }, async (request) => {
    const { id } = parse(idQuery, request.query);
    const row = await db.selectFrom('sysThirdAccount').select('userId').where('id', '=', id).executeTakeFirst();
    if (!row || !(await inCallersTenant(request, row.userId))) throw new ApiError(404, M.notFound);
    await db.deleteFrom('sysThirdAccount').where('id', '=', id).execute();
    return ok(null, M.unbound);
  });
}
