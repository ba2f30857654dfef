import { createHash, randomInt } from 'node:crypto';
import { PERM, RECOVERY_CODE_PATTERN, ROLE, TOTP, type SecuritySettings, type TotpSetup } from '@district/shared';
import { Secret, TOTP as Totp } from 'otpauth';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { userPermissionCodes } from '../../lib/access/held-permissions.js';
import { formatDateTime } from '../../lib/time.js';

/*
 * The second factor (issue 24): TOTP of RFC 6238 through `otpauth` (SHA-1, 6 digits, 30 s: what every authenticator
 * app reads from an otpauth:// QR code). The secret is sealed with the server's secret box, bound to the user; a code
 * is accepted only for a time step later than the last accepted one, written with a conditional update, so a code is
 * usable once on every instance. Recovery codes are random, shown once and kept as SHA-256 hashes.
 */

/**
 * The codes whose holders administer the system: by default every role holding one of them (or the platform
 * administrator role) needs the second factor.
 */
export const ADMIN_CODES: readonly string[] = [
  PERM.userAdd,
  PERM.userEdit,
  PERM.userDelete,
  PERM.userImport,
  PERM.userFreeze,
  PERM.userResetPassword,
  PERM.roleAdd,
  PERM.roleEdit,
  PERM.roleDelete,
  PERM.roleImport,
  PERM.roleAuthorize,
  PERM.roleUsers,
  PERM.permissionAdd,
  PERM.permissionEdit,
  PERM.permissionDelete,
  PERM.permissionDataRule,
  PERM.platformEdit,
];

const purpose = (userId: string) => `totp:${userId}`;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, issuer = '', label = ''): Totp {
  return new Totp({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** What the enrolment shows: the otpauth:// URI (as a QR code) and the secret as text. */
export function totpSetup(secret: string, issuer: string, account: string): TotpSetup {
  return { uri: totpOf(secret, issuer, account).toString(), secret, issuer, account };
}

/** The time step a 6-digit code is valid for (±TOTP.window periods), or null. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TOTP.window });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP.periodSeconds) + delta;
}

export const sealTotpSecret = (ctx: AppContext, userId: string, secret: string) =>
  ctx.secrets.seal(secret, purpose(userId));
export const openTotpSecret = (ctx: AppContext, userId: string, sealed: string) =>
  ctx.secrets.open(sealed, purpose(userId));

export async function totpEnrolment(db: Kysely<Database>, userId: string) {
  return db.selectFrom('sysUserTotp').selectAll().where('userId', '=', userId).executeTakeFirst();
}

const normaliseRecovery = (code: string) => code.trim().toLowerCase().replace('-', '');
const hashRecovery = (code: string) => createHash('sha256').update(normaliseRecovery(code)).digest('hex');
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  const group = () => Array.from({ length: 5 }, pick).join('');
  return `${group()}-${group()}`;
}

/**
 * Checks a second factor against the enrolment: a 6-digit code for a time step later than the last accepted one
 * (replays refused on every instance by the conditional update), or an unused recovery code (spent by its own
 * conditional update). True once per code.
 */
export async function useSecondFactor(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  const { db } = ctx.db;
  const value = code.trim();
  if (/^\d{6}$/.test(value)) {
    const enrolment = await totpEnrolment(db, userId);
    if (!enrolment) return false;
    const step = totpStep(openTotpSecret(ctx, userId, enrolment.secret), value);
    if (step === null) return false;
    const result = await db
      .updateTable('sysUserTotp')
      .set({ lastStep: step })
      .where('userId', '=', userId)
      .where('lastStep', '<', step)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  if (!RECOVERY_CODE_PATTERN.test(value)) return false;
  if (!(await totpEnrolment(db, userId))) return false;
  const result = await db
    .updateTable('sysUserRecoveryCode')
    .set({ usedTime: formatDateTime() })
    .where('userId', '=', userId)
    .where('codeHash', '=', hashRecovery(value))
    .where('usedTime', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ten new recovery codes (the old ones go), answered once in plain text. */
export async function renewRecoveryCodes(db: Kysely<Database>, userId: string): Promise<string[]> {
  const codes = Array.from({ length: TOTP.recoveryCodes }, newRecoveryCode);
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sysUserRecoveryCode').where('userId', '=', userId).execute();
    await trx
      .insertInto('sysUserRecoveryCode')
      .values(codes.map((c) => ({ id: newId(), userId, codeHash: hashRecovery(c), usedTime: null, createTime: now })))
      .execute();
  });
  return codes;
}

/**
 * Stores a confirmed authenticator, replacing any earlier one, with the step of its confirming code as the last one
 * used (that code cannot sign in afterwards), and answers its ten recovery codes.
 */
export async function enrolTotp(ctx: AppContext, userId: string, secret: string, step: number): Promise<string[]> {
  const { db } = ctx.db;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sysUserTotp').where('userId', '=', userId).execute();
    await trx
      .insertInto('sysUserTotp')
      .values({ userId, secret: sealTotpSecret(ctx, userId, secret), lastStep: step, createTime: formatDateTime() })
      .execute();
  });
  return renewRecoveryCodes(db, userId);
}

/** Removes an enrolment and its recovery codes; true when there was one. */
export async function removeTotp(db: Kysely<Database>, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sysUserRecoveryCode').where('userId', '=', userId).execute();
    const result = await trx.deleteFrom('sysUserTotp').where('userId', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

export async function recoveryCodesLeft(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('sysUserRecoveryCode')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('userId', '=', userId)
    .where('usedTime', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The roles that need the second factor while 安全设置 names none: those holding an administrative code. */
export async function defaultTotpRoleCodes(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('sysRole as r')
    .select('r.roleCode')
    .where((eb) =>
      eb.or([
        eb('r.roleCode', '=', ROLE.platform),
        eb.exists(
          eb
            .selectFrom('sysRolePermission as rp')
            .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
            .select('rp.id')
            .whereRef('rp.roleId', '=', 'r.id')
            .where('p.perms', 'in', ADMIN_CODES)
            .where('p.delFlag', '=', 0),
        ),
      ]),
    )
    .orderBy('r.roleCode')
    .execute();
  return [...new Set(rows.map((r) => r.roleCode))];
}

/**
 * Whether an account must sign in with a second factor: it holds a role 安全设置 names, or (none named) it holds an
 * administrative code through any role or department role, or the platform administrator role. Demo accounts of the
 * settings are spared (the demo ships so, loudly marked).
 */
export async function totpRequired(
  db: Kysely<Database>,
  user: { id: string; username: string },
  settings: SecuritySettings,
): Promise<boolean> {
  if (settings.demoAccounts.includes(user.username)) return false;
  const roles = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('r.roleCode')
    .where('ur.userId', '=', user.id)
    .execute();
  const codes = roles.map((r) => r.roleCode);
  if (codes.includes(ROLE.guest)) return false;
  if (settings.totpRoleCodes.length > 0) return codes.some((c) => settings.totpRoleCodes.includes(c));
  if (codes.includes(ROLE.platform)) return true;
  const held = await userPermissionCodes(db, user.id);
  return ADMIN_CODES.some((c) => held.has(c));
}
