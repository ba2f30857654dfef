import { createHash } from 'node:crypto';
import { ONLINE_MESSAGES, type OnlineField, type OnlineFormDef } from '@district/shared';
import { onlineFormSaveSchema } from '@district/shared/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Expression, type Kysely } from 'kysely';
import type { AuthUser } from '../../context.js';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { isOutage } from '../../lib/outage.js';
import { databaseTables, type FormService } from './form.service.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- generated tables are outside Database; every name comes from a validated definition */
type AnyDb = Kysely<any>;

export interface SyncResult {
  created: boolean;
  changes: string[];
}

/** The SQL type of a field (dialect-neutral: dates as strings, booleans as 0/1, as in the migrations). */
export function columnType(f: OnlineField): Expression<unknown> {
  switch (f.dbType) {
    case 'string':
      return sql.raw(`varchar(${f.length ?? 255})`);
    case 'text':
      return sql.raw('text');
    case 'int':
      return sql.raw('integer');
    case 'decimal':
      return sql.raw(`numeric(${f.length ?? 18}, ${f.scale ?? 2})`);
    case 'date':
      return sql.raw('varchar(10)');
    case 'datetime':
      return sql.raw('varchar(19)');
    case 'boolean':
      return sql.raw('smallint');
  }
}

function typeKey(f: OnlineField): string {
  return f.dbType === 'decimal' ? `decimal:${f.scale ?? 2}` : f.dbType;
}

export function uniqueIndexName(table: string, column: string): string {
  return `ux_${createHash('md5').update(`${table}.${column}`).digest('hex').slice(0, 20)}`;
}

/** Rows belong to tenants, and so does uniqueness: two tenants may each hold the same value. */
export const uniqueColumns = (column: string) => ['tenant_id', column];

const lengthFn = (dialect: DialectName) => (dialect === 'sqlite' ? 'length' : 'char_length');

async function hasData(db: AnyDb, table: string, column: string): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where(column, 'is not', null).limit(1).executeTakeFirst();
  return !!row;
}

async function longestValue(db: AnyDb, dialect: DialectName, table: string, column: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`max(${sql.raw(lengthFn(dialect))}(${sql.ref(column)}))`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function createTable(db: AnyDb, dialect: DialectName, def: OnlineFormDef): Promise<void> {
  let t = db.schema
    .createTable(def.tableName)
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('create_by', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(100)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('sys_org_code', 'varchar(64)')
    .addColumn('tenant_id', 'integer');
  if (def.formKind === 'tree' && def.treeParentField) t = t.addColumn(def.treeParentField, 'varchar(32)');
  for (const f of def.fields) t = t.addColumn(f.name, columnType(f));
  if (dialect === 'mysql') t = t.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin`);
  await t.execute();
  await db.schema
    .createIndex(`ix_${createHash('md5').update(`${def.tableName}.tenant`).digest('hex').slice(0, 20)}`)
    .on(def.tableName)
    .columns(['tenant_id', 'create_time'])
    .execute();
  for (const f of def.fields.filter((x) => x.unique)) {
    await db.schema
      .createIndex(uniqueIndexName(def.tableName, f.name))
      .on(def.tableName)
      .columns(uniqueColumns(f.name))
      .unique()
      .execute();
  }
}

interface Plan {
  steps: ((db: AnyDb) => Promise<void>)[];
  changes: string[];
  losses: string[];
}

async function planAlter(db: AnyDb, dialect: DialectName, def: OnlineFormDef, before: OnlineField[]): Promise<Plan> {
  const table = def.tableName;
  const plan: Plan = { steps: [], changes: [], losses: [] };
  const old = new Map(before.map((f) => [f.name, f]));
  const now = new Map(def.fields.map((f) => [f.name, f]));
  // `drop index … on table` is MySQL's spelling only: PostgreSQL and SQLite refuse the `on`.
  const dropUnique = (name: string) =>
    plan.steps.push((d) => {
      const drop = d.schema.dropIndex(uniqueIndexName(table, name)).ifExists();
      return (dialect === 'mysql' ? drop.on(table) : drop).execute();
    });
  const addUnique = (name: string) =>
    plan.steps.push((d) =>
      d.schema.createIndex(uniqueIndexName(table, name)).on(table).columns(uniqueColumns(name)).unique().execute(),
    );

  for (const [name, f] of old) {
    const next = now.get(name);
    if (next && typeKey(next) === typeKey(f)) continue;
    if (await hasData(db, table, name)) plan.losses.push(next ? `字段 ${name} 改变类型` : `删除有数据的字段 ${name}`);
    if (f.unique) dropUnique(name);
    plan.steps.push((d) => d.schema.alterTable(table).dropColumn(name).execute());
    plan.changes.push(next ? `重建字段 ${name}` : `删除字段 ${name}`);
    if (next) {
      plan.steps.push((d) => d.schema.alterTable(table).addColumn(name, columnType(next)).execute());
      if (next.unique) addUnique(name);
    }
  }
  for (const [name, f] of now) {
    const prev = old.get(name);
    if (!prev) {
      plan.steps.push((d) => d.schema.alterTable(table).addColumn(name, columnType(f)).execute());
      if (f.unique) addUnique(name);
      plan.changes.push(`新增字段 ${name}`);
      continue;
    }
    if (typeKey(prev) !== typeKey(f)) continue;
    const sizeChanged =
      (f.dbType === 'string' && (prev.length ?? 255) !== (f.length ?? 255)) ||
      (f.dbType === 'decimal' && (prev.length ?? 18) !== (f.length ?? 18));
    if (sizeChanged) {
      const shorter = f.dbType === 'string' && (f.length ?? 255) < (prev.length ?? 255);
      if (shorter && (await longestValue(db, dialect, table, name)) > (f.length ?? 255)) {
        plan.losses.push(`字段 ${name} 缩短到 ${f.length} 个字符`);
        plan.steps.push(async (d) => {
          await d
            .updateTable(table)
            .set({ [name]: sql`substr(${sql.ref(name)}, 1, ${sql.lit(f.length ?? 255)})` })
            .execute();
        });
      }
      // SQLite does not enforce declared lengths: the form's checks do.
      if (dialect === 'postgres') {
        plan.steps.push((d) =>
          d.schema
            .alterTable(table)
            .alterColumn(name, (c) => c.setDataType(columnType(f)))
            .execute(),
        );
      } else if (dialect === 'mysql') {
        plan.steps.push((d) => d.schema.alterTable(table).modifyColumn(name, columnType(f)).execute());
      }
      plan.changes.push(`修改字段 ${name} 的长度`);
    }
    if (!!prev.unique !== !!f.unique) {
      if (f.unique) addUnique(name);
      else dropUnique(name);
      plan.changes.push(f.unique ? `字段 ${name} 加唯一约束` : `字段 ${name} 去掉唯一约束`);
    }
  }
  return plan;
}

/**
 * A stored definition is checked again before its table is touched: one saved before a rule existed (a column
 * named `xmin`, a unique text column) is refused with the rule's message instead of failing in the database.
 */
function refuseBadDefinition(def: OnlineFormDef): void {
  const checked = onlineFormSaveSchema.safeParse({
    tableName: def.tableName,
    title: def.title,
    formKind: def.formKind,
    theme: def.theme,
    treeParentField: def.treeParentField ?? null,
    treeTextField: def.treeTextField ?? null,
    subTables: def.subTables,
    fields: def.fields,
  });
  if (!checked.success) throw new ApiError(400, checked.error.issues[0]?.message ?? ONLINE_MESSAGES.syncRefused);
}

/**
 * Synchronises a form's table with its definition: create it, or add/alter/drop columns. Changes that lose
 * data (dropping or retyping a column that holds data, shortening a column below its longest value) run only
 * with `confirm` and are logged in the form's versions. PostgreSQL and SQLite run it in one transaction;
 * MySQL commits each DDL statement on its own. Whatever the database refuses is the definition's fault, not
 * the server's: a 400 that says so (an outage stays a 503).
 */
export async function synchronise(
  db: Kysely<Database>,
  dialect: DialectName,
  forms: FormService,
  def: OnlineFormDef,
  by: AuthUser,
  confirm: boolean,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<SyncResult> {
  refuseBadDefinition(def);
  try {
    return await apply(db, dialect, forms, def, by, confirm);
  } catch (error) {
    if (error instanceof ApiError || isOutage(error)) throw error;
    log?.warn({ err: error, table: def.tableName }, 'online form synchronisation refused by the database');
    const text = error instanceof Error ? error.message : String(error);
    if (/row size too large/i.test(text)) throw new ApiError(400, ONLINE_MESSAGES.syncRowTooLarge, { cause: error });
    if (/unique|duplicate/i.test(text)) throw new ApiError(400, '已有重复数据，无法加唯一约束', { cause: error });
    throw new ApiError(400, ONLINE_MESSAGES.syncRefused, { cause: error });
  }
}

async function apply(
  db: Kysely<Database>,
  dialect: DialectName,
  forms: FormService,
  def: OnlineFormDef,
  by: AuthUser,
  confirm: boolean,
): Promise<SyncResult> {
  const plain = db.withoutPlugins() as AnyDb;
  const exists = (await databaseTables(db)).has(def.tableName);
  const before = exists ? await forms.syncedFields(def.id) : null;
  if (exists && !before) throw new ApiError(400, ONLINE_MESSAGES.tableSystem);
  if (exists && before && def.syncedVersion === def.version) return { created: false, changes: [] };

  const plan: Plan = exists
    ? await planAlter(plain, dialect, def, before!)
    : { steps: [(d) => createTable(d, dialect, def)], changes: [`创建表 ${def.tableName}`], losses: [] };
  if (plan.losses.length && !confirm) throw new ApiError(409, ONLINE_MESSAGES.destructive(plan.losses.join('；')));
  const note = [...plan.changes, ...plan.losses.map((l) => `已确认：${l}`)].join('；') || null;

  const run = async (trx: Kysely<Database>) => {
    for (const step of plan.steps) await step(trx.withoutPlugins() as AnyDb);
    await forms.recordSync(trx, def, by, note, plan.losses.length > 0);
  };
  if (dialect === 'mysql') await run(db);
  else await db.transaction().execute(run);
  return { created: !exists, changes: plan.changes };
}
