import { THIRD_LOGIN_MESSAGES as M, type ThirdAccountView } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database, SysThirdAccount } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import type { ThirdIdentity } from './third-login.service.js';

type Db = Kysely<Database>;

/** The binding of a provider's subject, if any. */
export const bindingOf = (db: Db, thirdType: string, subject: string) =>
  db
    .selectFrom('sysThirdAccount')
    .selectAll()
    .where('thirdType', '=', thirdType)
    .where('subject', '=', subject)
    .executeTakeFirst();

/** A live (not deleted) account by id. */
export const activeUser = (db: Db, id: string) =>
  db.selectFrom('sysUser').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();

/** Refuses what a binding may not be; `null` when the identity may be bound to the user. */
export async function bindProblem(db: Db, userId: string, thirdType: string, subject: string): Promise<string | null> {
  const existing = await bindingOf(db, thirdType, subject);
  if (existing) return existing.userId === userId ? M.alreadyBoundSelf : M.alreadyBoundOther;
  const sameType = await db
    .selectFrom('sysThirdAccount')
    .select('id')
    .where('userId', '=', userId)
    .where('thirdType', '=', thirdType)
    .executeTakeFirst();
  return sameType ? M.typeBound : null;
}

/** Binds an identity to an account (the unique key refuses a second binding of the same identity). */
export async function bind(db: Db, userId: string, thirdType: string, identity: ThirdIdentity): Promise<void> {
  await db
    .insertInto('sysThirdAccount')
    .values({
      id: newId(),
      userId,
      thirdType,
      subject: identity.subject,
      displayName: identity.displayName,
      avatar: identity.avatar,
      createTime: formatDateTime(),
    })
    .execute();
}

/** An account's bindings as 个人中心 and 用户管理 list them; `nameOf` names the provider. */
export async function bindingsOf(db: Db, userId: string, nameOf: (key: string) => string): Promise<ThirdAccountView[]> {
  const rows = await db
    .selectFrom('sysThirdAccount')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createTime', 'asc')
    .execute();
  return rows.map((row: SysThirdAccount) => ({
    id: row.id,
    thirdType: row.thirdType,
    providerName: nameOf(row.thirdType),
    subject: row.subject,
    displayName: row.displayName,
    avatar: row.avatar,
    createTime: row.createTime,
  }));
}
