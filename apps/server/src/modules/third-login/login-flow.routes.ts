import {
  MSG,
  THIRD_BIND_CODE_PARAM,
  THIRD_BIND_PARAM,
  THIRD_LOGIN_API as A,
  THIRD_LOGIN_LIMITS,
  THIRD_LOGIN_MESSAGES as M,
  THIRD_LOGIN_PARAMS,
  USER_STATUS,
  type ThirdBindRequired,
} from '@district/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { isGuest } from '../account/account.service.js';
import { answerUserId, completeLogin, discardAnswer, login } from '../auth/login.service.js';
import { recordLogin } from '../log/login-log.service.js';
import {
  beginLogin,
  defaultRedirect,
  holdBrowser,
  providerName,
  providerOf,
  type BindCode,
  type BindTicket,
  type HandOver,
  type PendingBind,
  finishLogin,
  randomCode,
  sameBrowser,
  takeState,
  type ThirdIdentity,
} from './third-login.service.js';
import { activeUser, bind, bindProblem, bindingOf } from './third-account.service.js';

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

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/**
 * Third-party login: leaving for the provider, its callback, the login page's hand-over, and binding an unlinked
 * identity with a password.
 */
export default async function thirdLoginFlowRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx.db;
  const providers = () => ctx.config.thirdLoginProviders;

  /**
   * Leaves for the provider. The callback URL is one of the configured ones (the one on this request's origin
   * unless another allowed one is asked for); a cookie ties the attempt to this browser.
   */
  app.get(`${A.render}/:thirdType`, { config: { auth: 'public' } }, async (request, reply) => {
    const p = providerOf(providers(), parse(typeParam, request.params).thirdType);
    const query = parse(renderQuery, request.query);
    let redirectUri: string;
    if (query.redirect_uri !== undefined) {
      if (!p.redirectUris.includes(query.redirect_uri)) throw new ApiError(400, M.redirectNotAllowed);
      redirectUri = query.redirect_uri;
    } else {
      redirectUri = defaultRedirect(p, request);
    }
    let bindTo: { userId: string; session: string } | null = null;
    if (query.bindTicket) {
      // Spent whatever follows: a ticket is tried once.
      const held = await ctx.kv.take(`third:bindTicket:${query.bindTicket}`);
      const ticket = held ? (JSON.parse(held) as BindTicket) : null;
      if (ticket?.thirdType !== p.key) throw new ApiError(400, M.bindTicketInvalid);
      // A bind link opened in another browser (forwarded, or planted by someone else) goes nowhere.
      if (!sameBrowser(request.headers.cookie, ticket.browser)) throw new ApiError(400, M.bindForeign);
      bindTo = { userId: ticket.userId, session: ticket.session };
    }
    const browserKey = holdBrowser(request, reply, redirectUri.startsWith('https:'));
    const url = await beginLogin(ctx, p, redirectUri, browserKey, bindTo);
    reply.header('cache-control', 'no-store');
    return reply.redirect(url, 302);
  });

  /**
   * The provider sends the browser back here. A state that is unknown, used, expired, of another provider or
   * another browser is refused: the browser goes to the login page with the message (a person followed a stale or
   * replayed link; a raw JSON answer would strand them). After that, failures go back to the page the flow started
   * from, with the message.
   */
  app.get(`${A.callback}/:thirdType`, { config: { auth: 'public' } }, async (request, reply) => {
    const p = providerOf(providers(), parse(typeParam, request.params).thirdType);
    const query = parse(callbackQuery, request.query ?? {});
    // The browser keeps its key: the login page's redemption and 个人中心's confirmation are checked against it.
    reply.header('cache-control', 'no-store');
    let record: Awaited<ReturnType<typeof takeState>>;
    try {
      record = await takeState(ctx, p.key, query.state, request.headers.cookie);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      await recordLogin(db, {
        content: `第三方登录（${p.name}）失败：${error.message}`,
        success: false,
        ip: request.ip,
        userId: null,
      });
      const url = new URL('/user/login', defaultRedirect(p, request));
      url.search = new URLSearchParams({ [THIRD_LOGIN_PARAMS.error]: error.message }).toString();
      return reply.redirect(url.href, 302);
    }
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
      return record.bind
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

    if (record.bind) {
      const user = await activeUser(db, record.bind.userId);
      if (!user || user.status !== USER_STATUS.normal) return fail(MSG.accountFrozen, record.bind.userId);
      const problem = await bindProblem(db, user.id, p.key, identity.subject);
      if (problem) return fail(problem, user.id);
      // Not bound yet: 个人中心 shows both accounts and the user confirms there (bindPending, bindConfirm).
      const pending: PendingBind = {
        thirdType: p.key,
        userId: user.id,
        session: record.bind.session,
        browser: record.browser,
        identity,
      };
      const code = randomCode();
      await ctx.kv.set(`third:bindPending:${code}`, JSON.stringify(pending), THIRD_LOGIN_LIMITS.bindTtlMs);
      return page('/user/info', { [THIRD_BIND_CODE_PARAM]: code });
    }

    const bound = await bindingOf(db, p.key, identity.subject);
    const handOver: HandOver = bound
      ? { thirdType: p.key, browser: record.browser, userId: bound.userId }
      : { thirdType: p.key, browser: record.browser, identity };
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
    const name = providerName(providers(), handOver.thirdType);
    // A code carried to another browser (login CSRF: someone else's identity signed in or bound here) is spent.
    if (!sameBrowser(request.headers.cookie, handOver.browser)) {
      await recordLogin(db, {
        content: `第三方登录（${name}）失败：${M.stateBrowser}`,
        success: false,
        ip: request.ip,
        userId: 'userId' in handOver ? handOver.userId : null,
      });
      throw new ApiError(400, M.stateBrowser);
    }
    if ('identity' in handOver) {
      const bindToken = randomCode();
      const held: BindCode = { thirdType: handOver.thirdType, browser: handOver.browser, identity: handOver.identity };
      await ctx.kv.set(`third:bind:${bindToken}`, JSON.stringify(held), THIRD_LOGIN_LIMITS.bindTtlMs);
      const result: ThirdBindRequired = {
        bindRequired: true,
        bindToken,
        thirdType: handOver.thirdType,
        providerName: name,
        displayName: handOver.identity.displayName,
        subject: handOver.identity.subject,
      };
      return ok(result, '请绑定系统账号');
    }
    const user = await activeUser(db, handOver.userId);
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
    const handOver = JSON.parse(text) as BindCode;
    // Checked before the password: another browser's identity is never bound to the account typed here.
    if (!sameBrowser(request.headers.cookie, handOver.browser)) {
      await ctx.kv.del(key);
      throw new ApiError(400, M.stateBrowser);
    }
    if (isGuest(input.username)) throw new ApiError(400, M.guestNotBindable);
    const target = await db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', input.username)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    // Checked before the password only when the account exists: the answer must not tell which names exist.
    const problem = target ? await bindProblem(db, target.id, handOver.thirdType, handOver.identity.subject) : null;
    // The session, or the second step an administrator's account still needs (the binding is made now: signing
    // in through the provider later goes through the second step as well).
    const result = await login(ctx, input, client(request), { captcha: ctx.config.captchaEnabled });
    if (problem) {
      await discardAnswer(ctx, result);
      throw new ApiError(400, problem);
    }
    const userId = await answerUserId(ctx, result);
    if (!userId || !(await ctx.kv.take(key))) {
      await discardAnswer(ctx, result);
      throw new ApiError(400, M.bindTokenInvalid);
    }
    try {
      await bind(db, userId, handOver.thirdType, handOver.identity);
    } catch {
      // Another request bound the same identity in the meantime (the unique key).
      await discardAnswer(ctx, result);
      throw new ApiError(400, M.alreadyBoundOther);
    }
    return ok(result, M.bound);
  });
}
