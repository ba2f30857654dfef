import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';

/**
 * 系统日志 (sys_log): login (type 1) and operation (type 2) logs, read-only, each read in the tenant it was made in.
 */
export const LOG_RESOURCE = describeResource({
  name: 'sys_log',
  title: '系统日志',
  path: '/sys/log',
  fields: {
    logType: { title: '日志类型', type: 'int', filter: true, dict: 'log_type' },
    logContent: { title: '日志内容', type: 'string', filter: true, list: 'longText', query: 'like' },
    username: { title: '操作人', type: 'string', filter: true, sort: true, query: 'like' },
    ip: { title: 'IP', type: 'string', filter: true, query: 'eq' },
    method: { title: '请求方法', type: 'string', filter: true },
    requestUrl: { title: '请求路径', type: 'string', filter: true, query: 'like' },
    requestType: { title: '请求类型', type: 'string', filter: true },
    requestParam: { title: '请求参数', type: 'string', excel: false },
    operateType: { title: '操作类型', type: 'int', filter: true, dict: 'operate_type', query: 'dict' },
    costTime: { title: '耗时(毫秒)', type: 'int', filter: true, sort: true, list: { width: 110 } },
    result: { title: '结果', type: 'int', filter: true, dict: 'operate_result', list: { width: 80 } },
    createTime: { title: '时间', type: 'datetime', filter: true, sort: true, list: { width: 180 } },
  },
  permissions: { list: PERM.logList, exportXls: PERM.logList },
});

/** 数据日志 (sys_data_log): the versions of records as every write left them, per tenant like the logs. */
export const DATA_LOG_RESOURCE = describeResource({
  name: 'sys_data_log',
  title: '数据日志',
  path: '/sys/dataLog',
  fields: {
    dataTable: { title: '表名', type: 'string', filter: true, sort: true, list: { width: 160 }, query: 'eq' },
    dataId: { title: '数据ID', type: 'string', filter: true, list: 'code', query: 'eq' },
    dataVersion: { title: '版本号', type: 'int', filter: true, sort: true, list: { width: 90 } },
    action: { title: '操作', type: 'string', filter: true, dict: 'data_log_action', list: { width: 90 } },
    dataContent: { title: '数据内容', type: 'string', excel: false },
    createBy: { title: '操作人', type: 'string', filter: true, sort: true, list: { width: 120 }, query: 'like' },
    createTime: { title: '时间', type: 'datetime', filter: true, sort: true, list: { width: 180 } },
  },
  // The audit officer reads and exports every log (issue 24).
  permissions: { list: PERM.dataLogList, exportXls: PERM.dataLogList },
});
