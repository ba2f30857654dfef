import { GATEWAY_API, GATEWAY_MESSAGES as M, PERM, gatewayRoutePerm } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/http.js';
import { resourcePlugin } from '../../lib/resource/resource.routes.js';
import { gatewayResource } from './gateway.resource.js';
import { currentUser } from '../../plugins/guard.js';
import { checkTarget, matchesPattern, mayCallRoute, parseList, stripPrefix } from './gateway.service.js';

/** Request headers passed on; cookies, our token and forwarding headers never leave. */
const FORWARD_HEADERS = ['accept', 'accept-language', 'content-type', 'user-agent'];
/** Answer headers passed back. */
const RETURN_HEADERS = ['content-type', 'cache-control', 'etag', 'last-modified', 'content-disposition'];
const UPSTREAM_TIMEOUT_MS = 30_000;

/**
 * The gateway: enabled routes of sys_gateway_route are reverse-proxied under /gateway/{routeId}/…, behind the
 * guard (system:gateway:call) and the route's own permission (gateway:route:{routeId}). The table is read on each call, so edits apply at once on every instance, and
 * the target is checked against GATEWAY_ALLOWED_HOSTS on each call too.
 */
export default async function gatewayRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourcePlugin([gatewayResource]));

  await app.register(async (proxy) => {
    // Bodies pass through as they came (any content type), at most the app's body limit.
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    proxy.all(`${GATEWAY_API.prefix}/:routeId/*`, { config: { auth: PERM.gatewayCall } }, async (request, reply) => {
      const { routeId } = request.params as { routeId: string };
      const route = await app.ctx.db.db
        .selectFrom('sysGatewayRoute')
        .selectAll()
        .where('routeId', '=', routeId)
        .where('status', '=', 1)
        .executeTakeFirst();
      if (!route) throw new ApiError(404, M.notFound);
      // Besides the shared call right, each route has its own permission (administrators hold every route).
      if (!(await mayCallRoute(app.ctx.db.db, currentUser(request), routeId))) {
        throw new ApiError(403, `${M.routeForbidden}：${gatewayRoutePerm(routeId)}`);
      }
      const target = checkTarget(route.uri, app.ctx.config.gatewayAllowedHosts);

      const url = new URL(request.url, 'http://x');
      const prefix = `${app.ctx.config.apiBase}${GATEWAY_API.prefix}/${routeId}`;
      let path = url.pathname.slice(prefix.length) || '/';
      const patterns = parseList(route.predicates).filter((p): p is string => typeof p === 'string');
      if (patterns.length && !patterns.some((p) => matchesPattern(p, path))) throw new ApiError(404, M.pathNotMatched);
      for (const filter of parseList(route.filters) as { name?: string; args?: { parts?: number } }[]) {
        if (filter.name === 'StripPrefix') path = stripPrefix(path, Number(filter.args?.parts ?? 0));
      }
      const base = target.pathname.replace(/\/$/, '');
      const upstream = new URL(`${base}${path}${url.search}`, target.origin);

      const headers: Record<string, string> = {};
      for (const name of FORWARD_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const hasBody = !['GET', 'HEAD'].includes(request.method) && Buffer.isBuffer(request.body);
      let answer: Response;
      try {
        answer = await fetch(upstream, {
          method: request.method,
          headers,
          body: hasBody ? (request.body as Buffer) : undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
        });
      } catch {
        throw new ApiError(502, M.upstreamFailed);
      }
      reply.code(answer.status);
      for (const name of RETURN_HEADERS) {
        const value = answer.headers.get(name);
        if (value) reply.header(name, value);
      }
      return reply.send(Buffer.from(await answer.arrayBuffer()));
    });
  });
}
