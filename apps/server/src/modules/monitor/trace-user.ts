import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const TRACE_USER = Symbol('traceUser');

/** The signed-in username the guard resolved for this request, if any (the HTTP trace shows it). */
export function traceUser(req: IncomingMessage): string | null {
  return (req as IncomingMessage & { [TRACE_USER]?: string })[TRACE_USER] ?? null;
}

/**
 * The trace counts requests on the Node server (below Fastify), where the guard's user is unknown: this root hook
 * leaves the username on the raw request before the answer goes out, for errors (403) too.
 */
export default fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request) => {
    const username = request.user?.username;
    if (username) (request.raw as IncomingMessage & { [TRACE_USER]?: string })[TRACE_USER] = username;
  });
});
