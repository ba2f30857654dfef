import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SysLog } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { formatDateTime } from '../lib/time.js';

declare module 'fastify' {
  interface FastifyInstance {
    operationLog: { flush(): Promise<void> };
  }
}

const SECRET_KEY = /pass(word)?|pwd|token|captcha|secret/i;
const MAX_PARAM_CHARS = 2000;
const FLUSH_EVERY_MS = 1000;
const FLUSH_AT = 200;

/** Request parameters as the log keeps them: passwords, tokens and captchas masked, long values cut. */
export function maskParams(value: unknown, depth = 0): unknown {
  if (depth > 4) return '…';
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => maskParams(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '******' : maskParams(v, depth + 1);
    return out;
  }
  if (typeof value === 'string' && value.length > 300) return `${value.slice(0, 300)}…`;
  return value;
}

/** 1 query, 2 add, 3 edit, 4 delete, 5 import, 6 export (the operation types of the log screen). */
export function operateType(method: string, url: string): number {
  if (/import/i.test(url)) return 5;
  if (/export/i.test(url)) return 6;
  if (method === 'DELETE' || /\/delete/i.test(url)) return 4;
  if (method === 'PUT' || /\/edit/i.test(url)) return 3;
  if (method === 'POST') return 2;
  return 1;
}

function params(request: FastifyRequest): string | null {
  const parts: Record<string, unknown> = {};
  if (request.query && Object.keys(request.query).length) parts.query = maskParams(request.query);
  const body = request.body;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body)) parts.body = maskParams(body);
  if (!Object.keys(parts).length) return null;
  const text = JSON.stringify(parts);
  return text.length > MAX_PARAM_CHARS ? `${text.slice(0, MAX_PARAM_CHARS)}…` : text;
}

/**
 * Records every API call (user, address, method, path, masked parameters, duration, result) in sys_log.
 * Rows are written in batches off the request path, so logging never slows an answer down.
 */
export default fp(async (app: FastifyInstance) => {
  let buffer: SysLog[] = [];
  let writing: Promise<void> = Promise.resolve();

  const flush = async (): Promise<void> => {
    await writing;
    if (buffer.length === 0) return;
    const rows = buffer;
    buffer = [];
    writing = app.ctx.db.db
      .insertInto('sysLog')
      .values(rows)
      .execute()
      .then(() => undefined)
      .catch((error: unknown) => app.log.warn({ err: error }, 'operation log write failed'));
    await writing;
  };
  const timer = setInterval(() => void flush(), FLUSH_EVERY_MS).unref();
  app.decorate('operationLog', { flush });
  // preClose runs before the database closes, so the last batch still lands.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await flush();
  });

  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    if (!url || request.is404 || request.method === 'OPTIONS' || request.method === 'HEAD') return;
    const user = request.user;
    buffer.push({
      id: newId(),
      logType: 2,
      logContent: `${request.method} ${url}`,
      operateType: operateType(request.method, url),
      userid: user?.id ?? null,
      username: user?.username ?? null,
      ip: request.ip,
      method: `${request.method} ${url}`,
      requestUrl: request.url.split('?')[0]!.slice(0, 255),
      requestParam: params(request),
      requestType: request.method,
      costTime: Math.round(reply.elapsedTime),
      tenantId: user?.tenantId ?? null,
      createTime: formatDateTime(),
      result: reply.statusCode < 400 ? 1 : 0,
    });
    if (buffer.length >= FLUSH_AT) void flush();
  });
});
