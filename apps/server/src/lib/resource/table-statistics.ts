import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Rows an import must have written before the table's planner statistics are refreshed. */
export const ANALYZE_AFTER_ROWS = 1000;

/**
 * PostgreSQL and MariaDB choose a list's plan from the table's statistics, which after a bulk load still
 * describe the table before it: a 100,000-user import left the user list 14× slower on PostgreSQL (a scan of
 * every row instead of the sort index) until autovacuum analysed it (docs/benchmarks.md). SQLite keeps no
 * statistics unless asked and plans by its rules, so it is left as it is.
 */
export async function refreshStatistics(db: Db, table: string): Promise<void> {
  if (db.dialect === 'postgres') await sql`analyze ${sql.table(table)}`.execute(db.db);
  else if (db.dialect === 'mysql') await sql`analyze table ${sql.table(table)}`.execute(db.db);
}
