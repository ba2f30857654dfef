import {
  MSG,
  SECURITY_API as A,
  SECURITY_MESSAGES as M,
  USER_STATUS,
  type LoginResult,
  type TotpEnableResult,
  type TotpSetup,
} from '@district/shared';
import { loginTotpEnableSchema, loginTotpSchema, loginTotpSetupSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, ok, parse } from '../../lib/http.js';
import { getPlatformSettings } from '../../lib/platform-settings.js';
import { recordLogin } from '../log/login-log.service.js';
import {
  assertNotLocked,
  challengeKey,
  clearLoginFailures,
  countLoginFailure,
  issueSession,
  type ChallengeRecord,
} from './login.service.js';
import { enrolTotp, newTotpSecret, totpSetup, totpStep, useSecondFactor } from './totp.service.js';

/** Wrong codes one ticket takes before it is void (the account's own lock usually comes first). */
const MAX_TICKET_FAILURES = 5;

/**
 * The login's second step (issue 24): after any first factor (password, SMS code, CAS, third-party) an enrolled
 * account gives a code of its authenticator (or a recovery code), and an account that must enrol sets one up. Wrong
 * codes count as failed logins and lock the account as wrong passwords do; the ticket is spent by the success.
 */
export default async function secondFactorRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx.db;

  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

  /** The ticket's record, refused (400) when unknown or expired, and the account when it may still sign in. */
  const readChallenge = async (mfaToken: string, request: FastifyRequest, mode: ChallengeRecord['mode']) => {
    const text = await ctx.kv.get(challengeKey(mfaToken));
    const record = text ? (JSON.parse(text) as ChallengeRecord) : null;
    if (!record || record.mode !== mode || record.expiresAt <= Date.now()) {
      throw new ApiError(400, M.totpChallengeInvalid);
    }
    try {
      await assertNotLocked(ctx, record.username, request.ip);
    } catch (error) {
      await ctx.kv.del(challengeKey(mfaToken));
      throw error;
    }
    const user = await db
      .selectFrom('sysUser')
      .selectAll()
      .where('id', '=', record.userId)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!user || user.status !== USER_STATUS.normal) {
      await ctx.kv.del(challengeKey(mfaToken));
      throw new ApiError(400, user ? MSG.accountFrozen : M.totpChallengeInvalid);
    }
    return { record, user };
  };

  const save = (mfaToken: string, record: ChallengeRecord) =>
    ctx.kv.set(challengeKey(mfaToken), JSON.stringify(record), Math.max(1, record.expiresAt - Date.now()));

  /** A wrong code: counted against the account and the address (the lock of wrong passwords), and logged. */
  const wrongCode = async (mfaToken: string, record: ChallengeRecord, request: FastifyRequest): Promise<never> => {
    await countLoginFailure(ctx, record.username, request.ip);
    await recordLogin(db, {
      content: `用户名: ${record.username}，登录失败：${M.totpCodeWrong}`,
      success: false,
      ip: request.ip,
      userId: record.userId,
      username: record.username,
    });
    record.failures += 1;
    if (record.failures >= MAX_TICKET_FAILURES) await ctx.kv.del(challengeKey(mfaToken));
    else await save(mfaToken, record);
    throw new ApiError(400, M.totpCodeWrong);
  };

  /** Spends the ticket: of two requests with the same ticket only one signs in. */
  const spend = async (mfaToken: string) => {
    if (!(await ctx.kv.take(challengeKey(mfaToken)))) throw new ApiError(400, M.totpChallengeInvalid);
  };

  app.post(A.loginTotp, { config: { auth: 'public' } }, async (request) => {
    const input = parse(loginTotpSchema, request.body);
    const { record, user } = await readChallenge(input.mfaToken, request, 'totp');
    if (!(await useSecondFactor(ctx, user.id, input.passcode))) return wrongCode(input.mfaToken, record, request);
    await spend(input.mfaToken);
    await clearLoginFailures(ctx, record.username);
    const result: LoginResult = await issueSession(ctx, user, client(request), `${record.how}（二次验证）`);
    return ok(result, '登录成功');
  });

  /** An account that must enrol: a new secret for this login (replacing one set up earlier for the same ticket). */
  app.post(A.loginTotpSetup, { config: { auth: 'public' } }, async (request) => {
    const input = parse(loginTotpSetupSchema, request.body);
    const { record, user } = await readChallenge(input.mfaToken, request, 'enrol');
    const secret = newTotpSecret();
    record.pendingSecret = ctx.secrets.seal(secret, `totp-pending:${user.id}`);
    await save(input.mfaToken, record);
    const issuer = (await getPlatformSettings(db)).systemName;
    const setup: TotpSetup = totpSetup(secret, issuer, user.username);
    return ok(setup, '请使用身份验证器扫描二维码');
  });

  /** The first code of the new authenticator confirms it: stored, ten recovery codes answered once, signed in. */
  app.post(A.loginTotpEnable, { config: { auth: 'public' } }, async (request) => {
    const input = parse(loginTotpEnableSchema, request.body);
    const { record, user } = await readChallenge(input.mfaToken, request, 'enrol');
    if (!record.pendingSecret) throw new ApiError(400, M.totpSetupMissing);
    const secret = ctx.secrets.open(record.pendingSecret, `totp-pending:${user.id}`);
    const step = totpStep(secret, input.passcode);
    if (step === null) return wrongCode(input.mfaToken, record, request);
    await spend(input.mfaToken);
    await clearLoginFailures(ctx, record.username);
    const recoveryCodes = await enrolTotp(ctx, user.id, secret, step);
    const login = await issueSession(ctx, user, client(request), `${record.how}（绑定身份验证器）`);
    const result: TotpEnableResult = { recoveryCodes, login };
    return ok(result, M.totpEnabled);
  });
}
