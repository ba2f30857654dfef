import {
  MSG,
  THIRD_LOGIN_API as A,
  THIRD_LOGIN_LIMITS,
  THIRD_LOGIN_MESSAGES as M,
  USER_STATUS,
  type ThirdBindPreview,
} from '@district/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { hashToken } from '../../lib/token-store.js';
import { readToken } from '../../plugins/guard.js';
import { isGuest } from '../account/account.service.js';
import {
  defaultRedirect,
  holdBrowser,
  providerName,
  providerOf,
  type BindTicket,
  type PendingBind,
  browserFingerprint,
  randomCode,
  sameBrowser,
} from './third-login.service.js';
import { currentUser } from '../../lib/current-user.js';
import { activeUser, bind, bindProblem } from './third-account.service.js';

const typeParam = z.object({ thirdType: z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, M.providerUnknown) }).strict();
const bindCode = z.string({ error: M.bindTicketInvalid }).regex(/^[\w-]{16,64}$/, M.bindTicketInvalid);
const pendingQuery = z
  .object({
    bindToken: bindCode,
    // The web's cache-busting stamp on every GET.
    _t: z.string().max(20).optional(),
  })
  .strict();
const pendingBody = z.object({ bindToken: bindCode }).strict();

/** Binding from 个人中心: a ticket for this browser and session, then the user confirms the identity. */
export default async function thirdBindFlowRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx.db;
  const providers = () => ctx.config.thirdLoginProviders;

  /**
   * Starting a bind from the personal centre: a one-minute ticket for `render?bindTicket=`, good only in this browser
   * (its `da_third` key, set here if it has none) and only for this session; the ticket names provider and user.
   */
  app.get(`${A.bindStart}/:thirdType`, { config: { auth: 'user' } }, async (request, reply) => {
    const p = providerOf(providers(), parse(typeParam, request.params).thirdType);
    const user = currentUser(request);
    if (isGuest(user.username)) throw new ApiError(400, M.guestNotBindable);
    const secure = request.protocol === 'https' || defaultRedirect(p, request).startsWith('https:');
    const ticket: BindTicket = {
      thirdType: p.key,
      userId: user.id,
      // The guard has resolved this token.
      session: hashToken(readToken(request) ?? ''),
      browser: browserFingerprint(holdBrowser(request, reply, secure)),
    };
    const bindTicket = randomCode();
    await ctx.kv.set(`third:bindTicket:${bindTicket}`, JSON.stringify(ticket), THIRD_LOGIN_LIMITS.bindTicketTtlMs);
    reply.header('cache-control', 'no-store');
    // The web builds the render URL on its own API base (which may differ from this server's path).
    return ok({ bindTicket }, '操作成功');
  });

  /**
   * The pending bind behind a code, when this user, this session and this browser started it. One that reached
   * another browser or session is destroyed: nothing of it can be bound any more.
   */
  async function pendingOf(request: FastifyRequest, bindToken: string, take: boolean): Promise<PendingBind> {
    const key = `third:bindPending:${bindToken}`;
    const text = take ? await ctx.kv.take(key) : await ctx.kv.get(key);
    if (!text) throw new ApiError(400, M.bindTicketInvalid);
    const pending = JSON.parse(text) as PendingBind;
    const token = readToken(request);
    const ours =
      pending.userId === currentUser(request).id &&
      token !== null &&
      hashToken(token) === pending.session &&
      sameBrowser(request.headers.cookie, pending.browser);
    if (!ours) {
      if (!take) await ctx.kv.del(key);
      throw new ApiError(400, M.bindForeign);
    }
    return pending;
  }

  /** What 个人中心 shows before the user confirms: the provider's identity and our account it would join. */
  app.get(A.bindPending, { config: { auth: 'user' } }, async (request) => {
    const { bindToken } = parse(pendingQuery, request.query);
    const pending = await pendingOf(request, bindToken, false);
    const user = await activeUser(db, pending.userId);
    if (!user) throw new ApiError(400, M.bindTicketInvalid);
    const result: ThirdBindPreview = {
      thirdType: pending.thirdType,
      providerName: providerName(providers(), pending.thirdType),
      displayName: pending.identity.displayName,
      subject: pending.identity.subject,
      username: user.username,
      realname: user.realname,
    };
    return ok(result, '查询成功');
  });

  /** The user's explicit confirmation in 个人中心: binds once. */
  app.post(A.bindConfirm, { config: { auth: 'user' } }, async (request) => {
    const { bindToken } = parse(pendingBody, request.body);
    const pending = await pendingOf(request, bindToken, true);
    const user = await activeUser(db, pending.userId);
    if (!user || user.status !== USER_STATUS.normal) throw new ApiError(400, MSG.accountFrozen);
    if (isGuest(user.username)) throw new ApiError(400, M.guestNotBindable);
    const problem = await bindProblem(db, user.id, pending.thirdType, pending.identity.subject);
    if (problem) throw new ApiError(400, problem);
    try {
      await bind(db, user.id, pending.thirdType, pending.identity);
    } catch {
      // Another request bound the same identity in the meantime (the unique key).
      throw new ApiError(400, M.alreadyBoundOther);
    }
    return ok(null, M.bound);
  });
}
