import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** The part of a `ws` socket the hub uses. */
export interface PeerSocket {
  readonly readyState: number;
  send(data: string): void;
}

const OPEN = 1;

interface Envelope {
  /** Connection that sent the message: it does not get its own message back. */
  from: string;
  pageId: string;
  payload: string;
}

/**
 * Delivers a message to every other socket of the same page. Embedded mode fans out in process; with
 * Redis every instance publishes to one channel and delivers what it receives to its own sockets, so
 * peers connected to different instances see each other.
 */
export class TableSyncHub {
  private readonly pages = new Map<string, Map<string, PeerSocket>>();
  private subscriber: Redis | null = null;
  private readonly channel: string;

  constructor(
    private readonly redis: Redis | null,
    prefix: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.channel = `${prefix}vxeSocket`;
  }

  async start(): Promise<void> {
    if (!this.redis) return;
    // A subscribed connection cannot run other commands, hence a connection of its own. It inherits the
    // timeouts and the disabled offline queue, so it connects before subscribing; ioredis re-subscribes
    // by itself after a reconnection.
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('error', this.onError);
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      try {
        const envelope = JSON.parse(raw) as Envelope;
        this.deliver(envelope);
      } catch (error) {
        this.onError(error);
      }
    });
    await this.subscriber.connect();
    await this.subscriber.subscribe(this.channel);
  }

  async stop(): Promise<void> {
    this.pages.clear();
    const subscriber = this.subscriber;
    if (subscriber) {
      this.subscriber = null;
      // quit() needs an answer; with Redis away the connection is dropped (and stops reconnecting) instead.
      await subscriber.quit().catch(() => subscriber.disconnect());
    }
  }

  /** Adds a socket to a page; returns its connection id. */
  join(pageId: string, socket: PeerSocket): string {
    const id = randomUUID();
    let peers = this.pages.get(pageId);
    if (!peers) {
      peers = new Map();
      this.pages.set(pageId, peers);
    }
    peers.set(id, socket);
    return id;
  }

  leave(pageId: string, id: string): void {
    const peers = this.pages.get(pageId);
    if (!peers) return;
    peers.delete(id);
    if (peers.size === 0) this.pages.delete(pageId);
  }

  /** Number of sockets this instance holds for a page (for tests and monitoring). */
  count(pageId: string): number {
    return this.pages.get(pageId)?.size ?? 0;
  }

  /**
   * Sends a message to the other sockets of the page, on every instance. Never rejects: when Redis cannot
   * take it, the peers on this instance still get it and the failure is reported to onError.
   */
  async broadcast(pageId: string, from: string, payload: string): Promise<void> {
    const envelope: Envelope = { from, pageId, payload };
    if (!this.redis) {
      this.deliver(envelope);
      return;
    }
    try {
      await this.redis.publish(this.channel, JSON.stringify(envelope));
    } catch (error) {
      // A publish that timed out on a frozen Redis may still go out once it thaws, so the local peers can get
      // the message twice: harmless, a row update applies the same row again.
      this.onError(error);
      this.deliver(envelope);
    }
  }

  private deliver({ from, pageId, payload }: Envelope): void {
    const peers = this.pages.get(pageId);
    if (!peers) return;
    for (const [id, socket] of peers) {
      if (id === from || socket.readyState !== OPEN) continue;
      try {
        socket.send(payload);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
