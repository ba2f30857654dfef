import type { AccountProfile } from '@district/shared';
import type { profileSchema } from '@district/shared/schemas';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import type { AppContext, AuthUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import { ApiError } from '../../lib/http.js';
import { openPersonal, SEALED_COLUMNS, sealPersonal } from '../../lib/personal-data.js';
import { isTaken } from '../user/user.service.js';
import { formatDateTime } from '../../lib/time.js';

/** 个人中心: the profile as the page shows it (one's own phone and e-mail whole). */
export async function profileOf(db: Kysely<Database>, userId: string, crypto: FieldCrypto): Promise<AccountProfile> {
  const user = await db
    .selectFrom('sysUser')
    .select(['username', 'realname', 'avatar', 'phone', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    username: user.username,
    realname: user.realname,
    avatar: user.avatar ?? '',
    phone: openPersonal(crypto, SEALED_COLUMNS.userPhone, user.phone) ?? '',
    email: openPersonal(crypto, SEALED_COLUMNS.userEmail, user.email) ?? '',
  };
}

/** Saves the caller's own name, e-mail (unique among live accounts) and avatar. */
export async function saveProfile(
  db: Kysely<Database>,
  me: AuthUser,
  input: z.infer<typeof profileSchema>,
  crypto: FieldCrypto,
): Promise<void> {
  if (input.email && (await isTaken(db, 'email', input.email, me.id, crypto))) {
    throw new ApiError(400, '该邮箱已被使用');
  }
  const email = sealPersonal(crypto, SEALED_COLUMNS.userEmail, input.email);
  await db
    .updateTable('sysUser')
    .set({
      realname: input.realname,
      email: email.value,
      emailHash: email.hash,
      ...(input.avatar !== undefined ? { avatar: input.avatar || null } : {}),
      updateBy: me.username,
      updateTime: formatDateTime(),
    })
    .where('id', '=', me.id)
    .execute();
}

// The token store lists every live session (sys_token, or Redis in a cluster); the user's own are kept here.
interface StoredSession {
  hash: string;
  ip: string;
  userAgent: string;
  createdAt: number;
  expiresAt: number;
}

export async function sessionsOf(ctx: AppContext, userId: string): Promise<StoredSession[]> {
  return (await ctx.tokens.list())
    .filter((s) => s.userId === userId)
    .map((s) => ({
      hash: s.tokenHash,
      ip: s.ip ?? '',
      userAgent: s.userAgent ?? '',
      createdAt: s.createdAt,
      expiresAt: s.expiresAt,
    }));
}
