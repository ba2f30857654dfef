import fs from 'node:fs';
import path from 'node:path';
import type { JobHandlerInfo } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';
import { reportDir } from '../../lib/resource/excel.js';
import { dataChanged } from '../../lib/resource/resource.service.js';
import { formatDateTime } from '../../lib/time.js';
import { expireTickets } from '../house/ticket.service.js';

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
    const changed = await expireTickets(app.ctx.db.db);
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

const dataLogRetention: JobHandler<{ days?: number | undefined }> = {
  key: 'dataLogRetention',
  title: '数据日志保留',
  description: '删除早于保留天数的数据日志（默认保留 365 天）',
  params: z.strictObject({
    days: z
      .number({ error: '保留天数须为 1 到 3650 的整数' })
      .int('保留天数须为 1 到 3650 的整数')
      .min(1, '保留天数须为 1 到 3650 的整数')
      .max(3650, '保留天数须为 1 到 3650 的整数')
      .optional(),
  }),
  parameterExample: '{"days": 365}',
  async run(app, params) {
    const days = params.days ?? 365;
    const cutoff = formatDateTime(new Date(Date.now() - days * 24 * 60 * 60_000));
    const result = await app.ctx.db.db.deleteFrom('sysDataLog').where('createTime', '<', cutoff).executeTakeFirst();
    return `删除 ${days} 天前的数据日志 ${Number(result.numDeletedRows)} 条`;
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
  [roomTicketExpiry, expiredCleanup, dataLogRetention, sayHello].map((h) => [h.key, h]),
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
