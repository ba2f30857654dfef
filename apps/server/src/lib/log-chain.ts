/* eslint-disable @typescript-eslint/no-explicit-any -- the three log tables are reached by a name chosen at run time, which Kysely's types cannot follow */
import { createHash, getHashes } from 'node:crypto';
import type { LogKind } from '@district/shared';
import { MysqlAdapter, PostgresAdapter, sql, type Insertable, type Kysely } from 'kysely';
import type { Database, SysDataLog, SysLog } from '../db/schema.js';
import { formatDateTime } from './time.js';

/*
 * The tamper-evident chains of the operation, login and data logs (issue 24 item 6). Every row carries its chain
 * (one per log kind and tenant), its position and a hash over its content and the previous row's hash; the head of
 * each chain (sys_log_chain) holds the newest position and hash. A writer appends inside a transaction that first
 * takes the head row's lock with an upsert (no reading before locking, so two instances never both read the same
 * head), so the positions of a chain have no gaps or doubles however many instances write. The verification
 * (modules/log/log-verify.service.ts) walks a chain and names the first row changed or removed outside the product.
 *
 * The hash is SM3 (GB/T 32905) where this OpenSSL has it (Node.js 20 and 24 on OpenSSL 3 do), else SHA-256; a
 * chain keeps the algorithm it began with. The form of a row's hash is frozen: the migration that chained the rows
 * written before (2026-11-28-0030-log-chain) computes the same, and a test pins a vector.
 */

export type LogTable = 'sysLog' | 'sysDataLog';

/** The fields a hash covers, in order: the whole row but its chain columns. */
export const HASHED_FIELDS = {
  sysLog: [
    'id',
    'logType',
    'logContent',
    'operateType',
    'userid',
    'username',
    'ip',
    'method',
    'requestUrl',
    'requestParam',
    'requestType',
    'costTime',
    'tenantId',
    'createTime',
    'result',
  ],
  sysDataLog: [
    'id',
    'dataTable',
    'dataId',
    'dataVersion',
    'dataContent',
    'action',
    'createBy',
    'createTime',
    'tenantId',
  ],
} as const satisfies { sysLog: readonly (keyof SysLog)[]; sysDataLog: readonly (keyof SysDataLog)[] };

type ChainColumns = 'chainKey' | 'chainSeq' | 'chainHash';
export type SysLogEntry = Omit<SysLog, ChainColumns>;
export type DataLogEntry = Omit<SysDataLog, ChainColumns>;
type EntryOf<T extends LogTable> = T extends 'sysLog' ? SysLogEntry : DataLogEntry;

/** The log kind of a sys_log row: type 1 is the login log, everything else the operation log. */
export const sysLogKind = (logType: number): LogKind => (Number(logType) === 1 ? 'login' : 'operation');

/** One chain per log kind and tenant; rows without a tenant form a chain of their own. */
export function chainKey(kind: LogKind, tenantId: number | null | undefined): string {
  return `${kind}:${tenantId === null || tenantId === undefined ? '-' : String(tenantId)}`;
}

function kindOf<T extends LogTable>(table: T, row: EntryOf<T>): LogKind {
  return table === 'sysLog' ? sysLogKind((row as SysLogEntry).logType) : 'data';
}

/** SM3 where this OpenSSL has it, else SHA-256. */
export const DEFAULT_ALGORITHM: 'sm3' | 'sha256' = getHashes().includes('sm3') ? 'sm3' : 'sha256';

export function algorithmAvailable(algorithm: string): boolean {
  return getHashes().includes(algorithm);
}

/**
 * Lone surrogates and NUL become U+FFFD before a row is written: a database stores (UTF-8) what a hash of the
 * JavaScript string would not match, and PostgreSQL refuses NUL, which would lose the row.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what must be matched
const UNSTORABLE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/g;
export const storable = (value: string): string => value.replace(UNSTORABLE, '\uFFFD');

function normalise<T extends object>(row: T): T {
  const out = { ...row } as Record<string, unknown>;
  for (const [k, v] of Object.entries(out)) if (typeof v === 'string') out[k] = storable(v);
  return out as T;
}

/**
 * The hash of one row: algorithm(previous hash + "\n" + JSON of [chain, position, the fields]). Every value is
 * hashed as text (or null) so that what each driver answers (numbers, or bigints as text) hashes alike.
 */
export function rowHash(
  algorithm: string,
  previous: string,
  key: string,
  seq: number,
  table: LogTable,
  row: Record<string, unknown>,
): string {
  const values = HASHED_FIELDS[table].map((f) => {
    const v = row[f];
    return v === null || v === undefined ? null : String(v);
  });
  return createHash(algorithm)
    .update(`${previous}\n${JSON.stringify([key, seq, ...values])}`, 'utf8')
    .digest('hex');
}

type Dialect = 'sqlite' | 'postgres' | 'mysql';
export function dialectOf(db: Kysely<Database>): Dialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof MysqlAdapter) return 'mysql';
  if (adapter instanceof PostgresAdapter) return 'postgres';
  return 'sqlite';
}

/**
 * Reserves `n` positions of a chain and answers the first, the previous hash and the algorithm. The upsert takes
 * the head row's lock before anything is read, so a concurrent writer waits here until this transaction ends.
 */
async function reserve(
  trx: Kysely<Database>,
  key: string,
  kind: LogKind,
  tenantId: number | null,
  n: number,
): Promise<{ first: number; previous: string; algorithm: string }> {
  const dialect = dialectOf(trx);
  const now = formatDateTime();
  const insert = trx.insertInto('sysLogChain').values({
    chainKey: key,
    logKind: kind,
    tenantId,
    algorithm: DEFAULT_ALGORITHM,
    lastSeq: n,
    lastHash: '',
    cutSeq: 1,
    cutHash: '',
    cutTime: null,
    updateTime: now,
  });
  if (dialect === 'mysql') {
    await insert.onDuplicateKeyUpdate({ lastSeq: sql`last_seq + ${n}` }).execute();
  } else {
    await insert
      .onConflict((oc) => oc.column('chainKey').doUpdateSet({ lastSeq: sql`sys_log_chain.last_seq + ${n}` }))
      .execute();
  }
  const head = await trx
    .selectFrom('sysLogChain')
    .select(['lastSeq', 'lastHash', 'algorithm'])
    .where('chainKey', '=', key)
    .$if(dialect !== 'sqlite', (q) => q.forUpdate())
    .executeTakeFirstOrThrow();
  return { first: Number(head.lastSeq) - n + 1, previous: head.lastHash, algorithm: head.algorithm };
}

/** Appends rows to their chains inside `trx` (rows of one chain keep their order). */
async function appendInTransaction<T extends LogTable>(
  trx: Kysely<Database>,
  table: T,
  rows: EntryOf<T>[],
): Promise<void> {
  const chains = new Map<string, { kind: LogKind; tenantId: number | null; rows: EntryOf<T>[] }>();
  for (const raw of rows) {
    const row = normalise(raw);
    const kind = kindOf(table, row);
    const key = chainKey(kind, row.tenantId);
    const chain = chains.get(key) ?? { kind, tenantId: row.tenantId ?? null, rows: [] };
    chain.rows.push(row);
    chains.set(key, chain);
  }
  // Heads are locked in one order by every writer, so two batches spanning the same chains cannot deadlock.
  for (const key of [...chains.keys()].sort()) {
    const chain = chains.get(key)!;
    const { first, previous, algorithm } = await reserve(trx, key, chain.kind, chain.tenantId, chain.rows.length);
    if (!algorithmAvailable(algorithm)) throw new Error(`log chain ${key}: hash ${algorithm} is not available`);
    let prev = previous;
    const chained = chain.rows.map((row, i) => {
      const seq = first + i;
      prev = rowHash(algorithm, prev, key, seq, table, row as unknown as Record<string, unknown>);
      return { ...row, chainKey: key, chainSeq: seq, chainHash: prev };
    });
    // Small statements: a data-log snapshot may carry a long rich text.
    const size = table === 'sysLog' ? 200 : 20;
    for (let i = 0; i < chained.length; i += size) {
      await (trx as Kysely<any>)
        .insertInto(table)
        .values(chained.slice(i, i + size) as Insertable<SysLog>[])
        .execute();
    }
    await trx
      .updateTable('sysLogChain')
      .set({ lastHash: prev, updateTime: formatDateTime() })
      .where('chainKey', '=', key)
      .execute();
  }
}

/** A deadlock or serialisation failure (two instances creating the same new chain at once): worth a retry. */
export function isRetryable(error: unknown): boolean {
  const e = error as { code?: unknown; errno?: unknown };
  return e?.code === '40P01' || e?.code === '40001' || e?.errno === 1213 || e?.errno === 1205;
}

/**
 * The one way rows enter the operation, login and data logs. Inside a transaction (a data-log version written with
 * its record) the rows join it; otherwise they are written in a transaction of their own, retried a few times when
 * the database picks it as a deadlock victim.
 */
export async function appendLogRows<T extends LogTable>(
  db: Kysely<Database>,
  table: T,
  rows: EntryOf<T>[],
): Promise<void> {
  if (rows.length === 0) return;
  if (db.isTransaction) return appendInTransaction(db, table, rows);
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction().execute((trx) => appendInTransaction(trx, table, rows));
      return;
    } catch (error) {
      if (attempt >= 5 || !isRetryable(error)) throw error;
      await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 30));
    }
  }
}
