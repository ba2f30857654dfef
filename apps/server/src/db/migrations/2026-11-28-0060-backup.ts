import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: backups (issue 24 item 10). One row per backup run, scheduled or started by an administrator, so
 * 系统监控 lists the recent ones with their result even when a failed run left no folder behind. The backup itself
 * (its manifest with each part's SHA-256) lives under BACKUP_DIR; this row is what the page shows.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const create = db.schema.createTable('sys_backup');
  await (mysql ? create.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : create)
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // The folder name under BACKUP_DIR.
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // cron | manual
    .addColumn('trigger_type', 'varchar(10)', (c) => c.notNull())
    // running | success | failed
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('method', 'varchar(50)')
    .addColumn('db_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('file_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('file_count', 'integer', (c) => c.notNull().defaultTo(0))
    // SHA-256 of manifest.json, hex.
    .addColumn('checksum', 'varchar(64)')
    .addColumn('verified', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'varchar(1000)')
    .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(19)')
    .addColumn('create_by', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_backup_start').on('sys_backup').column('start_time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_backup').execute();
}
