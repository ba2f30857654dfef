import {
  ANNT_API,
  ANNT_SEND_API,
  MESSAGE_MESSAGES,
  NOTICE_HEARTBEAT,
  NOTICE_SOCKET_PATH,
  PERM,
} from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { resourceContext, resourcePlugin } from '../../lib/resource/resource.routes.js';
import { announcementResource } from './announcement.resource.js';
import {
  announcementFor,
  listByUser,
  markAllRead,
  markRead,
  myAnnouncements,
  releaseAnnouncement,
  revokeAnnouncement,
} from './announcement.service.js';
import { templateRoutes } from './template.routes.js';
import { currentUser } from '../../lib/current-user.js';

const idQuery = z.object({ id: z.string().min(1, '参数 id 不能为空').max(64) }).loose();
const anntIdBody = z.object({ anntId: z.string().min(1, '参数 anntId 不能为空').max(64) }).loose();
const myQuery = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    readFlag: z.enum(['0', '1', '']).optional(),
    msgCategory: z.enum(['1', '2', '']).optional(),
    titile: z.string().max(100).optional(),
  })
  .loose();

/** The part of a `ws` server socket this module uses. */
interface ServerSocket {
  readonly readyState: number;
  send(data: string): void;
  ping(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close' | 'pong', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  terminate(): void;
}

/** A socket that answered no ping for this long is dropped (the client beats every 20 s). */
const SERVER_PING_MS = 30_000;

/**
 * Announcements (通告管理: the resource, release, revoke), the user's notices (listByUser, mark read, 我的消息)
 * and the notice socket `/websocket/:userId`.
 */
export default async function messageRoutes(app: FastifyInstance): Promise<void> {
  // The hub is the app's (plugins/notice-hub.ts): IoT alarms reach the same sockets.
  const hub = app.noticeHub;

  await app.register(resourcePlugin([announcementResource]));
  await templateRoutes(app, hub);

  app.get(ANNT_API.queryById, { config: { auth: 'user' } }, async (request) => {
    const { id } = parse(idQuery, request.query);
    return ok(await announcementFor(announcementResource, resourceContext(app, request), id), '');
  });

  const releaseRoute = async (id: string, ctx: ReturnType<typeof resourceContext>) => {
    const reached = await releaseAnnouncement(announcementResource, ctx, hub, id);
    return ok({ reached }, MESSAGE_MESSAGES.released);
  };
  app.get(ANNT_API.release, { config: { auth: PERM.anntRelease } }, async (request) =>
    releaseRoute(parse(idQuery, request.query).id, resourceContext(app, request)),
  );
  app.get(ANNT_API.revoke, { config: { auth: PERM.anntRelease } }, async (request) => {
    await revokeAnnouncement(
      announcementResource,
      resourceContext(app, request),
      hub,
      parse(idQuery, request.query).id,
    );
    return ok(null, MESSAGE_MESSAGES.revoked);
  });

  app.get(ANNT_API.listByUser, { config: { auth: 'user' } }, async (request) =>
    ok(await listByUser(app.ctx.db.db, currentUser(request).id), ''),
  );

  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: ANNT_SEND_API.read,
      config: { auth: 'user' },
      handler: async (request) => {
        const { anntId } = parse(anntIdBody, request.body ?? request.query);
        await markRead(app.ctx.db.db, currentUser(request).id, anntId);
        return ok(null, MESSAGE_MESSAGES.read);
      },
    });
    app.route({
      method,
      url: ANNT_SEND_API.readAll,
      config: { auth: 'user' },
      handler: async (request) => {
        await markAllRead(app.ctx.db.db, currentUser(request).id);
        return ok(null, MESSAGE_MESSAGES.allRead);
      },
    });
  }

  app.get(ANNT_SEND_API.mine, { config: { auth: 'user' } }, async (request) => {
    const q = parse(myQuery, request.query);
    return ok(
      await myAnnouncements(app.ctx.db.db, currentUser(request).id, {
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        readFlag: q.readFlag || undefined,
        msgCategory: q.msgCategory || undefined,
        titile: q.titile?.trim() || undefined,
      }),
      '',
    );
  });

  /*
   * The notice socket. The token travels in the sub-protocol (lib/socket-auth.ts) and the guard checks it
   * before the upgrade; the id in the path must be the token's own user, else 403 and no socket.
   */
  app.get<{ Params: { userId: string } }>(
    `${NOTICE_SOCKET_PATH}/:userId`,
    {
      websocket: true,
      config: { auth: 'user' },
      preValidation: async (request) => {
        if (request.params.userId !== currentUser(request).id) throw new ApiError(403, '不能订阅其他用户的消息');
      },
    },
    (rawSocket, request) => {
      const socket = rawSocket as unknown as ServerSocket;
      const user = currentUser(request);
      const leave = hub.join(user.id, user.tenantId, socket);
      let alive = true;
      const timer = setInterval(() => {
        if (!alive) {
          socket.terminate();
          return;
        }
        alive = false;
        socket.ping();
      }, SERVER_PING_MS);
      timer.unref();
      socket.on('pong', () => (alive = true));
      socket.on('error', (error) => request.log.warn({ err: error }, 'notice socket error'));
      socket.on('close', () => {
        clearInterval(timer);
        leave();
      });
      socket.on('message', (data) => {
        alive = true;
        const text = data.toString('utf8');
        if (text === NOTICE_HEARTBEAT) {
          socket.send(JSON.stringify({ cmd: 'heartcheck' }));
          return;
        }
        try {
          const value = JSON.parse(text) as { cmd?: unknown };
          if (value && value.cmd === 'heartcheck') {
            socket.send(JSON.stringify({ cmd: 'heartcheck' }));
            return;
          }
        } catch {
          // Not JSON: logged below, like an unknown command (widgets-spec §4).
        }
        request.log.debug({ size: text.length }, 'notice socket: unknown message ignored');
      });
    },
  );
}
