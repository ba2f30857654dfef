import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: depreciation (折旧, issue 26 part 2). A category carries its life (折旧年限, years: null takes the
 * parent's, 0 is not depreciated) and its residual rate (残值率, whole percent); each asset's monthly booking is one
 * row of biz_asset_depreciation (money in fen), unique per asset and month so a month is booked once.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  await db.schema.alterTable('sys_category').addColumn('depreciation_years', 'integer').execute();
  await db.schema.alterTable('sys_category').addColumn('residual_rate', 'integer').execute();

  let table = db.schema
    .createTable('biz_asset_depreciation')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('asset_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('period', 'varchar(7)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('accumulated', 'bigint', (c) => c.notNull())
    .addColumn('net_after', 'bigint', (c) => c.notNull())
    .addColumn('tenant_id', 'integer')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addUniqueConstraint('uq_biz_asset_depreciation_asset_period', ['asset_id', 'period']);
  if (mysql) table = table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`);
  await table.execute();
  await db.schema
    .createIndex('idx_biz_asset_depreciation_tenant_period')
    .on('biz_asset_depreciation')
    .columns(['tenant_id', 'period'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('biz_asset_depreciation').execute();
  await db.schema.alterTable('sys_category').dropColumn('residual_rate').execute();
  await db.schema.alterTable('sys_category').dropColumn('depreciation_years').execute();
}
