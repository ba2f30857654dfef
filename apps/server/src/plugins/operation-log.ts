import { AUDIT_EVENT, OPERATE_TYPE_AUDIT } from '@district/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { auditTextOf } from '../lib/audit-event.js';
import { BoundedBuffer } from '../lib/bounded-buffer.js';
import { newId } from '../lib/ids.js';
import { appendLogRows, type SysLogEntry } from '../lib/log-chain.js';
import { isOutage } from '../lib/outage.js';
import { maskedParam } from '../lib/personal-data.js';
import { formatDateTime } from '../lib/time.js';

declare module 'fastify' {
  interface FastifyInstance {
    operationLog: {
      flush(): Promise<void>;
      /** An audit event of the system itself (no request: a scheduled job), written at once. */
      audit(event: SystemAuditEvent): Promise<void>;
    };
  }
  interface FastifyContextConfig {
    /** false: calls of this route leave no row (health probes, called every few seconds). */
    operationLog?: boolean;
  }
}

export interface SystemAuditEvent {
  /** What happened, after 审计事件：. */
  content: string;
  /** The tenant whose auditors see it (null: none). */
  tenantId: number | null;
  /** Details kept as the row's parameters. */
  param?: unknown;
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

/**
 * Request parameters as the log keeps them: passwords, tokens and captchas hidden, phone numbers, e-mail addresses
 * and ID numbers masked (they are sealed at rest, issue 24), long values cut.
 */
export function maskParams(value: unknown, depth = 0): unknown {
  if (depth > 4) return '…';
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => maskParams(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = SECRET_KEY.test(k) ? '******' : (maskedParam(k, v) ?? maskParams(v, depth + 1));
    }
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

/** The body of a request refused before its handler read it (guard 401/403/503, bad input), as the log keeps it. */
const refusedBodies = new WeakMap<FastifyRequest, { body: unknown } | { bodyBytes: number }>();
/** How long a refusal waits for a body still arriving before it is logged without it. */
const REFUSED_BODY_WAIT_MS = 2_000;

function declaredBytes(request: FastifyRequest): number | null {
  const length = Number(request.headers['content-length']);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

/** Reads a request body nobody has read, up to `limit` bytes; null when it is larger, slower or broken. */
function readRaw(request: FastifyRequest, limit: number): Promise<Buffer | null> {
  const raw = request.raw;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (value: Buffer | null) => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', onEnd).off('error', onError);
      // Whatever is left unread is discarded by Node once the answer is sent.
      if (value === null) raw.pause();
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish(null);
      else chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks));
    const onError = () => finish(null);
    const timer = setTimeout(() => finish(null), REFUSED_BODY_WAIT_MS);
    raw.on('data', onData).once('end', onEnd).once('error', onError);
  });
}

/** Parses a body of the kinds the API takes (JSON, and form encoding); anything else is logged by its size. */
function parseBody(request: FastifyRequest, text: string): { body: unknown } | null {
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  try {
    if (/\bjson\b/.test(type)) return { body: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return { body: Object.fromEntries(new URLSearchParams(text)) };
  }
  return null;
}

/**
 * A request refused before its body was parsed (the guard answers in onRequest) still sends one: it is read
 * here, before the refusal is answered, so the audit shows what the call tried to write (masked as usual). A
 * body the parser could not read (bad JSON) or that is not JSON/form data is logged by its size only, since
 * its secrets could not be masked.
 */
async function keepRefusedBody(request: FastifyRequest): Promise<void> {
  if (request.body !== undefined || refusedBodies.has(request)) return;
  const declared = declaredBytes(request);
  const chunked = request.headers['transfer-encoding'] !== undefined;
  if (!declared && !chunked) return;
  const raw = request.raw;
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  const parseable = /\bjson\b/.test(type) || type.startsWith('application/x-www-form-urlencoded');
  if (raw.readableEnded || raw.destroyed || !parseable) {
    // Consumed by a parser that failed, or an upload: only its size. A handler that streamed a body in (an
    // import) has nothing to add.
    if (declared && !(raw.readableEnded && type.startsWith('multipart/'))) {
      refusedBodies.set(request, { bodyBytes: declared });
    }
    return;
  }
  const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 1024 * 1024;
  const bytes = declared !== null && declared > limit ? null : await readRaw(request, limit);
  const parsed = bytes ? parseBody(request, bytes.toString('utf8')) : null;
  refusedBodies.set(request, parsed ?? { bodyBytes: bytes?.length ?? declared ?? 0 });
}

function params(request: FastifyRequest): string | null {
  const parts: Record<string, unknown> = {};
  if (request.query && Object.keys(request.query).length) parts.query = maskParams(request.query);
  const refused = refusedBodies.get(request);
  const body = request.body ?? (refused && 'body' in refused ? refused.body : undefined);
  if (body && typeof body === 'object' && !Buffer.isBuffer(body)) parts.body = maskParams(body);
  if (refused && 'bodyBytes' in refused) parts.bodyBytes = refused.bodyBytes;
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
  const buffer = new BoundedBuffer<SysLogEntry>(MAX_BUFFERED_ROWS);
  let writing: Promise<void> | null = null;
  let retryDelay = 0;
  let retryAt = 0;

  // Every row joins its tenant's chain (lib/log-chain.ts), in one transaction per batch.
  const insert = (rows: SysLogEntry[]) => appendLogRows(app.ctx.db.db, 'sysLog', rows);

  /** Writes a batch; a row the database refuses (not an outage) is dropped alone, not with its batch. */
  const writeBatch = async (rows: SysLogEntry[]) => {
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
  const audit = async (event: SystemAuditEvent): Promise<void> => {
    const text = event.param === undefined ? null : JSON.stringify(maskParams(event.param));
    buffer.push({
      id: newId(),
      logType: 2,
      logContent: `${AUDIT_EVENT.prefix}${event.content}`.slice(0, 1000),
      operateType: OPERATE_TYPE_AUDIT,
      userid: null,
      username: 'system',
      ip: null,
      method: null,
      requestUrl: null,
      requestParam: text && text.length > MAX_PARAM_CHARS ? `${text.slice(0, MAX_PARAM_CHARS)}…` : text,
      requestType: null,
      costTime: null,
      tenantId: event.tenantId,
      createTime: formatDateTime(),
      result: 1,
    });
    await flush(true);
  };
  app.decorate('operationLog', { flush: () => flush(true), audit });
  // preClose runs before the server stops listening; onClose after the requests still open have been
  // answered (their rows too) and before the database closes (its hook was added before this plugin).
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await flush(true);
  });
  app.addHook('onClose', async () => {
    await flush(true);
    if (buffer.size > 0) app.log.warn({ lost: buffer.size }, 'operation log rows not written at shutdown');
  });

  // Runs before the refusal is answered, while the request's body can still be read.
  app.addHook('onError', async (request) => {
    if (request.routeOptions.config.operationLog === false || request.is404) return;
    await keepRefusedBody(request);
  });

  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    if (!url || request.is404 || request.method === 'OPTIONS' || request.method === 'HEAD') return;
    if (request.routeOptions.config.operationLog === false) return;
    const user = request.user;
    // An audit event (lib/audit-event.ts) says what it was; any other call its method and route.
    const audited = auditTextOf(request);
    buffer.push({
      id: newId(),
      logType: 2,
      logContent: (audited ?? `${request.method} ${url}`).slice(0, 1000),
      operateType: audited ? OPERATE_TYPE_AUDIT : operateType(request.method, url),
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
