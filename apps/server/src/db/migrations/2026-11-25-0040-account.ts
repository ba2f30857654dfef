import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: third-party login (issue 14). One row per external identity bound to a user; an identity is
 * (third_type, subject) and belongs to one user only.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const table = db.schema.createTable('sys_third_account');
  await (mysql ? table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : table)
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    // The configured provider key (oidc, github, …).
    .addColumn('third_type', 'varchar(32)', (c) => c.notNull())
    // The provider's stable subject (`sub`, or GitHub's numeric id).
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(255)')
    .addColumn('avatar', 'varchar(1024)')
    .addColumn('create_time', 'varchar(19)')
    .addUniqueConstraint('uq_sys_third_account_subject', ['third_type', 'subject'])
    .execute();
  await db.schema.createIndex('idx_sys_third_account_user').on('sys_third_account').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_third_account').execute();
}
