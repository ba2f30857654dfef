import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: the asset register (资产) and its ledger (台账). Money and areas are integers in hundredths
 * (fen, 0.01 m²) so every dialect stores them exactly; coordinates are GCJ-02 degrees in doubles.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const table = (name: string) => {
    const t = db.schema.createTable(name);
    return mysql ? t.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : t;
  };

  await table('biz_asset')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('category_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('owner_depart_id', 'varchar(32)')
    .addColumn('custodian', 'varchar(100)')
    .addColumn('address', 'varchar(255)')
    .addColumn('region_code', 'varchar(20)')
    .addColumn('longitude', 'double precision')
    .addColumn('latitude', 'double precision')
    .addColumn('area', 'bigint')
    .addColumn('original_value', 'bigint')
    .addColumn('net_value', 'bigint')
    .addColumn('acquired_date', 'varchar(10)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('use_nature', 'varchar(20)')
    .addColumn('certificate_no', 'varchar(100)')
    .addColumn('images', 'text')
    .addColumn('attachments', 'text')
    .addColumn('description', 'text')
    .addColumn('published', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('publish_time', 'varchar(19)')
    .addColumn('remark', 'varchar(500)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tenant_id', 'integer')
    .addColumn('sys_org_code', 'varchar(64)')
    .addColumn('del_flag', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)')
    .addUniqueConstraint('uq_biz_asset_code', ['code'])
    .execute();
  await db.schema
    .createIndex('idx_biz_asset_tenant_category')
    .on('biz_asset')
    .columns(['tenant_id', 'category_id', 'status'])
    .execute();
  await db.schema.createIndex('idx_biz_asset_tenant_code').on('biz_asset').columns(['tenant_id', 'code']).execute();
  await db.schema.createIndex('idx_biz_asset_published').on('biz_asset').columns(['published', 'del_flag']).execute();
  await db.schema.createIndex('idx_biz_asset_depart').on('biz_asset').columns(['owner_depart_id']).execute();

  await table('biz_asset_ledger')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('asset_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('event_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('from_depart_id', 'varchar(32)')
    .addColumn('to_depart_id', 'varchar(32)')
    .addColumn('from_status', 'varchar(20)')
    .addColumn('to_status', 'varchar(20)')
    .addColumn('counterparty', 'varchar(100)')
    .addColumn('amount', 'bigint')
    .addColumn('net_value_before', 'bigint')
    .addColumn('net_value_after', 'bigint')
    .addColumn('documents', 'text')
    .addColumn('remark', 'varchar(500)')
    // The asset's version this event produced: two events racing on one asset cannot both take it.
    .addColumn('asset_version', 'integer', (c) => c.notNull())
    .addColumn('tenant_id', 'integer')
    .addColumn('sys_org_code', 'varchar(64)')
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addUniqueConstraint('uq_biz_asset_ledger_version', ['asset_id', 'asset_version'])
    .execute();
  await db.schema
    .createIndex('idx_biz_asset_ledger_asset')
    .on('biz_asset_ledger')
    .columns(['asset_id', 'event_date'])
    .execute();
  await db.schema
    .createIndex('idx_biz_asset_ledger_tenant')
    .on('biz_asset_ledger')
    .columns(['tenant_id', 'event_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('biz_asset_ledger').ifExists().execute();
  await db.schema.dropTable('biz_asset').ifExists().execute();
}
