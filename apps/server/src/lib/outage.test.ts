import { describe, expect, it } from 'vitest';
import { isOutage, withTimeout } from './outage.js';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isOutage', () => {
  it('recognises the drivers’ connection failures as outages', () => {
    expect(isOutage(coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isOutage(new Error('Connection terminated unexpectedly'))).toBe(true); // pg
    expect(isOutage(new Error('timeout exceeded when trying to connect'))).toBe(true); // pg pool
    expect(isOutage(coded('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isOutage(coded('connection failure', '08006'))).toBe(true);
    expect(isOutage(coded('Connection lost: The server closed the connection.', 'PROTOCOL_CONNECTION_LOST'))).toBe(
      true,
    ); // mysql2
    expect(isOutage(coded('database is locked', 'SQLITE_BUSY'))).toBe(true);
    expect(isOutage(new Error('Command timed out'))).toBe(true); // ioredis commandTimeout
    expect(isOutage(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(true);
    // Wrapped by a pool or a library.
    expect(isOutage(new Error('query failed', { cause: coded('read ECONNRESET', 'ECONNRESET') }))).toBe(true);
    expect(isOutage(new AggregateError([coded('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]))).toBe(true);
  });

  it('leaves defects and the caller’s mistakes alone', () => {
    expect(isOutage(coded('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isOutage(coded("Duplicate entry 'a' for key 'uq'", 'ER_DUP_ENTRY'))).toBe(false);
    expect(isOutage(coded('UNIQUE constraint failed: sys_user.username', 'SQLITE_CONSTRAINT_UNIQUE'))).toBe(false);
    expect(isOutage(coded('syntax error at or near "x"', '42601'))).toBe(false);
    expect(isOutage(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isOutage('ECONNREFUSED')).toBe(false);
  });
});

describe('withTimeout', () => {
  it('rejects with an outage error when the promise does not settle in time', async () => {
    const error = await withTimeout(new Promise(() => undefined), 20, 'ping').catch((e: unknown) => e);
    expect(isOutage(error)).toBe(true);
    await expect(withTimeout(Promise.resolve(1), 20, 'ping')).resolves.toBe(1);
  });
});
