import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';

/*
 * The database part of a PostgreSQL or MariaDB/MySQL backup: a logical export of every table into one JSON-lines file
 * each (first line the column names, then one array of values per row), read back by the restore command. It is the
 * same on both servers, needs no client tool on the host that restores, and does not depend on the dump tool's version
 * matching the server's. When pg_dump / mariadb-dump / mysqldump is on PATH its own dump is written beside it, for a
 * database administrator's use (docs/backup-and-recovery.md).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table, whatever its columns
type AnyDb = Kysely<any>;

/** Kysely's own bookkeeping: the migration list is compared, the lock table is never copied. */
export const MIGRATION_TABLE = 'kysely_migration';
const SKIPPED_TABLES = new Set(['kysely_migration_lock']);

/** Rows read per query while exporting. */
const PAGE = 2_000;
/** Bound parameters per insert statement while restoring: well below every dialect's limit. */
const MAX_PARAMS = 10_000;

/** Every table with its columns in their declared order, by name. */
async function tablesOf(db: AnyDb): Promise<{ name: string; columns: string[] }[]> {
  const tables = await db.introspection.getTables();
  return tables
    .filter((t) => !t.isView && !SKIPPED_TABLES.has(t.name))
    .map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The primary key's columns (PostgreSQL and MySQL both answer information_schema), for a stable page order. */
async function primaryKey(db: AnyDb, dialect: DialectName, table: string): Promise<string[]> {
  const schema = dialect === 'postgres' ? sql`current_schema()` : sql`database()`;
  const result = await sql<{ column_name: string }>`
    select k.column_name as column_name from information_schema.table_constraints c
    join information_schema.key_column_usage k
      on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema and k.table_name = c.table_name
    where c.constraint_type = 'PRIMARY KEY' and c.table_schema = ${schema} and c.table_name = ${table}
    order by k.ordinal_position`.execute(db);
  return result.rows.map((r) => r.column_name);
}

/** Columns the database computes itself (MySQL's generated columns, PostgreSQL's): never exported nor written. */
async function generatedColumns(db: AnyDb, dialect: DialectName): Promise<Set<string>> {
  const result =
    dialect === 'postgres'
      ? await sql<{ t: string; c: string }>`
          select table_name as t, column_name as c from information_schema.columns
          where table_schema = current_schema() and is_generated = 'ALWAYS'`.execute(db)
      : await sql<{ t: string; c: string }>`
          select table_name as t, column_name as c from information_schema.columns
          where table_schema = database() and extra like '%GENERATED%'`.execute(db);
  return new Set(result.rows.map((r) => `${r.t}.${r.c}`));
}

/** Writes db/<table>.jsonl for every table, inside one repeatable-read snapshot; answers the row count per table. */
export async function exportTables(
  raw: AnyDb,
  dialect: DialectName,
  outDir: string,
): Promise<{ tables: Record<string, number>; files: string[] }> {
  fs.mkdirSync(outDir, { recursive: true });
  const tables: Record<string, number> = {};
  const files: string[] = [];
  await raw
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const generated = await generatedColumns(trx, dialect);
      for (const { name: table, columns: all } of await tablesOf(trx)) {
        const columns = all.filter((c) => !generated.has(`${table}.${c}`));
        const key = await primaryKey(trx, dialect, table);
        const file = path.join(outDir, `${table}.jsonl`);
        const out = fs.createWriteStream(file);
        const write = (line: string) =>
          new Promise<void>((resolve, reject) => {
            if (out.write(`${line}\n`)) resolve();
            else out.once('drain', resolve).once('error', reject);
          });
        await write(JSON.stringify(columns));
        let count = 0;
        for (let offset = 0; ; offset += PAGE) {
          let q = trx.selectFrom(table).select(columns.map((c) => sql.ref(c).as(c)));
          for (const c of key.length ? key : columns) q = q.orderBy(sql.ref(c));
          const rows = (await q.limit(PAGE).offset(offset).execute()) as Record<string, unknown>[];
          for (const row of rows) await write(JSON.stringify(columns.map((c) => plain(row[c]))));
          count += rows.length;
          if (rows.length < PAGE) break;
        }
        await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
        tables[table] = count;
        files.push(file);
      }
    });
  return { tables, files };
}

/** A value as JSON keeps it: dates as their text, buffers as base64 (no such columns today; kept safe). */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return { $base64: value.toString('base64') };
  if (typeof value === 'bigint') return Number(value);
  return value;
}

function unplain(value: unknown): unknown {
  if (value && typeof value === 'object' && '$base64' in value) {
    return Buffer.from(String((value as { $base64: unknown }).$base64), 'base64');
  }
  return value;
}

/**
 * Replaces the contents of every table of the export by the exported rows, in one transaction: the database is
 * either as it was or as the backup had it.
 */
export async function importTables(raw: AnyDb, dir: string, tables: string[]): Promise<void> {
  await raw.transaction().execute(async (trx) => {
    for (const table of tables) {
      await trx.deleteFrom(table).execute();
      const lines = readline.createInterface({
        input: fs.createReadStream(path.join(dir, `${table}.jsonl`)),
        crlfDelay: Infinity,
      });
      let columns: string[] | null = null;
      let batch: Record<string, unknown>[] = [];
      let size = PAGE;
      const flush = async () => {
        if (batch.length) await trx.insertInto(table).values(batch).execute();
        batch = [];
      };
      for await (const line of lines) {
        if (!line) continue;
        const values = JSON.parse(line) as unknown[];
        if (!columns) {
          columns = values as string[];
          size = Math.max(1, Math.floor(MAX_PARAMS / Math.max(1, columns.length)));
          continue;
        }
        const cols = columns;
        batch.push(Object.fromEntries(cols.map((c, i) => [c, unplain(values[i])])));
        if (batch.length >= size) await flush();
      }
      await flush();
    }
  });
}

/** The first of these programs found on PATH. */
export function findOnPath(names: string[], envPath = process.env.PATH ?? ''): { name: string; file: string } | null {
  for (const name of names) {
    for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
      const file = path.join(dir, name);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return { name, file };
      } catch {
        // not here
      }
    }
  }
  return null;
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { env, timeout: 3_600_000, maxBuffer: 4 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error)
        reject(
          new Error(
            String(stderr || error.message)
              .trim()
              .slice(0, 400),
          ),
        );
      else resolve();
    });
  });
}

/**
 * The dump tool's own file (native/database.sql) when the tool is on PATH; null when it is not. The password goes
 * in the environment (PGPASSWORD / MYSQL_PWD), never on the command line where `ps` would show it.
 */
export async function nativeDump(url: string, dialect: DialectName, outFile: string): Promise<string | null> {
  const u = new URL(url);
  const env = { ...process.env };
  const password = decodeURIComponent(u.password);
  if (dialect === 'postgres') {
    const tool = findOnPath(['pg_dump']);
    if (!tool) return null;
    if (password) env.PGPASSWORD = password;
    u.password = '';
    fs.mkdirSync(path.dirname(outFile), { recursive: true });
    await run(
      tool.file,
      ['--no-owner', '--no-privileges', '--format=plain', `--file=${outFile}`, `--dbname=${u}`],
      env,
    );
    return tool.name;
  }
  if (dialect === 'mysql') {
    const tool = findOnPath(['mariadb-dump', 'mysqldump']);
    if (!tool) return null;
    if (password) env.MYSQL_PWD = password;
    fs.mkdirSync(path.dirname(outFile), { recursive: true });
    await run(
      tool.file,
      [
        '--single-transaction',
        `--host=${u.hostname || '127.0.0.1'}`,
        `--port=${u.port || '3306'}`,
        `--user=${decodeURIComponent(u.username) || 'root'}`,
        `--result-file=${outFile}`,
        decodeURIComponent(u.pathname.replace(/^\//, '')),
      ],
      env,
    );
    return tool.name;
  }
  return null;
}
