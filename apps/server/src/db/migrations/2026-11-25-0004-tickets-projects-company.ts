import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: projects (项目), room tickets (房票) and their uses, the company profile (企业信息) with its
 * bank accounts. Money and areas are integers in hundredths (fen, 0.01 m²), as for assets.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const table = (name: string) => {
    const t = db.schema.createTable(name);
    return mysql ? t.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`) : t;
  };

  await table('biz_project')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('leader_id', 'varchar(32)')
    .addColumn('depart_id', 'varchar(32)')
    .addColumn('budget', 'bigint')
    .addColumn('actual_cost', 'bigint')
    .addColumn('start_date', 'varchar(10)')
    .addColumn('end_date', 'varchar(10)')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('address', 'varchar(255)')
    .addColumn('longitude', 'double precision')
    .addColumn('latitude', 'double precision')
    .addColumn('description', 'text')
    .addColumn('attachments', 'text')
    .addColumn('remark', 'varchar(500)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tenant_id', 'integer')
    .addColumn('sys_org_code', 'varchar(64)')
    .addColumn('del_flag', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)')
    .addUniqueConstraint('uq_biz_project_code', ['code'])
    .execute();
  await db.schema
    .createIndex('idx_biz_project_tenant_status')
    .on('biz_project')
    .columns(['tenant_id', 'status', 'type'])
    .execute();
  await db.schema
    .createIndex('idx_biz_project_update')
    .on('biz_project')
    .columns(['tenant_id', 'update_time'])
    .execute();

  await table('biz_room_ticket')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('ticket_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('holder_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('holder_id_card', 'varchar(18)', (c) => c.notNull())
    .addColumn('holder_phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('project_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('face_amount', 'bigint', (c) => c.notNull())
    .addColumn('used_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('issue_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('expiry_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('cancel_reason', 'varchar(200)')
    .addColumn('cancel_time', 'varchar(19)')
    .addColumn('remark', 'varchar(500)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tenant_id', 'integer')
    .addColumn('sys_org_code', 'varchar(64)')
    .addColumn('del_flag', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)')
    .addUniqueConstraint('uq_biz_room_ticket_no', ['ticket_no'])
    .execute();
  await db.schema
    .createIndex('idx_biz_room_ticket_tenant_status')
    .on('biz_room_ticket')
    .columns(['tenant_id', 'status', 'expiry_date'])
    .execute();
  await db.schema.createIndex('idx_biz_room_ticket_project').on('biz_room_ticket').columns(['project_id']).execute();

  await table('biz_ticket_use')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('ticket_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('house_address', 'varchar(255)', (c) => c.notNull())
    .addColumn('area', 'bigint')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('use_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('seller', 'varchar(100)', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .addColumn('tenant_id', 'integer')
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .execute();
  await db.schema
    .createIndex('idx_biz_ticket_use_ticket')
    .on('biz_ticket_use')
    .columns(['ticket_id', 'use_date'])
    .execute();

  await table('biz_company')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('credit_code', 'varchar(18)')
    .addColumn('legal_person', 'varchar(50)')
    .addColumn('address', 'varchar(255)')
    .addColumn('phone', 'varchar(30)')
    .addColumn('logo', 'varchar(255)')
    .addColumn('longitude', 'double precision')
    .addColumn('latitude', 'double precision')
    .addColumn('invoice_title', 'varchar(100)')
    .addColumn('invoice_tax_no', 'varchar(20)')
    .addColumn('invoice_address', 'varchar(255)')
    .addColumn('invoice_phone', 'varchar(30)')
    .addColumn('invoice_bank', 'varchar(100)')
    .addColumn('invoice_account', 'varchar(20)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)')
    .addUniqueConstraint('uq_biz_company_tenant', ['tenant_id'])
    .execute();

  await table('biz_company_bank')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('company_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('branch', 'varchar(100)')
    .addColumn('account_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('account_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('is_default', 'smallint', (c) => c.notNull().defaultTo(0))
    // The company's id on its default account and null on the others: a unique index keeps one default
    // per company on every dialect (nulls never clash).
    .addColumn('default_key', 'varchar(32)')
    .addColumn('remark', 'varchar(200)')
    .addColumn('tenant_id', 'integer')
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)')
    .addUniqueConstraint('uq_biz_company_bank_default', ['default_key'])
    .addUniqueConstraint('uq_biz_company_bank_account', ['company_id', 'account_no'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['biz_company_bank', 'biz_company', 'biz_ticket_use', 'biz_room_ticket', 'biz_project']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
