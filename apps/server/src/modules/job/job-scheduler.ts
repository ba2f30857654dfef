import os from 'node:os';
import { JOB_STATUS, nextCronRuns } from '@district/shared';
import type * as BullMq from 'bullmq';
import type { Queue, Worker, RedisOptions, RepeatOptions } from 'bullmq';
import { Cron } from 'croner';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../lib/ids.js';
import { lazyRequire } from '../../lib/lazy-require.js';
import { formatDateTime } from '../../lib/time.js';
import { JOB_HANDLERS, parseJobParameter } from './job-handlers.js';
import type { SysQuartzJob, SysQuartzJobLog } from '../../db/schema.js';

const INSTANCE = `${os.hostname()}:${process.pid}`.slice(0, 100);

/** Milliseconds-precise local time, so runs a second apart stay ordered in the log. */
function logTime(date: Date): string {
  return `${formatDateTime(date)}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

/**
 * Runs one job now and writes its log row. A cron fire of a job that was deleted or paused meanwhile is skipped
 * (null); a manual run goes ahead whatever the status.
 */
export async function runJob(
  app: FastifyInstance,
  jobId: string,
  trigger: 'cron' | 'manual',
): Promise<SysQuartzJobLog | null> {
  const db = app.ctx.db.db;
  const job = await db.selectFrom('sysQuartzJob').selectAll().where('id', '=', jobId).executeTakeFirst();
  if (!job || (trigger === 'cron' && job.status !== JOB_STATUS.running)) return null;
  const started = new Date();
  let result: '1' | '0' = '1';
  let message: string;
  try {
    const handler = JOB_HANDLERS.get(job.handler);
    if (!handler) throw new Error(`未知的任务处理器：${job.handler}`);
    message = await handler.run(app, parseJobParameter(handler, job.parameter));
  } catch (error) {
    result = '0';
    message = error instanceof Error ? error.message : String(error);
    app.log.error({ err: error, jobId }, 'scheduled job failed');
  }
  const ended = new Date();
  const row: SysQuartzJobLog = {
    id: newId(),
    jobId,
    triggerType: trigger,
    startTime: logTime(started),
    endTime: logTime(ended),
    durationMs: ended.getTime() - started.getTime(),
    result,
    message: message.slice(0, 2000),
    instance: INSTANCE,
  };
  await db.insertInto('sysQuartzJobLog').values(row).execute();
  return row;
}

/**
 * Where cron fires come from. Embedded: croner timers in this process. Cluster (REDIS_URL): BullMQ job schedulers
 * in Redis; each fire is one delayed job with an id made of the scheduler and the fire time, taken by exactly one
 * worker of all instances. Both compute fire times with the shared Quartz parser, the one that validates the
 * expression and previews it in the cron editor.
 */
export interface JobScheduler {
  /** Schedules a running job (again, after an edit) or unschedules a paused one. */
  sync(job: SysQuartzJob): Promise<void>;
  remove(jobId: string): Promise<void>;
  /** Brings the schedule in line with the table (at start-up). */
  start(jobs: SysQuartzJob[]): Promise<void>;
  close(): Promise<void>;
}

/** The next fire strictly after `after`, or null when the expression never fires again. */
export function nextFire(expression: string, after: Date): Date | null {
  return nextCronRuns(expression, 1, after)[0] ?? null;
}

export class EmbeddedScheduler implements JobScheduler {
  private readonly timers = new Map<string, Cron>();
  private closed = false;

  constructor(private readonly fire: (jobId: string) => Promise<unknown>) {}

  // croner holds one timer for the next fire (it copes with delays beyond setTimeout's 24.8 days); the next
  // one is armed when it fires, from the same parser the server validates with.
  private arm(job: SysQuartzJob, after: Date) {
    if (this.closed) return;
    const next = nextFire(job.cronExpression, after);
    if (!next) return;
    const timer = new Cron(next, { unref: true }, () => {
      if (this.timers.get(job.id) !== timer) return;
      this.arm(job, next);
      void this.fire(job.id).catch(() => undefined);
    });
    this.timers.set(job.id, timer);
  }

  async sync(job: SysQuartzJob) {
    await this.remove(job.id);
    if (job.status === JOB_STATUS.running) this.arm(job, new Date());
  }

  async remove(jobId: string) {
    this.timers.get(jobId)?.stop();
    this.timers.delete(jobId);
  }

  async start(jobs: SysQuartzJob[]) {
    for (const job of jobs) await this.sync(job);
  }

  async close() {
    this.closed = true;
    for (const timer of this.timers.values()) timer.stop();
    this.timers.clear();
  }

  /** Job ids with an armed timer (tests). */
  scheduled(): string[] {
    return [...this.timers.keys()];
  }
}

/** ioredis options from a redis:// URL (BullMQ brings its own ioredis and opens its own connections). */
export function redisConnection(url: string): RedisOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

const QUEUE = 'quartz';

const bullmq = lazyRequire<typeof BullMq>('bullmq');

/** BullMQ's repeat strategy with our Quartz parser (its default, cron-parser, numbers week days differently). */
const repeatStrategy = (millis: number, opts: RepeatOptions): number | undefined =>
  opts.pattern ? nextFire(opts.pattern, new Date(millis))?.getTime() : undefined;

export class ClusterScheduler implements JobScheduler {
  private readonly queue: Queue;
  private readonly worker: Worker;

  constructor(redisUrl: string, prefix: string, fire: (jobId: string) => Promise<unknown>) {
    const connection = redisConnection(redisUrl);
    const { Queue, Worker } = bullmq();
    this.queue = new Queue(QUEUE, { connection, prefix, settings: { repeatStrategy } });
    this.worker = new Worker(
      QUEUE,
      async (job) => {
        await fire(String((job.data as { jobId: string }).jobId));
      },
      {
        connection: { ...connection, maxRetriesPerRequest: null },
        prefix,
        settings: { repeatStrategy },
        concurrency: 1,
        autorun: false,
      },
    );
    this.worker.on('error', () => undefined);
    this.queue.on('error', () => undefined);
  }

  async sync(job: SysQuartzJob) {
    if (job.status !== JOB_STATUS.running || !nextFire(job.cronExpression, new Date())) {
      await this.remove(job.id);
      return;
    }
    await this.queue.upsertJobScheduler(
      job.id,
      { pattern: job.cronExpression },
      {
        name: job.handler,
        data: { jobId: job.id },
        opts: { removeOnComplete: 50, removeOnFail: 50, attempts: 1 },
      },
    );
  }

  async remove(jobId: string) {
    await this.queue.removeJobScheduler(jobId);
  }

  async start(jobs: SysQuartzJob[]) {
    const known = new Set(jobs.map((j) => j.id));
    for (const scheduler of await this.queue.getJobSchedulers()) {
      const id = scheduler.key;
      if (!known.has(id)) await this.queue.removeJobScheduler(id);
    }
    for (const job of jobs) await this.sync(job);
    void this.worker.run().catch(() => undefined);
  }

  async close() {
    // With Redis away, BullMQ's close waits for it forever and the app would never shut down: give it a
    // moment, then drop the connections.
    const within = <T>(work: Promise<T>, ms: number) =>
      Promise.race([
        work.then(() => true).catch(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), ms).unref()),
      ]);
    if (await within(Promise.all([this.worker.close(), this.queue.close()]), 2_000)) return;
    await within(Promise.allSettled([this.worker.disconnect(), this.queue.disconnect()]), 1_000);
  }
}

export function createScheduler(app: FastifyInstance): JobScheduler {
  const fire = (jobId: string) => runJob(app, jobId, 'cron');
  const { redisUrl, redisPrefix } = app.ctx.config;
  return redisUrl ? new ClusterScheduler(redisUrl, `${redisPrefix}bull`, fire) : new EmbeddedScheduler(fire);
}
