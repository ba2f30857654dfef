import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Real names of users, for answers that show who did something: audit columns store the login name (createBy)
 * or the id, and pages show people by name. Keyed by what was asked for; an unknown user is left out, so the
 * caller falls back to the stored value (a deleted account, `system`).
 */
export async function realnamesBy(
  db: Kysely<Database>,
  column: 'username' | 'id',
  values: readonly (string | null | undefined)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(values.filter((v): v is string => Boolean(v)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('sysUser')
    .select(['id', 'username', 'realname'])
    .where(column, 'in', wanted)
    .execute();
  return new Map(rows.filter((r) => r.realname).map((r) => [r[column], r.realname]));
}
