import fs from 'node:fs';
import { DATA_SOURCE_MESSAGES, ONLINE_LIMITS, ONLINE_MESSAGES } from '@district/shared';
import {
  DummyDriver,
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
} from 'kysely';
import type { Connection } from 'mysql2/promise';
import { mysqlPromiseDriver, pgDriver, type DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { PASSWORD_PURPOSE } from '../datasource/datasource.resource.js';
import { sqliteFile, type ConnectionTarget } from '../datasource/datasource.service.js';

type SqlRow = Record<string, unknown>;

/** Builds SQL text for a dialect without a connection: a report on a data source is compiled for its database. */
const compilers = new Map<DialectName, Kysely<unknown>>();
export function compilerFor(dialect: DialectName): Kysely<unknown> {
  let db = compilers.get(dialect);
  if (!db) {
    const [adapter, compiler, introspector] =
      dialect === 'postgres'
        ? [PostgresAdapter, PostgresQueryCompiler, PostgresIntrospector]
        : dialect === 'mysql'
          ? [MysqlAdapter, MysqlQueryCompiler, MysqlIntrospector]
          : [SqliteAdapter, SqliteQueryCompiler, SqliteIntrospector];
    db = new Kysely<unknown>({
      dialect: {
        createAdapter: () => new adapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (k) => new introspector(k),
        createQueryCompiler: () => new compiler(),
      },
    });
    compilers.set(dialect, db);
  }
  return db;
}

/** A data source by its code, its password opened: where a report with `dbSource` runs. */
export async function loadSource(db: Kysely<Database>, secrets: SecretBox, code: string): Promise<ConnectionTarget> {
  const row = await db.selectFrom('sysDataSource').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row) throw new ApiError(400, ONLINE_MESSAGES.sourceMissing(code));
  let password: string | null = null;
  try {
    password = row.password ? secrets.open(row.password, PASSWORD_PURPOSE) : null;
  } catch {
    throw new ApiError(400, DATA_SOURCE_MESSAGES.passwordUnreadable);
  }
  return {
    dbType: row.dbType as ConnectionTarget['dbType'],
    host: row.host,
    port: row.port,
    databaseName: row.databaseName,
    username: row.username,
    password,
  };
}

class ConnectTimeout extends Error {}

/** Rejects after the report timeout, running `cancel` so a dropped connection attempt does not linger. */
function within<T>(work: Promise<T>, cancel: () => void): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      cancel();
      reject(new ConnectTimeout());
    }, ONLINE_LIMITS.reportTimeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A failure to reach the source (not of the query): a Chinese 400, the timeout said as such. */
function connectFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const text = `${(error as { code?: unknown })?.code ?? ''} ${String((error as Error)?.message)}`;
  if (error instanceof ConnectTimeout || /timeout|timed out|ETIMEDOUT/i.test(text)) {
    return new ApiError(400, ONLINE_MESSAGES.sourceTimeout, { cause: error });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new ApiError(400, `${ONLINE_MESSAGES.sourceFailed}${reason.slice(0, 200)}`, { cause: error });
}

async function onPostgres(t: ConnectionTarget, query: CompiledQuery): Promise<SqlRow[]> {
  const client = new (pgDriver().Client)({
    host: t.host ?? undefined,
    port: t.port ?? 5432,
    database: t.databaseName,
    user: t.username ?? undefined,
    password: t.password ?? undefined,
    connectionTimeoutMillis: ONLINE_LIMITS.reportTimeoutMs,
  });
  client.on('error', () => undefined);
  try {
    try {
      await within(client.connect(), () => void client.end().catch(() => undefined));
    } catch (error) {
      throw connectFailure(error);
    }
    // Read-only, with the server's own statement timeout: the report cannot write or run away.
    await client.query('begin transaction read only');
    await client.query(`set local statement_timeout = ${ONLINE_LIMITS.reportTimeoutMs}`);
    const result = await client.query(query.sql, [...query.parameters]);
    await client.query('rollback');
    return result.rows as SqlRow[];
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function onMysql(t: ConnectionTarget, query: CompiledQuery): Promise<SqlRow[]> {
  let connection: Connection | null = null;
  try {
    try {
      const pending = mysqlPromiseDriver().createConnection({
        host: t.host ?? undefined,
        port: t.port ?? 3306,
        database: t.databaseName,
        user: t.username ?? undefined,
        password: t.password ?? undefined,
        connectTimeout: ONLINE_LIMITS.reportTimeoutMs,
      });
      // A connection that arrives after the timeout is closed at once.
      connection = await within(pending, () => void pending.then((c) => c.destroy()).catch(() => undefined));
    } catch (error) {
      throw connectFailure(error);
    }
    const [version] = (await connection.query('select version() as v')) as unknown as [{ v: string }[]];
    const mariadb = /mariadb/i.test(version[0]?.v ?? '');
    await connection.query('start transaction read only');
    const text = mariadb
      ? `set statement max_statement_time=${ONLINE_LIMITS.reportTimeoutMs / 1000} for ${query.sql}`
      : query.sql.replace(/^select /i, `select /*+ MAX_EXECUTION_TIME(${ONLINE_LIMITS.reportTimeoutMs}) */ `);
    const [rows] = await connection.query(text, [...query.parameters]);
    await connection.query('rollback');
    return rows as SqlRow[];
  } finally {
    (connection as { destroy(): void } | null)?.destroy();
  }
}

/**
 * Runs a compiled report query on a data source: PostgreSQL and MySQL/MariaDB in a read-only transaction with a
 * statement timeout, SQLite files read-only in the report worker (`sqlite` answers its rows).
 */
export async function runOnSource(
  t: ConnectionTarget,
  sqliteFolder: string,
  query: CompiledQuery,
  sqlite: (file: string, text: string, params: unknown[]) => Promise<SqlRow[]>,
): Promise<SqlRow[]> {
  if (t.dbType === 'postgres') return onPostgres(t, query);
  if (t.dbType === 'mysql') return onMysql(t, query);
  const file = sqliteFile(sqliteFolder, t.databaseName);
  if (!fs.existsSync(file)) throw new ApiError(400, DATA_SOURCE_MESSAGES.sqliteFileMissing);
  return sqlite(file, query.sql, [...query.parameters]);
}
