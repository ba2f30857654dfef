import fs from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, Kysely, MysqlDialect, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import type * as MysqlModule from 'mysql2';
import type * as MysqlPromiseModule from 'mysql2/promise';
import type PgModule from 'pg';
import { lazyRequire } from '../lib/lazy-require.js';
import { SQLite, type SqliteDatabase, type SqliteStatement } from '../lib/sqlite-driver.js';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** Longest wait for a new database connection (or a free one from the pool, on PostgreSQL). */
export const DB_CONNECT_TIMEOUT_MS = 5_000;

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
}

/** The PostgreSQL driver, loaded by the first PostgreSQL connection (main database or data source). */
export const pgDriver = lazyRequire<typeof PgModule>('pg', (pg) => {
  // int8 (bigint) and numeric come back as strings from pg by default; our bigints are epoch millis.
  pg.types.setTypeParser(20, (v) => Number(v));
});

/** The MySQL/MariaDB driver, loaded by the first such connection. */
export const mysqlDriver = lazyRequire<typeof MysqlModule>('mysql2');
export const mysqlPromiseDriver = lazyRequire<typeof MysqlPromiseModule>('mysql2/promise');

export function dialectOf(url: string): DialectName {
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  if (/^(mysql|mariadb):\/\//.test(url)) return 'mysql';
  if (/^(sqlite|file):/.test(url)) return 'sqlite';
  throw new Error(
    `无法识别的 DATABASE_URL：${url.replace(/\/\/[^@]*@/, '//***@')}（支持 sqlite:、postgres://、mysql://）`,
  );
}

function sqliteFile(url: string): string {
  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  return file === ':memory:' ? file : path.resolve(file);
}

/**
 * Kysely's SQLite driver prepares every query anew, which costs as much as running it. The app sends
 * the same few hundred SQL texts over and over, so prepared statements are kept (bounded, oldest out).
 * Safe because Kysely runs one query at a time on the connection, and SQLite re-prepares a cached
 * statement by itself after a schema change.
 */
function cacheStatements(database: SqliteDatabase, max = 1000): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  const prepare = database.prepare.bind(database);
  database.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof database.prepare;
  return database;
}

export function createDialect(url: string): Dialect {
  switch (dialectOf(url)) {
    case 'postgres': {
      const pool = new (pgDriver().Pool)({
        connectionString: url,
        max: 10,
        // A database that is down or unreachable fails a request within 5 s (answered 503) instead of
        // holding it until the operating system gives up on the connection.
        connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
        keepAlive: true,
      });
      // An idle connection dropped by the server (restart, failover) must not crash the process:
      // the pool discards it and the next query opens a new one.
      pool.on('error', (error) => console.warn('PostgreSQL idle connection lost:', error.message));
      // A connection lost while checked out emits 'error' on its client, which no one else listens to:
      // unhandled, it would end the process. The query on it fails (answered 503) and the pool drops it.
      pool.on('connect', (client) =>
        client.on('error', (error) => console.warn('PostgreSQL connection lost:', error.message)),
      );
      return new PostgresDialect({ pool });
    }
    case 'mysql':
      return new MysqlDialect({
        pool: mysqlDriver().createPool({
          uri: url.replace(/^mariadb:/, 'mysql:'),
          charset: 'utf8mb4',
          connectionLimit: 10,
          connectTimeout: DB_CONNECT_TIMEOUT_MS,
          enableKeepAlive: true,
          // Keep bigint columns (epoch millis) as numbers.
          supportBigNumbers: true,
          bigNumberStrings: false,
        }),
      });
    case 'sqlite': {
      const file = sqliteFile(url);
      if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
      const database = new SQLite(file);
      database.pragma('journal_mode = WAL');
      // The log is copied back into the database (and synced) every 16k pages (64 MB) rather than 1k: a
      // batch of an import writes more than 1k pages, so each of its commits paid a checkpoint (50 ms here;
      // 100k users took 22 s instead of 16 s).
      database.pragma('wal_autocheckpoint = 16384');
      database.pragma('busy_timeout = 5000');
      database.pragma('foreign_keys = ON');
      return new SqliteDialect({ database: cacheStatements(database) });
    }
  }
}

export function createDb(url: string): Db {
  const db = new Kysely<Database>({ dialect: createDialect(url), plugins: [new CamelCasePlugin()] });
  return { db, dialect: dialectOf(url), destroy: () => db.destroy() };
}
