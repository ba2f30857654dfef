import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: print templates (打印设计). A template binds one printable source the server registers
 * and holds its layout as JSON (pages of elements in mm). tenant_id null marks a template shipped with the
 * product for every tenant.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const t = db.schema.createTable('biz_print_template');
  await (mysql ? t.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : t)
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('paper', 'varchar(10)', (c) => c.notNull())
    .addColumn('orientation', 'varchar(10)', (c) => c.notNull())
    .addColumn('width_mm', 'double precision', (c) => c.notNull())
    .addColumn('height_mm', 'double precision', (c) => c.notNull())
    // MySQL's text holds 64 KB; layouts with embedded pictures need more.
    .addColumn('layout', mysql ? sql`mediumtext` : 'text', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .addColumn('tenant_id', 'integer')
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await db.schema
    .createIndex('idx_biz_print_template_tenant')
    .on('biz_print_template')
    .columns(['tenant_id', 'source', 'code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('biz_print_template').execute();
}
