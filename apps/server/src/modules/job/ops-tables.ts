/*
 * Row types of the operations tables (migration 2026-11-25-0030-operations), merged into the Database
 * interface here rather than in db/schema.ts.
 */

interface OpsAudit {
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface SysQuartzJob extends OpsAudit {
  id: string;
  jobName: string;
  handler: string;
  parameter: string | null;
  cronExpression: string;
  status: string;
  description: string | null;
}

export interface SysQuartzJobLog {
  id: string;
  jobId: string;
  triggerType: string;
  startTime: string;
  endTime: string;
  durationMs: number;
  result: string;
  message: string | null;
  instance: string;
}

export interface SysDataSource extends OpsAudit {
  id: string;
  code: string;
  name: string;
  dbType: string;
  host: string | null;
  port: number | null;
  databaseName: string;
  username: string | null;
  password: string | null;
  remark: string | null;
}

export interface SysGatewayRoute extends OpsAudit {
  id: string;
  routeId: string;
  name: string;
  uri: string;
  predicates: string | null;
  filters: string | null;
  sortOrder: number;
  status: number;
}

declare module '../../db/schema.js' {
  interface Database {
    sysQuartzJob: SysQuartzJob;
    sysQuartzJobLog: SysQuartzJobLog;
    sysDataSource: SysDataSource;
    sysGatewayRoute: SysGatewayRoute;
  }
}
