import { JOB_API, JOB_MESSAGES, JOB_STATUS, PERM } from '@district/shared';
import { jobCreateSchema, jobUpdateSchema, type JobCreateInput, type JobUpdateInput } from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { declared } from '../../lib/resource/resource.service.js';
import type { ResourceDef } from '../../lib/resource/resource.types.js';
import { JOB_HANDLERS, JobParameterError, parseJobParameter } from './job-handlers.js';
import { nextFire, type JobScheduler } from './job-scheduler.js';
import type { SysQuartzJob } from './ops-tables.js';

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
 * Scheduled jobs (定时任务) on the resource pattern; every write brings the schedule in line in the same
 * transaction (a schedule that cannot be written, e.g. Redis down, rolls the write back).
 */
export function jobResource(scheduler: () => JobScheduler): ResourceDef<JobCreateInput, JobUpdateInput> {
  const def: ResourceDef<JobCreateInput, JobUpdateInput> = {
    name: 'sys_quartz_job',
    title: '定时任务',
    table: 'sysQuartzJob',
    path: JOB_API.base,
    fields: {
      jobName: { type: 'string', title: '任务名称', filter: true, sort: true, excel: { width: 24 } },
      handler: { type: 'string', title: '任务处理器', filter: true, sort: true, dictTable: handlerTitles },
      parameter: { type: 'string', title: '参数', excel: { width: 24 } },
      cronExpression: { type: 'string', title: 'Cron 表达式', excel: { width: 20 } },
      status: { type: 'string', title: '状态', filter: true, sort: true },
      description: { type: 'string', title: '描述', excel: { width: 30 } },
      createBy: { type: 'string', title: '创建人', excel: false },
      createTime: { type: 'datetime', title: '创建时间', filter: true, sort: true, excel: false },
      updateTime: { type: 'datetime', title: '更新时间', sort: true, excel: false },
    },
    permissions: {
      list: PERM.jobList,
      queryById: PERM.jobList,
      add: PERM.jobAdd,
      edit: PERM.jobEdit,
      delete: PERM.jobDelete,
      deleteBatch: PERM.jobDelete,
    },
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
      const clash = await ctx.db
        .selectFrom('sysQuartzJob')
        .select('id')
        .where('jobName', '=', String(row.jobName))
        .$if(existingId !== null, (q) => q.where('id', '<>', existingId!))
        .executeTakeFirst();
      if (clash) throw new ApiError(400, JOB_MESSAGES.nameTaken);
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
  };
  return def;
}
