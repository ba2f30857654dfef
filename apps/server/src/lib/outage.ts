import type { RedisOptions } from 'ioredis';

/** Seconds a client is asked to wait (`Retry-After`) when the database or Redis is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * ioredis settings that make a lost or frozen Redis fail fast instead of holding every request: a
 * command not answered within 2 s is rejected, commands are not queued while the connection is down,
 * and connecting gives up after 3 s (it keeps retrying in the background).
 */
export const REDIS_OPTIONS: RedisOptions = {
  lazyConnect: true,
  connectTimeout: 3_000,
  commandTimeout: 2_000,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 3,
};

/** Network errors of any driver: the server is gone, refuses, or stopped answering. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // mysql2
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  // PostgreSQL: admin/crash shutdown, cannot connect now, too many connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // SQLite: locked past the busy timeout, or the file cannot be read
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
]);

/** Messages of errors that carry no code (pg pool and client, ioredis). */
const OUTAGE_MESSAGES = [
  /^Connection terminated/i, // pg: server went away, or connection timeout
  /timeout exceeded when trying to connect/i, // pg pool: no connection within connectionTimeoutMillis
  /Client has encountered a connection error/i, // pg
  /Cannot use a pool after calling end/i,
  /^Command timed out$/i, // ioredis commandTimeout
  /Stream isn't writeable/i, // ioredis without offline queue
  /^Connection is closed\.?$/i, // ioredis
  /Reached the max retries per request limit/i, // ioredis MaxRetriesPerRequestError
  /connect ETIMEDOUT/i,
  /Pool is closed/i, // mysql2
];

function isOutageError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    // PostgreSQL class 08: connection exception.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    if (code.startsWith('SQLITE_IOERR')) return true;
  }
  if (error.name === 'MaxRetriesPerRequestError') return true;
  return OUTAGE_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * Whether an error means the database or Redis cannot be reached right now (as opposed to a bug or bad
 * input): such a request is answered 503 with `Retry-After`. Follows `cause` and AggregateError members,
 * since drivers and pools wrap the network error.
 */
export function isOutage(error: unknown, depth = 0): boolean {
  if (depth > 4 || !(error instanceof Error)) return false;
  if (isOutageError(error)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isOutage(e, depth + 1))) return true;
  return error.cause !== undefined && isOutage(error.cause, depth + 1);
}

/** Rejects with an outage error when `promise` has not settled within `ms` (for health probes). */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${what} timed out`), { code: 'ETIMEDOUT' })), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
