import websocket from '@fastify/websocket';
import { TABLE_SYNC, TABLE_SYNC_ID_PATTERN, TABLE_SYNC_PATH, TABLE_SYNC_TYPES } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { TableSyncHub, type PeerSocket } from './table-sync.hub.js';
import { currentUser } from '../../lib/current-user.js';

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

/**
 * WebSocket `/vxeSocket/:userId/:pageId`: peers of one page see each other's row changes. The token comes
 * in the sub-protocol (lib/socket-auth.ts) and the guard checks it before the upgrade: signed-in users
 * only, never the guest. The user id in the path is the client's label, not an identity.
 */
export default async function tableSyncRoutes(app: FastifyInstance) {
  // Normally registered by lib/socket-auth.ts with the frame limit; this keeps the module usable alone.
  if (!app.hasDecorator('websocketServer')) await app.register(websocket);

  const hub = new TableSyncHub(app.ctx.redis, app.ctx.config.redisPrefix, (error) =>
    app.log.warn({ err: error }, 'table sync fan-out failed'),
  );
  await hub.start();
  app.decorate('tableSyncHub', hub);
  app.addHook('onClose', async () => hub.stop());

  app.get<{ Params: { userId: string; pageId: string } }>(
    `${TABLE_SYNC_PATH}/:userId/:pageId`,
    { websocket: true, config: { auth: 'user' } },
    (rawSocket, request) => {
      const socket = rawSocket as unknown as ServerSocket;
      const { userId, pageId } = request.params;
      socket.on('error', (error) => request.log.warn({ err: error }, 'table sync socket error'));
      if (!TABLE_SYNC_ID_PATTERN.test(userId) || !TABLE_SYNC_ID_PATTERN.test(pageId)) {
        socket.close(TABLE_SYNC.closeBadRequest, 'bad path');
        return;
      }
      const user = currentUser(request);
      // Peers of a page are of one tenant only.
      const channel = `${user.tenantId ?? 0}:${pageId}`;
      const connectionId = hub.join(channel, socket);
      socket.on('close', () => hub.leave(channel, connectionId));

      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        // Frames over the limit never get here: the socket closes with 1009 (maxPayload).
        const message = parseMessage(data.toString('utf8'));
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
      });
    },
  );
}
