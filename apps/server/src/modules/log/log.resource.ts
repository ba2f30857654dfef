import { PERM } from '@district/shared';
import type { ResourceDef } from '../../lib/resource/resource.types.js';

/**
 * Login (type 1) and operation (type 2) logs: read-only, newest first. Each row carries the tenant it was made in
 * and is read in that tenant only (rows without a tenant, e.g. anonymous calls, in none).
 */
export const logResource: ResourceDef = {
  name: 'sys_log',
  title: '系统日志',
  table: 'sysLog',
  path: '/sys/log',
  audit: false,
  fields: {
    logType: { type: 'int', title: '日志类型', filter: true, dict: 'log_type' },
    logContent: { type: 'string', title: '日志内容', filter: true },
    username: { type: 'string', title: '操作人', filter: true, sort: true },
    ip: { type: 'string', title: 'IP', filter: true },
    method: { type: 'string', title: '请求方法', filter: true },
    requestUrl: { type: 'string', title: '请求路径', filter: true },
    requestType: { type: 'string', title: '请求类型', filter: true },
    requestParam: { type: 'string', title: '请求参数', excel: false },
    operateType: { type: 'int', title: '操作类型', filter: true, dict: 'operate_type' },
    costTime: { type: 'int', title: '耗时(毫秒)', filter: true, sort: true },
    result: { type: 'int', title: '结果', filter: true, dict: 'operate_result' },
    createTime: { type: 'datetime', title: '时间', filter: true, sort: true },
  },
  permissions: { list: PERM.logList, exportXls: PERM.logList },
  tenancy: { kind: 'column' },
  skip: ['importExcel'],
};

/** Versions of records as every write left them (sys_data_log), per tenant like the logs above. */
export const dataLogResource: ResourceDef = {
  name: 'sys_data_log',
  title: '数据日志',
  table: 'sysDataLog',
  path: '/sys/dataLog',
  audit: false,
  fields: {
    dataTable: { type: 'string', title: '表名', filter: true, sort: true },
    dataId: { type: 'string', title: '数据ID', filter: true },
    dataVersion: { type: 'int', title: '版本号', filter: true, sort: true },
    action: { type: 'string', title: '操作', filter: true, dict: 'data_log_action' },
    dataContent: { type: 'string', title: '数据内容', excel: false },
    createBy: { type: 'string', title: '操作人', filter: true, sort: true },
    createTime: { type: 'datetime', title: '时间', filter: true, sort: true },
  },
  permissions: { list: PERM.dataLogList },
  tenancy: { kind: 'column' },
};
