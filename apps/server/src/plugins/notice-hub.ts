import type { Redis } from 'ioredis';
import type { NoticeSocketMessage } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FanOut } from '../lib/fan-out.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The notice sockets (通知): announcements, messages and IoT alarms reach connected users through it. */
    noticeHub: NoticeHub;
  }
}

/** The part of a `ws` socket the hub uses. */
export interface NoticeSocket {
  readonly readyState: number;
  send(data: string): void;
}

const OPEN = 1;

/** What travels between instances: to everyone of a tenant (`all`), or to the listed users. */
interface Envelope {
  tenantId: number | null;
  users: string[] | 'all';
  message: NoticeSocketMessage;
}

interface Entry {
  socket: NoticeSocket;
  tenantId: number | null;
}

/**
 * The notice sockets of this instance, by user. Embedded mode delivers in process; with Redis every instance
 * publishes to one channel and delivers what it receives to its own sockets, so a release made on one
 * instance reaches the users connected to any other.
 */
export class NoticeHub {
  private readonly users = new Map<string, Set<Entry>>();
  private readonly fanOut: FanOut<Envelope>;

  constructor(
    redis: Redis | null,
    prefix: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.fanOut = new FanOut(redis, `${prefix}notice`, (envelope) => this.deliver(envelope), onError);
  }

  start(): Promise<void> {
    return this.fanOut.start();
  }

  async stop(): Promise<void> {
    this.users.clear();
    await this.fanOut.stop();
  }

  /** Adds a user's socket; answers the function that removes it. */
  join(userId: string, tenantId: number | null, socket: NoticeSocket): () => void {
    const entry: Entry = { socket, tenantId };
    let set = this.users.get(userId);
    if (!set) {
      set = new Set();
      this.users.set(userId, set);
    }
    set.add(entry);
    return () => {
      const current = this.users.get(userId);
      if (!current) return;
      current.delete(entry);
      if (current.size === 0) this.users.delete(userId);
    };
  }

  /** Sockets this instance holds (for one user, or all). */
  count(userId?: string): number {
    if (userId) return this.users.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.users.values()) n += set.size;
    return n;
  }

  /** Sends to the listed users on every instance. Never rejects (failures go to onError). */
  toUsers(userIds: string[], message: NoticeSocketMessage): Promise<void> {
    return this.fanOut.publish({ tenantId: null, users: userIds, message });
  }

  /** Sends to every connected user of a tenant (null: everyone) on every instance. */
  toAll(tenantId: number | null, message: NoticeSocketMessage): Promise<void> {
    return this.fanOut.publish({ tenantId, users: 'all', message });
  }

  private deliver({ tenantId, users, message }: Envelope): number {
    const payload = JSON.stringify(message);
    let sent = 0;
    const send = (entry: Entry) => {
      if (entry.socket.readyState !== OPEN) return;
      try {
        entry.socket.send(payload);
        sent += 1;
      } catch (error) {
        this.onError(error);
      }
    };
    if (users === 'all') {
      for (const set of this.users.values()) {
        for (const entry of set) if (tenantId === null || entry.tenantId === tenantId) send(entry);
      }
    } else {
      for (const id of users) for (const entry of this.users.get(id) ?? []) send(entry);
    }
    return sent;
  }
}

/** One hub per app, shared by the modules that notify (message, iot); stopped when the app closes. */
export default fp(async (app: FastifyInstance) => {
  const hub = new NoticeHub(app.ctx.redis, app.ctx.config.redisPrefix, (error) =>
    app.log.warn({ err: error }, 'notice fan-out failed'),
  );
  await hub.start();
  app.decorate('noticeHub', hub);
  app.addHook('onClose', async () => hub.stop());
});
