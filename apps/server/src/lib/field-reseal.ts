import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { isUniqueViolation } from './db-errors.js';
import { SEALED_PREFIX, type FieldCrypto } from './field-crypto.js';
import { ALL_SEALED_COLUMNS, normalizePersonal, type SealedColumn } from './personal-data.js';
import { formatDateTime } from './time.js';

/*
 * Bringing stored personal data to the current key and cipher, in small batches:
 * - `plain`: values written before encryption (an upgraded database, rows the seeds insert) are sealed. The server
 *   does this at start, before it serves, so that every search and uniqueness check finds them by their hash.
 * - `stale`: values sealed with an older key or the other cipher are sealed again (a rotation). This runs in the
 *   background after start (and as `npm run field-keys -- rotate`): one short transaction per batch, a pause
 *   between batches, and each row written only if it still holds what was read (a concurrent edit wins), so
 *   several instances may run it at once.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- the tables come from the registry of sealed columns */

export type ResealMode = 'plain' | 'stale';

export interface ResealOptions {
  mode: ResealMode;
  /** Rows per transaction. */
  batch?: number;
  /** Pause between batches (ms), so the server's own queries keep their turn. */
  pauseMs?: number;
  signal?: AbortSignal;
  onBatch?: (table: string, done: number) => void;
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The sealed columns grouped by table. */
function byTable(): Map<SealedColumn['table'], SealedColumn[]> {
  const out = new Map<SealedColumn['table'], SealedColumn[]>();
  for (const c of ALL_SEALED_COLUMNS) out.set(c.table, [...(out.get(c.table) ?? []), c]);
  return out;
}

/** Whether a stored value needs this pass. */
function needs(crypto: FieldCrypto, mode: ResealMode, value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  if (mode === 'plain') return !value.startsWith(SEALED_PREFIX);
  return !crypto.isCurrent(value);
}

/**
 * Seals (plain) or re-seals (stale) every value of the registry that needs it; answers how many values changed.
 * A value sealed with a key that is not in the ring throws (checkFieldKeys refuses such a start before this).
 */
export async function resealFields(db: Kysely<Database>, crypto: FieldCrypto, opts: ResealOptions): Promise<number> {
  const batch = opts.batch ?? 200;
  let changed = 0;
  for (const [table, columns] of byTable()) {
    let after = '';
    for (;;) {
      if (opts.signal?.aborted) return changed;
      const prefix = opts.mode === 'plain' ? SEALED_PREFIX : crypto.currentPrefix;
      const rows = (await (db as Kysely<any>)
        .selectFrom(table)
        .select(['id', ...columns.map((c) => c.column)])
        .where('id', '>', after)
        .where((eb: any) =>
          eb.or(
            columns.map((c) =>
              eb.and([
                eb(c.column, 'is not', null),
                sql<boolean>`${sql.ref(snake(c.column))} not like ${`${prefix}%`}`,
              ]),
            ),
          ),
        )
        .orderBy('id')
        .limit(batch)
        .execute()) as Record<string, unknown>[];
      if (rows.length === 0) break;
      after = String(rows[rows.length - 1]!.id);
      await db.transaction().execute(async (trx) => {
        for (const row of rows) {
          for (const c of columns) {
            const stored = row[c.column];
            if (!needs(crypto, opts.mode, stored)) continue;
            const plain = normalizePersonal(c.kind, crypto.open(stored, c.purpose));
            if (plain === '') continue;
            try {
              const result = await (trx as Kysely<any>)
                .updateTable(table)
                .set({ [c.column]: crypto.seal(plain, c.purpose), [c.hashColumn]: crypto.hash(plain, c.purpose) })
                .where('id', '=', row.id)
                .where(c.column, '=', stored)
                .executeTakeFirst();
              changed += Number(result.numUpdatedRows ?? 0);
            } catch (error) {
              // Two live rows with one value (possible only in data older than the unique indexes): named, not lost.
              if (isUniqueViolation(error)) {
                throw new Error(
                  `${snake(table)}.${snake(c.column)} 中有重复的值（记录 ${String(row.id)}），请先处理后再启动`,
                  {
                    cause: error,
                  },
                );
              }
              throw error;
            }
          }
        }
      });
      opts.onBatch?.(table, changed);
      if (opts.pauseMs) await sleep(opts.pauseMs, undefined, { signal: opts.signal }).catch(() => undefined);
      else await new Promise((r) => setImmediate(r));
    }
  }
  return changed;
}

/** Whether any value of the registry is sealed with this key. */
async function keyInUse(db: Kysely<Database>, keyId: string): Promise<boolean> {
  for (const c of ALL_SEALED_COLUMNS) {
    // `_`: either cipher.
    const hit = await (db as Kysely<any>)
      .selectFrom(c.table)
      .select('id')
      .where(c.column, 'like', `${SEALED_PREFIX}_:${keyId}:%`)
      .limit(1)
      .executeTakeFirst();
    if (hit) return true;
  }
  return false;
}

/**
 * Checks the configured ring against what the database remembers (sys_field_key), before anything is read or
 * written: a key id known with another fingerprint (another key under the same name: another instance's generated
 * file, a typo) and a key some rows still need but the ring lacks stop the start with a message naming the key.
 * New keys are recorded; a known key no row needs any more is marked retired (it may then leave the ring).
 */
export async function checkFieldKeys(db: Kysely<Database>, crypto: FieldCrypto): Promise<void> {
  for (const keyId of crypto.keyIds) {
    const fingerprint = crypto.fingerprint(keyId);
    let known = await db.selectFrom('sysFieldKey').selectAll().where('keyId', '=', keyId).executeTakeFirst();
    if (!known) {
      try {
        await db
          .insertInto('sysFieldKey')
          .values({ keyId, fingerprint, createTime: formatDateTime(), retireTime: null })
          .execute();
        continue;
      } catch (error) {
        // Another instance starting at the same moment recorded it: compare with what it recorded.
        if (!isUniqueViolation(error)) throw error;
        known = await db.selectFrom('sysFieldKey').selectAll().where('keyId', '=', keyId).executeTakeFirstOrThrow();
      }
    }
    if (known.fingerprint !== fingerprint) {
      throw new Error(
        `字段加密密钥 ${keyId} 与数据库中登记的不是同一个密钥：请使用加密这些数据时的密钥（FIELD_KEYS 或密钥文件 .field-keys），集群中各实例须使用相同的密钥`,
      );
    }
    if (known.retireTime)
      await db.updateTable('sysFieldKey').set({ retireTime: null }).where('keyId', '=', keyId).execute();
  }
  const others = await db.selectFrom('sysFieldKey').selectAll().where('retireTime', 'is', null).execute();
  for (const row of others) {
    if (crypto.keyIds.includes(row.keyId)) continue;
    if (await keyInUse(db, row.keyId)) {
      throw new Error(
        `数据库中仍有以字段加密密钥 ${row.keyId} 加密的数据，但当前配置中没有该密钥：请把它加回 FIELD_KEYS（或密钥文件），待轮换完成后再移除`,
      );
    }
    await db.updateTable('sysFieldKey').set({ retireTime: formatDateTime() }).where('keyId', '=', row.keyId).execute();
  }
}

export interface FieldStatus {
  column: string;
  plain: number;
  current: number;
  /** Values sealed with other keys (or the other cipher), by key id. */
  stale: Record<string, number>;
}

/** How the stored values stand per column: plain, sealed with the current key and cipher, sealed otherwise. */
export async function fieldStatus(db: Kysely<Database>, crypto: FieldCrypto): Promise<FieldStatus[]> {
  const known = (await db.selectFrom('sysFieldKey').select('keyId').execute()).map((r) => r.keyId);
  const keyIds = [...new Set([...crypto.keyIds, ...known])];
  const count = async (c: SealedColumn, where: (q: any) => any) =>
    Number(
      (
        (await where(
          (db as Kysely<any>).selectFrom(c.table).select((eb: any) => eb.fn.countAll().as('n')),
        ).executeTakeFirst()) as {
          n: unknown;
        }
      ).n,
    );
  const out: FieldStatus[] = [];
  for (const c of ALL_SEALED_COLUMNS) {
    const plain = await count(c, (q) =>
      q.where(c.column, 'is not', null).where(c.column, '<>', '').where(c.column, 'not like', `${SEALED_PREFIX}%`),
    );
    const current = await count(c, (q) => q.where(c.column, 'like', `${crypto.currentPrefix}%`));
    const stale: Record<string, number> = {};
    for (const keyId of keyIds) {
      const all = await count(c, (q) => q.where(c.column, 'like', `${SEALED_PREFIX}_:${keyId}:%`));
      const n = keyId === crypto.currentKeyId ? all - current : all;
      if (n > 0) stale[keyId] = n;
    }
    out.push({ column: `${snake(c.table)}.${snake(c.column)}`, plain, current, stale });
  }
  return out;
}

/**
 * The background rotation of a running server: re-seals what an older key or the other cipher sealed, slowly
 * (small batches, a pause between them), and stops with the server.
 */
export function startBackgroundReseal(
  db: Kysely<Database>,
  crypto: FieldCrypto,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): { stop(): Promise<void> } {
  const controller = new AbortController();
  const running = resealFields(db, crypto, { mode: 'stale', batch: 200, pauseMs: 50, signal: controller.signal })
    .then((n) => {
      if (n > 0)
        log.info({ values: n, key: crypto.currentKeyId }, `字段加密密钥轮换完成：${n} 个值已使用当前密钥重新加密`);
    })
    .catch((error: unknown) => {
      if (!controller.signal.aborted) log.error({ err: error }, '字段加密密钥轮换失败');
    });
  return {
    async stop() {
      controller.abort();
      await running;
    },
  };
}
