import { MysqlAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

/*
 * Frozen in time: this file never imports application code. Snake_case names, types every dialect
 * understands (varchar, text, integer, bigint), times as 'YYYY-MM-DD HH:mm:ss' strings.
 */

type Builder = CreateTableBuilder<string, string>;

function isMysql(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof MysqlAdapter;
}

function audit(t: Builder): Builder {
  return t
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = isMysql(db);
  // MySQL/MariaDB must store four-byte characters (emoji, rare Chinese characters).
  const table = (name: string) => {
    const t = db.schema.createTable(name);
    return mysql ? t.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : t;
  };

  await audit(
    table('sys_user')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('realname', 'varchar(100)', (c) => c.notNull())
      .addColumn('password', 'varchar(255)', (c) => c.notNull())
      .addColumn('avatar', 'varchar(500)')
      .addColumn('birthday', 'varchar(10)')
      .addColumn('sex', 'integer')
      .addColumn('email', 'varchar(100)')
      .addColumn('phone', 'varchar(45)')
      .addColumn('org_code', 'varchar(64)')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('work_no', 'varchar(100)')
      .addColumn('telephone', 'varchar(45)')
      .addColumn('login_tenant_id', 'integer')
      .addColumn('login_depart_id', 'varchar(32)')
      .addColumn('login_position_id', 'varchar(32)')
      .addColumn('last_login_time', 'varchar(19)')
      .addColumn('last_login_ip', 'varchar(64)'),
  ).execute();

  await audit(
    table('sys_role')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('role_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('role_code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('description', 'varchar(255)')
      .addColumn('tenant_id', 'integer'),
  ).execute();

  await table('sys_user_role')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('tenant_id', 'integer')
    .addUniqueConstraint('uq_sys_user_role', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('idx_sys_user_role_role').on('sys_user_role').column('role_id').execute();

  await audit(
    table('sys_permission')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('parent_id', 'varchar(32)')
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('url', 'varchar(255)')
      .addColumn('component', 'varchar(255)')
      .addColumn('component_name', 'varchar(255)')
      .addColumn('redirect', 'varchar(255)')
      .addColumn('menu_type', 'integer', (c) => c.notNull())
      .addColumn('perms', 'varchar(255)')
      .addColumn('perms_type', 'varchar(10)')
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('always_show', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('icon', 'varchar(100)')
      .addColumn('is_route', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_leaf', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('keep_alive', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hide_tab', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'varchar(255)')
      .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rule_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('internal_or_external', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_sys_permission_parent').on('sys_permission').column('parent_id').execute();
  await db.schema.createIndex('idx_sys_permission_perms').on('sys_permission').column('perms').execute();

  await audit(
    table('sys_permission_data_rule')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('permission_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('rule_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('rule_column', 'varchar(50)')
      .addColumn('rule_conditions', 'varchar(50)', (c) => c.notNull())
      .addColumn('rule_value', 'varchar(300)', (c) => c.notNull())
      .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('1')),
  ).execute();
  await db.schema
    .createIndex('idx_sys_permission_data_rule_perm')
    .on('sys_permission_data_rule')
    .column('permission_id')
    .execute();

  await table('sys_role_permission')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('permission_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('data_rule_ids', 'varchar(1000)')
    .addColumn('operate_date', 'varchar(19)')
    .addColumn('operate_ip', 'varchar(100)')
    .addUniqueConstraint('uq_sys_role_permission', ['role_id', 'permission_id'])
    .execute();
  await db.schema
    .createIndex('idx_sys_role_permission_perm')
    .on('sys_role_permission')
    .column('permission_id')
    .execute();

  await audit(
    table('sys_depart')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('parent_id', 'varchar(32)')
      .addColumn('depart_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('depart_name_en', 'varchar(500)')
      .addColumn('depart_name_abbr', 'varchar(500)')
      .addColumn('depart_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'varchar(500)')
      .addColumn('org_category', 'varchar(10)', (c) => c.notNull().defaultTo('2'))
      .addColumn('org_type', 'varchar(10)')
      .addColumn('org_code', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('mobile', 'varchar(32)')
      .addColumn('fax', 'varchar(32)')
      .addColumn('address', 'varchar(100)')
      .addColumn('memo', 'varchar(500)')
      .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tenant_id', 'integer'),
  ).execute();
  await db.schema.createIndex('idx_sys_depart_parent').on('sys_depart').column('parent_id').execute();

  await table('sys_user_depart')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('dep_id', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_sys_user_depart', ['user_id', 'dep_id'])
    .execute();
  await db.schema.createIndex('idx_sys_user_depart_dep').on('sys_user_depart').column('dep_id').execute();

  await audit(
    table('sys_position')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('post_rank', 'varchar(2)')
      .addColumn('company_id', 'varchar(32)')
      .addColumn('tenant_id', 'integer'),
  ).execute();

  await table('sys_user_position')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('position_id', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_sys_user_position', ['user_id', 'position_id'])
    .execute();

  await audit(
    table('sys_tenant')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('begin_date', 'varchar(19)')
      .addColumn('end_date', 'varchar(19)')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();

  await table('sys_user_tenant')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('uq_sys_user_tenant', ['user_id', 'tenant_id'])
    .execute();

  await audit(
    table('sys_dict')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('dict_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('dict_code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('description', 'varchar(255)')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tenant_id', 'integer'),
  ).execute();

  await audit(
    table('sys_dict_item')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('dict_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('item_text', 'varchar(100)', (c) => c.notNull())
      .addColumn('item_value', 'varchar(100)', (c) => c.notNull())
      .addColumn('item_color', 'varchar(10)')
      .addColumn('description', 'varchar(255)')
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await db.schema.createIndex('idx_sys_dict_item_dict').on('sys_dict_item').column('dict_id').execute();

  // Only a hash of each token is stored, so a leaked table cannot be replayed.
  await table('sys_token')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('renewed_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(255)')
    .execute();
  await db.schema.createIndex('idx_sys_token_user').on('sys_token').column('user_id').execute();

  await table('sys_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('log_type', 'integer', (c) => c.notNull())
    .addColumn('log_content', 'varchar(1000)', (c) => c.notNull())
    .addColumn('operate_type', 'integer')
    .addColumn('userid', 'varchar(32)')
    .addColumn('username', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('method', 'varchar(500)')
    .addColumn('request_url', 'varchar(255)')
    .addColumn('request_param', 'text')
    .addColumn('request_type', 'varchar(10)')
    .addColumn('cost_time', 'bigint')
    .addColumn('tenant_id', 'integer')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('result', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('idx_sys_log_type_time').on('sys_log').columns(['log_type', 'create_time']).execute();
  await db.schema.createIndex('idx_sys_log_user').on('sys_log').column('userid').execute();

  await table('sys_platform_setting')
    .addColumn('setting_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('setting_value', 'text')
    .addColumn('update_time', 'varchar(19)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'sys_platform_setting',
    'sys_log',
    'sys_token',
    'sys_dict_item',
    'sys_dict',
    'sys_user_tenant',
    'sys_tenant',
    'sys_user_position',
    'sys_position',
    'sys_user_depart',
    'sys_depart',
    'sys_role_permission',
    'sys_permission_data_rule',
    'sys_permission',
    'sys_user_role',
    'sys_role',
    'sys_user',
  ]) {
    await db.schema.dropTable(name).ifExists().execute();
  }
}
