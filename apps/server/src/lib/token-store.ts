import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface TokenSession {
  userId: string;
  expiresAt: number;
}

/**
 * Server-side sessions: random tokens, of which only a SHA-256 hash is kept. Database in embedded
 * mode, Redis in a cluster. A token lives `ttlMs` and is renewed while its user keeps working.
 */
export interface TokenStore {
  issue(userId: string, meta: { ip?: string; userAgent?: string }): Promise<string>;
  /** Resolves a token, renewing it when it is used; null when unknown, expired or revoked. */
  resolve(token: string): Promise<TokenSession | null>;
  revoke(token: string): Promise<void>;
  revokeUser(userId: string): Promise<void>;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Renewal writes at most this often, so busy users do not write on every request. */
const RENEW_EVERY_MS = 60_000;

export class DbTokenStore implements TokenStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
  ) {}

  async issue(userId: string, meta: { ip?: string; userAgent?: string }) {
    const token = newToken();
    const now = Date.now();
    await this.db
      .insertInto('sysToken')
      .values({
        tokenHash: hashToken(token),
        userId,
        expiresAt: now + this.ttlMs,
        createdAt: now,
        renewedAt: now,
        ip: meta.ip?.slice(0, 64) ?? null,
        userAgent: meta.userAgent?.slice(0, 255) ?? null,
      })
      .execute();
    return token;
  }

  async resolve(token: string) {
    const tokenHash = hashToken(token);
    const row = await this.db
      .selectFrom('sysToken')
      .select(['userId', 'expiresAt', 'renewedAt'])
      .where('tokenHash', '=', tokenHash)
      .executeTakeFirst();
    const now = Date.now();
    if (!row) return null;
    if (Number(row.expiresAt) <= now) {
      await this.db.deleteFrom('sysToken').where('tokenHash', '=', tokenHash).execute();
      return null;
    }
    let expiresAt = Number(row.expiresAt);
    if (now - Number(row.renewedAt) >= RENEW_EVERY_MS) {
      expiresAt = now + this.ttlMs;
      await this.db
        .updateTable('sysToken')
        .set({ expiresAt, renewedAt: now })
        .where('tokenHash', '=', tokenHash)
        .execute();
    }
    return { userId: row.userId, expiresAt };
  }

  async revoke(token: string) {
    await this.db.deleteFrom('sysToken').where('tokenHash', '=', hashToken(token)).execute();
  }

  async revokeUser(userId: string) {
    await this.db.deleteFrom('sysToken').where('userId', '=', userId).execute();
  }

  /** Drops expired rows; called now and then by the app. */
  async purgeExpired() {
    await this.db.deleteFrom('sysToken').where('expiresAt', '<=', Date.now()).execute();
  }
}

export class RedisTokenStore implements TokenStore {
  constructor(
    private readonly redis: Redis,
    private readonly ttlMs: number,
    private readonly prefix: string,
  ) {}

  private key(tokenHash: string) {
    return `${this.prefix}${tokenHash}`;
  }
  private userKey(userId: string) {
    return `${this.prefix}user:${userId}`;
  }

  async issue(userId: string) {
    const token = newToken();
    const tokenHash = hashToken(token);
    await this.redis
      .multi()
      .set(this.key(tokenHash), userId, 'PX', this.ttlMs)
      .sadd(this.userKey(userId), tokenHash)
      .pexpire(this.userKey(userId), this.ttlMs)
      .exec();
    return token;
  }

  async resolve(token: string) {
    const key = this.key(hashToken(token));
    const [[, userId], [, pttl]] = (await this.redis.multi().get(key).pttl(key).exec()) as [
      [Error | null, string | null],
      [Error | null, number],
    ];
    if (!userId || pttl <= 0) return null;
    let expiresAt = Date.now() + pttl;
    if (this.ttlMs - pttl >= RENEW_EVERY_MS) {
      await this.redis.multi().pexpire(key, this.ttlMs).pexpire(this.userKey(userId), this.ttlMs).exec();
      expiresAt = Date.now() + this.ttlMs;
    }
    return { userId, expiresAt };
  }

  async revoke(token: string) {
    const tokenHash = hashToken(token);
    const userId = await this.redis.get(this.key(tokenHash));
    const multi = this.redis.multi().del(this.key(tokenHash));
    if (userId) multi.srem(this.userKey(userId), tokenHash);
    await multi.exec();
  }

  async revokeUser(userId: string) {
    const hashes = await this.redis.smembers(this.userKey(userId));
    const multi = this.redis.multi().del(this.userKey(userId));
    for (const h of hashes) multi.del(this.key(h));
    await multi.exec();
  }
}
