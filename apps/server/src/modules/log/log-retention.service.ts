/* eslint-disable @typescript-eslint/no-explicit-any -- the three log tables are reached by a name chosen at run time, which Kysely's types cannot follow */
import { LOG_KIND_TEXT, LOG_RETENTION, type LogKind } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { formatDateTime } from '../../lib/time.js';
import { tableOf } from './log-verify.service.js';

/*
 * 日志保留 (issue 24 item 5): the only removal of operation, login and data-log rows. A chain is cut at a position:
 * every row before it goes, the head records the position and the hash of the last row removed, and the check
 * starts there, so the removal is not read as tampering. The cut is the first position whose row is younger than
 * the cut-off: the chain stays a contiguous run of positions (a row written in a batch a moment out of time order
 * is kept a day longer rather than leaving a hole).
 */

const DELETE_BATCH = 1000;

export interface RetentionRemoval {
  kind: LogKind;
  tenantId: number | null;
  count: number;
}

export interface RetentionResult {
  cutoff: string;
  days: number;
  removed: RetentionRemoval[];
}

type AnyDb = Kysely<any>;

/** Cuts every chain at `days` (never fewer than the minimum) and removes what lies before the cuts. */
export async function trimLogs(db: Kysely<Database>, days: number, now = new Date()): Promise<RetentionResult> {
  const keep = Math.max(days, LOG_RETENTION.minDays);
  const cutoff = formatDateTime(new Date(now.getTime() - keep * 24 * 60 * 60_000));
  const d = db as AnyDb;
  const removed: RetentionRemoval[] = [];
  const heads = await db.selectFrom('sysLogChain').selectAll().orderBy('chainKey').execute();
  for (const head of heads) {
    const kind = head.logKind as LogKind;
    const table = tableOf(kind);
    const key = head.chainKey;
    const firstYoung = (await d
      .selectFrom(table)
      .select((eb: any) => eb.fn.min('chainSeq').as('seq'))
      .where('chainKey', '=', key)
      .where('createTime', '>=', cutoff)
      .executeTakeFirst()) as { seq: unknown } | undefined;
    const cutBefore = firstYoung?.seq != null ? Number(firstYoung.seq) : Number(head.lastSeq) + 1;
    // The newest row that goes: its stored hash is where the check of what stays begins.
    const last = await d
      .selectFrom(table)
      .select(['chainSeq', 'chainHash'])
      .where('chainKey', '=', key)
      .where('chainSeq', '<', cutBefore)
      .orderBy('chainSeq', 'desc')
      .limit(1)
      .executeTakeFirst();
    let cutSeq = Number(head.cutSeq);
    if (last && Number(last.chainSeq) + 1 > cutSeq) {
      cutSeq = Number(last.chainSeq) + 1;
      // Only ever forward: a second run at the same time finds the cut already made.
      await db
        .updateTable('sysLogChain')
        .set({
          cutSeq,
          cutHash: String(last.chainHash ?? ''),
          cutTime: formatDateTime(now),
          updateTime: formatDateTime(),
        })
        .where('chainKey', '=', key)
        .where('cutSeq', '<', cutSeq)
        .execute();
    }
    // Rows before the cut (this run's, or an interrupted earlier run's) go in small transactions.
    let count = 0;
    for (;;) {
      const ids = (
        await d
          .selectFrom(table)
          .select('id')
          .where('chainKey', '=', key)
          .where('chainSeq', '<', cutSeq)
          .limit(DELETE_BATCH)
          .execute()
      ).map((r: { id: string }) => r.id);
      if (ids.length === 0) break;
      const result = await d.deleteFrom(table).where('id', 'in', ids).executeTakeFirst();
      count += Number(result.numDeletedRows);
      await new Promise((r) => setImmediate(r));
    }
    if (count > 0) removed.push({ kind, tenantId: head.tenantId === null ? null : Number(head.tenantId), count });
  }
  return { cutoff, days: keep, removed };
}

/** "操作日志 12 条、登录日志 3 条" for one tenant's removals. */
export function removalText(removals: RetentionRemoval[]): string {
  return removals.map((r) => `${LOG_KIND_TEXT[r.kind]} ${r.count} 条`).join('、');
}
