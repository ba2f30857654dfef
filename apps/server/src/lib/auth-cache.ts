import type { KvStore } from './kv-store.js';

const EPOCH_KEY = 'auth:epoch';
const MAX_ENTRIES = 20_000;

/**
 * A short-lived, per-instance cache of what a token resolves to (user, tenants, permission codes, data
 * rules), so a guarded call does not cost half a dozen queries. Any change that could alter an answer
 * (logout, password change, freezing, roles, grants, data rules) calls invalidate(), which bumps an epoch
 * shared through the key-value store (Redis in a cluster): every instance drops its entries at once.
 */
export class AuthCache<T> {
  private readonly entries = new Map<string, { value: T; epoch: string; at: number }>();

  constructor(
    private readonly kv: KvStore,
    private readonly ttlMs = 30_000,
  ) {}

  async epoch(): Promise<string> {
    return (await this.kv.get(EPOCH_KEY)) ?? '0';
  }

  async get(key: string): Promise<{ value: T; epoch: string } | { value: null; epoch: string }> {
    const epoch = await this.epoch();
    const hit = this.entries.get(key);
    if (hit && hit.epoch === epoch && Date.now() - hit.at < this.ttlMs) return { value: hit.value, epoch };
    if (hit) this.entries.delete(key);
    return { value: null, epoch };
  }

  set(key: string, value: T, epoch: string): void {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, epoch, at: Date.now() });
  }

  /** Forget everything, on every instance. */
  async invalidate(): Promise<void> {
    this.entries.clear();
    await this.kv.incr(EPOCH_KEY, 365 * 24 * 60 * 60_000);
  }
}
