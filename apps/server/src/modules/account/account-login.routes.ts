import {
  ACCOUNT_API as A,
  ACCOUNT_MESSAGES as M,
  USER_STATUS,
  inactiveAccountMessage,
  maskPhone,
} from '@district/shared';
import { phoneLoginSchema, smsSendSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { completeLogin } from '../auth/login.service.js';
import { recordLogin } from '../log/login-log.service.js';
import { getAccountSettings, isGuest, userByPhone, phoneTaken } from './account.service.js';
import { validateCasTicket } from './cas.service.js';
import { sendSmsCode, useCaptcha, useSmsCode } from './sms-code.service.js';

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const casQuery = z.object({
  ticket: z.string({ error: M.casTicketFormat }).regex(/^[A-Za-z]{2,3}-[\w.-]{1,256}$/, M.casTicketFormat),
  // Sent by some CAS clients; never used (the service URL is the configuration's).
  service: z.string().max(2048).optional(),
});

/** Sign-in without a password: SMS codes (login and registration), phone login and CAS. */
export default async function accountLoginRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx.db;

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
    if (input.purpose === 'login') deliver = Boolean(await userByPhone(db, input.mobile, ctx.fields));
    else if (await phoneTaken(db, input.mobile, ctx.fields)) throw new ApiError(400, M.phoneTaken);
    await sendSmsCode(ctx, input.purpose, input.mobile, request.ip, { deliver });
    return ok(null, M.smsSent);
  });

  app.post(A.phoneLogin, { config: { auth: 'public' } }, async (request) => {
    const input = parse(phoneLoginSchema, request.body);
    if (!(await getAccountSettings(db)).phoneLogin) throw new ApiError(403, M.phoneLoginClosed);
    const fail = async (message: string) =>
      // The login log keeps the phone masked, as every log does (the number itself is sealed at rest).
      recordLogin(db, {
        content: `手机号: ${maskPhone(input.mobile)}，登录失败：${message}`,
        success: false,
        ip: request.ip,
      });
    try {
      await useSmsCode(ctx, 'login', input.mobile, input.captcha);
    } catch (error) {
      await fail(error instanceof ApiError ? error.message : M.phoneLoginFailed);
      throw error;
    }
    const user = await userByPhone(db, input.mobile, ctx.fields);
    if (!user) {
      await fail(M.phoneLoginFailed);
      throw new ApiError(400, M.phoneLoginFailed);
    }
    if (user.status !== USER_STATUS.normal) {
      await fail(inactiveAccountMessage(user.status));
      throw new ApiError(400, inactiveAccountMessage(user.status));
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
      await fail(inactiveAccountMessage(user.status), casUser);
      throw new ApiError(400, inactiveAccountMessage(user.status));
    }
    return ok(await completeLogin(ctx, user, client(request), 'CAS'), '登录成功');
  });
}
