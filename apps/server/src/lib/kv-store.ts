import type { Redis } from 'ioredis';

/**
 * Short-lived shared state (captchas, login failure counters, caches): in process in embedded mode,
 * in Redis in a cluster so every instance sees the same values.
 */
export interface KvStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Reads and deletes in one step (single-use values such as captchas). */
  take(key: string): Promise<string | null>;
  del(key: string): Promise<void>;
  /** Increments a counter; the first increment starts its time window. */
  incr(key: string, windowMs: number): Promise<number>;
  close(): Promise<void>;
}

export class MemoryKvStore implements KvStore {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  private live(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async set(key: string, value: string, ttlMs: number) {
    this.entries.set(key, { value, expiresAt: Date.now() + ttlMs });
  }
  async take(key: string) {
    const value = this.live(key)?.value ?? null;
    this.entries.delete(key);
    return value;
  }
  async del(key: string) {
    this.entries.delete(key);
  }
  async incr(key: string, windowMs: number) {
    const entry = this.live(key);
    const next = (entry ? Number(entry.value) : 0) + 1;
    this.entries.set(key, { value: String(next), expiresAt: entry?.expiresAt ?? Date.now() + windowMs });
    return next;
  }
  async close() {
    clearInterval(this.sweeper);
    this.entries.clear();
  }
}

export class RedisKvStore implements KvStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async get(key: string) {
    return this.redis.get(this.prefix + key);
  }
  async set(key: string, value: string, ttlMs: number) {
    await this.redis.set(this.prefix + key, value, 'PX', Math.max(1, Math.round(ttlMs)));
  }
  async take(key: string) {
    return this.redis.getdel(this.prefix + key);
  }
  async del(key: string) {
    await this.redis.del(this.prefix + key);
  }
  async incr(key: string, windowMs: number) {
    const k = this.prefix + key;
    const [[, count]] = (await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [
      [Error | null, number],
      [Error | null, number],
    ];
    return count;
  }
  async close() {
    // The Redis connection is owned and closed by the app.
  }
}
