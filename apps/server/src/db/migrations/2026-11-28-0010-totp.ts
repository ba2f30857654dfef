import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: the second factor of issue 24 (TOTP, RFC 6238). One confirmed authenticator per account, its
 * secret sealed with the server's secret box (never readable in a dump), and the last time step a code was accepted
 * for, so a code is usable once across every instance. Recovery codes are kept only as SHA-256 hashes, each usable
 * once.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const table = (name: string) => {
    const t = db.schema.createTable(name);
    return mysql ? t.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : t;
  };

  await table('sys_user_totp')
    .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey())
    // The base32 secret sealed by lib/secret-box.ts (bound to the user as associated data).
    .addColumn('secret', 'varchar(512)', (c) => c.notNull())
    // The RFC 6238 time step of the last accepted code; a code is accepted only for a later step.
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();

  await table('sys_user_recovery_code')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    // SHA-256 (hex) of the normalised code.
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_time', 'varchar(19)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('uq_sys_user_recovery_code')
    .on('sys_user_recovery_code')
    .columns(['user_id', 'code_hash'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_user_recovery_code').execute();
  await db.schema.dropTable('sys_user_totp').execute();
}
