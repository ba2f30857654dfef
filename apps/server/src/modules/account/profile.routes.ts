import { ACCOUNT_API as A, ACCOUNT_MESSAGES as M, MSG, type AccountSession } from '@district/shared';
import { profilePhoneSchema, profileSchema, profileSmsSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { formatDateTime } from '../../lib/time.js';
import { hashToken } from '../../lib/token-store.js';
import { sealPersonal, SEALED_COLUMNS } from '../../lib/personal-data.js';
import { phoneTaken } from './account.service.js';
import { profileOf, saveProfile, sessionsOf } from './profile.service.js';
import { sendSmsCode, useSmsCode } from './sms-code.service.js';
import { currentUser } from '../../lib/current-user.js';
import { clientName } from '../monitor/client-name.js';

/** 个人中心: the profile, a new phone, the open sessions and the default tenant. */
export default async function profileRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx.db;

  app.get(A.profile, { config: { auth: 'user' } }, async (request) =>
    ok(await profileOf(db, currentUser(request).id, ctx.fields), '查询成功'),
  );

  app.put(A.profile, { config: { auth: 'user' } }, async (request) => {
    const input = parse(profileSchema, request.body);
    const me = currentUser(request);
    await saveProfile(db, me, input, ctx.fields);
    await ctx.authCache.invalidate();
    return ok(await profileOf(db, me.id, ctx.fields), M.profileSaved);
  });

  /** A new phone is proved by a code sent to it (no image captcha: the caller is signed in). */
  app.post(A.profileSms, { config: { auth: 'user' } }, async (request) => {
    const { mobile } = parse(profileSmsSchema, request.body);
    if (await phoneTaken(db, mobile, ctx.fields)) throw new ApiError(400, M.phoneTaken);
    await sendSmsCode(ctx, 'bind', mobile, request.ip);
    return ok(null, M.smsSent);
  });

  app.put(A.profilePhone, { config: { auth: 'user' } }, async (request) => {
    const input = parse(profilePhoneSchema, request.body);
    const me = currentUser(request);
    if (await phoneTaken(db, input.mobile, ctx.fields)) throw new ApiError(400, M.phoneTaken);
    await useSmsCode(ctx, 'bind', input.mobile, input.smscode);
    const phone = sealPersonal(ctx.fields, SEALED_COLUMNS.userPhone, input.mobile);
    await db
      .updateTable('sysUser')
      .set({ phone: phone.value, phoneHash: phone.hash, updateBy: me.username, updateTime: formatDateTime() })
      .where('id', '=', me.id)
      .execute();
    return ok(await profileOf(db, me.id, ctx.fields), M.phoneChanged);
  });

  /** The user's open sessions; each is named by the first characters of its token's hash, never the token. */
  app.get(A.sessions, { config: { auth: 'user' } }, async (request) => {
    const me = currentUser(request);
    const mine = hashToken(me.token);
    const sessions: AccountSession[] = (await sessionsOf(ctx, me.id)).map((s) => ({
      id: s.hash.slice(0, 16),
      current: s.hash === mine,
      ip: s.ip,
      userAgent: s.userAgent,
      // The same parser as 在线用户, so both pages name a device alike.
      client: clientName(s.userAgent),
      createdAt: s.createdAt,
      expiresAt: s.expiresAt,
    }));
    sessions.sort((a, b) => Number(b.current) - Number(a.current) || b.createdAt - a.createdAt);
    return ok(sessions, '查询成功');
  });

  app.post(A.signOutOthers, { config: { auth: 'user' } }, async (request) => {
    const me = currentUser(request);
    const mine = hashToken(me.token);
    const others = (await sessionsOf(ctx, me.id)).map((s) => s.hash).filter((h) => h !== mine);
    for (const hash of others) await ctx.tokens.revokeHash(hash);
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
}
