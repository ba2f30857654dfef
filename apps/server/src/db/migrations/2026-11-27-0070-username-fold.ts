import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: user names become unique regardless of case (`Admin` could be added beside `admin` and pass for
 * it). A unique index on lower(username) on PostgreSQL and SQLite; MariaDB/MySQL has no index on an expression
 * (MariaDB), so there an invisible generated column holds lower(username) and carries the unique index. Deleted
 * accounts count, as for the exact name. Existing names that differ only by case are people's accounts: the
 * migration refuses to run, naming them, and an administrator renames one before the upgrade.
 */

const INDEX = 'uq_sys_user_username_fold';

async function refuseCaseDuplicates(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ folded: string; n: number | string }>`
    select lower(username) as folded, count(*) as n from sys_user
    group by lower(username) having count(*) > 1`.execute(db);
  if (!rows.length) return;
  const groups: string[] = [];
  for (const r of rows.slice(0, 5)) {
    const names = await sql<{ username: string }>`
      select username from sys_user where lower(username) = ${r.folded}`.execute(db);
    groups.push(
      names.rows
        .map((n) => `“${n.username}”`)
        .sort()
        .join('与'),
    );
  }
  throw new Error(
    `无法建立用户账号不区分大小写的唯一约束：有 ${rows.length} 组账号仅大小写不同（${groups.join('；')}${
      rows.length > 5 ? ' 等' : ''
    }），请先修改其中的账号后再启动`,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await refuseCaseDuplicates(db);
  if (db.getExecutor().adapter instanceof MysqlAdapter) {
    await sql`alter table sys_user add column username_fold varchar(100)
      as (lower(username)) virtual invisible`.execute(db);
    await db.schema.createIndex(INDEX).on('sys_user').column('username_fold').unique().execute();
  } else {
    await db.schema
      .createIndex(INDEX)
      .on('sys_user')
      .expression(sql`lower(username)`)
      .unique()
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof MysqlAdapter) {
    await sql`alter table sys_user drop index ${sql.id(INDEX)}`.execute(db);
    await sql`alter table sys_user drop column username_fold`.execute(db);
  } else {
    await db.schema.dropIndex(INDEX).execute();
  }
}
