import type { IncomingMessage } from 'node:http';
import websocket from '@fastify/websocket';
import { MSG, SOCKET_PROTOCOL, TABLE_SYNC } from '@district/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from './http.js';

/**
 * How every WebSocket of the product is authenticated (the table sync socket, the notice socket):
 * the browser opens `new WebSocket(url, [SOCKET_PROTOCOL, token])`, so the token travels in the
 * `Sec-WebSocket-Protocol` header and never in the URL. A socket route declares `config.auth` like any
 * route, and the guard checks it before the connection is upgraded: a missing or expired token gets 401,
 * the guest or a caller without the permission 403, and no socket is opened.
 */

/** Largest frame any socket accepts: the table sync row update is the biggest legitimate one. */
export const SOCKET_MAX_PAYLOAD = TABLE_SYNC.maxMessageBytes;

const TOKEN_HEADER = 'x-access-token';

function isUpgrade(request: FastifyRequest): boolean {
  const upgrade = request.headers.upgrade;
  return typeof upgrade === 'string' && upgrade.toLowerCase() === 'websocket';
}

/** The offered sub-protocols, in order. */
export function offeredProtocols(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The token offered after SOCKET_PROTOCOL in `Sec-WebSocket-Protocol`, or null. */
export function protocolToken(header: string | string[] | undefined): string | null {
  const offered = offeredProtocols(header);
  const at = offered.indexOf(SOCKET_PROTOCOL);
  const token = at >= 0 ? offered[at + 1] : undefined;
  return token && token.length <= 200 ? token : null;
}

/** The sub-protocol the server answers with: ours, never the token the client offered beside it. */
export function selectProtocol(protocols: Set<string>, _request?: IncomingMessage): string | false {
  return protocols.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false;
}

/**
 * Registers @fastify/websocket once for the whole server, with the frame limit and the sub-protocol
 * choice, and an onRequest hook that runs before the guard: for an upgrade request it refuses a token in
 * the query string (401) and hands the protocol token to the guard as the usual token header, so the
 * guard's rules apply to sockets unchanged. Register it before the guard.
 */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(websocket, {
      options: { maxPayload: SOCKET_MAX_PAYLOAD, handleProtocols: selectProtocol },
    });
    app.addHook('onRequest', async (request) => {
      if (!isUpgrade(request)) return;
      const query = request.query as Record<string, unknown> | undefined;
      if (query && ('token' in query || 'access_token' in query)) throw new ApiError(401, MSG.socketTokenInUrl);
      const token = protocolToken(request.headers['sec-websocket-protocol']);
      if (token) request.raw.headers[TOKEN_HEADER] = token;
    });
  },
  { name: 'socket-auth' },
);
