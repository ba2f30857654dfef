import { IMPORT_MESSAGES, type ImportProgress, type ImportResumeMode } from '@district/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, SysImportRun } from '../../db/schema.js';
import { ApiError } from '../http.js';
import { newId } from '../ids.js';
import { formatDateTime } from '../time.js';

/*
 * Excel import runs, kept in the database (sys_import_run) so that they outlive the instance running them. Rows
 * are committed in batches; each batch's transaction also records how far the run has got (the last sheet row
 * handled, the rows refused so far), so after a crash the record says exactly which rows are in: every row up to
 * `last_row` except those listed in sys_import_run_failed. A retry of the same file (same user, tenant, resource
 * and SHA-256) with `resume=continue` skips them and tries the refused ones again; without it, such a retry is
 * refused (409) rather than importing the committed rows a second time.
 *
 * A run belongs to the instance executing it, which refreshes `heartbeat_time` every few seconds: a run whose
 * instance went silent for RUN_STALE_MS (or, on its own instance, that no longer executes it) has stopped.
 */

export const RUN_HEARTBEAT_MS = 5_000;
export const RUN_STALE_MS = 20_000;
/** Runs (finished or not) are forgotten after a week. */
const RUN_KEEP_MS = 7 * 24 * 60 * 60_000;

const ID = /^[A-Za-z0-9_-]{8,64}$/;
export const BAD_IMPORT_ID = '导入任务编号格式不正确';

/** Another instance took the run over (this one was silent too long): this one's rows must not go in as well. */
export class RunTakenOver extends ApiError {
  constructor() {
    super(409, IMPORT_MESSAGES.running);
  }
}

/** Test hooks: called after each batch's transaction committed (a test stops the import there). */
export const importRunHooks: { afterBatch?: (run: ImportRun) => Promise<void> | void } = {};

/** This instance's identity, and the heartbeat of each run it executes (one registry per app). */
interface Registry {
  instance: string;
  active: Map<string, NodeJS.Timeout>;
}
const registries = new WeakMap<AppContext, Registry>();

function registry(app: FastifyInstance): Registry {
  let found = registries.get(app.ctx);
  if (!found) {
    found = { instance: newId(), active: new Map() };
    registries.set(app.ctx, found);
  }
  return found;
}

/** At close: this instance's runs stop as they would if it crashed (their records say how far they got). */
export function stopImportRuns(app: FastifyInstance): void {
  const { active } = registry(app);
  for (const timer of active.values()) clearInterval(timer);
  active.clear();
}

/** The client's importId of a request (absent: none), checked before the file is read. */
export function requestedImportId(query: unknown): string | null {
  const importId = (query as Record<string, unknown> | undefined)?.importId;
  if (importId === undefined || importId === '') return null;
  if (typeof importId !== 'string' || !ID.test(importId)) throw new ApiError(400, BAD_IMPORT_ID);
  return importId;
}

export function requestedResume(query: unknown): ImportResumeMode | null {
  const resume = (query as Record<string, unknown> | undefined)?.resume;
  if (resume === undefined || resume === '') return null;
  if (resume !== 'continue' && resume !== 'restart') throw new ApiError(400, IMPORT_MESSAGES.badResume);
  return resume;
}

const parseTime = (text: string) => new Date(text.replace(' ', 'T')).getTime();

function running(app: FastifyInstance, run: SysImportRun): boolean {
  if (run.phase !== 'reading' && run.phase !== 'importing') return false;
  const { instance, active } = registry(app);
  if (run.owner === instance) return active.has(run.id);
  return Date.now() - parseTime(run.heartbeatTime) < RUN_STALE_MS;
}

function progressOf(app: FastifyInstance, run: SysImportRun): ImportProgress {
  const stopped = run.phase === 'failed' || run.phase === 'abandoned' || !running(app, run);
  const phase = run.phase === 'done' ? 'done' : stopped ? 'failed' : run.phase === 'reading' ? 'reading' : 'importing';
  const progress: ImportProgress = {
    phase,
    total: Number(run.totalRows),
    processed: Number(run.processedRows),
    success: Number(run.successCount),
    failed: Number(run.failedCount),
  };
  if (phase === 'failed' && run.phase !== 'abandoned' && progress.success > 0) progress.resumable = true;
  if (phase === 'done' && run.reportId) progress.errorReportUrl = `/sys/common/importReport/${run.reportId}`;
  return progress;
}

/** The progress of one's own import by its importId (the newest run under that id), or null. */
export async function readImportProgress(
  app: FastifyInstance,
  userId: string,
  importId: string,
): Promise<ImportProgress | null> {
  if (!ID.test(importId)) throw new ApiError(400, BAD_IMPORT_ID);
  const run = await app.ctx.db.db
    .selectFrom('sysImportRun')
    .selectAll()
    .where('userId', '=', userId)
    .where('importId', '=', importId)
    .orderBy('createTime', 'desc')
    .executeTakeFirst();
  return run ? progressOf(app, run) : null;
}

export interface RunKey {
  userId: string;
  tenantId: number | null;
  resource: string;
  fileHash: string;
}

/** Counters of a run as the import has them. */
export interface RunCounters {
  total: number;
  processed: number;
  success: number;
  failed: number;
}

interface Staged {
  through: number;
  written: number;
  reclaimed: number[];
}

/** One import's record: which rows to skip, and the writes that keep the record exact. */
export class ImportRun {
  private lastRow: number;
  private readonly pending: number[] = [];

  constructor(
    private readonly app: FastifyInstance,
    readonly id: string,
    /** The instance executing it: a write finding another owner is refused. */
    private readonly owner: string,
    /** Rows an earlier run committed (counted in success), skipped by this one. */
    readonly skipped: number,
    /** Sheet rows at or before this one were handled by an earlier run: committed unless in `stored`. */
    private readonly skipThrough: number,
    /** Refused rows at or before `lastRow`, as sys_import_run_failed lists them. */
    private readonly stored: Set<number>,
  ) {
    this.lastRow = skipThrough;
  }

  private get db(): Kysely<Database> {
    return this.app.ctx.db.db;
  }

  /** Committed by an earlier run of the same file. */
  isCommitted(sheetRow: number): boolean {
    return sheetRow <= this.skipThrough && !this.stored.has(sheetRow);
  }

  /** A row was refused; it is recorded with the next write. */
  refused(sheetRow: number): void {
    if (!this.stored.has(sheetRow)) this.pending.push(sheetRow);
  }

  /**
   * Runs `work` (the inserts of rows `committed`) in one transaction with the record of how far the run is:
   * every row up to `through` is then committed or listed as refused.
   */
  async commit<T>(
    through: number,
    committed: number[],
    counters: RunCounters,
    work: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    const staged: Staged = {
      through: Math.max(this.lastRow, through),
      written: this.pending.length,
      reclaimed: committed.filter((row) => this.stored.has(row)),
    };
    const result = await this.db.transaction().execute(async (trx) => {
      const value = await work(trx);
      await this.write(trx, staged, counters);
      return value;
    });
    // Only once committed: a transaction that failed leaves the refused rows pending for the next write.
    for (const row of this.pending.splice(0, staged.written)) this.stored.add(row);
    for (const row of staged.reclaimed) this.stored.delete(row);
    this.lastRow = staged.through;
    return result;
  }

  /** Records the progress alone (after rows that were all refused, or between batches). */
  async progress(through: number, counters: RunCounters): Promise<void> {
    await this.commit(through, [], counters, async () => undefined);
  }

  private async write(trx: Transaction<Database>, staged: Staged, counters: RunCounters): Promise<void> {
    if (staged.reclaimed.length) {
      await trx
        .deleteFrom('sysImportRunFailed')
        .where('runId', '=', this.id)
        .where('sheetRow', 'in', staged.reclaimed)
        .execute();
    }
    const rows = this.pending.slice(0, staged.written);
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('sysImportRunFailed')
        .values(rows.slice(i, i + 500).map((sheetRow) => ({ runId: this.id, sheetRow })))
        .execute();
    }
    const now = formatDateTime();
    const updated = await trx
      .updateTable('sysImportRun')
      .set({
        phase: 'importing',
        lastRow: staged.through,
        totalRows: counters.total,
        processedRows: counters.processed,
        successCount: counters.success,
        failedCount: counters.failed,
        heartbeatTime: now,
        updateTime: now,
      })
      .where('id', '=', this.id)
      .where('owner', '=', this.owner)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new RunTakenOver();
  }

  /** The import answered: its record stays for the progress poll, without the refused rows' list. */
  async done(counters: RunCounters, reportId: string | null): Promise<void> {
    this.end();
    const now = formatDateTime();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sysImportRunFailed').where('runId', '=', this.id).execute();
      await trx
        .updateTable('sysImportRun')
        .set({
          phase: 'done',
          totalRows: counters.total,
          processedRows: counters.processed,
          successCount: counters.success,
          failedCount: counters.failed,
          reportId,
          heartbeatTime: now,
          updateTime: now,
        })
        .where('id', '=', this.id)
        .where('owner', '=', this.owner)
        .execute();
    });
  }

  /** The import failed: marked so at once where the database lets us (else the silent heartbeat says it). */
  async failed(log: FastifyBaseLogger): Promise<void> {
    this.end();
    const now = formatDateTime();
    await this.db
      .updateTable('sysImportRun')
      .set({ phase: 'failed', updateTime: now })
      .where('id', '=', this.id)
      .where('owner', '=', this.owner)
      .execute()
      .catch((error: unknown) => log.warn({ err: error, run: this.id }, 'import run could not be marked failed'));
  }

  /** Stops the heartbeat (the run is no longer executed here). */
  end(): void {
    const { active } = registry(this.app);
    clearInterval(active.get(this.id));
    active.delete(this.id);
  }
}

export type OpenedRun = { run: ImportRun } | { refused: { message: string; progress: ImportProgress } };

/**
 * Starts the run of an uploaded file, or refuses it: a run of the same file still executing (409), or one that
 * stopped with rows committed while the request does not say whether to continue or restart (409, with that
 * run's progress). `continue` takes that run over and skips its committed rows; `restart` abandons it.
 */
export async function openRun(
  app: FastifyInstance,
  key: RunKey,
  importId: string,
  mode: ImportResumeMode | null,
): Promise<OpenedRun> {
  const { db } = app.ctx.db;
  const reg = registry(app);
  const now = formatDateTime();
  const cutoff = formatDateTime(new Date(Date.now() - RUN_KEEP_MS));
  const old = db.selectFrom('sysImportRun').select('id').where('createTime', '<', cutoff);
  await db.deleteFrom('sysImportRunFailed').where('runId', 'in', old).execute();
  await db.deleteFrom('sysImportRun').where('createTime', '<', cutoff).execute();

  let query = db
    .selectFrom('sysImportRun')
    .selectAll()
    .where('userId', '=', key.userId)
    .where('resource', '=', key.resource)
    .where('fileHash', '=', key.fileHash)
    .where('phase', 'in', ['reading', 'importing', 'failed']);
  query = key.tenantId === null ? query.where('tenantId', 'is', null) : query.where('tenantId', '=', key.tenantId);
  const earlier = await query.orderBy('createTime', 'desc').executeTakeFirst();

  let resumed: SysImportRun | null = null;
  if (earlier) {
    if (running(app, earlier))
      return { refused: { message: IMPORT_MESSAGES.running, progress: progressOf(app, earlier) } };
    const committed = Number(earlier.successCount);
    if (committed > 0 && mode === null) {
      return { refused: { message: IMPORT_MESSAGES.unfinished(committed), progress: progressOf(app, earlier) } };
    }
    // Taken over only if nobody else did meanwhile (the same heartbeat and owner as read).
    const claimed = await db
      .updateTable('sysImportRun')
      .set(
        committed > 0 && mode === 'continue'
          ? { importId, owner: reg.instance, phase: 'importing', heartbeatTime: now, updateTime: now }
          : { phase: 'abandoned', updateTime: now },
      )
      .where('id', '=', earlier.id)
      .where('owner', '=', earlier.owner)
      .where('heartbeatTime', '=', earlier.heartbeatTime)
      .where('phase', '=', earlier.phase)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      return { refused: { message: IMPORT_MESSAGES.running, progress: progressOf(app, earlier) } };
    }
    if (committed > 0 && mode === 'continue') resumed = earlier;
  }

  let run: ImportRun;
  if (resumed) {
    const failed = await db
      .selectFrom('sysImportRunFailed')
      .select('sheetRow')
      .where('runId', '=', resumed.id)
      .execute();
    run = new ImportRun(
      app,
      resumed.id,
      reg.instance,
      Number(resumed.successCount),
      Number(resumed.lastRow),
      new Set(failed.map((f) => Number(f.sheetRow))),
    );
  } else {
    const id = newId();
    await db
      .insertInto('sysImportRun')
      .values({
        id,
        importId,
        userId: key.userId,
        tenantId: key.tenantId,
        resource: key.resource,
        fileHash: key.fileHash,
        phase: 'reading',
        totalRows: 0,
        processedRows: 0,
        lastRow: 0,
        successCount: 0,
        failedCount: 0,
        owner: reg.instance,
        heartbeatTime: now,
        reportId: null,
        createTime: now,
        updateTime: now,
      })
      .execute();
    run = new ImportRun(app, id, reg.instance, 0, 0, new Set());
  }
  const beat = setInterval(() => {
    const at = formatDateTime();
    void db
      .updateTable('sysImportRun')
      .set({ heartbeatTime: at })
      .where('id', '=', run.id)
      .where('owner', '=', reg.instance)
      .execute()
      .catch(() => undefined);
  }, RUN_HEARTBEAT_MS).unref();
  reg.active.set(run.id, beat);
  return { run };
}
