import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: personal information (issue 24 item 12). Each acceptance of the privacy notice at registration
 * (个人信息保护告知): which version of the text, when, and from which address. Kept with the account; the address is
 * cleared when the account is anonymised, the version and time stay as the proof of consent.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  let table = db.schema
    .createTable('sys_privacy_consent')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('notice_version', 'varchar(32)', (c) => c.notNull())
    .addColumn('accept_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)');
  if (mysql) table = table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`);
  await table.execute();
  await db.schema.createIndex('idx_sys_privacy_consent_user').on('sys_privacy_consent').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_privacy_consent').execute();
}
