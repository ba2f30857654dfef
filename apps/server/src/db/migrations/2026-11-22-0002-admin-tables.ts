import { MysqlAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

/*
 * Frozen in time: the tables system administration adds (data log, categories, fill and check rules,
 * department roles and grants), plus indexes the user list needs at scale.
 */

type Builder = CreateTableBuilder<string, string>;

function audit(t: Builder): Builder {
  return t
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const table = (name: string) => {
    const t = db.schema.createTable(name);
    return mysql ? t.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : t;
  };

  await table('sys_data_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('data_table', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_version', 'integer', (c) => c.notNull())
    .addColumn('data_content', 'text', (c) => c.notNull())
    .addColumn('action', 'varchar(10)', (c) => c.notNull())
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addUniqueConstraint('uq_sys_data_log_version', ['data_table', 'data_id', 'data_version'])
    .execute();

  await audit(
    table('sys_category')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('pid', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('has_child', 'varchar(3)', (c) => c.notNull().defaultTo('0'))
      .addColumn('sys_org_code', 'varchar(64)')
      .addColumn('tenant_id', 'integer'),
  ).execute();
  await db.schema.createIndex('idx_sys_category_pid').on('sys_category').column('pid').execute();

  await audit(
    table('sys_fill_rule')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('rule_code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('rule_kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('rule_params', 'text'),
  ).execute();

  await table('sys_fill_rule_counter')
    .addColumn('rule_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('scope_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('counter', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_fill_rule_counter', ['rule_code', 'scope_key'])
    .execute();

  await audit(
    table('sys_check_rule')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('rule_code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('rule_json', 'text', (c) => c.notNull())
      .addColumn('rule_description', 'varchar(500)'),
  ).execute();

  await audit(
    table('sys_depart_role')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('depart_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('role_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('role_code', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(255)')
      .addUniqueConstraint('uq_sys_depart_role', ['depart_id', 'role_code']),
  ).execute();

  await table('sys_depart_role_user')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('drole_id', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_sys_depart_role_user', ['user_id', 'drole_id'])
    .execute();

  await table('sys_depart_permission')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('depart_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('permission_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('data_rule_ids', 'varchar(1000)')
    .addUniqueConstraint('uq_sys_depart_permission', ['depart_id', 'permission_id'])
    .execute();

  await table('sys_depart_role_permission')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('depart_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('permission_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('data_rule_ids', 'varchar(1000)')
    .addColumn('operate_date', 'varchar(19)')
    .addColumn('operate_ip', 'varchar(100)')
    .addUniqueConstraint('uq_sys_depart_role_permission', ['role_id', 'permission_id'])
    .execute();

  // The user list at scale: filters and sorts people actually use.
  await db.schema.createIndex('idx_sys_user_create_time').on('sys_user').columns(['create_time', 'id']).execute();
  await db.schema.createIndex('idx_sys_user_org_code').on('sys_user').column('org_code').execute();
  await db.schema.createIndex('idx_sys_user_realname').on('sys_user').column('realname').execute();
  await db.schema.createIndex('idx_sys_user_phone').on('sys_user').column('phone').execute();
  await db.schema.createIndex('idx_sys_user_email').on('sys_user').column('email').execute();
  await db.schema.createIndex('idx_sys_user_work_no').on('sys_user').column('work_no').execute();
  await db.schema.createIndex('idx_sys_user_depart_user').on('sys_user_depart').column('user_id').execute();
  await db.schema.createIndex('idx_sys_user_tenant_tenant').on('sys_user_tenant').column('tenant_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'sys_depart_role_permission',
    'sys_depart_permission',
    'sys_depart_role_user',
    'sys_depart_role',
    'sys_check_rule',
    'sys_fill_rule_counter',
    'sys_fill_rule',
    'sys_category',
    'sys_data_log',
  ]) {
    await db.schema.dropTable(name).ifExists().execute();
  }
}
