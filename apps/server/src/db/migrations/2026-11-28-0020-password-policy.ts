import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: passwords that expire and cannot be reused, passwords that must be changed before anything else,
 * and the idle timeout of sessions (issue 24).
 * - sys_user.password_time: when the password was last set. Existing accounts start their period at the upgrade.
 * - sys_user.password_must_change: 1 while the password is one an administrator chose (added, reset, imported) or a
 *   published one; every route but the password change answers 403 until the user sets their own.
 * - sys_password_history: the hashes of earlier passwords (argon2id, as sys_user.password), newest kept; ordered by
 *   created_at in milliseconds (two changes within one second must still have an order).
 * - sys_token.active_at: the last request that followed the user's own input (ms); null = the login time. Kept with
 *   the session, so every instance of a cluster ends an idle session alike.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  await db.schema.alterTable('sys_user').addColumn('password_time', 'varchar(19)').execute();
  await db.schema
    .alterTable('sys_user')
    .addColumn('password_must_change', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const pad = (n: number) => String(n).padStart(2, '0');
  const d = new Date();
  const now = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  await sql`update sys_user set password_time = ${now} where password_time is null`.execute(db);

  const history = db.schema.createTable('sys_password_history');
  await (mysql ? history.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : history)
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('password', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_sys_password_history_user')
    .on('sys_password_history')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema.alterTable('sys_token').addColumn('active_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_token').dropColumn('active_at').execute();
  await db.schema.dropTable('sys_password_history').execute();
  await db.schema.alterTable('sys_user').dropColumn('password_must_change').execute();
  await db.schema.alterTable('sys_user').dropColumn('password_time').execute();
}
