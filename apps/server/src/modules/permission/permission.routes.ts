import { Negotiator } from '@fastify/accept-negotiator';
import { API } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { PermissionAnswerCache, type BodyEncoding } from './permission-cache.js';
import { currentUser } from '../../lib/current-user.js';

const encodings = new Negotiator({ supportedValues: ['br', 'gzip'], cache: new Map() });

export default async function permissionRoutes(app: FastifyInstance) {
  const answers = new PermissionAnswerCache(app.ctx.db.db, app.ctx.authCache);
  app.get(API.userPermission, { config: { auth: 'display' } }, async (request, reply) => {
    const user = currentUser(request);
    // The cached answer is per role set; whether the caller administers the platform is the session's own fact.
    const platform = user.session?.isPlatformAdmin === true;
    const accepted = request.headers['accept-encoding'];
    const encoding = (accepted ? encodings.negotiate(accepted) : null) as BodyEncoding;
    const body = await answers.body(user.id, platform, encoding);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    // Already compressed: @fastify/compress leaves an answer with a Content-Encoding alone.
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  });
}
