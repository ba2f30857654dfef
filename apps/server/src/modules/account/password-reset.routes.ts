import {
  ACCOUNT_API as A,
  ACCOUNT_MESSAGES as M,
  MSG,
  USER_STATUS,
  maskPhone,
  type ForgeCheckResult,
} from '@district/shared';
import { forgeCheckSchema, forgeResetSchema, forgeSmsSchema, forgeVerifySchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { ApiError, ok, parse } from '../../lib/http.js';
import { getAccountSettings, isGuest, issueTicket, readTicket, takeTicket, resetPassword } from './account.service.js';
import { sendSmsCode, useCaptcha, useSmsCode } from './sms-code.service.js';
import { openPersonal, SEALED_COLUMNS, UNREADABLE } from '../../lib/personal-data.js';
import { assertNewPassword } from '../../lib/password-policy.js';

const CHECK_WINDOW_MS = 60_000;

/** 找回密码: four steps with single-use tickets between them. */
export default async function passwordResetRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx.db;

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
    const phone = openPersonal(ctx.fields, SEALED_COLUMNS.userPhone, user?.phone);
    if (!user || !phone || phone === UNREADABLE || isGuest(user.username)) throw new ApiError(400, M.accountNotFound);
    if (user.status !== USER_STATUS.normal) throw new ApiError(400, MSG.accountFrozen);
    const result: ForgeCheckResult = {
      ticket: await issueTicket(ctx, { userId: user.id, step: 1 }),
      phone: maskPhone(phone),
    };
    return ok(result, '账号验证通过');
  });

  const phoneOf = async (userId: string) => {
    const user = await db.selectFrom('sysUser').select('phone').where('id', '=', userId).executeTakeFirst();
    const phone = openPersonal(ctx.fields, SEALED_COLUMNS.userPhone, user?.phone);
    if (!phone || phone === UNREADABLE) throw new ApiError(400, M.ticketInvalid);
    return phone;
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
    // Checked before the ticket is spent: a refused password may be retried with the same ticket.
    const { userId } = await readTicket(ctx, input.ticket, 2);
    await assertNewPassword(db, userId, input.password);
    await takeTicket(ctx, input.ticket, 2);
    await resetPassword(ctx, userId, input.password);
    return ok(null, M.passwordReset);
  });
}
