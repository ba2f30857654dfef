import { MysqlAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';

/*
 * User names are unique regardless of case (`Admin` is `admin`). The rule of app-spec §5 (ASCII letters, digits and
 * `_`) already keeps out look-alike letters of other scripts (Cyrillic `а`, full-width `ａ`), so the case is all
 * that is folded. The database enforces it (migration 2026-11-27-0070: a unique index on lower(username), on
 * MariaDB on its generated column username_fold); the checks below give the friendly message first.
 */

/** A user name as uniqueness sees it. */
export const foldUsername = (username: string): string => username.toLowerCase();

/**
 * The folded user name of sys_user (alone in the FROM) in SQL, spelt as its unique index is, so the index serves it:
 * `lower(username)` on PostgreSQL and SQLite (an expression index), the generated column on MariaDB/MySQL.
 */
export function foldedUsername(db: Kysely<Database>): RawBuilder<string> {
  return db.getExecutor().adapter instanceof MysqlAdapter
    ? sql<string>`${sql.ref('username_fold')}`
    : sql<string>`lower(${sql.ref('username')})`;
}
