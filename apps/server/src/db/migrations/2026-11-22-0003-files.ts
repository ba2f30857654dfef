import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: this file never imports application code. One row per stored upload, so a delete
 * removes both the row and the file, and only registered files are ever served.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const t = db.schema.createTable('sys_file');
  await (mysql ? t.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : t)
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('biz', 'varchar(32)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('stored_path', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_file_create_by').on('sys_file').column('create_by').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_file').ifExists().execute();
}
