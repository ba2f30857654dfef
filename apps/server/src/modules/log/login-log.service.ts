import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';

export const LOG_TYPE_LOGIN = 1;

/** One row of the login log: every attempt, its outcome and where it came from. */
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
  await db
    .insertInto('sysLog')
    .values({
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
      tenantId: entry.tenantId ?? null,
      createTime: formatDateTime(),
      result: entry.success ? 1 : 0,
    })
    .execute();
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
