import websocket from '@fastify/websocket';
import { TABLE_SYNC, TABLE_SYNC_ID_PATTERN, TABLE_SYNC_PATH, TABLE_SYNC_TYPES } from '@district/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TableSyncHub, type PeerSocket } from './table-sync.hub.js';

/** The part of a `ws` server socket this module uses. */
interface ServerSocket extends PeerSocket {
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'close', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  close(code?: number, reason?: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    tableSyncHub: TableSyncHub;
  }
}

/** The token comes from the `token` query parameter or the sub-protocol header, never from the path. */
function socketToken(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown>;
  const fromQuery = typeof query.token === 'string' ? query.token : '';
  const header = request.headers['sec-websocket-protocol'];
  const fromHeader = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim() ?? '';
  const token = fromQuery || fromHeader;
  return token && token.length <= 200 ? token : null;
}

/** The signed-in user of a socket, with the tenant they work in: peers of a page are of one tenant only. */
async function authenticate(
  app: FastifyInstance,
  token: string | null,
): Promise<{ id: string; tenantId: number | null } | null> {
  if (!token) return null;
  const session = await app.ctx.tokens.resolve(token);
  if (!session) return null;
  const user = await app.ctx.db.db
    .selectFrom('sysUser')
    .select(['id', 'status', 'delFlag', 'loginTenantId'])
    .where('id', '=', session.userId)
    .executeTakeFirst();
  if (!user || user.delFlag !== 0 || user.status !== 1) return null;
  return { id: user.id, tenantId: user.loginTenantId === null ? null : Number(user.loginTenantId) };
}

interface Parsed {
  type: string;
  data: unknown;
}

function parseMessage(raw: string): Parsed | null {
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const { type, data } = value as Record<string, unknown>;
    return typeof type === 'string' ? { type, data } : null;
  } catch {
    return null;
  }
}

function isRowUpdate(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const { rowId, row, socketKey } = data as Record<string, unknown>;
  return (
    (typeof rowId === 'string' || typeof rowId === 'number') &&
    typeof row === 'object' &&
    row !== null &&
    !Array.isArray(row) &&
    typeof socketKey === 'string'
  );
}

/** WebSocket `/vxeSocket/:userId/:pageId`: peers of one page see each other's row changes. */
export default async function tableSyncRoutes(app: FastifyInstance) {
  // One @fastify/websocket per server: a module registered later shares the first registration.
  if (!app.hasDecorator('websocketServer')) await app.register(websocket);

  const hub = new TableSyncHub(app.ctx.redis, app.ctx.config.redisPrefix, (error) =>
    app.log.warn({ err: error }, 'table sync fan-out failed'),
  );
  await hub.start();
  app.decorate('tableSyncHub', hub);
  app.addHook('onClose', async () => hub.stop());

  app.get<{ Params: { userId: string; pageId: string } }>(
    `${TABLE_SYNC_PATH}/:userId/:pageId`,
    { websocket: true, config: { auth: 'public' } },
    (rawSocket, request) => {
      const socket = rawSocket as unknown as ServerSocket;
      const { userId, pageId } = request.params;
      let channel = pageId;
      // Messages that arrive while the token is being checked are kept and handled afterwards.
      const pending: string[] = [];
      let connectionId: string | null = null;
      let closed = false;

      const handle = (raw: string) => {
        if (!connectionId) return;
        if (Buffer.byteLength(raw) > TABLE_SYNC.maxMessageBytes) {
          request.log.warn({ pageId }, 'table sync message too large');
          return;
        }
        const message = parseMessage(raw);
        if (!message) {
          request.log.info({ pageId }, 'table sync message not understood');
          return;
        }
        switch (message.type) {
          case TABLE_SYNC_TYPES.heartBeat:
            socket.send(JSON.stringify({ type: TABLE_SYNC_TYPES.heartBeat }));
            return;
          case TABLE_SYNC_TYPES.commonSend:
            void hub.broadcast(channel, connectionId, JSON.stringify({ type: message.type, data: message.data }));
            return;
          case TABLE_SYNC_TYPES.updateRow:
            if (!isRowUpdate(message.data)) {
              request.log.info({ pageId }, 'table sync row update malformed');
              return;
            }
            void hub.broadcast(channel, connectionId, JSON.stringify({ type: message.type, data: message.data }));
            return;
          default:
            request.log.info({ pageId, type: message.type }, 'table sync message type unknown');
        }
      };

      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        const raw = data.toString('utf8');
        if (connectionId) handle(raw);
        else if (pending.length < 20) pending.push(raw);
      });
      socket.on('error', (error) => request.log.warn({ err: error }, 'table sync socket error'));
      socket.on('close', () => {
        closed = true;
        if (connectionId) hub.leave(channel, connectionId);
      });

      if (!TABLE_SYNC_ID_PATTERN.test(userId) || !TABLE_SYNC_ID_PATTERN.test(pageId)) {
        socket.close(TABLE_SYNC.closeBadRequest, 'bad path');
        return;
      }
      authenticate(app, socketToken(request))
        .then((authenticated) => {
          if (closed) return;
          if (!authenticated) {
            socket.close(TABLE_SYNC.closeUnauthorized, 'unauthorized');
            return;
          }
          channel = `${authenticated.tenantId ?? 0}:${pageId}`;
          connectionId = hub.join(channel, socket);
          for (const raw of pending.splice(0)) handle(raw);
        })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'table sync authentication failed');
          if (!closed) socket.close(1011, 'server error');
        });
    },
  );
}
