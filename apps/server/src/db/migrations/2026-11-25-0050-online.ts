import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: online forms and reports (表单开发 / 报表配置). Definitions, their versions, the JavaScript
 * enhancements (at most 16 kept per form) and report definitions. The tables a form defines are created at run
 * time by synchronisation, never here.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const table = (name: string) => {
    const t = db.schema.createTable(name);
    return mysql ? t.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : t;
  };

  await table('onl_cgform_head')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('form_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('theme', 'varchar(10)', (c) => c.notNull())
    .addColumn('tree_parent_field', 'varchar(64)')
    .addColumn('tree_text_field', 'varchar(64)')
    .addColumn('sub_tables', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('synced_version', 'integer')
    .addColumn('synced_fields', 'text')
    .addColumn('copy_of', 'varchar(32)')
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)')
    .addUniqueConstraint('uq_onl_cgform_head_table', ['table_name'])
    .execute();

  await table('onl_cgform_version')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('head_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('note', 'varchar(2000)')
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .execute();
  await db.schema.createIndex('idx_onl_cgform_version_head').on('onl_cgform_version').columns(['head_id']).execute();

  await table('onl_cgform_enhance')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('script', 'text', (c) => c.notNull())
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .execute();
  await db.schema
    .createIndex('idx_onl_cgform_enhance_table')
    .on('onl_cgform_enhance')
    .columns(['table_name', 'version'])
    .execute();

  await table('onl_cgreport_head')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('db_source', 'varchar(50)')
    .addColumn('sql_text', 'text', (c) => c.notNull())
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('query_fields', 'text', (c) => c.notNull())
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)')
    .addUniqueConstraint('uq_onl_cgreport_head_code', ['code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['onl_cgreport_head', 'onl_cgform_enhance', 'onl_cgform_version', 'onl_cgform_head']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
