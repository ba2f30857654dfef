import fs from 'node:fs';
import path from 'node:path';
import { DATA_SOURCE_MESSAGES as M, DATA_SOURCE_TEST_TIMEOUT_MS, type DataSourceType } from '@district/shared';
import type { Connection } from 'mysql2/promise';
import { mysqlPromiseDriver, pgDriver } from '../../db/database.js';
import { ApiError } from '../../lib/http.js';
import { SQLite } from '../../lib/sqlite-driver.js';
import { guardedSocket, isForbiddenAddressError, isForbiddenHost, resolveChecked } from '../../lib/net-guard.js';

export interface ConnectionTarget {
  dbType: DataSourceType;
  host: string | null;
  port: number | null;
  databaseName: string;
  username: string | null;
  password: string | null;
}

/** The SQLite file a data source names: a plain file name inside the configured folder, never a path. */
export function sqliteFile(folder: string, name: string): string {
  const file = path.resolve(folder, name);
  if (path.dirname(file) !== path.resolve(folder) || path.basename(file) !== name) {
    throw new ApiError(400, M.sqliteFileInvalid);
  }
  return file;
}

class TimeoutError extends Error {}

/**
 * Refuses a data source host that is, or now resolves to, a cloud metadata or link-local address (checked when it
 * is saved). A name that does not resolve yet may be saved: connections check again, right before connecting.
 */
export async function checkSourceHost(host: string | null | undefined): Promise<void> {
  if (!host) return;
  if (isForbiddenHost(host)) throw new ApiError(400, M.addressForbidden);
  try {
    await resolveChecked(host, 3000);
  } catch (error) {
    if (isForbiddenAddressError(error)) throw new ApiError(400, M.addressForbidden);
  }
}

/** Rejects after `ms`, running `cancel` so the attempt does not linger (a dropped SYN can hang for minutes). */
function withTimeout<T>(work: Promise<T>, ms: number, cancel: () => void): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      cancel();
      reject(new TimeoutError());
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function tryPostgres(t: ConnectionTarget, ms: number): Promise<void> {
  const client = new (pgDriver().Client)({
    host: t.host ?? undefined,
    port: t.port ?? 5432,
    database: t.databaseName,
    user: t.username ?? undefined,
    password: t.password ?? undefined,
    connectionTimeoutMillis: ms,
    query_timeout: ms,
    stream: guardedSocket,
  });
  client.on('error', () => undefined);
  const work = (async () => {
    await client.connect();
    await client.query('select 1');
  })();
  try {
    await withTimeout(work, ms, () => void client.end().catch(() => undefined));
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function tryMysql(t: ConnectionTarget, ms: number): Promise<void> {
  let connection: Connection | null = null;
  const work = (async () => {
    connection = await mysqlPromiseDriver().createConnection({
      host: t.host ?? undefined,
      port: t.port ?? 3306,
      database: t.databaseName,
      user: t.username ?? undefined,
      password: t.password ?? undefined,
      connectTimeout: ms,
      stream: () => guardedSocket().connect(t.port ?? 3306, t.host ?? 'localhost'),
    });
    await connection.query('select 1');
  })();
  try {
    await withTimeout(work, ms, () => connection?.destroy());
  } finally {
    (connection as { destroy(): void } | null)?.destroy();
  }
}

function trySqlite(t: ConnectionTarget, folder: string): void {
  const file = sqliteFile(folder, t.databaseName);
  if (!fs.existsSync(file)) throw new ApiError(400, M.sqliteFileMissing);
  const db = new SQLite(file, { readonly: true, fileMustExist: true, timeout: DATA_SOURCE_TEST_TIMEOUT_MS });
  try {
    db.prepare('select 1').get();
  } finally {
    db.close();
  }
}

/** MySQL/MariaDB error numbers of a server that answered: wrong user or password, unknown database. */
const MYSQL_AUTH_FAILED = new Set([1045, 1698]);
const MYSQL_NO_DATABASE = 1049;

/**
 * What the user is told about a failed connection. Only a server that answered as a database gets a reason
 * (authentication, missing database, another refusal); every network-level failure — refused, timed out, reset,
 * unreachable, unknown name, not a database, TLS — is the same sentence, so the test cannot map ports.
 */
export function connectionFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isForbiddenAddressError(error)) return new ApiError(400, M.addressForbidden);
  const e = (error ?? {}) as { code?: unknown; severity?: unknown; errno?: unknown; sqlMessage?: unknown };
  const message = error instanceof Error ? error.message : '';
  // PostgreSQL's ErrorResponse carries a severity and a SQLSTATE (class 28: authorization).
  if (typeof e.severity === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    if (e.code.startsWith('28')) return new ApiError(400, M.authFailed, { cause: error });
    if (e.code === '3D000') return new ApiError(400, M.databaseMissing, { cause: error });
    return new ApiError(400, M.serverRefused, { cause: error });
  }
  // PostgreSQL asked for a password the form did not give (pg fails before sending anything).
  if (/^SASL: |client password must be a string/.test(message))
    return new ApiError(400, M.authFailed, { cause: error });
  // A MySQL/MariaDB error packet: the server's error number and text.
  if (typeof e.sqlMessage === 'string' && typeof e.errno === 'number' && e.errno > 0) {
    if (MYSQL_AUTH_FAILED.has(e.errno)) return new ApiError(400, M.authFailed, { cause: error });
    if (e.errno === MYSQL_NO_DATABASE) return new ApiError(400, M.databaseMissing, { cause: error });
    return new ApiError(400, M.serverRefused, { cause: error });
  }
  return new ApiError(400, M.unreachable, { cause: error });
}

/**
 * Opens a connection and runs `select 1`, giving up after 5 s. The host must not be (or resolve to) a metadata or
 * link-local address; failures are answered by `connectionFailure`, and the driver's own reason goes to `log`.
 */
export async function testConnection(
  t: ConnectionTarget,
  sqliteFolder: string,
  log: (error: unknown) => void = () => undefined,
  ms = DATA_SOURCE_TEST_TIMEOUT_MS,
): Promise<void> {
  try {
    if (t.dbType === 'postgres' || t.dbType === 'mysql') {
      if (t.host && isForbiddenHost(t.host)) throw new ApiError(400, M.addressForbidden);
      if (t.dbType === 'postgres') await tryPostgres(t, ms);
      else await tryMysql(t, ms);
    } else trySqlite(t, sqliteFolder);
  } catch (error) {
    const answer = connectionFailure(error);
    if (answer.cause !== undefined) log(error);
    throw answer;
  }
}
