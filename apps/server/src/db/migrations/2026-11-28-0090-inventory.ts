import { MysqlAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

/*
 * Frozen in time: inventory campaigns (资产清查盘点, issue 26 part 1). A campaign (scope as JSON, checkers as a comma
 * list of user ids); its items, the scope's assets as they were when it opened (盘盈 items have no asset), each with
 * its current finding and settlement; and every finding the phones sent, unique by the client's id so a resend
 * never records twice.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const utf8 = <T extends string, C extends string>(t: CreateTableBuilder<T, C>): CreateTableBuilder<T, C> =>
    mysql ? t.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : t;

  await utf8(
    db.schema
      .createTable('biz_inventory_campaign')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('checkers', 'text', (c) => c.notNull())
      .addColumn('deadline', 'varchar(10)', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      .addColumn('remark', 'varchar(500)')
      .addColumn('open_by', 'varchar(100)')
      .addColumn('open_time', 'varchar(19)')
      .addColumn('close_by', 'varchar(100)')
      .addColumn('close_time', 'varchar(19)')
      .addColumn('tenant_id', 'integer')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('create_by', 'varchar(100)')
      .addColumn('create_time', 'varchar(19)')
      .addColumn('update_by', 'varchar(100)')
      .addColumn('update_time', 'varchar(19)'),
  ).execute();
  await db.schema
    .createIndex('idx_biz_inventory_campaign_tenant')
    .on('biz_inventory_campaign')
    .columns(['tenant_id', 'status'])
    .execute();

  await utf8(
    db.schema
      .createTable('biz_inventory_item')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('campaign_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('asset_id', 'varchar(32)')
      .addColumn('asset_code', 'varchar(64)')
      .addColumn('asset_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('category_id', 'varchar(32)')
      .addColumn('depart_id', 'varchar(32)')
      .addColumn('custodian', 'varchar(100)')
      .addColumn('address', 'varchar(500)')
      .addColumn('asset_status', 'varchar(20)')
      .addColumn('surplus', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('result', 'varchar(20)')
      .addColumn('finding_id', 'varchar(32)')
      .addColumn('photos', 'text')
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision')
      .addColumn('accuracy', 'double precision')
      .addColumn('note', 'varchar(500)')
      .addColumn('recorded_at', 'varchar(19)')
      .addColumn('checked_by', 'varchar(100)')
      .addColumn('checked_time', 'varchar(19)')
      .addColumn('settle_action', 'varchar(20)')
      .addColumn('settle_reason', 'varchar(500)')
      .addColumn('settle_by', 'varchar(100)')
      .addColumn('settle_time', 'varchar(19)')
      .addColumn('settle_ref', 'varchar(32)')
      .addColumn('tenant_id', 'integer')
      .addUniqueConstraint('uq_biz_inventory_item_campaign_asset', ['campaign_id', 'asset_id']),
  ).execute();
  await db.schema
    .createIndex('idx_biz_inventory_item_campaign_code')
    .on('biz_inventory_item')
    .columns(['campaign_id', 'asset_code'])
    .execute();

  await utf8(
    db.schema
      .createTable('biz_inventory_finding')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('campaign_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('item_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('result', 'varchar(20)', (c) => c.notNull())
      .addColumn('photos', 'text')
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision')
      .addColumn('accuracy', 'double precision')
      .addColumn('note', 'varchar(500)')
      .addColumn('recorded_at', 'varchar(19)')
      .addColumn('tenant_id', 'integer')
      .addColumn('create_by', 'varchar(100)', (c) => c.notNull())
      .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
      .addUniqueConstraint('uq_biz_inventory_finding_client', ['client_id']),
  ).execute();
  await db.schema.createIndex('idx_biz_inventory_finding_item').on('biz_inventory_finding').column('item_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('biz_inventory_finding').execute();
  await db.schema.dropTable('biz_inventory_item').execute();
  await db.schema.dropTable('biz_inventory_campaign').execute();
}
