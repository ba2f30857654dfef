import fs from 'node:fs';
import path from 'node:path';
import { DATA_SOURCE_MESSAGES as M, DATA_SOURCE_TEST_TIMEOUT_MS, type DataSourceType } from '@district/shared';
import Database from 'better-sqlite3';
import type { Connection } from 'mysql2/promise';
import { mysqlPromiseDriver, pgDriver } from '../../db/database.js';
import { ApiError } from '../../lib/http.js';

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
  const db = new Database(file, { readonly: true, fileMustExist: true, timeout: DATA_SOURCE_TEST_TIMEOUT_MS });
  try {
    db.prepare('select 1').get();
  } finally {
    db.close();
  }
}

/**
 * Opens a connection and runs `select 1`, giving up after 5 s. Every failure is a 400 with a Chinese message:
 * a timeout says so, anything else names the driver's reason (wrong password, unknown database, refused…).
 */
export async function testConnection(
  t: ConnectionTarget,
  sqliteFolder: string,
  ms = DATA_SOURCE_TEST_TIMEOUT_MS,
): Promise<void> {
  try {
    if (t.dbType === 'postgres') await tryPostgres(t, ms);
    else if (t.dbType === 'mysql') await tryMysql(t, ms);
    else trySqlite(t, sqliteFolder);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // The drivers' own connect timeouts (ETIMEDOUT) race ours: either way the host did not answer in time.
    const text = `${(error as { code?: unknown })?.code ?? ''} ${String((error as Error)?.message)}`;
    if (error instanceof TimeoutError || /timeout|timed out|ETIMEDOUT/i.test(text)) {
      throw new ApiError(400, M.timeout);
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError(400, `${M.failed}${reason.slice(0, 200)}`);
  }
}
