import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { appendLogRows } from '../../lib/log-chain.js';
import { formatDateTime } from '../../lib/time.js';

export const LOG_TYPE_LOGIN = 1;

/** The tenant an account signs in to by default: its chosen one if it still belongs to it, else its first. */
async function defaultTenant(db: Kysely<Database>, userId: string): Promise<number | null> {
  const user = await db.selectFrom('sysUser').select('loginTenantId').where('id', '=', userId).executeTakeFirst();
  const tenants = (
    await db.selectFrom('sysUserTenant').select('tenantId').where('userId', '=', userId).orderBy('id').execute()
  ).map((t) => Number(t.tenantId));
  const chosen = user?.loginTenantId != null ? Number(user.loginTenantId) : null;
  return chosen !== null && tenants.includes(chosen) ? chosen : (tenants[0] ?? null);
}

/**
 * One row of the login log: every attempt, its outcome and where it came from. The row belongs to the tenant
 * the account signed in to; when the caller does not say (failed attempts, logout), the account's default
 * tenant, so that tenant's administrators see attempts on their accounts. Attempts on unknown names have none.
 */
export async function recordLogin(
  db: Kysely<Database>,
  entry: {
    content: string;
    success: boolean;
    ip: string;
    userId?: string | null;
    username?: string | null;
    tenantId?: number | null;
  },
): Promise<void> {
  const tenantId =
    entry.tenantId !== undefined ? entry.tenantId : entry.userId ? await defaultTenant(db, entry.userId) : null;
  // Chained like every log row (lib/log-chain.ts).
  await appendLogRows(db, 'sysLog', [
    {
      id: newId(),
      logType: LOG_TYPE_LOGIN,
      logContent: entry.content.slice(0, 1000),
      operateType: null,
      userid: entry.userId ?? null,
      username: entry.username?.slice(0, 100) ?? null,
      ip: entry.ip.slice(0, 64),
      method: null,
      requestUrl: null,
      requestParam: null,
      requestType: null,
      costTime: null,
      tenantId,
      createTime: formatDateTime(),
      result: entry.success ? 1 : 0,
    },
  ]);
}

/** The login before the current one ("上次登录"), or the current one for a first login. */
export async function previousLogin(db: Kysely<Database>, userId: string) {
  const rows = await db
    .selectFrom('sysLog')
    .select(['createTime', 'ip'])
    .where('userid', '=', userId)
    .where('logType', '=', LOG_TYPE_LOGIN)
    .where('result', '=', 1)
    .where('logContent', 'like', '%登录成功%')
    .orderBy('createTime', 'desc')
    .limit(2)
    .execute();
  return rows[1] ?? rows[0] ?? null;
}
