import { MysqlAdapter, PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: this file never imports application code. Every uniqueness the product promises becomes a
 * database constraint with one name on every dialect (uq_<table>_<column>), so a write that races past the
 * check-before-insert is refused by the database and answered with the field's message, never a second row.
 *
 * - Columns unique over every row (deleted ones included) already had an unnamed UNIQUE: they are renamed on
 *   PostgreSQL and MySQL (SQLite names table and columns in its error, so its automatic names stay).
 * - Dictionary item values become unique per dictionary. Duplicates the race left behind are removed first,
 *   keeping the earliest item of each value: records store the value, never the item's id.
 * - Phone, e-mail and work number (users) and the authorisation code (menus and buttons) are unique among
 *   live rows only (del_flag = 0), since soft-deleted rows keep their values: a partial index on PostgreSQL
 *   and SQLite; MySQL has none, so there an invisible generated column holds the value of live rows only
 *   (NULL otherwise, and a unique index admits any number of NULLs). Blank values are made NULL first.
 *   Live duplicates of these are people's data: the migration refuses to run, naming them, and an
 *   administrator resolves them before the upgrade.
 */

const RENAMED: { table: string; column: string }[] = [
  { table: 'sys_user', column: 'username' },
  { table: 'sys_role', column: 'role_code' },
  { table: 'sys_depart', column: 'org_code' },
  { table: 'sys_position', column: 'code' },
  { table: 'sys_dict', column: 'dict_code' },
  { table: 'sys_category', column: 'code' },
  { table: 'sys_fill_rule', column: 'rule_code' },
  { table: 'sys_check_rule', column: 'rule_code' },
];

const LIVE_ONLY: { table: string; column: string; type: string }[] = [
  { table: 'sys_user', column: 'phone', type: 'varchar(45)' },
  { table: 'sys_user', column: 'email', type: 'varchar(100)' },
  { table: 'sys_user', column: 'work_no', type: 'varchar(100)' },
  { table: 'sys_permission', column: 'perms', type: 'varchar(255)' },
];

const uq = (table: string, column: string) => `uq_${table}_${column}`;

async function refuseLiveDuplicates(db: Kysely<unknown>): Promise<void> {
  const problems: string[] = [];
  for (const { table, column } of LIVE_ONLY) {
    const { rows } = await sql<{ value: string; n: number | string }>`
      select ${sql.ref(column)} as value, count(*) as n from ${sql.table(table)}
      where del_flag = 0 and ${sql.ref(column)} is not null and ${sql.ref(column)} <> ''
      group by ${sql.ref(column)} having count(*) > 1`.execute(db);
    if (rows.length) {
      const sample = rows
        .slice(0, 5)
        .map((r) => `“${r.value}”`)
        .join('、');
      problems.push(`${table}.${column} 有 ${rows.length} 个重复值（${sample}${rows.length > 5 ? ' 等' : ''}）`);
    }
  }
  if (problems.length) {
    throw new Error(`无法建立唯一约束，请先处理未删除数据中的重复值后再启动：${problems.join('；')}`);
  }
}

async function dedupeDictItems(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; dict_id: string; item_value: string }>`
    select i.id, i.dict_id, i.item_value from sys_dict_item i
    join (select dict_id, item_value from sys_dict_item group by dict_id, item_value having count(*) > 1) d
      on d.dict_id = i.dict_id and d.item_value = i.item_value
    order by i.dict_id, i.item_value, i.create_time, i.id`.execute(db);
  const seen = new Set<string>();
  const extra: string[] = [];
  for (const r of rows) {
    const key = JSON.stringify([r.dict_id, r.item_value]);
    if (seen.has(key)) extra.push(r.id);
    else seen.add(key);
  }
  for (let i = 0; i < extra.length; i += 500) {
    await sql`delete from sys_dict_item where id in (${sql.join(extra.slice(i, i + 500))})`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const adapter = db.getExecutor().adapter;
  const mysql = adapter instanceof MysqlAdapter;
  const postgres = adapter instanceof PostgresAdapter;

  // Checks first, so a refused upgrade has changed nothing (MySQL cannot roll back DDL).
  await refuseLiveDuplicates(db);
  for (const { table, column } of LIVE_ONLY) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = null where ${sql.ref(column)} = ''`.execute(db);
  }
  await dedupeDictItems(db);

  for (const { table, column } of RENAMED) {
    if (postgres) {
      await sql`alter table ${sql.table(table)} rename constraint ${sql.id(`${table}_${column}_key`)} to ${sql.id(uq(table, column))}`.execute(
        db,
      );
    } else if (mysql) {
      await sql`alter table ${sql.table(table)} rename index ${sql.id(column)} to ${sql.id(uq(table, column))}`.execute(
        db,
      );
    }
  }

  await db.schema
    .createIndex('uq_sys_dict_item_value')
    .on('sys_dict_item')
    .columns(['dict_id', 'item_value'])
    .unique()
    .execute();

  for (const { table, column, type } of LIVE_ONLY) {
    if (mysql) {
      const live = `${column}_live`;
      await sql`alter table ${sql.table(table)} add column ${sql.id(live)} ${sql.raw(type)}
        as (case when del_flag = 0 then ${sql.ref(column)} end) virtual invisible`.execute(db);
      await db.schema.createIndex(uq(table, column)).on(table).column(live).unique().execute();
    } else {
      await db.schema
        .createIndex(uq(table, column))
        .on(table)
        .column(column)
        .unique()
        .where(sql.ref('del_flag'), '=', 0)
        .execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const adapter = db.getExecutor().adapter;
  const mysql = adapter instanceof MysqlAdapter;
  const postgres = adapter instanceof PostgresAdapter;
  for (const { table, column } of LIVE_ONLY) {
    if (mysql) {
      await sql`alter table ${sql.table(table)} drop index ${sql.id(uq(table, column))}`.execute(db);
      await sql`alter table ${sql.table(table)} drop column ${sql.id(`${column}_live`)}`.execute(db);
    } else {
      await db.schema.dropIndex(uq(table, column)).execute();
    }
  }
  if (mysql) await sql`alter table sys_dict_item drop index uq_sys_dict_item_value`.execute(db);
  else await db.schema.dropIndex('uq_sys_dict_item_value').execute();
  for (const { table, column } of RENAMED) {
    if (postgres) {
      await sql`alter table ${sql.table(table)} rename constraint ${sql.id(uq(table, column))} to ${sql.id(`${table}_${column}_key`)}`.execute(
        db,
      );
    } else if (mysql) {
      await sql`alter table ${sql.table(table)} rename index ${sql.id(uq(table, column))} to ${sql.id(column)}`.execute(
        db,
      );
    }
  }
}
