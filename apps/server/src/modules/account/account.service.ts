import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES as M,
  ACCOUNT_SETTING_KEYS as K,
  DEFAULT_ACCOUNT_SETTINGS as D,
  GUEST_CREDENTIALS,
  type AccountSettings,
} from '@district/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, SysUser } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { setPassword } from '../../lib/password-policy.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import { personalHashes, SEALED_COLUMNS } from '../../lib/personal-data.js';
import { isTaken } from '../user/user.service.js';
import { getSettings, saveSettings } from '../../lib/platform-settings.js';

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : value === '1';

export async function getAccountSettings(db: Kysely<Database>): Promise<AccountSettings> {
  const s = await getSettings(db);
  const tenant = Number(s[K.registerTenantId] ?? '');
  return {
    registerOpen: flag(s[K.registerOpen], D.registerOpen),
    registerApproval: flag(s[K.registerApproval], D.registerApproval),
    registerDepartId: s[K.registerDepartId] ?? D.registerDepartId,
    registerRoleId: s[K.registerRoleId] ?? D.registerRoleId,
    registerTenantId: Number.isInteger(tenant) && tenant > 0 ? tenant : D.registerTenantId,
    phoneLogin: flag(s[K.phoneLogin], D.phoneLogin),
    alteration: flag(s[K.alteration], D.alteration),
  };
}

/** Saves the switches; a department, role or tenant that does not exist is refused (400), nothing saved. */
export async function saveAccountSettings(db: Kysely<Database>, input: AccountSettings): Promise<void> {
  if (input.registerDepartId) {
    const depart = await db
      .selectFrom('sysDepart')
      .select('id')
      .where('id', '=', input.registerDepartId)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!depart) throw new ApiError(400, '所选的默认部门不存在');
  }
  if (input.registerRoleId) {
    const role = await db.selectFrom('sysRole').select('id').where('id', '=', input.registerRoleId).executeTakeFirst();
    if (!role) throw new ApiError(400, '所选的默认角色不存在');
  }
  if (input.registerTenantId) {
    const tenant = await db
      .selectFrom('sysTenant')
      .select('id')
      .where('id', '=', input.registerTenantId)
      .executeTakeFirst();
    if (!tenant) throw new ApiError(400, '所选的默认租户不存在');
  }
  const bit = (v: boolean) => (v ? '1' : '0');
  await saveSettings(db, {
    [K.registerOpen]: bit(input.registerOpen),
    [K.registerApproval]: bit(input.registerApproval),
    [K.registerDepartId]: input.registerDepartId,
    [K.registerRoleId]: input.registerRoleId,
    [K.registerTenantId]: String(input.registerTenantId),
    [K.phoneLogin]: bit(input.phoneLogin),
    [K.alteration]: bit(input.alteration),
  });
}

export const isGuest = (username: string) => username.toLowerCase() === GUEST_CREDENTIALS.username.toLowerCase();

/**
 * The live, active account holding a phone; never the guest (the public display's account). Phones are sealed at
 * rest: found by their keyed hash.
 */
export async function userByPhone(
  db: Kysely<Database>,
  phone: string,
  crypto: FieldCrypto,
): Promise<SysUser | undefined> {
  const user = await db
    .selectFrom('sysUser')
    .selectAll()
    .where('phoneHash', 'in', personalHashes(crypto, SEALED_COLUMNS.userPhone, phone))
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  return user && !isGuest(user.username) ? user : undefined;
}

// Alteration tickets: random, kept only as a hash, with the step they open and the account they are for.
const TICKET_TTL_MS = 10 * 60_000;
const ticketKey = (ticket: string) => `alteration:${createHash('sha256').update(ticket).digest('hex')}`;

interface Ticket {
  userId: string;
  step: 1 | 2;
}

export async function issueTicket(ctx: AppContext, value: Ticket): Promise<string> {
  const ticket = randomBytes(24).toString('base64url');
  await ctx.kv.set(ticketKey(ticket), JSON.stringify(value), TICKET_TTL_MS);
  return ticket;
}

/** Reads a ticket of the given step without using it up (step 2 may be retried with another code). */
export async function readTicket(ctx: AppContext, ticket: string, step: Ticket['step']): Promise<Ticket> {
  const raw = await ctx.kv.get(ticketKey(ticket));
  const value = raw ? (JSON.parse(raw) as Ticket) : null;
  if (!value || value.step !== step) throw new ApiError(400, M.ticketInvalid);
  return value;
}

/** Uses a ticket up: of two requests with the same ticket only one gets it. */
export async function takeTicket(ctx: AppContext, ticket: string, step: Ticket['step']): Promise<Ticket> {
  const value = await readTicket(ctx, ticket, step);
  if (!(await ctx.kv.take(ticketKey(ticket)))) throw new ApiError(400, M.ticketInvalid);
  return value;
}

/** Whether a live account has this phone (registration, phone login codes, a new phone in 个人中心). */
export async function phoneTaken(db: Kysely<Database>, phone: string, crypto: FieldCrypto): Promise<boolean> {
  return isTaken(db, 'phone', phone, null, crypto);
}

/** Whether a user name is taken: regardless of case, deleted accounts included (the same rule as 用户管理's). */
export const usernameTaken = (db: Kysely<Database>, username: string) => isTaken(db, 'username', username, null);

/**
 * Sets a new password (找回密码) the user chose: the configured rule and history were checked by the caller. Whoever
 * held a session of the account (perhaps the reason for the reset) loses it.
 */
export async function resetPassword(ctx: AppContext, userId: string, newPassword: string): Promise<void> {
  await setPassword(ctx.db.db, userId, newPassword, { mustChange: false, by: 'alteration' });
  await ctx.tokens.revokeUser(userId);
}
