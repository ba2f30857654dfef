import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: announcements (通告) and their per-user send rows, message templates (消息模板), the record of
 * every message sent (系统消息 / e-mail / SMS, with attempts and retry time), IoT devices and their alarms.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const table = (name: string) => {
    const t = db.schema.createTable(name);
    return mysql ? t.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : t;
  };

  await table('sys_announcement')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // Spelt so by the contract (titile).
    .addColumn('titile', 'varchar(100)', (c) => c.notNull())
    .addColumn('msg_content', 'text')
    .addColumn('start_time', 'varchar(19)')
    .addColumn('end_time', 'varchar(19)')
    .addColumn('sender', 'varchar(100)')
    // L general, M important, H urgent.
    .addColumn('priority', 'varchar(1)', (c) => c.notNull())
    // 1 notice (通知公告), 2 system message (系统消息).
    .addColumn('msg_category', 'varchar(1)', (c) => c.notNull())
    // ALL, USER, DEPART, ROLE; the chosen ids in user_ids / depart_ids / role_ids (comma lists).
    .addColumn('msg_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_ids', 'text')
    .addColumn('depart_ids', 'text')
    .addColumn('role_ids', 'text')
    // 0 draft, 1 released, 2 revoked.
    .addColumn('send_status', 'varchar(1)', (c) => c.notNull())
    .addColumn('send_time', 'varchar(19)')
    .addColumn('cancel_time', 'varchar(19)')
    .addColumn('open_type', 'varchar(20)')
    .addColumn('open_page', 'varchar(255)')
    .addColumn('bus_type', 'varchar(20)')
    .addColumn('bus_id', 'varchar(50)')
    .addColumn('msg_abstract', 'varchar(500)')
    .addColumn('tenant_id', 'integer')
    .addColumn('del_flag', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await db.schema
    .createIndex('idx_sys_announcement_tenant')
    .on('sys_announcement')
    .columns(['tenant_id', 'del_flag', 'send_status'])
    .execute();

  await table('sys_announcement_send')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('annt_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('read_flag', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('read_time', 'varchar(19)')
    .addColumn('create_time', 'varchar(19)')
    .addUniqueConstraint('uq_sys_announcement_send', ['annt_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('idx_sys_announcement_send_user')
    .on('sys_announcement_send')
    .columns(['user_id', 'read_flag', 'annt_id'])
    .execute();

  await table('sys_message_template')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('template_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('template_name', 'varchar(100)', (c) => c.notNull())
    // 1 system message, 2 e-mail, 3 SMS.
    .addColumn('template_type', 'varchar(1)', (c) => c.notNull())
    .addColumn('template_content', 'text', (c) => c.notNull())
    .addColumn('template_test_json', 'text')
    .addColumn('tenant_id', 'integer')
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)')
    .addUniqueConstraint('uq_sys_message_template_code', ['template_code'])
    .execute();

  await table('sys_message')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('template_code', 'varchar(50)')
    // 1 system message, 2 e-mail, 3 SMS.
    .addColumn('es_type', 'varchar(1)', (c) => c.notNull())
    .addColumn('es_receiver', 'varchar(255)', (c) => c.notNull())
    .addColumn('es_title', 'varchar(255)')
    .addColumn('es_content', 'text')
    .addColumn('es_param', 'text')
    // 0 waiting, 1 sent, 2 failed (no retry left).
    .addColumn('es_send_status', 'varchar(1)', (c) => c.notNull())
    .addColumn('es_send_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('es_result', 'varchar(500)')
    .addColumn('es_send_time', 'varchar(19)')
    .addColumn('next_try_time', 'varchar(19)')
    .addColumn('tenant_id', 'integer')
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await db.schema
    .createIndex('idx_sys_message_retry')
    .on('sys_message')
    .columns(['es_send_status', 'next_try_time'])
    .execute();

  await table('iot_device')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('device_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('parent_id', 'varchar(32)')
    .addColumn('device_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)')
    .addColumn('asset_id', 'varchar(32)')
    .addColumn('location', 'varchar(255)')
    .addColumn('longitude', 'double precision')
    .addColumn('latitude', 'double precision')
    // 1 online, 0 offline.
    .addColumn('online_status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seen_time', 'varchar(19)')
    // SHA-256 of the device's alarm key (shown once when generated).
    .addColumn('key_hash', 'varchar(64)')
    .addColumn('remark', 'varchar(500)')
    .addColumn('tenant_id', 'integer')
    .addColumn('del_flag', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)')
    .addUniqueConstraint('uq_iot_device_device_id', ['device_id'])
    .execute();

  await table('iot_alarm')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('device_id', 'varchar(32)', (c) => c.notNull())
    // 1 info, 2 warning, 3 critical.
    .addColumn('level', 'varchar(1)', (c) => c.notNull())
    .addColumn('message', 'varchar(500)', (c) => c.notNull())
    .addColumn('alarm_time', 'varchar(19)', (c) => c.notNull())
    // 0 new, 1 acknowledged, 2 handled.
    .addColumn('action', 'varchar(1)', (c) => c.notNull())
    .addColumn('ack_by', 'varchar(100)')
    .addColumn('ack_time', 'varchar(19)')
    .addColumn('handle_by', 'varchar(100)')
    .addColumn('handle_time', 'varchar(19)')
    .addColumn('handle_note', 'varchar(500)')
    .addColumn('tenant_id', 'integer')
    .addColumn('create_time', 'varchar(19)')
    .execute();
  await db.schema
    .createIndex('idx_iot_alarm_live')
    .on('iot_alarm')
    .columns(['tenant_id', 'action', 'alarm_time'])
    .execute();
  await db.schema.createIndex('idx_iot_alarm_device').on('iot_alarm').columns(['device_id', 'alarm_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'iot_alarm',
    'iot_device',
    'sys_message',
    'sys_message_template',
    'sys_announcement_send',
    'sys_announcement',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
