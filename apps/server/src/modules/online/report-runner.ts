import { spawn, type ChildProcess } from 'node:child_process';
import { ONLINE_MESSAGES } from '@district/shared';
import { ApiError } from '../../lib/http.js';
import { sqliteModulePath } from '../../lib/sqlite-driver.js';

type SqlRow = Record<string, unknown>;

export interface RunnerStatement {
  sql: string;
  params: readonly unknown[];
}

export interface ReportRunnerOptions {
  timeoutMs: number;
  /** Report queries at once; each SQLite one runs in a process of its own. */
  concurrency: number;
  /** How long a query waits for its turn before 503. */
  queueMs: number;
}

/**
 * One report query in its slot. `onCancel` registers how to stop it (kill the SQLite process, cancel the statement
 * on the database server); the runner calls it when the time is up. `timeoutMessage` is what the caller is told then
 * (a data source still connecting says so).
 */
export class ReportJob {
  timedOut = false;
  timeoutMessage: string;
  private canceller: (() => Promise<unknown> | unknown) | null = null;
  private cancelling: Promise<unknown> = Promise.resolve();

  constructor(timeoutMessage: string) {
    this.timeoutMessage = timeoutMessage;
  }

  /** Throws the time-out once the job's time is up (work that only now got its connection must not start). */
  assertLive(): void {
    if (this.timedOut) throw new ApiError(400, this.timeoutMessage);
  }

  onCancel(cancel: (() => Promise<unknown> | unknown) | null): void {
    this.canceller = cancel;
    if (cancel && this.timedOut) this.cancel();
  }

  cancel(): void {
    const cancel = this.canceller;
    if (!cancel) return;
    this.canceller = null;
    this.cancelling = Promise.resolve()
      .then(cancel)
      .catch(() => undefined);
  }

  /**
   * Stops answering cancels and waits for one already sent: a cancel must never reach the next statement on the
   * same connection.
   */
  async settle(): Promise<void> {
    this.canceller = null;
    await this.cancelling;
  }
}

/*
 * The SQLite runner: a plain Node process (no loader, no inherited environment: it never sees the server's secrets)
 * that answers one query at a time on a read-only handle. better-sqlite3 runs a statement in native code that
 * nothing in the process can interrupt, so a query past its time is stopped by killing the process.
 */
const SQLITE_RUNNER = `'use strict';
const Database = require(process.env.REPORT_SQLITE_MODULE);
let kept = null;
process.on('message', (m) => {
  let db = null;
  try {
    if (m.keep && kept && kept.file === m.file) db = kept.db;
    else {
      db = new Database(m.file, { readonly: true, fileMustExist: true });
      if (m.keep) {
        if (kept) kept.db.close();
        kept = { file: m.file, db };
      }
    }
    const results = m.statements.map((s) => {
      const statement = db.prepare(s.sql);
      if (!statement.reader) throw new Error('not a query');
      return statement.all(...s.params);
    });
    process.send({ id: m.id, results });
  } catch (e) {
    process.send({ id: m.id, error: String((e && e.message) || e) });
  } finally {
    if (db && !(kept && kept.db === db)) db.close();
  }
});
process.on('disconnect', () => process.exit(0));
`;

interface Runner {
  child: ChildProcess;
  exited: Promise<void>;
  /** Ends an idle runner: warm while reports are used, memory given back when they are not. */
  idleTimer?: NodeJS.Timeout;
}

/** How long an idle SQLite runner stays warm. */
const RUNNER_IDLE_MS = 10 * 60_000;

class RunnerFailed extends Error {}

/**
 * Runs report queries: at most `concurrency` at once (the rest wait up to `queueMs`, then 503), each stopped after
 * `timeoutMs` (400 with the time-out message). SQLite queries run in warm runner processes, one per slot, killed
 * and replaced when a query runs out of time. `close()` (the app's onClose) kills them all.
 */
export class ReportRunner {
  private active = 0;
  private readonly waiting: { grant: () => void; refuse: (e: Error) => void }[] = [];
  private readonly idle: Runner[] = [];
  private readonly busy = new Set<Runner>();
  private readonly jobs = new Set<ReportJob>();
  private closed = false;
  private nextId = 1;
  private readonly sqliteModule = sqliteModulePath();

  constructor(readonly options: ReportRunnerOptions) {}

  /**
   * The database server's own limit on a report statement: later than ours, so our cancel is what stops it and this
   * only catches a cancel that never arrived.
   */
  get serverLimitMs(): number {
    return this.options.timeoutMs + Math.max(1000, this.options.timeoutMs);
  }

  get timeoutSeconds(): number {
    return Math.round(this.options.timeoutMs / 100) / 10;
  }

  private busyError(): ApiError {
    return new ApiError(503, ONLINE_MESSAGES.reportBusy);
  }

  private acquire(): Promise<void> {
    if (this.closed) return Promise.reject(this.busyError());
    if (this.active < this.options.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    // A bounded queue: beyond it nobody would get a turn within the wait anyway.
    if (this.waiting.length >= this.options.concurrency * 10) return Promise.reject(this.busyError());
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
        refuse: (e: Error) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(this.busyError());
      }, this.options.queueMs);
      this.waiting.push(entry);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next in line.
    if (next) next.grant();
    else this.active--;
  }

  /**
   * Runs `work` in a slot under the time limit. The answer comes at the limit at the latest; the slot is given back
   * only when the work has really ended (its query cancelled or its process gone).
   */
  async run<T>(work: (job: ReportJob) => Promise<T>): Promise<T> {
    await this.acquire();
    const job = new ReportJob(ONLINE_MESSAGES.sqlTimeout(this.timeoutSeconds));
    this.jobs.add(job);
    let timer: NodeJS.Timeout | undefined;
    const working = Promise.resolve()
      .then(() => work(job))
      .finally(() => {
        clearTimeout(timer);
        this.jobs.delete(job);
        this.release();
      });
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        job.timedOut = true;
        job.cancel();
        reject(new ApiError(400, job.timeoutMessage));
      }, this.options.timeoutMs);
    });
    // Whichever loses the race is settled here, never left unhandled.
    working.catch(() => undefined);
    timeout.catch(() => undefined);
    return Promise.race([working, timeout]);
  }

  private spawnRunner(): Runner {
    const child = spawn(process.execPath, ['--max-old-space-size=256', '-e', SQLITE_RUNNER], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env: { REPORT_SQLITE_MODULE: this.sqliteModule },
      serialization: 'advanced',
    });
    const runner: Runner = { child, exited: new Promise((resolve) => child.once('exit', () => resolve())) };
    child.on('error', () => undefined);
    // Neither keeps the server's process alive; a runner whose server is gone exits on the disconnect.
    child.unref();
    child.channel?.unref();
    void runner.exited.then(() => {
      const i = this.idle.indexOf(runner);
      if (i >= 0) this.idle.splice(i, 1);
      this.busy.delete(runner);
    });
    return runner;
  }

  private makeIdle(runner: Runner): void {
    this.idle.push(runner);
    runner.idleTimer = setTimeout(() => {
      if (this.idle.includes(runner)) void this.kill(runner);
    }, RUNNER_IDLE_MS).unref();
  }

  private async kill(runner: Runner): Promise<void> {
    clearTimeout(runner.idleTimer);
    runner.child.kill('SIGKILL');
    await runner.exited;
  }

  /**
   * Runs statements on a SQLite file in a runner process, within `job`'s slot. `keep`: the file stays open in the
   * runner for the next query (the app's own database), else it is closed after this one (a data source's file).
   */
  async sqlite(job: ReportJob, file: string, statements: RunnerStatement[], keep: boolean): Promise<SqlRow[][]> {
    if (this.closed) throw this.busyError();
    let runner = this.idle.pop();
    while (runner && !runner.child.connected) runner = this.idle.pop();
    runner ??= this.spawnRunner();
    clearTimeout(runner.idleTimer);
    this.busy.add(runner);
    const id = this.nextId++;
    const current = runner;
    try {
      return await new Promise<SqlRow[][]>((resolve, reject) => {
        const onMessage = (m: { id: number; results?: SqlRow[][]; error?: string }) => {
          if (m.id !== id) return;
          done();
          if (m.error !== undefined) reject(new RunnerFailed(m.error));
          else resolve(m.results ?? []);
        };
        const onExit = () => {
          done();
          reject(new RunnerFailed('runner exited'));
        };
        const done = () => {
          current.child.off('message', onMessage);
          current.child.off('exit', onExit);
        };
        current.child.on('message', onMessage);
        current.child.once('exit', onExit);
        job.onCancel(() => {
          onExit();
          return this.kill(current);
        });
        const message = { id, file, keep, statements: statements.map((s) => ({ sql: s.sql, params: s.params })) };
        current.child.send(message, (error) => {
          if (error) onExit();
        });
      });
    } finally {
      await job.settle();
      this.busy.delete(current);
      // Kept warm: the next report does not wait for a process to start.
      if (current.child.connected && !this.closed) this.makeIdle(current);
      else if (!this.closed && this.idle.length === 0) this.makeIdle(this.spawnRunner());
    }
  }

  /** Process ids of the SQLite runners now running a query (tests check a stopped one is gone). */
  busyPids(): number[] {
    return [...this.busy].flatMap((r) => (r.child.pid ? [r.child.pid] : []));
  }

  /**
   * Refuses what waits, cancels what runs and kills every runner, so shutdown never waits for a query (a statement
   * on PostgreSQL or MySQL would otherwise hold its pool connection, and the pool's close, until its time is up).
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w.refuse(this.busyError());
    for (const job of this.jobs) {
      job.timedOut = true;
      job.cancel();
    }
    const all = [...this.idle.splice(0), ...this.busy];
    await Promise.all(all.map((r) => this.kill(r)));
  }
}
