import { JOB_API, JOB_MESSAGES, JOB_STATUS, PERM } from '@district/shared';
import { jobIdSchema } from '@district/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { resourcePlugin } from '../../lib/resource/resource.routes.js';
import { formatDateTime } from '../../lib/time.js';
import { handlerInfos } from './job-handlers.js';
import { checkJob, jobResource } from './job.resource.js';
import { createScheduler, runJob, type JobScheduler } from './job-scheduler.js';
import { currentUser } from '../../lib/current-user.js';
import type { SysQuartzJob } from '../../db/schema.js';

const logQuery = z
  .object({
    jobId: z.string({ error: JOB_MESSAGES.notFound }).min(1, JOB_MESSAGES.notFound).max(32),
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
  })
  .loose();

/**
 * Scheduled jobs: the resource routes, the handlers registered in code, start/pause/resume, run once now and
 * the run log. The scheduler starts once the app is ready and stops when it closes.
 */
export default async function jobRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;
  const scheduler: JobScheduler = createScheduler(app);
  await app.register(resourcePlugin([jobResource(() => scheduler)]));

  app.addHook('onReady', async () => {
    await scheduler.start(await db.selectFrom('sysQuartzJob').selectAll().execute());
  });
  app.addHook('onClose', async () => {
    await scheduler.close();
  });

  app.get(JOB_API.handlers, { config: { auth: PERM.jobList } }, async () => ok(handlerInfos(), ''));

  const findJob = async (id: string) => {
    const job = await db.selectFrom('sysQuartzJob').selectAll().where('id', '=', id).executeTakeFirst();
    if (!job) throw new ApiError(404, JOB_MESSAGES.notFound);
    return job;
  };

  const setStatus = async (jobId: string, status: string, by: string): Promise<SysQuartzJob> => {
    const job = await findJob(jobId);
    if (status === JOB_STATUS.running) checkJob(job);
    const next = { ...job, status, updateBy: by, updateTime: formatDateTime() };
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sysQuartzJob')
        .set({ status, updateBy: next.updateBy, updateTime: next.updateTime })
        .where('id', '=', jobId)
        .execute();
      await scheduler.sync(next);
    });
    return next;
  };

  for (const [path, status, message, already] of [
    [JOB_API.start, JOB_STATUS.running, JOB_MESSAGES.started, null],
    [JOB_API.resume, JOB_STATUS.running, JOB_MESSAGES.resumed, JOB_MESSAGES.alreadyRunning],
    [JOB_API.pause, JOB_STATUS.paused, JOB_MESSAGES.paused, JOB_MESSAGES.alreadyPaused],
  ] as const) {
    app.post(path, { config: { auth: PERM.jobRun, platform: true } }, async (request) => {
      const { id } = parse(jobIdSchema, request.body);
      const job = await findJob(id);
      if (already && job.status === status) throw new ApiError(400, already);
      const next = await setStatus(id, status, currentUser(request).username);
      return ok(next, message);
    });
  }

  app.post(JOB_API.execute, { config: { auth: PERM.jobRun, platform: true } }, async (request) => {
    const { id } = parse(jobIdSchema, request.body);
    await findJob(id);
    const log = await runJob(app, id, 'manual');
    if (!log) throw new ApiError(404, JOB_MESSAGES.notFound);
    return log.result === '1'
      ? ok(log, `${JOB_MESSAGES.executed}：${log.message ?? ''}`)
      : ok(log, `${JOB_MESSAGES.executeFailed}${log.message ?? ''}`);
  });

  app.get(JOB_API.log, { config: { auth: PERM.jobLog } }, async (request) => {
    const { jobId, pageNo, pageSize } = parse(logQuery, request.query);
    await findJob(jobId);
    const base = db.selectFrom('sysQuartzJobLog').where('jobId', '=', jobId);
    const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const total = Number(n);
    const records = await base
      .selectAll()
      .orderBy('startTime', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    return ok({ records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) }, '');
  });
}
