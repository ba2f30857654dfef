import type { Redis } from 'ioredis';

/**
 * Hands a message to every instance of the product: in process without Redis, through one Redis pub/sub channel
 * with it. Each instance delivers what it receives to its own sockets (the hubs of the notice and table-sync
 * sockets), so clients connected to different instances hear each other.
 */
export class FanOut<Envelope> {
  private subscriber: Redis | null = null;

  constructor(
    private readonly redis: Redis | null,
    private readonly channel: string,
    private readonly deliver: (envelope: Envelope) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    if (!this.redis) return;
    // A subscribed connection cannot run other commands, hence a connection of its own. It inherits the
    // timeouts and the disabled offline queue, so it connects before subscribing; ioredis re-subscribes by
    // itself after a reconnection.
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('error', this.onError);
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      try {
        this.deliver(JSON.parse(raw) as Envelope);
      } catch (error) {
        this.onError(error);
      }
    });
    await this.subscriber.connect();
    await this.subscriber.subscribe(this.channel);
  }

  async stop(): Promise<void> {
    const subscriber = this.subscriber;
    if (!subscriber) return;
    this.subscriber = null;
    // quit() needs an answer; with Redis away the connection is dropped (and stops reconnecting) instead.
    await subscriber.quit().catch(() => subscriber.disconnect());
  }

  /**
   * Sends to every instance. Never rejects: when Redis cannot take it, this instance still delivers and the
   * failure goes to onError. A publish that timed out on a frozen Redis may still go out once it thaws, so local
   * clients can get the message twice; both hubs' messages are safe to repeat.
   */
  async publish(envelope: Envelope): Promise<void> {
    if (!this.redis) {
      this.deliver(envelope);
      return;
    }
    try {
      await this.redis.publish(this.channel, JSON.stringify(envelope));
    } catch (error) {
      this.onError(error);
      this.deliver(envelope);
    }
  }
}
