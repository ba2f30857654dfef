import { JOB_MESSAGES, JOB_RESOURCE, JOB_STATUS } from '@district/shared';
import { jobCreateSchema, jobUpdateSchema, type JobCreateInput, type JobUpdateInput } from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { assertUnique, declared } from '../../lib/resource/resource.service.js';
import { defineResource, type ResourceDef } from '../../lib/resource/resource.types.js';
import { JOB_HANDLERS, JobParameterError, parseJobParameter } from './job-handlers.js';
import { nextFire, type JobScheduler } from './job-scheduler.js';
import type { SysQuartzJob } from '../../db/schema.js';

/** Handler titles for a page of jobs (answered as handler_dictText). */
async function handlerTitles(_db: unknown, values: string[]) {
  return new Map(values.map((v) => [v, JOB_HANDLERS.get(v)?.title ?? v]));
}

/**
 * Checks a job as it would be stored: a registered handler, a parameter its schema accepts, and a cron that
 * fires again. Every failure is a 400 with a Chinese message and nothing is written.
 */
export function checkJob(job: Pick<SysQuartzJob, 'handler' | 'parameter' | 'cronExpression'>): void {
  const handler = JOB_HANDLERS.get(job.handler);
  if (!handler) throw new ApiError(400, JOB_MESSAGES.unknownHandler);
  try {
    parseJobParameter(handler, job.parameter);
  } catch (error) {
    if (error instanceof JobParameterError) throw new ApiError(400, `${JOB_MESSAGES.parameterInvalid}${error.message}`);
    throw error;
  }
  if (!nextFire(job.cronExpression, new Date())) throw new ApiError(400, JOB_MESSAGES.cronNeverFires);
}

/**
 * Scheduled jobs (定时任务): the shared declaration (`JOB_RESOURCE`) plus the table and hooks; every write brings the
 * schedule in line in the same transaction (a schedule that cannot be written, e.g. Redis down, rolls the write back).
 */
export function jobResource(scheduler: () => JobScheduler): ResourceDef<JobCreateInput, JobUpdateInput> {
  const def: ResourceDef<JobCreateInput, JobUpdateInput> = defineResource(JOB_RESOURCE, {
    table: 'sysQuartzJob',
    fields: { handler: { dictTable: handlerTitles } },
    platformWrites: true,
    createSchema: jobCreateSchema,
    updateSchema: jobUpdateSchema,
    toRow(body) {
      const row = declared(def, body);
      row.status ??= JOB_STATUS.running;
      row.parameter = body.parameter?.trim() || null;
      return row;
    },
    toUpdate(body) {
      const row = declared(def, body);
      if (body.parameter !== undefined) row.parameter = body.parameter?.trim() || null;
      return row;
    },
    async beforeWrite(row, existingId, ctx) {
      checkJob(row as unknown as SysQuartzJob);
      await assertUnique(def, row, existingId, ctx);
    },
    async afterCreate(row) {
      await scheduler().sync(row as unknown as SysQuartzJob);
    },
    async afterUpdate(row) {
      await scheduler().sync(row as unknown as SysQuartzJob);
    },
    async afterDelete(rows, ctx) {
      const ids = rows.map((r) => String(r.id));
      await ctx.trx.deleteFrom('sysQuartzJobLog').where('jobId', 'in', ids).execute();
      for (const id of ids) await scheduler().remove(id);
    },
  });
  return def;
}
