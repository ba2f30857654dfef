import { MSG } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { RETRY_AFTER_SECONDS, withTimeout } from '../../lib/outage.js';

/** How long /ready waits for the database and Redis to answer a ping. */
export const READY_TIMEOUT_MS = 2_000;

export type ProbeState = 'up' | 'down' | 'disabled';

export interface ReadyResult {
  status: 'up' | 'down';
  database: ProbeState;
  redis: ProbeState;
  /** Present while the instance shuts down: it still answers, but takes no new work. */
  draining?: true;
}

async function probe(ping: () => Promise<unknown>, what: string): Promise<ProbeState> {
  try {
    await withTimeout(ping(), READY_TIMEOUT_MS, what);
    return 'up';
  } catch {
    return 'down';
  }
}

/**
 * Probes for load balancers, at the root path (outside the API base) and open to anyone:
 * `/health` answers 200 while the process runs (liveness), `/ready` answers 200 only when the database
 * and, if configured, Redis answer a ping within 2 s, else 503 with `Retry-After` (readiness); from a shutdown
 * signal on, `/ready` answers 503 while the requests in flight drain, and `/health` still 200.
 * Neither writes an operation-log row nor an info log line, as they are called every few seconds.
 */
export default async function healthRoutes(app: FastifyInstance) {
  const quiet = { auth: 'public', operationLog: false } as const;

  app.get('/health', { config: quiet, logLevel: 'warn' }, async () => ({
    success: true,
    code: 200,
    message: 'UP',
    result: { status: 'up' },
    timestamp: Date.now(),
  }));

  app.get('/ready', { config: quiet, logLevel: 'warn' }, async (request, reply) => {
    const { db, redis } = app.ctx;
    const [database, cache] = await Promise.all([
      probe(() => sql`select 1`.execute(db.db), 'database ping'),
      redis ? probe(() => redis.ping(), 'Redis ping') : Promise.resolve<ProbeState>('disabled'),
    ]);
    const draining = app.lifecycle.draining;
    const ready = database === 'up' && cache !== 'down' && !draining;
    const result: ReadyResult = { status: ready ? 'up' : 'down', database, redis: cache };
    if (draining) result.draining = true;
    if (!ready) {
      if (!draining) request.log.warn(result, 'not ready');
      reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS));
    }
    return {
      success: ready,
      code: ready ? 200 : 503,
      message: ready ? 'UP' : MSG.serviceUnavailable,
      result,
      timestamp: Date.now(),
    };
  });
}
