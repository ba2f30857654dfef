import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** The part of `process` the handlers use (tests pass an EventEmitter). */
export interface ProcessLike {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  on(event: 'uncaughtException', listener: (error: Error) => void): unknown;
  exit(code?: number): never;
}

/**
 * Process-level safety nets of the server: a promise rejected with no one to catch it is a defect to
 * log, not a reason to drop every user's connection, so it is logged as an error and the server keeps
 * running. An uncaught exception may have left state half-changed: it is logged and the process exits
 * (the supervisor or load balancer starts or routes around it).
 */
export function installProcessHandlers(log: FastifyBaseLogger, proc: ProcessLike = process): void {
  proc.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection (kept running)');
  });
  proc.on('uncaughtException', (error) => {
    log.fatal({ err: error }, 'uncaught exception, exiting');
    proc.exit(1);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests in flight and the draining flag of a graceful shutdown. */
    lifecycle: RequestLifecycle;
  }
}

export interface RequestLifecycle {
  /** Set by the shutdown: /ready answers 503 and answers close their connection. */
  draining: boolean;
  /** HTTP requests received and not yet answered (or abandoned by their client). */
  readonly inFlight: number;
  /** Resolves true once no request is in flight, or false after `ms`. */
  idle(ms: number): Promise<boolean>;
}

/**
 * Counts the requests the app's HTTP server is answering (injected requests never reach it, nor need to), and
 * while draining tells keep-alive clients (a proxy's pooled connections) to reconnect: an answer sent then
 * closes its connection, so a request that finishes during the close leaves no idle socket holding the close,
 * and the client's next request opens a connection that finds another node.
 */
export function trackRequests(app: FastifyInstance): RequestLifecycle {
  let inFlight = 0;
  const waiters = new Set<() => void>();
  const lifecycle: RequestLifecycle = {
    draining: false,
    get inFlight() {
      return inFlight;
    },
    idle(ms) {
      if (inFlight === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiters.delete(done);
          resolve(false);
        }, ms);
        waiters.add(done);
      });
    },
  };
  app.server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    inFlight++;
    response.once('close', () => {
      inFlight--;
      if (inFlight === 0) for (const wake of [...waiters]) wake();
    });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });
  return lifecycle;
}

export interface ShutdownOptions {
  /** At most this long, requests in flight are answered while /ready says 503, before the server stops listening. */
  drainMs: number;
  /** From the signal: when the close has not finished by then, the process exits with 1 anyway. */
  timeoutMs: number;
  /** process.exit, or a test's stand-in. */
  exit(code: number): void;
  log?: FastifyBaseLogger;
}

/**
 * The handler of SIGTERM/SIGINT. The first signal fails /ready (the load balancer stops sending), lets the
 * requests in flight finish for at most `drainMs` while still answering, then closes the app (stops listening,
 * waits for the rest, flushes the operation log, closes the database) and exits 0. Whatever still runs at
 * `timeoutMs` after the signal is cut: the open requests are counted in the log and the process exits 1. A
 * second signal exits 1 at once. The exit is always reached, and a failing close is an exit, not a rejection.
 */
export function gracefulShutdown(
  app: Pick<FastifyInstance, 'lifecycle' | 'close' | 'log'>,
  options: ShutdownOptions,
): (signal: string) => Promise<void> {
  const log = options.log ?? app.log;
  let started = false;
  let exited = false;
  let deadline: NodeJS.Timeout | undefined;
  const exit = (code: number) => {
    if (exited) return;
    exited = true;
    clearTimeout(deadline);
    options.exit(code);
  };
  return async (signal) => {
    if (started) {
      log.warn({ signal, open: app.lifecycle.inFlight }, 'second signal: exiting now');
      exit(1);
      return;
    }
    started = true;
    app.lifecycle.draining = true;
    const { drainMs, timeoutMs } = options;
    log.info({ signal, open: app.lifecycle.inFlight, drainMs, timeoutMs }, 'shutting down: draining');
    deadline = setTimeout(() => {
      const open = app.lifecycle.inFlight;
      log.error({ open }, `shutdown deadline reached: ${open} open request(s) cut`);
      exit(1);
    }, timeoutMs);
    try {
      if (!(await app.lifecycle.idle(Math.min(drainMs, timeoutMs)))) {
        log.warn({ open: app.lifecycle.inFlight }, 'drain time over; closing with requests still open');
      }
      await app.close();
      log.info('shut down');
      exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  };
}
