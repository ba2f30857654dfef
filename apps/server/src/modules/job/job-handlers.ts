import fs from 'node:fs';
import path from 'node:path';
import {
  AUDIT_EVENT,
  BACKUP_JOB_HANDLER,
  DEPRECIATION_JOB_HANDLER,
  LOG_MESSAGES,
  LOG_RETENTION,
  addMonths,
  currentPeriod,
  type JobHandlerInfo,
} from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';
import { reportDir } from '../../lib/resource/excel.js';
import { dataChanged } from '../../lib/resource/resource.service.js';
import { runBackup } from '../backup/backup.run.js';
import { assetTenants, bookMonth } from '../depreciation/depreciation.service.js';
import { expireTickets } from '../house/ticket.service.js';
import { removalText, trimLogs, type RetentionRemoval } from '../log/log-retention.service.js';

/**
 * The handlers a scheduled job may run, registered here in code. A job names one by its key; nothing from a
 * request is ever turned into code (no class names, no expressions). Each handler checks its parameter with its
 * own schema and answers a short Chinese line for the run log.
 */
export interface JobHandler<P = unknown> {
  key: string;
  title: string;
  description: string;
  /** Strict: unknown keys are refused. An empty parameter is parsed as {}. */
  params: ZodType<P>;
  parameterExample: string;
  run(app: FastifyInstance, params: P): Promise<string>;
}

/** Import error reports are kept 24 h (lib/resource/excel.ts). */
const IMPORT_REPORT_TTL_MS = 24 * 60 * 60_000;

const noParams = z.strictObject({});

const roomTicketExpiry: JobHandler<Record<string, never>> = {
  key: 'roomTicketExpiry',
  title: '房票过期',
  description: '将有效期已过且未用完的房票标记为已过期',
  params: noParams,
  parameterExample: '',
  async run(app) {
    const changed = await expireTickets(app.ctx.db.db, { crypto: app.ctx.fields });
    if (changed > 0) await dataChanged(app.ctx.kv);
    return changed > 0 ? `已将 ${changed} 张房票标记为已过期` : '没有需要过期的房票';
  },
};

const expiredCleanup: JobHandler<Record<string, never>> = {
  key: 'expiredCleanup',
  title: '清理过期数据',
  description: '清理过期的登录会话与导入错误报告（验证码在缓存中自行过期）',
  params: noParams,
  parameterExample: '',
  async run(app) {
    // In cluster mode sessions are Redis keys that expire by themselves.
    let tokens = 0;
    if (!app.ctx.redis) {
      const result = await app.ctx.db.db.deleteFrom('sysToken').where('expiresAt', '<=', Date.now()).executeTakeFirst();
      tokens = Number(result.numDeletedRows);
    }
    let reports = 0;
    const dir = reportDir(app.ctx.config.uploadDir);
    if (fs.existsSync(dir)) {
      for (const name of fs.readdirSync(dir)) {
        const file = path.join(dir, name);
        if (Date.now() - fs.statSync(file).mtimeMs > IMPORT_REPORT_TTL_MS) {
          fs.rmSync(file, { force: true });
          reports += 1;
        }
      }
    }
    return `清理过期会话 ${tokens} 个、导入错误报告 ${reports} 个`;
  },
};

/**
 * 日志保留 (issue 24 item 5): the only removal of operation, login and data-log rows, never younger than 180 days.
 * Each chain is cut where the removed rows end (the integrity check starts there); what was removed, per log and
 * tenant, is itself an audit event in that tenant's operation log.
 */
const logRetention: JobHandler<{ days?: number | undefined }> = {
  key: 'logRetention',
  title: '日志保留',
  description: `删除早于保留天数的操作日志、登录日志和数据日志（默认 ${LOG_RETENTION.defaultDays} 天，不少于 ${LOG_RETENTION.minDays} 天）`,
  params: z.strictObject({
    days: z
      .number({ error: LOG_MESSAGES.retentionDays })
      .int(LOG_MESSAGES.retentionDays)
      .min(LOG_RETENTION.minDays, LOG_MESSAGES.retentionDays)
      .max(LOG_RETENTION.maxDays, LOG_MESSAGES.retentionDays)
      .optional(),
  }),
  parameterExample: `{"days": ${LOG_RETENTION.defaultDays}}`,
  async run(app, params) {
    const { cutoff, days, removed } = await trimLogs(app.ctx.db.db, params.days ?? LOG_RETENTION.defaultDays);
    const byTenant = new Map<number | null, RetentionRemoval[]>();
    for (const r of removed) byTenant.set(r.tenantId, [...(byTenant.get(r.tenantId) ?? []), r]);
    for (const [tenantId, removals] of byTenant) {
      await app.operationLog.audit({
        content: AUDIT_EVENT.logRetention(cutoff, days, removalText(removals)),
        tenantId,
        param: { cutoff, days, removed: Object.fromEntries(removals.map((r) => [r.kind, r.count])) },
      });
    }
    const total = removed.reduce((n, r) => n + r.count, 0);
    return total > 0
      ? `删除 ${cutoff} 之前的日志 ${total} 条（${removalText(mergeKinds(removed))}）`
      : `没有早于 ${cutoff} 的日志`;
  },
};

/** Removals summed per log over every tenant, for the run log. */
function mergeKinds(removed: RetentionRemoval[]): RetentionRemoval[] {
  const byKind = new Map<RetentionRemoval['kind'], number>();
  for (const r of removed) byKind.set(r.kind, (byKind.get(r.kind) ?? 0) + r.count);
  return [...byKind].map(([kind, count]) => ({ kind, tenantId: null, count }));
}

/**
 * 数据备份 (issue 24 item 10): the database and the upload folder into BACKUP_DIR, checked against their checksums;
 * backups past BACKUP_KEEP_DAYS are removed. A failure is recorded, told to the administrators, and fails the run.
 */
const databaseBackup: JobHandler<Record<string, never>> = {
  key: BACKUP_JOB_HANDLER,
  title: '数据备份',
  description: '备份数据库和上传文件到备份目录（BACKUP_DIR），校验后删除超过保留天数（BACKUP_KEEP_DAYS）的备份',
  params: noParams,
  parameterExample: '',
  async run(app) {
    const record = await runBackup(app, 'cron', 'system');
    return `备份 ${record.name} 完成，校验通过`;
  },
};

/** 计提折旧 (issue 26 part 2): books the month before for every tenant; a month already booked books nothing. */
const monthlyDepreciation: JobHandler<Record<string, never>> = {
  key: DEPRECIATION_JOB_HANDLER,
  title: '计提折旧',
  description: '为各租户计提上月的资产折旧（同一月份重复运行不会重复计提）',
  params: noParams,
  parameterExample: '',
  async run(app) {
    const period = addMonths(currentPeriod(), -1);
    let count = 0;
    let amount = 0;
    for (const tenantId of await assetTenants(app.ctx.db.db)) {
      const result = await bookMonth(app.ctx.db.db, app.ctx.db.dialect, tenantId, period);
      count += result.count;
      amount += result.amount;
    }
    if (count > 0) await dataChanged(app.ctx.kv);
    return count > 0
      ? `已计提 ${period} 折旧：${count} 项资产，共 ${amount.toFixed(2)} 元`
      : `${period} 没有需要计提的折旧`;
  },
};

const sayHello: JobHandler<{ name?: string | undefined }> = {
  key: 'sayHello',
  title: '示例：问候',
  description: '演示任务：在运行日志中写一句问候',
  params: z.strictObject({
    name: z.string({ error: '名字须为文本' }).trim().min(1, '名字不能为空').max(50, '名字最多50个字符').optional(),
  }),
  parameterExample: '{"name": "张三"}',
  async run(_app, params) {
    return `你好，${params.name ?? '世界'}！`;
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler has its own parameter type
export const JOB_HANDLERS: ReadonlyMap<string, JobHandler<any>> = new Map(
  [roomTicketExpiry, expiredCleanup, logRetention, databaseBackup, monthlyDepreciation, sayHello].map((h) => [
    h.key,
    h,
  ]),
);

export function handlerInfos(): JobHandlerInfo[] {
  return [...JOB_HANDLERS.values()].map(({ key, title, description, parameterExample }) => ({
    key,
    title,
    description,
    parameterExample,
  }));
}

/** The handler's parameter, parsed and checked; throws with a Chinese message (the caller answers 400). */
export function parseJobParameter(handler: JobHandler, text: string | null | undefined): unknown {
  let value: unknown = {};
  if (text && text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw new JobParameterError('任务参数须为 JSON 对象');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new JobParameterError('任务参数须为 JSON 对象');
  }
  const parsed = handler.params.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message =
      issue?.code === 'unrecognized_keys' ? `不认识的参数：${issue.keys.join('、')}` : (issue?.message ?? '格式不正确');
    throw new JobParameterError(message);
  }
  return parsed.data;
}

export class JobParameterError extends Error {
  override name = 'JobParameterError';
}
