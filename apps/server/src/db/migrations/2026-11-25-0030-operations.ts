import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: operations (issue 13): scheduled jobs and their run log, data sources (passwords sealed with
 * AES-GCM by the server), gateway routes. Times as `YYYY-MM-DD HH:mm:ss` strings like every other table.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const table = (name: string) => {
    const t = db.schema.createTable(name);
    return mysql ? t.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : t;
  };

  await table('sys_quartz_job')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('job_name', 'varchar(100)', (c) => c.notNull())
    // The key of a handler registered in code, never a class name.
    .addColumn('handler', 'varchar(64)', (c) => c.notNull())
    .addColumn('parameter', 'text')
    .addColumn('cron_expression', 'varchar(120)', (c) => c.notNull())
    // 0 running, -1 paused (Jeecg's values).
    .addColumn('status', 'varchar(2)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)')
    .addUniqueConstraint('uq_sys_quartz_job_name', ['job_name'])
    .execute();

  await table('sys_quartz_job_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('job_id', 'varchar(32)', (c) => c.notNull())
    // cron | manual
    .addColumn('trigger_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(23)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(23)', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    // 1 success, 0 failure
    .addColumn('result', 'varchar(1)', (c) => c.notNull())
    .addColumn('message', 'text')
    // host:pid of the instance that ran it
    .addColumn('instance', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_sys_quartz_job_log_job')
    .on('sys_quartz_job_log')
    .columns(['job_id', 'start_time'])
    .execute();

  await table('sys_data_source')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // postgres | mysql | sqlite
    .addColumn('db_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('host', 'varchar(255)')
    .addColumn('port', 'integer')
    .addColumn('database_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('username', 'varchar(100)')
    // Sealed (AES-256-GCM); never answered.
    .addColumn('password', 'text')
    .addColumn('remark', 'varchar(500)')
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)')
    .addUniqueConstraint('uq_sys_data_source_code', ['code'])
    .execute();

  await table('sys_gateway_route')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // The route's id in the gateway (its path segment under /gateway/).
    .addColumn('route_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('uri', 'varchar(500)', (c) => c.notNull())
    // JSON arrays: path patterns, and filters such as StripPrefix.
    .addColumn('predicates', 'text')
    .addColumn('filters', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    // 1 enabled, 0 disabled
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)')
    .addUniqueConstraint('uq_sys_gateway_route_id', ['route_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['sys_gateway_route', 'sys_data_source', 'sys_quartz_job_log', 'sys_quartz_job']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
