import { ACCOUNT_API as A, ACCOUNT_MESSAGES as M, MSG, type RegisterResult } from '@district/shared';
import { registerCheckSchema, registerSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { ApiError, ok, parse } from '../../lib/http.js';
import { getAccountSettings, phoneTaken, usernameTaken } from './account.service.js';
import { registerUser } from './register.service.js';
import { useSmsCode } from './sms-code.service.js';
import { assertPasswordRule } from '../../lib/password-policy.js';
import { acceptedNotice, recordConsent } from './my-data.service.js';

const CHECK_WINDOW_MS = 60_000;

/** Self-registration (注册): the form's availability check and the registration itself. */
export default async function registerRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx.db;

  // ---- Registration ----

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
    const taken = query.username
      ? await usernameTaken(db, query.username)
      : await phoneTaken(db, query.mobile ?? '', ctx.fields);
    if (taken) {
      const message = query.username ? M.usernameTaken : M.phoneTaken;
      return reply.send({ success: false, message, code: 200, result: false, timestamp: Date.now() });
    }
    return ok(true, '该值可用！');
  });

  app.post(A.register, { config: { auth: 'public' } }, async (request) => {
    const settings = await assertRegisterOpen();
    const input = parse(registerSchema, request.body);
    // 个人信息保护告知 (issue 24 item 12): no account without the notice accepted.
    const consent = acceptedNotice(input, request.ip);
    await assertPasswordRule(db, input.password);
    if (await usernameTaken(db, input.username)) throw new ApiError(400, M.usernameTaken);
    if (await phoneTaken(db, input.mobile, ctx.fields)) throw new ApiError(400, M.phoneTaken);
    await useSmsCode(ctx, 'register', input.mobile, input.smscode);
    const pending = settings.registerApproval;
    await registerUser(db, settings, input, pending, ctx.fields, (trx, userId) => recordConsent(trx, userId, consent));
    const result: RegisterResult = { username: input.username, pending };
    return ok(result, pending ? M.registerPending : M.registerDone);
  });
}
