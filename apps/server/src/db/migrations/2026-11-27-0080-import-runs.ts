import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: Excel import runs (issue 22 item 15). An import commits its rows in batches; when the instance
 * running it dies, what was committed stays. Each run is recorded here, with the point of the file it has reached,
 * in the same transaction as the rows, so the progress outlives the instance and a retry of the same file (same
 * user, tenant, resource and content hash) can skip the rows already in.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const table = (name: string) => {
    const t = db.schema.createTable(name);
    return mysql ? t.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : t;
  };

  await table('sys_import_run')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // The client's importId (its progress polls name it); a resumed run takes the new request's.
    .addColumn('import_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('tenant_id', 'integer')
    // The resource declaration's name (the table written).
    .addColumn('resource', 'varchar(100)', (c) => c.notNull())
    // SHA-256 of the uploaded file, hex.
    .addColumn('file_hash', 'varchar(64)', (c) => c.notNull())
    // reading | importing | done | failed | abandoned
    .addColumn('phase', 'varchar(16)', (c) => c.notNull())
    .addColumn('total_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processed_rows', 'integer', (c) => c.notNull().defaultTo(0))
    // Sheet row number up to which every row is committed, or listed in sys_import_run_failed.
    .addColumn('last_row', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('success_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    // The instance running it, and when it last said so: a run whose instance went silent is over.
    .addColumn('owner', 'varchar(32)', (c) => c.notNull())
    .addColumn('heartbeat_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('report_id', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_sys_import_run_import')
    .on('sys_import_run')
    .columns(['user_id', 'import_id'])
    .execute();
  await db.schema
    .createIndex('idx_sys_import_run_file')
    .on('sys_import_run')
    .columns(['user_id', 'resource', 'file_hash'])
    .execute();
  await db.schema.createIndex('idx_sys_import_run_created').on('sys_import_run').column('create_time').execute();

  // Rows at or before a run's last_row that were not committed (refused); a retry tries them again.
  await table('sys_import_run_failed')
    .addColumn('run_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('sheet_row', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_import_run_failed', ['run_id', 'sheet_row'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_import_run_failed').execute();
  await db.schema.dropTable('sys_import_run').execute();
}
