import { hash, verify } from '@node-rs/argon2';
import { GUEST_CREDENTIALS, MSG, type LoginResult } from '@district/shared';
import type { AppContext } from '../../context.js';
import type { SysUser } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { formatDateTime } from '../../lib/time.js';
import { recordLogin } from '../log/login-log.service.js';
import { loadCompany, loadUserContext } from './user-session.service.js';

/** argon2id with the library's defaults (19 MiB, 2 passes): the OWASP-recommended setting. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

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

/**
 * Signs a user in. Every attempt is logged; a wrong username and a wrong password get the same
 * message; repeated failures lock the account for a while and refuse the address with 429.
 */
export async function login(
  ctx: AppContext,
  attempt: LoginAttempt,
  client: ClientMeta,
  opts: { captcha: boolean },
): Promise<LoginResult> {
  const { db } = ctx.db;
  const { config, kv } = ctx;
  const username = attempt.username.trim();
  const ipKey = `login:fail:ip:${client.ip}`;
  const userKey = `login:fail:user:${username.toLowerCase()}`;
  const lockKey = `login:lock:user:${username.toLowerCase()}`;
  // The guest's credentials ship in the web bundle and every visitor of the public pages signs in with them:
  // locking it would let anyone take those pages down. Its failures count against the address only.
  const lockable = username.toLowerCase() !== GUEST_CREDENTIALS.username.toLowerCase();
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
    await kv.incr(ipKey, IP_WINDOW_MS);
    const failures = lockable ? await kv.incr(userKey, config.loginLockMinutes * 60_000) : 0;
    if (lockable && failures >= config.loginMaxFailures) {
      await kv.set(lockKey, '1', config.loginLockMinutes * 60_000);
      await kv.del(userKey);
    }
    await logFailure(MSG.loginFailed, user?.id ?? null);
    throw new ApiError(400, MSG.loginFailed);
  }
  if (user.status !== 1) {
    await logFailure(MSG.accountFrozen, user.id);
    throw new ApiError(400, MSG.accountFrozen);
  }
  await kv.del(userKey);
  return completeLogin(ctx, user, client);
}

/**
 * The common end of every login (password, phone, third-party): a new token, the login time and address,
 * the log entry, and the session view with the tenants to choose from.
 */
export async function completeLogin(
  ctx: AppContext,
  user: SysUser,
  client: ClientMeta,
  how = '',
): Promise<LoginResult> {
  const { db } = ctx.db;
  const context = await loadUserContext(db, user);
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
  };
}
