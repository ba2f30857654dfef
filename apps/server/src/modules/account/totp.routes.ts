import {
  PERM,
  SECURITY_API as A,
  SECURITY_MESSAGES as M,
  type TotpEnableResult,
  type TotpSetup,
  type TotpStatus,
} from '@district/shared';
import { totpConfirmSchema, totpEnableSchema, userTotpQuerySchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertAccountsInReach } from '../../lib/access/reach.js';
import { currentUser } from '../../lib/current-user.js';
import { ApiError, ok, parse } from '../../lib/http.js';
import { getPlatformSettings } from '../../lib/platform-settings.js';
import { resourceContext } from '../../lib/resource/resource.routes.js';
import { NOT_FOUND, scoped } from '../../lib/resource/resource.service.js';
import type { Row } from '../../lib/resource/resource.types.js';
import { getSecuritySettings } from '../../lib/security-settings.js';
import { userResource } from '../user/user.resource.js';
import {
  enrolTotp,
  newTotpSecret,
  recoveryCodesLeft,
  removeTotp,
  renewRecoveryCodes,
  totpEnrolment,
  totpRequired,
  totpSetup,
  totpStep,
  useSecondFactor,
} from '../auth/totp.service.js';

/** A secret being set up in 个人中心 waits this long for its first code. */
const PENDING_TTL_MS = 10 * 60_000;
/** Wrong first codes before the secret being set up is dropped. */
const PENDING_MAX_FAILURES = 5;

/**
 * 个人中心 → 二次验证: the caller's own authenticator (set up with a QR code and confirmed with a code, ten recovery
 * codes shown once, switched off or its codes renewed with a current code), and 用户管理's reset of someone's lost
 * device (the user enrols again at the next sign-in).
 */
export default async function totpRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx.db;
  const pendingKey = (userId: string) => `totp:pending:${userId}`;
  const pendingPurpose = (userId: string) => `totp-pending:${userId}`;

  const statusOf = async (user: { id: string; username: string }): Promise<TotpStatus> => {
    const enrolment = await totpEnrolment(db, user.id);
    return {
      enabled: Boolean(enrolment),
      required: await totpRequired(db, user, await getSecuritySettings(db)),
      enabledTime: enrolment?.createTime ?? null,
      recoveryCodesLeft: enrolment ? await recoveryCodesLeft(db, user.id) : 0,
    };
  };

  app.get(A.totp, { config: { auth: 'user' } }, async (request) => {
    const me = currentUser(request);
    return ok(await statusOf(me), '查询成功');
  });

  /** A new secret, kept sealed for ten minutes until its first code confirms it. */
  app.post(A.totpSetup, { config: { auth: 'user' } }, async (request) => {
    const me = currentUser(request);
    if (await totpEnrolment(db, me.id)) throw new ApiError(400, M.totpAlreadyEnabled);
    const secret = newTotpSecret();
    const pending = { secret: ctx.secrets.seal(secret, pendingPurpose(me.id)), failures: 0 };
    await ctx.kv.set(pendingKey(me.id), JSON.stringify(pending), PENDING_TTL_MS);
    const setup: TotpSetup = totpSetup(secret, (await getPlatformSettings(db)).systemName, me.username);
    return ok(setup, '请使用身份验证器扫描二维码');
  });

  app.post(A.totpEnable, { config: { auth: 'user' } }, async (request) => {
    const { passcode } = parse(totpEnableSchema, request.body);
    const me = currentUser(request);
    if (await totpEnrolment(db, me.id)) throw new ApiError(400, M.totpAlreadyEnabled);
    const text = await ctx.kv.get(pendingKey(me.id));
    if (!text) throw new ApiError(400, M.totpSetupMissing);
    const pending = JSON.parse(text) as { secret: string; failures: number };
    const secret = ctx.secrets.open(pending.secret, pendingPurpose(me.id));
    const step = totpStep(secret, passcode);
    if (step === null) {
      pending.failures += 1;
      if (pending.failures >= PENDING_MAX_FAILURES) await ctx.kv.del(pendingKey(me.id));
      else await ctx.kv.set(pendingKey(me.id), JSON.stringify(pending), PENDING_TTL_MS);
      throw new ApiError(400, M.totpCodeWrong);
    }
    if (!(await ctx.kv.take(pendingKey(me.id)))) throw new ApiError(400, M.totpSetupMissing);
    const result: TotpEnableResult = { recoveryCodes: await enrolTotp(ctx, me.id, secret, step) };
    return ok(result, M.totpEnabled);
  });

  /** Only for an account whose roles do not require it, with a current code. */
  app.post(A.totpDisable, { config: { auth: 'user' } }, async (request) => {
    const { passcode } = parse(totpConfirmSchema, request.body);
    const me = currentUser(request);
    if (!(await totpEnrolment(db, me.id))) throw new ApiError(400, M.totpNotEnrolled);
    if (await totpRequired(db, me, await getSecuritySettings(db))) throw new ApiError(403, M.totpRequiredCannotDisable);
    if (!(await useSecondFactor(ctx, me.id, passcode))) throw new ApiError(400, M.totpCodeWrong);
    await removeTotp(db, me.id);
    return ok(null, M.totpDisabled);
  });

  /** Ten new recovery codes (the old ones void), with a current code. */
  app.post(A.totpRecoveryCodes, { config: { auth: 'user' } }, async (request) => {
    const { passcode } = parse(totpConfirmSchema, request.body);
    const me = currentUser(request);
    if (!(await totpEnrolment(db, me.id))) throw new ApiError(400, M.totpNotEnrolled);
    if (!(await useSecondFactor(ctx, me.id, passcode))) throw new ApiError(400, M.totpCodeWrong);
    const result: TotpEnableResult = { recoveryCodes: await renewRecoveryCodes(db, me.id) };
    return ok(result, M.recoveryCodesRenewed);
  });

  // ---- 用户管理: a user's enrolment, and the reset of a lost device ----

  /** A user the caller's 用户管理 shows (tenant and data rules), else 404. */
  const targetUser = async (request: FastifyRequest, userId: string) => {
    const q = await scoped(userResource, resourceContext(app, request));
    const row = (await q.where('sysUser.id', '=', userId).executeTakeFirst()) as Row | undefined;
    if (!row) throw new ApiError(404, NOT_FOUND);
    return { id: String(row.id), username: String(row.username) };
  };

  app.get(A.userTotp, { config: { auth: PERM.userResetPassword } }, async (request) => {
    const { userId } = parse(userTotpQuerySchema, request.query);
    const user = await targetUser(request, userId);
    const status = await statusOf(user);
    return ok(status, '查询成功');
  });

  /**
   * Resets a user's second factor (lost device), like a password reset: the same right, only for accounts within the
   * caller's reach. The user's sessions end; an account that requires it enrols again at the next sign-in. The
   * operation log keeps the call (who, whom, when).
   */
  app.delete(A.userTotp, { config: { auth: PERM.userResetPassword } }, async (request) => {
    const { userId } = parse(userTotpQuerySchema, request.query);
    const user = await targetUser(request, userId);
    await assertAccountsInReach(db, currentUser(request), [user.id]);
    if (!(await removeTotp(db, user.id))) throw new ApiError(400, M.totpResetNone);
    await ctx.tokens.revokeUser(user.id);
    return ok(null, M.totpReset);
  });
}
