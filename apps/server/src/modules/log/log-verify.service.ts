/* eslint-disable @typescript-eslint/no-explicit-any -- the three log tables are reached by a name chosen at run time, which Kysely's types cannot follow */
import {
  LOG_MESSAGES as M,
  MAX_CHAIN_PROBLEMS,
  type LogChainProblem,
  type LogChainReport,
  type LogKind,
  type LogVerifyResult,
} from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { algorithmAvailable, chainKey, rowHash, type LogTable } from '../../lib/log-chain.js';
import { formatDateTime } from '../../lib/time.js';

/*
 * 完整性校验 (issue 24 item 6): walks a chain from where the retention job last cut it to its head and names what
 * was changed or removed outside the product. Each row's hash is recomputed from its content and the stored hash of
 * the row before it, so one edited row is reported once rather than every row after it; a gap in the positions is
 * a removal (the row after it cannot be checked against a row that is gone); positions past the newest row the
 * head knows are removals of the newest rows; rows of the chain's tenant and kind that carry no position were not
 * written by the product.
 */

const PAGE = 1000;

export const tableOf = (kind: LogKind): LogTable => (kind === 'data' ? 'sysDataLog' : 'sysLog');

type AnyDb = Kysely<any>;

/** The rows of one tenant (or none) and kind, whatever their chain columns say. */
function inScope(q: any, kind: LogKind, tenantId: number | null) {
  let scoped = tenantId === null ? q.where('tenantId', 'is', null) : q.where('tenantId', '=', tenantId);
  if (kind === 'login') scoped = scoped.where('logType', '=', 1);
  if (kind === 'operation') scoped = scoped.where('logType', '<>', 1);
  return scoped;
}

export async function verifyChain(
  db: Kysely<Database>,
  kind: LogKind,
  tenantId: number | null,
): Promise<LogChainReport> {
  const key = chainKey(kind, tenantId);
  const table = tableOf(kind);
  const d = db as AnyDb;
  const problems: LogChainProblem[] = [];
  let found = 0;
  const report = (p: LogChainProblem) => {
    found += 1;
    if (problems.length < MAX_CHAIN_PROBLEMS) problems.push(p);
  };
  const head = await db.selectFrom('sysLogChain').selectAll().where('chainKey', '=', key).executeTakeFirst();
  const headSeq = Number(head?.lastSeq ?? 0);
  const cutSeq = Number(head?.cutSeq ?? 1);
  const algorithm = head?.algorithm ?? '';
  let checked = 0;

  if (head && !algorithmAvailable(algorithm)) {
    report({ type: 'changed', seq: null, id: null, createTime: null, message: M.algorithmMissing(algorithm) });
  } else if (head) {
    let expected = cutSeq;
    let previous = head.cutHash;
    let lastStored: { seq: number; hash: string | null; id: string; createTime: string } | null = null;
    // Only up to the head read above: rows committed meanwhile belong to a later check.
    for (;;) {
      const rows: Record<string, unknown>[] = await d
        .selectFrom(table)
        .selectAll()
        .where('chainKey', '=', key)
        .where('chainSeq', '>=', expected)
        .where('chainSeq', '<=', headSeq)
        .orderBy('chainSeq')
        .limit(PAGE)
        .execute();
      for (const row of rows) {
        const seq = Number(row.chainSeq);
        const id = String(row.id);
        const createTime = (row.createTime as string | null) ?? null;
        checked += 1;
        if (seq > expected) {
          report({
            type: 'removed',
            seq: expected,
            toSeq: seq - 1,
            id,
            createTime,
            message: M.rowsRemoved(expected, seq - 1, id, createTime),
          });
        } else if (rowHash(algorithm, previous, key, seq, table, row) !== row.chainHash) {
          report({ type: 'changed', seq, id, createTime, message: M.rowChanged(seq, id, createTime) });
        }
        // The next row is checked against what this one stored, so an edit is reported once.
        previous = String(row.chainHash ?? '');
        expected = seq + 1;
        lastStored = { seq, hash: (row.chainHash as string | null) ?? null, id, createTime: createTime ?? '' };
      }
      if (rows.length < PAGE) break;
    }
    if (expected <= headSeq) {
      report({
        type: 'removed',
        seq: expected,
        toSeq: headSeq,
        id: null,
        createTime: null,
        message: M.rowsRemoved(expected, headSeq, null, null),
      });
    } else if (lastStored && lastStored.seq === headSeq && lastStored.hash !== head.lastHash && found === 0) {
      // The newest row's hash no longer matches the head that recorded it.
      report({
        type: 'changed',
        seq: lastStored.seq,
        id: lastStored.id,
        createTime: lastStored.createTime,
        message: M.rowChanged(lastStored.seq, lastStored.id, lastStored.createTime),
      });
    }
  }

  // Rows of this tenant and kind that hold no position, or one past the head, were put in by someone else.
  const strays: { id: string; createTime: string }[] = await inScope(d.selectFrom(table), kind, tenantId)
    .select(['id', 'createTime'])
    .where((eb: any) =>
      eb.or([eb('chainKey', 'is', null), eb.and([eb('chainKey', '=', key), eb('chainSeq', '>', headSeq)])]),
    )
    .orderBy('createTime')
    .orderBy('id')
    .limit(MAX_CHAIN_PROBLEMS + 1)
    .execute();
  for (const s of strays) {
    report({
      type: 'inserted',
      seq: null,
      id: s.id,
      createTime: s.createTime,
      message: M.rowInserted(s.id, s.createTime),
    });
  }

  return {
    scope: tenantId === null ? 'none' : 'tenant',
    tenantId,
    algorithm,
    checked,
    headSeq,
    headHash: head?.lastHash ?? '',
    cutSeq,
    cutTime: head?.cutTime ?? null,
    intact: found === 0,
    problems,
    more: found > problems.length,
  };
}

/**
 * The check of one log for a tenant's auditor: the tenant's chain, and the chain of rows without a tenant (calls
 * before signing in, attempts on unknown names), which no tenant's list shows but whose removal must show too.
 */
export async function verifyLogs(db: Kysely<Database>, kind: LogKind, tenantId: number): Promise<LogVerifyResult> {
  const chains = [await verifyChain(db, kind, tenantId), await verifyChain(db, kind, null)];
  return { kind, intact: chains.every((c) => c.intact), chains, checkedAt: formatDateTime() };
}
