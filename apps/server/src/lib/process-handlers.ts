import type { FastifyBaseLogger } from 'fastify';

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
