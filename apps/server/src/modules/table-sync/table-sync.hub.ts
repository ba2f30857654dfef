import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { FanOut } from '../../lib/fan-out.js';

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
  private readonly fanOut: FanOut<Envelope>;

  constructor(
    redis: Redis | null,
    prefix: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.fanOut = new FanOut(redis, `${prefix}vxeSocket`, (envelope) => this.deliver(envelope), onError);
  }

  start(): Promise<void> {
    return this.fanOut.start();
  }

  async stop(): Promise<void> {
    this.pages.clear();
    await this.fanOut.stop();
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
  broadcast(pageId: string, from: string, payload: string): Promise<void> {
    return this.fanOut.publish({ from, pageId, payload });
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
