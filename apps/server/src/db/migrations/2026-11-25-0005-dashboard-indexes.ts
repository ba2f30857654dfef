import { MysqlAdapter, type Kysely } from 'kysely';

/*
 * Frozen in time: indexes the analysis dashboard (首页) reads its figures from without touching the wide
 * asset rows. Every figure of the register is one grouped pass over the first index (tenant, live rows,
 * category, department, status, money, the owning department's code for the data rule 本部门资产, the id);
 * the ledger's events per month read the second (tenant, date range, asset).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('idx_biz_asset_dashboard')
    .on('biz_asset')
    .columns([
      'tenant_id',
      'del_flag',
      'category_id',
      'owner_depart_id',
      'status',
      'original_value',
      'net_value',
      'sys_org_code',
      'id',
    ])
    .execute();
  await db.schema
    .createIndex('idx_biz_asset_ledger_month')
    .on('biz_asset_ledger')
    .columns(['tenant_id', 'event_date', 'asset_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Only MySQL names the table of an index it drops.
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  for (const [index, table] of [
    ['idx_biz_asset_ledger_month', 'biz_asset_ledger'],
    ['idx_biz_asset_dashboard', 'biz_asset'],
  ] as const) {
    const drop = db.schema.dropIndex(index);
    await (mysql ? drop.on(table) : drop).execute();
  }
}
