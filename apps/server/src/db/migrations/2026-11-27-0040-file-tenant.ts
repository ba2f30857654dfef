import { MysqlAdapter, sql, type Kysely } from 'kysely';

/*
 * Frozen in time: this file never imports application code. Uploaded files become tenant data (issue 22 item 7):
 * each sys_file row gets the tenant it was uploaded in, and 对象存储 lists, serves and deletes a tenant's own. And
 * `in_use`: uploads never saved are swept by age, and a file the sweep once found in use is left alone.
 *
 * Rows written before carry no tenant. They get, in this order:
 *  1. the tenant of the uploading account, when that account belongs to exactly one tenant;
 *  2. else the tenant of the records that use the file, when they all belong to one tenant (assets, their ledger,
 *     projects, company profiles, announcements, message and print templates, user avatars, online form tables);
 *  3. else none: only a platform administrator sees such a file in 对象存储 (guessing could hand one tenant's
 *     file to another). Records of no tenant (shipped print templates) tell nothing.
 */

/** Characters of a stored path; a path in a value is a run of them, or the end of one (`/api/…/static/<path>`). */
const PATH_RUN = /[A-Za-z0-9_.\-/]+/g;

function pathsIn(text: string, known: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [run] of text.matchAll(PATH_RUN)) {
    for (let start = 0; ;) {
      const id = known.get(run.slice(start));
      if (id) found.push(id);
      const slash = run.indexOf('/', start);
      if (slash === -1) break;
      start = slash + 1;
    }
  }
  return found;
}

interface Source {
  table: string;
  columns: string[];
  /** The row's tenants; default its tenant_id column. */
  tenants?: (row: Record<string, unknown>) => number[];
}

const PAGE = 2000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_file').addColumn('tenant_id', 'integer').execute();
  // The sweep of uploads never saved marks a file it found in use and leaves it alone from then on.
  await db.schema
    .alterTable('sys_file')
    .addColumn('in_use', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // 对象存储 lists a tenant's files newest first.
  await db.schema
    .createIndex('idx_sys_file_tenant_time')
    .on('sys_file')
    .columns(['tenant_id', 'create_time'])
    .execute();

  // 1. One tenant when the uploader has exactly one (CASE instead of HAVING: SQLite, PostgreSQL, MySQL alike).
  await sql`
    update sys_file set tenant_id = (
      select case when count(distinct ut.tenant_id) = 1 then min(ut.tenant_id) end
      from sys_user_tenant ut inner join sys_user u on u.id = ut.user_id
      where u.username = sys_file.create_by
    )
    where tenant_id is null`.execute(db);

  // 2. The tenant of the records using the file: each table read once, page by page, the paths found in JS.
  const open = (
    await sql<{ id: string; stored_path: string }>`
    select id, stored_path from sys_file where tenant_id is null`.execute(db)
  ).rows;
  if (open.length === 0) return;
  const known = new Map(open.map((f) => [f.stored_path, f.id]));
  const tenantsOf = new Map<string, Set<number>>();

  const userTenants = new Map<string, number[]>();
  for (const r of (
    await sql<{ user_id: string; tenant_id: unknown }>`
    select user_id, tenant_id from sys_user_tenant`.execute(db)
  ).rows) {
    userTenants.set(r.user_id, [...(userTenants.get(r.user_id) ?? []), Number(r.tenant_id)]);
  }

  const sources: Source[] = [
    { table: 'biz_asset', columns: ['images', 'attachments', 'description'] },
    { table: 'biz_asset_ledger', columns: ['documents'] },
    { table: 'biz_project', columns: ['attachments', 'description'] },
    { table: 'biz_company', columns: ['logo'] },
    { table: 'sys_announcement', columns: ['msg_content'] },
    { table: 'sys_message_template', columns: ['template_content'] },
    { table: 'biz_print_template', columns: ['layout'] },
    { table: 'sys_user', columns: ['avatar'], tenants: (row) => userTenants.get(String(row.id)) ?? [] },
  ];
  const existing = new Set((await db.introspection.getTables()).map((t) => t.name.toLowerCase()));
  const heads = (
    await sql<{ table_name: string; synced_fields: string | null }>`
    select table_name, synced_fields from onl_cgform_head where synced_version is not null`.execute(db)
  ).rows;
  for (const head of heads) {
    if (!existing.has(head.table_name.toLowerCase()) || !head.synced_fields) continue;
    let fields: { name?: unknown; widget?: unknown }[];
    try {
      fields = JSON.parse(head.synced_fields) as typeof fields;
    } catch {
      continue;
    }
    const columns = fields
      .filter((f) => ['image', 'file', 'richText', 'markdown'].includes(String(f.widget)))
      .map((f) => String(f.name))
      .filter((name) => /^[a-z][a-z0-9_]*$/.test(name));
    if (columns.length) sources.push({ table: head.table_name, columns });
  }

  for (const source of sources) {
    if (!existing.has(source.table)) continue;
    const tenantColumn = source.tenants ? [] : [sql.ref('tenant_id')];
    const someValue = sql.join(
      source.columns.map((c) => sql`(${sql.ref(c)} is not null and ${sql.ref(c)} <> '')`),
      sql` or `,
    );
    let after = '';
    for (;;) {
      const rows = (
        await sql<Record<string, unknown>>`
          select ${sql.join([sql.ref('id'), ...tenantColumn, ...source.columns.map((c) => sql.ref(c))])}
          from ${sql.table(source.table)}
          where ${sql.ref('id')} > ${after} and (${someValue})
          order by ${sql.ref('id')}
          limit ${PAGE}`.execute(db)
      ).rows;
      for (const row of rows) {
        const tenants = source.tenants
          ? source.tenants(row)
          : row.tenant_id === null || row.tenant_id === undefined
            ? []
            : [Number(row.tenant_id)];
        if (tenants.length === 0) continue;
        for (const column of source.columns) {
          const value = row[column];
          if (typeof value !== 'string' || !value) continue;
          for (const id of pathsIn(value, known)) {
            const set = tenantsOf.get(id) ?? new Set<number>();
            for (const t of tenants) set.add(t);
            tenantsOf.set(id, set);
          }
        }
      }
      if (rows.length < PAGE) break;
      after = String(rows[rows.length - 1]!.id);
    }
  }

  for (const [id, tenants] of tenantsOf) {
    if (tenants.size !== 1) continue;
    const [tenant] = [...tenants];
    await sql`update sys_file set tenant_id = ${tenant} where id = ${id} and tenant_id is null`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Only MySQL names the table of an index it drops.
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const drop = db.schema.dropIndex('idx_sys_file_tenant_time');
  await (mysql ? drop.on('sys_file') : drop).execute();
  await db.schema.alterTable('sys_file').dropColumn('in_use').execute();
  await db.schema.alterTable('sys_file').dropColumn('tenant_id').execute();
}
