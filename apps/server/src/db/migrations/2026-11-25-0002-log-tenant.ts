import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: this file never imports application code. Logs become tenant data: the data log gets the
 * tenant its write was made in (the operation/login log has had the column from the start), and both get an
 * index led by the tenant, since every log query now filters by it.
 *
 * Rows written before carry no tenant. They are given the tenant of the account that made them when that
 * account belongs to exactly one tenant; the others (accounts of several tenants, anonymous calls) stay
 * without one, and no tenant's log shows them: guessing could show one tenant's rows to another.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_data_log').addColumn('tenant_id', 'integer').execute();

  // One tenant when the maker has exactly one, else null (CASE instead of HAVING: SQLite, PostgreSQL, MySQL alike).
  await sql`
    update sys_data_log set tenant_id = (
      select case when count(distinct ut.tenant_id) = 1 then min(ut.tenant_id) end
      from sys_user_tenant ut inner join sys_user u on u.id = ut.user_id
      where u.username = sys_data_log.create_by
    )
    where tenant_id is null`.execute(db);
  await sql`
    update sys_log set tenant_id = (
      select case when count(distinct ut.tenant_id) = 1 then min(ut.tenant_id) end
      from sys_user_tenant ut
      where ut.user_id = sys_log.userid
    )
    where tenant_id is null and userid is not null`.execute(db);

  await db.schema
    .createIndex('idx_sys_data_log_tenant_time')
    .on('sys_data_log')
    .columns(['tenant_id', 'create_time'])
    .execute();
  await db.schema
    .createIndex('idx_sys_log_tenant_type_time')
    .on('sys_log')
    .columns(['tenant_id', 'log_type', 'create_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Only MySQL names the table of an index it drops.
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  for (const [index, table] of [
    ['idx_sys_log_tenant_type_time', 'sys_log'],
    ['idx_sys_data_log_tenant_time', 'sys_data_log'],
  ] as const) {
    const drop = db.schema.dropIndex(index);
    await (mysql ? drop.on(table) : drop).execute();
  }
  await db.schema.alterTable('sys_data_log').dropColumn('tenant_id').execute();
}
