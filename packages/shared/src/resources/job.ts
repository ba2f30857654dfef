import { JOB_API, JOB_LIMITS, JOB_MESSAGES } from '../ops.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';

/** 定时任务 (scheduled jobs): only handlers registered in code run; writes are for platform administrators. */
export const JOB_RESOURCE = describeResource({
  name: 'sys_quartz_job',
  title: '定时任务',
  path: JOB_API.base,
  fields: {
    jobName: {
      title: '任务名称',
      type: 'string',
      filter: true,
      sort: true,
      excel: { width: 24 },
      list: { width: 180 },
      query: 'like',
      rules: [
        { required: true, message: JOB_MESSAGES.nameRequired },
        { max: JOB_LIMITS.name, message: JOB_MESSAGES.nameTooLong },
      ],
    },
    /** Answered with handler_dictText, the handler's title (a table dictionary of the server's handlers). */
    handler: {
      title: '任务处理器',
      type: 'string',
      filter: true,
      sort: true,
      list: { width: 150 },
      rules: [{ required: true, message: JOB_MESSAGES.handlerRequired }],
    },
    parameter: {
      title: '参数',
      type: 'string',
      excel: { width: 24 },
      list: { width: 160 },
      rules: [{ max: JOB_LIMITS.parameter, message: JOB_MESSAGES.parameterTooLong }],
    },
    cronExpression: {
      title: 'Cron 表达式',
      type: 'string',
      excel: { width: 20 },
      list: { valueType: 'code', width: 160 },
      rules: [{ required: true, message: JOB_MESSAGES.cronRequired }],
    },
    /** JOB_STATUS: the page offers its two values. */
    status: { title: '状态', type: 'string', filter: true, sort: true, list: { width: 90 }, query: 'custom' },
    description: {
      title: '描述',
      type: 'string',
      excel: { width: 30 },
      list: { width: 220 },
      rules: [{ max: JOB_LIMITS.description, message: JOB_MESSAGES.descriptionTooLong }],
    },
    createBy: { title: '创建人', type: 'string', excel: false },
    createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true, excel: false },
    updateTime: { title: '更新时间', type: 'datetime', sort: true, excel: false },
  },
  permissions: {
    list: PERM.jobList,
    queryById: PERM.jobList,
    add: PERM.jobAdd,
    edit: PERM.jobEdit,
    delete: PERM.jobDelete,
    deleteBatch: PERM.jobDelete,
  },
  unique: [{ index: 'uq_sys_quartz_job_name', fields: ['jobName'], message: () => JOB_MESSAGES.nameTaken }],
});
