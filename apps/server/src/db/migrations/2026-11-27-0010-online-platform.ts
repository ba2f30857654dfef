import { createHash } from 'node:crypto';
import { MysqlAdapter, type Kysely } from 'kysely';

/*
 * Frozen in time: a unique field of an online form was unique across all tenants (an index on the column alone),
 * so one tenant's value kept every other tenant from using it, and the refusal told them it existed. The rows of a
 * generated table belong to tenants; each synchronised table's unique indexes are rebuilt on (tenant_id, column)
 * under the same names (`ux_` + 20 hex digits of md5('table.column')).
 */

interface Head {
  table_name: string;
  synced_fields: string | null;
}

const indexName = (table: string, column: string) =>
  `ux_${createHash('md5').update(`${table}.${column}`).digest('hex').slice(0, 20)}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations do not know the schema type
async function rebuild(db: Kysely<any>, columns: (column: string) => string[]): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const tables = new Set((await db.introspection.getTables()).map((t) => t.name.toLowerCase()));
  const heads = (await db
    .selectFrom('onl_cgform_head')
    .select(['table_name', 'synced_fields'])
    .where('synced_fields', 'is not', null)
    .execute()) as Head[];
  for (const head of heads) {
    if (!tables.has(head.table_name)) continue;
    let fields: { name?: unknown; unique?: unknown }[];
    try {
      fields = JSON.parse(head.synced_fields ?? '[]') as typeof fields;
    } catch {
      continue;
    }
    for (const f of fields) {
      if (f.unique !== true || typeof f.name !== 'string') continue;
      const name = indexName(head.table_name, f.name);
      const drop = db.schema.dropIndex(name).ifExists();
      await (mysql ? drop.on(head.table_name) : drop).execute();
      await db.schema.createIndex(name).on(head.table_name).columns(columns(f.name)).unique().execute();
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations do not know the schema type
  await rebuild(db as Kysely<any>, (column) => ['tenant_id', column]);
}

/** Back to one value per table: fails while two tenants hold the same value (they would have to give one up). */
export async function down(db: Kysely<unknown>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations do not know the schema type
  await rebuild(db as Kysely<any>, (column) => [column]);
}
