import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDb } from '../db/database.js';
import { targets } from '../test/harness.js';
import {
  gracefulShutdown,
  installProcessHandlers,
  type ProcessLike,
  type RequestLifecycle,
} from './process-handlers.js';

function fakes() {
  const log = { error: vi.fn(), fatal: vi.fn() } as unknown as FastifyBaseLogger;
  const proc = Object.assign(new EventEmitter(), { exit: vi.fn() }) as unknown as ProcessLike & EventEmitter;
  installProcessHandlers(log, proc);
  return { log, proc };
}

describe('process handlers', () => {
  it('logs an unhandled rejection as an error and keeps the process running', () => {
    const { log, proc } = fakes();
    const reason = new Error('Redis publish failed');
    proc.emit('unhandledRejection', reason, Promise.resolve());
    expect(log.error).toHaveBeenCalledWith({ err: reason }, expect.stringContaining('unhandled promise rejection'));
    expect(proc.exit).not.toHaveBeenCalled();
  });

  it('logs an uncaught exception as fatal and exits with 1', () => {
    const { log, proc } = fakes();
    const error = new Error('boom');
    proc.emit('uncaughtException', error);
    expect(log.fatal).toHaveBeenCalledWith({ err: error }, expect.any(String));
    expect(proc.exit).toHaveBeenCalledWith(1);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A logger that keeps what it was told. */
function recordingLog() {
  const lines: { level: string; fields: unknown; message?: string }[] = [];
  const at =
    (level: string) =>
    (fields: unknown, message?: string): void => {
      lines.push({ level, fields, message });
    };
  const log = { info: at('info'), warn: at('warn'), error: at('error') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

/** Requests held open until the test lets them go. */
const held = new Set<() => void>();
const releaseAll = () => {
  for (const release of held) release();
  held.clear();
};

describe('graceful shutdown of a listening app', () => {
  let prepared: Awaited<ReturnType<(typeof targets)[number]['prepare']>>;
  let app: FastifyInstance;
  let base: string;
  let rejections: unknown[];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(async () => {
    prepared = await targets[0]!.prepare();
  });
  afterAll(async () => prepared?.drop());

  beforeEach(async () => {
    rejections = [];
    process.on('unhandledRejection', onRejection);
    const config = loadConfig({}, { databaseUrl: prepared.databaseUrl, webDist: null, captchaEnabled: false });
    app = await buildApp(config, {
      extraRoutes: [
        async () => ({
          default: async (api: FastifyInstance) => {
            // Answers when the test releases it (or after `ms`).
            api.get('/test/slow', { config: { auth: 'public' } }, async (request) => {
              const ms = Number((request.query as { ms?: string }).ms ?? 60_000);
              await new Promise<void>((resolve) => {
                const timer = setTimeout(resolve, ms);
                held.add(() => {
                  clearTimeout(timer);
                  resolve();
                });
              });
              return { finished: true };
            });
          },
        }),
      ],
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    releaseAll();
    await app.close();
    process.off('unhandledRejection', onRejection);
  });

  const waitForInFlight = async (n: number) => {
    for (let i = 0; i < 200 && app.lifecycle.inFlight < n; i++) await sleep(10);
    expect(app.lifecycle.inFlight).toBeGreaterThanOrEqual(n);
  };

  it('fails /ready at once, keeps /health, finishes the request in flight, then exits 0', async () => {
    const exit = vi.fn();
    const { log, lines } = recordingLog();
    const slow = fetch(`${base}/api/test/slow?ms=1500`);
    await waitForInFlight(1);

    const done = gracefulShutdown(app, { drainMs: 5_000, timeoutMs: 10_000, exit, log })('SIGTERM');
    // Still listening during the drain: the load balancer is told to stop sending, liveness stays fine.
    const ready = await fetch(`${base}/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    expect(((await ready.json()) as { result: unknown }).result).toMatchObject({
      status: 'down',
      database: 'up',
      draining: true,
    });
    expect((await fetch(`${base}/health`)).status).toBe(200);
    expect(exit).not.toHaveBeenCalled();

    const res = await slow;
    expect([res.status, await res.json()]).toEqual([200, { finished: true }]);
    await done;
    expect(exit).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(0);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    // Closed: nobody listens any more.
    await expect(fetch(`${base}/health`)).rejects.toThrow();
    expect(rejections).toEqual([]);
  });

  it('a request still running when the drain ends is answered during the close, and logged', async () => {
    const exit = vi.fn();
    const { log } = recordingLog();
    const slow = fetch(`${base}/api/test/slow?ms=1500&marker=closing-call`);
    await waitForInFlight(1);
    await gracefulShutdown(app, { drainMs: 200, timeoutMs: 10_000, exit, log })('SIGTERM');
    const res = await slow;
    expect([res.status, await res.json()]).toEqual([200, { finished: true }]);
    expect(exit.mock.calls).toEqual([[0]]);
    // Its operation-log row was written before the database closed.
    const db = createDb(prepared.databaseUrl);
    try {
      const rows = await db.db
        .selectFrom('sysLog')
        .select('requestParam')
        .where('requestParam', 'like', '%closing-call%')
        .execute();
      expect(rows).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });

  it('a request that outlives the deadline does not hold the exit: exit 1, with the open requests counted', async () => {
    const exit = vi.fn();
    const { log, lines } = recordingLog();
    const stuck = fetch(`${base}/api/test/slow`).catch((error: unknown) => error);
    await waitForInFlight(1);
    const started = Date.now();
    void gracefulShutdown(app, { drainMs: 300, timeoutMs: 1_000, exit, log })('SIGTERM');
    for (let i = 0; i < 300 && !exit.mock.calls.length; i++) await sleep(10);
    expect(exit.mock.calls).toEqual([[1]]);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        fields: { open: 1 },
        message: expect.stringMatching(/1 open request/),
      }),
    );
    releaseAll();
    await stuck;
    expect(rejections).toEqual([]);
  });

  it('a second signal exits at once', async () => {
    const exit = vi.fn();
    const { log } = recordingLog();
    const stuck = fetch(`${base}/api/test/slow`).catch((error: unknown) => error);
    await waitForInFlight(1);
    const shutdown = gracefulShutdown(app, { drainMs: 5_000, timeoutMs: 10_000, exit, log });
    void shutdown('SIGTERM');
    await sleep(50);
    expect(exit).not.toHaveBeenCalled();
    await shutdown('SIGINT');
    expect(exit.mock.calls).toEqual([[1]]);
    releaseAll();
    await stuck;
  });
});

describe('graceful shutdown when closing fails', () => {
  it('exits 1 instead of leaving an unhandled rejection', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const exit = vi.fn();
      const { log, lines } = recordingLog();
      const lifecycle: RequestLifecycle = { draining: false, inFlight: 0, idle: async () => true };
      const app = {
        lifecycle,
        log,
        close: () => Promise.reject(new Error('onClose hook timed out')),
      } as unknown as FastifyInstance;
      await gracefulShutdown(app, { drainMs: 100, timeoutMs: 1_000, exit })('SIGTERM');
      expect(lifecycle.draining).toBe(true);
      expect(exit.mock.calls).toEqual([[1]]);
      expect(lines.some((l) => l.level === 'error' && l.message === 'shutdown failed')).toBe(true);
      await sleep(1_100);
      // The deadline was cleared with the exit: no second call.
      expect(exit).toHaveBeenCalledTimes(1);
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});
