import { BACKUP_JOB_CRON, BACKUP_JOB_HANDLER, BACKUP_ROUTE, JOB_STATUS, OPS_ROUTES, PERM } from '@district/shared';
import type { Kysely } from 'kysely';
import { formatDateTime } from '../../lib/time.js';
import type { Database } from '../schema.js';
import type { MenuSeed } from './reference.seed.js';
import { seedId } from './seed-id.js';

/*
 * Operations (issue 13): the 系统监控 menu (administrators only) and the shipped scheduled jobs. The spec's JVM
 * and Tomcat pages show the Node runtime and our HTTP server under the same entries.
 */
export const OPS_MENU: MenuSeed = {
  key: 'monitor',
  name: '系统监控',
  url: '/monitor',
  component: 'layouts/RouteView',
  icon: 'dashboard',
  redirect: OPS_ROUTES.job,
  roles: [],
  children: [
    {
      key: 'monitor-job',
      name: '定时任务',
      url: OPS_ROUTES.job,
      component: 'ops/JobList',
      roles: [],
      buttons: [
        { code: PERM.jobList, name: '定时任务查询' },
        { code: PERM.jobAdd, name: '添加定时任务' },
        { code: PERM.jobEdit, name: '编辑定时任务' },
        { code: PERM.jobDelete, name: '删除定时任务' },
        { code: PERM.jobRun, name: '启停与执行定时任务' },
        { code: PERM.jobLog, name: '查看任务日志' },
      ],
    },
    {
      key: 'monitor-gateway',
      name: '网关路由',
      url: OPS_ROUTES.gateway,
      component: 'ops/GatewayRouteList',
      roles: [],
      buttons: [
        { code: PERM.gatewayList, name: '网关路由查询' },
        { code: PERM.gatewayAdd, name: '添加网关路由' },
        { code: PERM.gatewayEdit, name: '编辑网关路由' },
        { code: PERM.gatewayDelete, name: '删除网关路由' },
        { code: PERM.gatewayCall, name: '调用网关路由' },
      ],
    },
    {
      key: 'monitor-data-source',
      name: '数据源管理',
      url: OPS_ROUTES.dataSource,
      component: 'ops/DataSourceList',
      roles: [],
      buttons: [
        { code: PERM.dataSourceList, name: '数据源查询' },
        { code: PERM.dataSourceAdd, name: '添加数据源' },
        { code: PERM.dataSourceEdit, name: '编辑数据源' },
        { code: PERM.dataSourceDelete, name: '删除数据源' },
        { code: PERM.dataSourceTest, name: '测试数据源连接' },
      ],
    },
    {
      key: 'monitor-online',
      name: '在线用户',
      url: OPS_ROUTES.online,
      component: 'ops/OnlineUsers',
      roles: [],
      buttons: [
        { code: PERM.onlineList, name: '在线用户查询' },
        { code: PERM.onlineForceLogout, name: '强制退出' },
      ],
    },
    {
      key: 'monitor-runtime',
      name: 'JVM信息',
      url: OPS_ROUTES.runtime,
      component: 'ops/RuntimeInfo',
      roles: [],
      buttons: [{ code: PERM.monitorRuntime, name: '查看运行时信息' }],
    },
    {
      key: 'monitor-system',
      name: '服务器信息',
      url: OPS_ROUTES.system,
      component: 'ops/SystemInfo',
      roles: [],
      buttons: [{ code: PERM.monitorSystem, name: '查看服务器信息' }],
    },
    {
      key: 'monitor-http',
      name: 'Tomcat信息',
      url: OPS_ROUTES.http,
      component: 'ops/HttpServerInfo',
      roles: [],
      buttons: [{ code: PERM.monitorHttp, name: '查看 HTTP 服务信息' }],
    },
    {
      key: 'monitor-disk',
      name: '磁盘监控',
      url: OPS_ROUTES.disk,
      component: 'ops/DiskInfo',
      roles: [],
      buttons: [{ code: PERM.monitorDisk, name: '查看磁盘信息' }],
    },
    {
      key: 'monitor-trace',
      name: '请求追踪',
      url: OPS_ROUTES.trace,
      component: 'ops/HttpTrace',
      roles: [],
      buttons: [{ code: PERM.monitorTrace, name: '查看请求追踪' }],
    },
    {
      key: 'monitor-redis',
      name: 'Redis监控',
      url: OPS_ROUTES.redis,
      component: 'ops/RedisInfo',
      roles: [],
      buttons: [
        { code: PERM.monitorRedis, name: '查看 Redis 信息' },
        { code: PERM.monitorRedisTerminal, name: 'Redis 只读终端' },
      ],
    },
    {
      key: 'monitor-oss',
      name: '对象存储',
      url: OPS_ROUTES.oss,
      component: 'ops/OssFileList',
      roles: [],
      buttons: [
        { code: PERM.ossList, name: '对象存储查询' },
        { code: PERM.ossUpload, name: '上传文件' },
        { code: PERM.ossDownload, name: '预览与下载文件' },
        { code: PERM.ossDelete, name: '删除文件' },
      ],
    },
    {
      key: 'monitor-api-docs',
      name: '接口文档',
      url: OPS_ROUTES.apiDocs,
      component: 'ops/ApiDocs',
      roles: [],
      buttons: [{ code: PERM.apiDocs, name: '查看接口文档' }],
    },
    {
      key: 'monitor-backup',
      name: '数据备份',
      url: BACKUP_ROUTE,
      component: 'ops/BackupList',
      roles: [],
      buttons: [
        { code: PERM.backupList, name: '数据备份查询' },
        { code: PERM.backupRun, name: '立即备份' },
      ],
    },
  ],
};

/** The shipped jobs: inserted when missing (fixed ids), never overwritten, so an administrator's edits stay. */
export const SHIPPED_JOBS = [
  {
    key: 'room-ticket-expiry',
    jobName: '房票过期',
    handler: 'roomTicketExpiry',
    parameter: null,
    cronExpression: '0 5 0 * * ?',
    status: JOB_STATUS.running,
    description: '每天 00:05 将过期的房票标记为已过期',
  },
  {
    key: 'expired-cleanup',
    jobName: '清理过期会话与导入报告',
    handler: 'expiredCleanup',
    parameter: null,
    cronExpression: '0 17 * * * ?',
    status: JOB_STATUS.running,
    description: '每小时清理过期的登录会话和 24 小时前的导入错误报告',
  },
  {
    // The key of the earlier 数据日志保留 (data log only, 365 days), which the log-chain migration converted.
    key: 'data-log-retention',
    jobName: '日志保留',
    handler: 'logRetention',
    parameter: '{"days": 180}',
    cronExpression: '0 30 2 * * ?',
    status: JOB_STATUS.running,
    description: '每天 02:30 删除 180 天前的操作日志、登录日志和数据日志（不少于 180 天）',
  },
  {
    key: 'database-backup',
    jobName: '数据备份',
    handler: BACKUP_JOB_HANDLER,
    parameter: null,
    cronExpression: BACKUP_JOB_CRON,
    status: JOB_STATUS.running,
    description: '每天 02:00 备份数据库和上传文件，删除超过保留天数的备份；失败时通知管理员',
  },
  {
    key: 'say-hello',
    jobName: '示例：问候',
    handler: 'sayHello',
    parameter: '{"name": "管理员"}',
    cronExpression: '0 0/10 * * * ?',
    status: JOB_STATUS.paused,
    description: '演示任务，默认暂停',
  },
] as const;

export const shippedJobId = (key: string) => seedId(`job:${key}`);

export async function seedOps(db: Kysely<Database>): Promise<void> {
  const ids = SHIPPED_JOBS.map((j) => shippedJobId(j.key));
  const existing = new Set(
    (await db.selectFrom('sysQuartzJob').select('id').where('id', 'in', ids).execute()).map((r) => r.id),
  );
  const now = formatDateTime();
  const rows = SHIPPED_JOBS.filter((j) => !existing.has(shippedJobId(j.key))).map(({ key, ...job }) => ({
    id: shippedJobId(key),
    ...job,
    createBy: 'system',
    createTime: now,
    updateBy: null,
    updateTime: null,
  }));
  if (rows.length) await db.insertInto('sysQuartzJob').values(rows).execute();
}
