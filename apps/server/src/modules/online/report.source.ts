import fs from 'node:fs';
import { DATA_SOURCE_MESSAGES, ONLINE_MESSAGES } from '@district/shared';
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
import { connectionFailure } from '../datasource/datasource.service.js';
import { guardedSocket, isForbiddenAddressError } from '../../lib/net-guard.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { PASSWORD_PURPOSE } from '../datasource/datasource.resource.js';
import { sqliteFile, type ConnectionTarget } from '../datasource/datasource.service.js';
import type { ReportJob, ReportRunner } from './report-runner.js';

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

/**
 * A failure to reach the source (not of the query): a Chinese 400 with the reason 测试连接 gives (wrong password,
 * missing database, unreachable…), never the driver's English text, which stays in the log through `cause`.
 */
function connectFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isForbiddenAddressError(error)) return new ApiError(400, DATA_SOURCE_MESSAGES.addressForbidden, { cause: error });
  const reason = connectionFailure(error).message.replace(/^连接失败：/, '');
  return new ApiError(400, `${ONLINE_MESSAGES.sourceFailed}${reason}`, { cause: error });
}

/**
 * Connects within the job: until connected, a time-out says the source did not answer (and drops the attempt);
 * afterwards it is the query's time-out.
 */
async function connect<T>(
  job: ReportJob,
  timeoutSeconds: number,
  open: () => Promise<T>,
  drop: () => void,
): Promise<T> {
  const queryTimeout = job.timeoutMessage;
  job.timeoutMessage = ONLINE_MESSAGES.sourceTimeout(timeoutSeconds);
  job.onCancel(drop);
  try {
    return await open();
  } catch (error) {
    throw connectFailure(error);
  } finally {
    job.timeoutMessage = queryTimeout;
    job.onCancel(null);
  }
}

async function onPostgres(t: ConnectionTarget, queries: CompiledQuery[], job: ReportJob, ms: number, limit: number) {
  const options = {
    host: t.host ?? undefined,
    port: t.port ?? 5432,
    database: t.databaseName,
    user: t.username ?? undefined,
    password: t.password ?? undefined,
    connectionTimeoutMillis: ms,
    // Metadata and link-local addresses are refused again at connect time, names resolved (DNS rebinding).
    stream: guardedSocket,
  };
  const client = new (pgDriver().Client)(options);
  client.on('error', () => undefined);
  try {
    await connect(
      job,
      ms / 1000,
      () => client.connect(),
      () => void client.end().catch(() => undefined),
    );
    const pid = (await client.query('select pg_backend_pid() as pid')).rows[0]?.pid as number;
    // Closing our socket does not stop a running statement: the server is asked to cancel it, from a second
    // connection; its own statement_timeout is the backstop.
    job.onCancel(async () => {
      const other = new (pgDriver().Client)(options);
      other.on('error', () => undefined);
      try {
        await other.connect();
        await other.query('select pg_cancel_backend($1)', [pid]);
      } finally {
        await other.end().catch(() => undefined);
      }
    });
    await client.query('begin transaction read only');
    await client.query(`set local statement_timeout = ${Math.round(limit)}`);
    const results: SqlRow[][] = [];
    for (const q of queries) results.push((await client.query(q.sql, [...q.parameters])).rows as SqlRow[]);
    return results;
  } finally {
    await job.settle();
    await client.end().catch(() => undefined);
  }
}

async function onMysql(t: ConnectionTarget, queries: CompiledQuery[], job: ReportJob, ms: number, limit: number) {
  const options = {
    host: t.host ?? undefined,
    port: t.port ?? 3306,
    database: t.databaseName,
    user: t.username ?? undefined,
    password: t.password ?? undefined,
    connectTimeout: ms,
    stream: () => guardedSocket().connect(t.port ?? 3306, t.host ?? 'localhost'),
  };
  let connection: Connection | null = null;
  try {
    const pending = mysqlPromiseDriver().createConnection(options);
    // A connection that arrives after the time-out is closed at once.
    connection = await connect(
      job,
      ms / 1000,
      () => pending,
      () => void pending.then((c) => c.destroy()).catch(() => undefined),
    );
    const c = connection;
    const threadId = c.threadId;
    // The statement keeps running on the server after our socket closes: KILL QUERY it from a second connection.
    job.onCancel(async () => {
      const other = await mysqlPromiseDriver().createConnection(options);
      try {
        await other.query(`kill query ${Number(threadId)}`);
      } finally {
        other.destroy();
      }
    });
    const [version] = (await c.query('select version() as v')) as unknown as [{ v: string }[]];
    const mariadb = /mariadb/i.test(version[0]?.v ?? '');
    if (!mariadb) await c.query(`set session max_execution_time = ${Math.round(limit)}`);
    await c.query('start transaction read only');
    const results: SqlRow[][] = [];
    for (const q of queries) {
      const text = mariadb ? `set statement max_statement_time=${limit / 1000} for ${q.sql}` : q.sql;
      const [rows] = await c.query(text, [...q.parameters]);
      results.push(rows as SqlRow[]);
    }
    return results;
  } finally {
    await job.settle();
    (connection as { destroy(): void } | null)?.destroy();
  }
}

/**
 * Runs compiled report statements on a data source within the job: PostgreSQL and MySQL/MariaDB in a read-only
 * transaction with the server's own statement limit, cancelled on the server when the job runs out of time; SQLite
 * files read-only in a runner process.
 */
export async function runOnSource(
  t: ConnectionTarget,
  sqliteFolder: string,
  queries: CompiledQuery[],
  job: ReportJob,
  runner: ReportRunner,
): Promise<SqlRow[][]> {
  const ms = runner.options.timeoutMs;
  if (t.dbType === 'postgres') return onPostgres(t, queries, job, ms, runner.serverLimitMs);
  if (t.dbType === 'mysql') return onMysql(t, queries, job, ms, runner.serverLimitMs);
  const file = sqliteFile(sqliteFolder, t.databaseName);
  if (!fs.existsSync(file)) throw new ApiError(400, DATA_SOURCE_MESSAGES.sqliteFileMissing);
  return runner.sqlite(
    job,
    file,
    queries.map((q) => ({ sql: q.sql, params: [...q.parameters] })),
    false,
  );
}
