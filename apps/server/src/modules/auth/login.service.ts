import { createHash, randomBytes } from 'node:crypto';
import {
  GUEST_CREDENTIALS,
  MSG,
  TOTP,
  inactiveAccountMessage,
  isLoginChallenge,
  type LoginAnswer,
  type LoginChallenge,
  type LoginResult,
  type SecuritySettings,
  type SessionSecurity,
} from '@district/shared';
import type { AppContext } from '../../context.js';
import { SEED_ACCOUNTS } from '../../db/seeds/demo.seed.js';
import type { SysUser } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { getSecuritySettings } from '../../lib/security-settings.js';
import { formatDateTime, parseDateTime } from '../../lib/time.js';
import { recordLogin } from '../log/login-log.service.js';
import { totpEnrolment, totpRequired } from './totp.service.js';
import { loadCompany, loadUserContext } from './user-session.service.js';

// Verifying against a throwaway hash for unknown users keeps their answer as slow as a real one.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword('district-assets-unknown-user'));

export const CAPTCHA_TTL_MS = 2 * 60_000;
const IP_WINDOW_MS = 15 * 60_000;

export interface LoginAttempt {
  username: string;
  password: string;
  captcha?: string;
  checkKey?: string;
}

export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

const isGuestName = (username: string) => username.toLowerCase() === GUEST_CREDENTIALS.username.toLowerCase();
const failureKeys = (username: string, ip: string) => ({
  ipKey: `login:fail:ip:${ip}`,
  userKey: `login:fail:user:${username.toLowerCase()}`,
  lockKey: `login:lock:user:${username.toLowerCase()}`,
});

/**
 * Counts a failed login (a wrong password, or a wrong second-factor code) against the address and the account; the
 * account is locked once it reaches LOGIN_MAX_FAILURES. The guest is never locked (its failures count against the
 * address only).
 */
export async function countLoginFailure(ctx: AppContext, username: string, ip: string): Promise<void> {
  const { config, kv } = ctx;
  const { ipKey, userKey, lockKey } = failureKeys(username, ip);
  await kv.incr(ipKey, IP_WINDOW_MS);
  if (isGuestName(username)) return;
  const failures = await kv.incr(userKey, config.loginLockMinutes * 60_000);
  if (failures >= config.loginMaxFailures) {
    await kv.set(lockKey, '1', config.loginLockMinutes * 60_000);
    await kv.del(userKey);
  }
}

/** 429 when the account is locked or the address has failed too often (checked before each step of a login). */
export async function assertNotLocked(ctx: AppContext, username: string, ip: string): Promise<void> {
  const { ipKey, lockKey } = failureKeys(username, ip);
  if (Number(await ctx.kv.get(ipKey)) >= ctx.config.loginIpMaxFailures) throw new ApiError(429, MSG.tooManyRequests);
  if (!isGuestName(username) && (await ctx.kv.get(lockKey))) throw new ApiError(429, MSG.accountLocked);
}

/** A successful step clears the account's failure count. */
export const clearLoginFailures = (ctx: AppContext, username: string) => ctx.kv.del(failureKeys(username, '').userKey);

/**
 * Whether a password is a published one: a seeded account's (README) or the import's initial password
 * (USER_INITIAL_PASSWORD). Whoever signs in with one must change it first, whatever the account.
 */
export function isPublishedPassword(ctx: AppContext, password: string): boolean {
  return (
    password === ctx.config.userInitialPassword || Object.values(SEED_ACCOUNTS).some((a) => a.password === password)
  );
}

/**
 * Signs a user in. Every attempt is logged; a wrong username and a wrong password get the same
 * message; repeated failures lock the account for a while and refuse the address with 429. The answer is the
 * session, or the second step it still needs (completeLogin).
 */
export async function login(
  ctx: AppContext,
  attempt: LoginAttempt,
  client: ClientMeta,
  opts: { captcha: boolean },
): Promise<LoginAnswer> {
  const { db } = ctx.db;
  const { config, kv } = ctx;
  const username = attempt.username.trim();
  const { ipKey, lockKey } = failureKeys(username, client.ip);
  // The guest's credentials ship in the web bundle and every visitor of the public pages signs in with them:
  // locking it would let anyone take those pages down. Its failures count against the address only.
  const lockable = !isGuestName(username);
  const logFailure = (content: string, userId: string | null = null) =>
    recordLogin(db, {
      content: `用户名: ${username}，登录失败：${content}`,
      success: false,
      ip: client.ip,
      userId,
      username,
    });

  if (Number(await kv.get(ipKey)) >= config.loginIpMaxFailures) {
    await logFailure('来源地址失败次数过多');
    throw new ApiError(429, MSG.tooManyRequests);
  }
  if (lockable && (await kv.get(lockKey))) {
    await logFailure('账号已临时锁定');
    throw new ApiError(429, MSG.accountLocked);
  }

  if (opts.captcha) {
    if (!attempt.captcha || !attempt.checkKey) {
      await logFailure(MSG.captchaRequired);
      throw new ApiError(400, MSG.captchaRequired);
    }
    const expected = await kv.take(`captcha:${attempt.checkKey}`);
    if (!expected) {
      await logFailure(MSG.captchaExpired);
      throw new ApiError(400, MSG.captchaExpired);
    }
    if (expected !== attempt.captcha.trim().toLowerCase()) {
      await kv.incr(ipKey, IP_WINDOW_MS);
      await logFailure(MSG.captchaWrong);
      throw new ApiError(400, MSG.captchaWrong);
    }
  }

  const user = await db
    .selectFrom('sysUser')
    .selectAll()
    .where('username', '=', username)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  const valid = await verifyPassword(user?.password ?? (await getDummyHash()), attempt.password);
  if (!user || !valid) {
    await countLoginFailure(ctx, username, client.ip);
    await logFailure(MSG.loginFailed, user?.id ?? null);
    throw new ApiError(400, MSG.loginFailed);
  }
  if (user.status !== 1) {
    // A registered account awaiting approval is told so, not that it was frozen.
    await logFailure(inactiveAccountMessage(user.status), user.id);
    throw new ApiError(400, inactiveAccountMessage(user.status));
  }
  await clearLoginFailures(ctx, username);
  // A published password (seeded, or the import's initial one) must be changed before anything else; demo accounts
  // of 安全设置 may keep theirs. The flag is stored, so the next login and every instance see it.
  if (lockable && isPublishedPassword(ctx, attempt.password) && !user.passwordMustChange) {
    const settings = await getSecuritySettings(db);
    if (!settings.demoAccounts.includes(user.username)) {
      await db.updateTable('sysUser').set({ passwordMustChange: 1 }).where('id', '=', user.id).execute();
      user.passwordMustChange = 1;
    }
  }
  return completeLogin(ctx, user, client);
}

// ---- The second step ----

/** What a second-step ticket stands for (kept in the key-value store under the ticket's SHA-256). */
export interface ChallengeRecord {
  userId: string;
  username: string;
  mode: LoginChallenge['challenge'];
  /** How the first step signed in (手机号, CAS, 第三方(…)), for the login log. */
  how: string;
  ip: string;
  userAgent?: string;
  /** Epoch ms when the ticket ends. */
  expiresAt: number;
  /** The authenticator being set up (enrolment at login), sealed. */
  pendingSecret?: string;
  /** Wrong codes given to this ticket. */
  failures: number;
}

export const challengeKey = (ticket: string) => `login:2fa:${createHash('sha256').update(ticket).digest('hex')}`;

async function issueChallenge(
  ctx: AppContext,
  user: SysUser,
  client: ClientMeta,
  how: string,
  mode: LoginChallenge['challenge'],
): Promise<LoginChallenge> {
  const ticket = randomBytes(24).toString('base64url');
  const ttlMs = TOTP.challengeSeconds * 1000;
  const record: ChallengeRecord = {
    userId: user.id,
    username: user.username,
    mode,
    how,
    ip: client.ip,
    userAgent: client.userAgent,
    expiresAt: Date.now() + ttlMs,
    failures: 0,
  };
  await ctx.kv.set(challengeKey(ticket), JSON.stringify(record), ttlMs);
  return { challenge: mode, ticket, username: user.username, expiresIn: TOTP.challengeSeconds };
}

/**
 * The common end of every first factor (password, phone, CAS, third-party): an enrolled account, or one whose roles
 * require the second factor, gets a short-lived ticket for the second step (never a token); any other gets its
 * session at once.
 */
export async function completeLogin(
  ctx: AppContext,
  user: SysUser,
  client: ClientMeta,
  how = '',
): Promise<LoginAnswer> {
  const { db } = ctx.db;
  if (!isGuestName(user.username)) {
    if (await totpEnrolment(db, user.id)) return issueChallenge(ctx, user, client, how, 'totp');
    if (await totpRequired(db, user, await getSecuritySettings(db))) {
      return issueChallenge(ctx, user, client, how, 'enrol');
    }
  }
  return issueSession(ctx, user, client, how);
}

/** Whole days from now to a time (negative once past). */
const daysUntil = (time: number) => Math.ceil((time - Date.now()) / 86_400_000);

/**
 * What the session's user must know at once: a password to change before anything else (one an administrator chose,
 * a published one, or one past its period), when the password expires (and the warning), the idle timeout.
 */
export function sessionSecurity(
  user: Pick<SysUser, 'username' | 'passwordMustChange' | 'passwordTime'>,
  settings: SecuritySettings,
  totpEnabled: boolean,
): SessionSecurity {
  const { maxAgeDays, warnDays } = settings.password;
  const guest = isGuestName(user.username);
  const setAt = user.passwordTime ? parseDateTime(user.passwordTime) : null;
  const expiresAt = !guest && maxAgeDays > 0 && setAt !== null ? setAt + maxAgeDays * 86_400_000 : null;
  const expired = expiresAt !== null && expiresAt <= Date.now();
  const left = expiresAt !== null ? daysUntil(expiresAt) : null;
  return {
    mustChangePassword: guest ? null : user.passwordMustChange ? 'initial' : expired ? 'expired' : null,
    passwordExpiresAt: expiresAt !== null ? formatDateTime(new Date(expiresAt)) : null,
    passwordExpiresInDays: left !== null && !expired && left <= warnDays ? left : null,
    idleMs: settings.idleMinutes * 60_000,
    totpEnabled,
  };
}

/**
 * Every factor passed: a new token, the login time and address, the log entry, and the session view with the
 * tenants to choose from and the session's security facts.
 */
export async function issueSession(ctx: AppContext, user: SysUser, client: ClientMeta, how = ''): Promise<LoginResult> {
  const { db } = ctx.db;
  const context = await loadUserContext(db, user, ctx.fields);
  const token = await ctx.tokens.issue(user.id, client);
  const now = formatDateTime();
  await db
    .updateTable('sysUser')
    .set({ lastLoginTime: now, lastLoginIp: client.ip.slice(0, 64) })
    .where('id', '=', user.id)
    .execute();
  await recordLogin(db, {
    content: `用户名: ${user.username}，${how}登录成功！`,
    success: true,
    ip: client.ip,
    userId: user.id,
    username: user.username,
    tenantId: context.userInfo.loginTenantId,
  });
  const departCount = context.departList.length;
  return {
    token,
    userInfo: { ...context.userInfo, lastLoginTime: now },
    company: await loadCompany(db, context.userInfo.loginTenantId || null),
    departList: context.departList,
    positionList: context.positionList,
    tenantList: context.tenantList,
    multi_depart: departCount === 0 ? 0 : departCount === 1 ? 1 : 2,
    security: sessionSecurity(user, await getSecuritySettings(db), Boolean(await totpEnrolment(db, user.id))),
  };
}

/** Whose login an answer is: the session's user, or the one the second-step ticket waits for. */
export async function answerUserId(ctx: AppContext, answer: LoginAnswer): Promise<string | null> {
  if (!isLoginChallenge(answer)) return answer.userInfo.id;
  const text = await ctx.kv.get(challengeKey(answer.ticket));
  return text ? (JSON.parse(text) as ChallengeRecord).userId : null;
}

/** Takes a login back (a check after the password failed): the token is revoked, or the ticket dropped. */
export async function discardAnswer(ctx: AppContext, answer: LoginAnswer): Promise<void> {
  if (isLoginChallenge(answer)) await ctx.kv.del(challengeKey(answer.ticket));
  else await ctx.tokens.revoke(answer.token);
}
