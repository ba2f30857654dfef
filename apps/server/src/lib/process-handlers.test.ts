import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { installProcessHandlers, type ProcessLike } from './process-handlers.js';

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
