import { PASSWORD_LIMITS, SECURITY_MESSAGES as M, checkPassword, type PasswordPolicy } from '@district/shared';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ApiError } from './http.js';
import { newId } from './ids.js';
import { hashPassword, verifyPassword } from './password.js';
import { getSecuritySettings } from './security-settings.js';
import { formatDateTime } from './time.js';

/*
 * The password policy of 安全设置 (issue 24), applied by EVERY path that sets a password: an administrator's add and
 * 重置密码, the import's initial password, registration, 找回密码 and the user's own change. The shared schemas only
 * check that a password is there; the rule (length, character classes) is the configured one, checked here, with the
 * message the web shows beside the field (the web reads the same rule).
 */

/** The configured password policy. */
export async function passwordPolicy(db: Kysely<Database>): Promise<PasswordPolicy> {
  return (await getSecuritySettings(db)).password;
}

/** 400 with the rule's message when the password does not follow the configured rule. */
export async function assertPasswordRule(db: Kysely<Database>, password: string): Promise<PasswordPolicy> {
  const policy = await passwordPolicy(db);
  const problem = checkPassword(password, policy);
  if (problem) throw new ApiError(400, problem);
  return policy;
}

/**
 * 400 when the password is one of the user's last `historyCount` passwords (the current one included). Each is an
 * argon2id hash, so each check costs one verification.
 */
export async function assertNotReused(
  db: Kysely<Database>,
  userId: string,
  password: string,
  historyCount: number,
): Promise<void> {
  if (historyCount <= 0) return;
  const user = await db.selectFrom('sysUser').select('password').where('id', '=', userId).executeTakeFirst();
  const earlier = await db
    .selectFrom('sysPasswordHistory')
    .select('password')
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .limit(Math.max(historyCount - 1, 0))
    .execute();
  const hashes = [...(user ? [user.password] : []), ...earlier.map((r) => r.password)].slice(0, historyCount);
  for (const hash of hashes) {
    if (await verifyPassword(hash, password)) throw new ApiError(400, M.passwordReused(historyCount));
  }
}

/** The configured rule and the history, as every change of an existing account's password checks them. */
export async function assertNewPassword(db: Kysely<Database>, userId: string, password: string): Promise<void> {
  const policy = await assertPasswordRule(db, password);
  await assertNotReused(db, userId, password, policy.historyCount);
}

/**
 * Sets an existing account's password: the old hash goes into the history (the newest PASSWORD_LIMITS.historyCount
 * are kept, so raising the setting later still finds them), the period starts again, and `mustChange` says whether
 * the user must choose their own before doing anything else (a password an administrator chose). The caller ends
 * the user's sessions.
 */
export async function setPassword(
  db: Kysely<Database>,
  userId: string,
  password: string,
  opts: { mustChange: boolean; by: string },
): Promise<void> {
  const hash = await hashPassword(password);
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('sysUser').select('password').where('id', '=', userId).executeTakeFirst();
    if (!user) return;
    await trx
      .insertInto('sysPasswordHistory')
      .values({ id: newId(), userId, password: user.password, createdAt: Date.now() })
      .execute();
    await trx
      .updateTable('sysUser')
      .set({
        password: hash,
        passwordTime: now,
        passwordMustChange: opts.mustChange ? 1 : 0,
        updateBy: opts.by,
        updateTime: now,
      })
      .where('id', '=', userId)
      .execute();
    const kept = await trx
      .selectFrom('sysPasswordHistory')
      .select('id')
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      .limit(PASSWORD_LIMITS.historyCount)
      .execute();
    await trx
      .deleteFrom('sysPasswordHistory')
      .where('userId', '=', userId)
      .where(
        'id',
        'not in',
        kept.map((r) => r.id),
      )
      .execute();
  });
}

/** The columns a new account's password sets: the period starts, and one an administrator chose must be changed. */
export function newPasswordColumns(opts: { mustChange: boolean }) {
  return { passwordTime: formatDateTime(), passwordMustChange: opts.mustChange ? 1 : 0 };
}

/**
 * The import's initial password (USER_INITIAL_PASSWORD) against the configured rule, once per request: the start-up
 * check only knows the default rule, and an administrator may have made it stricter since.
 */
const initialChecks = new WeakMap<FastifyRequest, Promise<void>>();
export function assertInitialPassword(request: FastifyRequest): Promise<void> {
  let check = initialChecks.get(request);
  if (!check) {
    const { db } = request.server.ctx.db;
    const initial = request.server.ctx.config.userInitialPassword;
    check = passwordPolicy(db).then((policy) => {
      const problem = checkPassword(initial, policy);
      if (problem) throw new ApiError(400, M.initialPasswordWeak(problem));
    });
    initialChecks.set(request, check);
  }
  return check;
}
