import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SysLog } from '../db/schema.js';
import { BoundedBuffer } from '../lib/bounded-buffer.js';
import { newId } from '../lib/ids.js';
import { isOutage } from '../lib/outage.js';
import { formatDateTime } from '../lib/time.js';

declare module 'fastify' {
  interface FastifyInstance {
    operationLog: { flush(): Promise<void> };
  }
  interface FastifyContextConfig {
    /** false: calls of this route leave no row (health probes, called every few seconds). */
    operationLog?: boolean;
  }
}

const SECRET_KEY = /pass(word)?|pwd|token|captcha|secret/i;
const MAX_PARAM_CHARS = 2000;
const FLUSH_EVERY_MS = 1000;
const FLUSH_AT = 200;
/** Rows kept while the database is unreachable (about 10 MB); beyond this the oldest are dropped. */
export const MAX_BUFFERED_ROWS = 10_000;
/** Rows per insert: well under every dialect's bound-parameter limit. */
const BATCH_ROWS = 200;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

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
 * Rows are written in batches off the request path, so logging never slows an answer down. While the
 * database is unreachable the rows wait in a bounded buffer and are written when it answers again
 * (retried with a backoff of 1 s doubling up to 30 s); only beyond MAX_BUFFERED_ROWS are the oldest lost.
 */
export default fp(async (app: FastifyInstance) => {
  const buffer = new BoundedBuffer<SysLog>(MAX_BUFFERED_ROWS);
  let writing: Promise<void> | null = null;
  let retryDelay = 0;
  let retryAt = 0;

  const insert = (rows: SysLog[]) => app.ctx.db.db.insertInto('sysLog').values(rows).execute();

  /** Writes a batch; a row the database refuses (not an outage) is dropped alone, not with its batch. */
  const writeBatch = async (rows: SysLog[]) => {
    try {
      await insert(rows);
    } catch (error) {
      if (isOutage(error)) throw error;
      for (const row of rows) {
        try {
          await insert([row]);
        } catch (rowError) {
          if (isOutage(rowError)) throw rowError;
          app.log.warn({ err: rowError }, 'operation log row refused');
        }
      }
    }
  };

  const drain = async (force: boolean) => {
    while (buffer.size > 0) {
      if (!force && Date.now() < retryAt) return;
      const rows = buffer.take(BATCH_ROWS);
      try {
        await writeBatch(rows);
      } catch (error) {
        // Unreachable: keep the rows and come back later, waiting longer each time.
        buffer.putBack(rows);
        retryDelay = Math.min(retryDelay ? retryDelay * 2 : RETRY_MIN_MS, RETRY_MAX_MS);
        retryAt = Date.now() + retryDelay;
        const dropped = buffer.takeDropped();
        app.log.warn(
          { err: error, buffered: buffer.size, dropped, retryInMs: retryDelay },
          dropped
            ? `operation log write failed; ${dropped} oldest rows dropped (buffer full)`
            : 'operation log write failed; rows kept for a retry',
        );
        return;
      }
      if (retryDelay) {
        // Back after an outage: say what was lost to a full buffer since the last failed attempt.
        const dropped = buffer.takeDropped();
        if (dropped) app.log.warn({ dropped }, `operation log: ${dropped} oldest rows were dropped (buffer full)`);
        app.log.info({ buffered: buffer.size }, 'operation log writes again');
      }
      retryDelay = 0;
      retryAt = 0;
    }
  };

  /** Writes what is buffered; `force` ignores the backoff (an explicit flush, shutdown). */
  const flush = async (force = true): Promise<void> => {
    while (writing) await writing;
    if (buffer.size === 0) return;
    writing = drain(force).finally(() => {
      writing = null;
    });
    await writing;
  };
  const timer = setInterval(() => void flush(false), FLUSH_EVERY_MS).unref();
  app.decorate('operationLog', { flush: () => flush(true) });
  // preClose runs before the database closes, so the last batch still lands.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await flush(true);
    if (buffer.size > 0) app.log.warn({ lost: buffer.size }, 'operation log rows not written at shutdown');
  });

  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    if (!url || request.is404 || request.method === 'OPTIONS' || request.method === 'HEAD') return;
    if (request.routeOptions.config.operationLog === false) return;
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
    if (buffer.size >= FLUSH_AT && !writing && Date.now() >= retryAt) void flush(false);
  });
});
