import { GATEWAY_API, GATEWAY_MESSAGES as M, PERM, gatewayRoutePerm, type GatewayAllowedHosts } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import https from 'node:https';
import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { ApiError, ok } from '../../lib/http.js';
import { guardedLookup, isForbiddenAddressError } from '../../lib/net-guard.js';
import { resourcePlugin } from '../../lib/resource/resource.routes.js';
import { gatewayResource } from './gateway.resource.js';
import {
  checkTarget,
  ensureRoutePermissions,
  matchesPattern,
  mayCallRoute,
  parseList,
  proxiedPath,
  stripPrefix,
  upstreamUrl,
} from './gateway.service.js';
import { currentUser } from '../../lib/current-user.js';

/** Request headers passed on; cookies, our token and forwarding headers never leave. */
const FORWARD_HEADERS = ['accept', 'accept-language', 'content-type', 'user-agent'];
/** Answer headers passed back. */
const RETURN_HEADERS = ['content-type', 'cache-control', 'etag', 'last-modified', 'content-disposition'];
const UPSTREAM_TIMEOUT_MS = 30_000;

/**
 * Connections to upstreams resolve names through the guarded lookup, right before connecting: a name that now
 * points at a metadata or link-local address fails (DNS rebinding). Pooled sockets were all made this way.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, lookup: guardedLookup }),
  'https:': new https.Agent({ keepAlive: true, lookup: guardedLookup }),
};

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request to the checked upstream URL. Redirects are answered as they are, never followed. */
function forward(url: URL, method: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
  return new Promise<Answer>((resolve, reject) => {
    const req = (protocol === 'https:' ? https : http).request(
      {
        protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method,
        headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
        agent: agents[protocol],
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      },
      (res) => {
        buffer(res).then(
          (data) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: data }),
          reject,
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The gateway: enabled routes of sys_gateway_route are reverse-proxied under /gateway/{routeId}/…, behind the
 * guard (system:gateway:call) and the route's own permission (gateway:route:{routeId}). The table is read on each
 * call, so edits apply at once on every instance, and the URL actually fetched is checked on each call too: the
 * route's origin, under its base path, host on GATEWAY_ALLOWED_HOSTS, never a metadata or link-local address.
 */
/**
 * Routes saved before per-route permissions existed get theirs when the app starts. Another instance starting at
 * the same moment may insert the same rows: a clash is looked at again.
 */
async function ensureAtStart(db: Kysely<Database>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await ensureRoutePermissions(db);
      return;
    } catch (error) {
      if (attempt >= 4 || !isUniqueViolation(error)) throw error;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

export default async function gatewayRoutes(app: FastifyInstance): Promise<void> {
  await ensureAtStart(app.ctx.db.db);
  await app.register(resourcePlugin([gatewayResource]));

  // The page says up front when no host is allowed (every save would be refused), and which ones are.
  app.get(GATEWAY_API.allowedHosts, { config: { auth: PERM.gatewayList } }, async () =>
    ok<GatewayAllowedHosts>({ allowedHosts: [...app.ctx.config.gatewayAllowedHosts] }, ''),
  );

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
      const allowed = app.ctx.config.gatewayAllowedHosts;
      const target = checkTarget(route.uri, allowed);

      const checked = proxiedPath(request.url, `${app.ctx.config.apiBase}${GATEWAY_API.prefix}/${routeId}`);
      let path = checked.path;
      const patterns = parseList(route.predicates).filter((p): p is string => typeof p === 'string');
      if (patterns.length && !patterns.some((p) => matchesPattern(p, path))) throw new ApiError(404, M.pathNotMatched);
      for (const filter of parseList(route.filters) as { name?: string; args?: { parts?: number } }[]) {
        if (filter.name === 'StripPrefix') path = stripPrefix(path, Number(filter.args?.parts ?? 0));
      }
      const upstream = upstreamUrl(target, path, checked.search);
      // The URL actually fetched passes the same checks as the route: same origin, host allowed, not forbidden.
      if (checkTarget(upstream.href, allowed).origin !== target.origin) throw new ApiError(400, M.pathInvalid);

      const headers: Record<string, string> = {};
      for (const name of FORWARD_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const hasBody = !['GET', 'HEAD'].includes(request.method) && Buffer.isBuffer(request.body);
      let answer: Answer;
      try {
        answer = await forward(upstream, request.method, headers, hasBody ? (request.body as Buffer) : undefined);
      } catch (error) {
        if (isForbiddenAddressError(error)) throw new ApiError(400, M.addressForbidden);
        throw new ApiError(502, M.upstreamFailed);
      }
      reply.code(answer.status);
      for (const name of RETURN_HEADERS) {
        const value = answer.headers[name];
        if (typeof value === 'string') reply.header(name, value);
      }
      return reply.send(answer.body);
    });
  });
}
