import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface TokenSession {
  userId: string;
  expiresAt: number;
  /** The last request that followed the user's own input (ms), else the login: the guard ends idle sessions by it. */
  activeAt: number;
}

/**
 * Server-side sessions: random tokens, of which only a SHA-256 hash is kept. Database in embedded
 * mode, Redis in a cluster. A token lives `ttlMs` and is renewed while its user keeps working.
 */
export interface TokenStore {
  issue(userId: string, meta: { ip?: string; userAgent?: string }): Promise<string>;
  /** Resolves a token, renewing it when it is used; null when unknown, expired or revoked. */
  resolve(token: string): Promise<TokenSession | null>;
  /**
   * Records user activity on a session (the idle timeout counts from it), in the store every instance reads; false
   * when the session is gone.
   */
  touch(token: string, at?: number): Promise<boolean>;
  revoke(token: string): Promise<void>;
  revokeUser(userId: string): Promise<void>;
  /** Every live session (online users), newest login first. */
  list(): Promise<SessionInfo[]>;
  /** Revokes the session with this token hash (force logout); false when it is gone already. */
  revokeHash(tokenHash: string): Promise<boolean>;
}

/** A live session as the online-users page shows it: never the token, only its hash. */
export interface SessionInfo {
  tokenHash: string;
  userId: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: number;
  /** When the session was last used (renewals are written at most once a minute). */
  lastSeen: number;
  /** The user's last own action (idle timeout). */
  activeAt: number;
  expiresAt: number;
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
        activeAt: now,
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
      .select(['userId', 'expiresAt', 'renewedAt', 'createdAt', 'activeAt'])
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
    return { userId: row.userId, expiresAt, activeAt: Number(row.activeAt ?? row.createdAt) };
  }

  async touch(token: string, at = Date.now()) {
    const result = await this.db
      .updateTable('sysToken')
      .set({ activeAt: at })
      .where('tokenHash', '=', hashToken(token))
      .where('expiresAt', '>', Date.now())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async revoke(token: string) {
    await this.db.deleteFrom('sysToken').where('tokenHash', '=', hashToken(token)).execute();
  }

  async revokeUser(userId: string) {
    await this.db.deleteFrom('sysToken').where('userId', '=', userId).execute();
  }

  async list(): Promise<SessionInfo[]> {
    const rows = await this.db
      .selectFrom('sysToken')
      .select(['tokenHash', 'userId', 'ip', 'userAgent', 'createdAt', 'renewedAt', 'expiresAt', 'activeAt'])
      .where('expiresAt', '>', Date.now())
      .orderBy('createdAt', 'desc')
      .execute();
    return rows.map((r) => ({
      tokenHash: r.tokenHash,
      userId: r.userId,
      ip: r.ip,
      userAgent: r.userAgent,
      createdAt: Number(r.createdAt),
      lastSeen: Number(r.renewedAt),
      activeAt: Number(r.activeAt ?? r.createdAt),
      expiresAt: Number(r.expiresAt),
    }));
  }

  async revokeHash(tokenHash: string) {
    const result = await this.db.deleteFrom('sysToken').where('tokenHash', '=', tokenHash).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
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
  /** A hash of the session's address, client, login time, last use and last user activity (`activeAt`). */
  private metaKey(tokenHash: string) {
    return `${this.prefix}meta:${tokenHash}`;
  }
  /** Every session's hash, scored by its expiry, so listing never scans the keyspace. */
  private get allKey() {
    return `${this.prefix}sessions`;
  }

  async issue(userId: string, meta: { ip?: string; userAgent?: string } = {}) {
    const token = newToken();
    const tokenHash = hashToken(token);
    const now = Date.now();
    await this.redis
      .multi()
      .set(this.key(tokenHash), userId, 'PX', this.ttlMs)
      .sadd(this.userKey(userId), tokenHash)
      .pexpire(this.userKey(userId), this.ttlMs)
      .hset(this.metaKey(tokenHash), {
        userId,
        ip: meta.ip?.slice(0, 64) ?? '',
        userAgent: meta.userAgent?.slice(0, 255) ?? '',
        createdAt: String(now),
        lastSeen: String(now),
        activeAt: String(now),
      })
      .pexpire(this.metaKey(tokenHash), this.ttlMs)
      .zadd(this.allKey, now + this.ttlMs, tokenHash)
      .exec();
    return token;
  }

  async resolve(token: string) {
    const key = this.key(hashToken(token));
    const meta = this.metaKey(hashToken(token));
    const [[, userId], [, pttl], [, activity]] = (await this.redis
      .multi()
      .get(key)
      .pttl(key)
      .hmget(meta, 'activeAt', 'createdAt')
      .exec()) as [[Error | null, string | null], [Error | null, number], [Error | null, (string | null)[]]];
    if (!userId || pttl <= 0) return null;
    // Sessions issued before activity was kept count from their login; one without its meta hash at all is
    // treated as idle long ago (fail closed).
    const activeAt = Number(activity?.[0] ?? activity?.[1] ?? 0);
    let expiresAt = Date.now() + pttl;
    if (this.ttlMs - pttl >= RENEW_EVERY_MS) {
      const tokenHash = hashToken(token);
      expiresAt = Date.now() + this.ttlMs;
      await this.redis
        .multi()
        .pexpire(key, this.ttlMs)
        .pexpire(this.userKey(userId), this.ttlMs)
        .hset(this.metaKey(tokenHash), 'lastSeen', String(Date.now()))
        .pexpire(this.metaKey(tokenHash), this.ttlMs)
        .zadd(this.allKey, expiresAt, tokenHash)
        .exec();
    }
    return { userId, expiresAt, activeAt };
  }

  async touch(token: string, at = Date.now()) {
    const tokenHash = hashToken(token);
    const [[, exists]] = (await this.redis
      .multi()
      .exists(this.key(tokenHash))
      .hset(this.metaKey(tokenHash), 'activeAt', String(at))
      .exec()) as [[Error | null, number], [Error | null, number]];
    // A write to a session that just ended would leave an orphan meta hash: drop it.
    if (!exists) await this.redis.del(this.metaKey(tokenHash));
    else await this.redis.pexpire(this.metaKey(tokenHash), this.ttlMs);
    return exists === 1;
  }

  async revoke(token: string) {
    const tokenHash = hashToken(token);
    const userId = await this.redis.get(this.key(tokenHash));
    const multi = this.redis.multi().del(this.key(tokenHash)).del(this.metaKey(tokenHash)).zrem(this.allKey, tokenHash);
    if (userId) multi.srem(this.userKey(userId), tokenHash);
    await multi.exec();
  }

  async revokeUser(userId: string) {
    const hashes = await this.redis.smembers(this.userKey(userId));
    const multi = this.redis.multi().del(this.userKey(userId));
    for (const h of hashes) multi.del(this.key(h)).del(this.metaKey(h)).zrem(this.allKey, h);
    await multi.exec();
  }

  async list(): Promise<SessionInfo[]> {
    await this.redis.zremrangebyscore(this.allKey, '-inf', Date.now());
    const hashes = await this.redis.zrange(this.allKey, 0, -1);
    if (hashes.length === 0) return [];
    const reads = this.redis.multi();
    for (const h of hashes) reads.get(this.key(h)).pttl(this.key(h)).hgetall(this.metaKey(h));
    const answers = ((await reads.exec()) ?? []).map(([, value]) => value);
    const sessions: SessionInfo[] = [];
    const gone: string[] = [];
    hashes.forEach((tokenHash, index) => {
      const userId = answers[index * 3] as string | null;
      const pttl = answers[index * 3 + 1] as number;
      const meta = (answers[index * 3 + 2] ?? {}) as Record<string, string>;
      // Revoked elsewhere (password change, sign-out of other sessions) without touching the index.
      if (!userId || pttl <= 0) {
        gone.push(tokenHash);
        return;
      }
      sessions.push({
        tokenHash,
        userId,
        ip: meta.ip || null,
        userAgent: meta.userAgent || null,
        createdAt: Number(meta.createdAt ?? 0),
        lastSeen: Number(meta.lastSeen ?? meta.createdAt ?? 0),
        activeAt: Number(meta.activeAt ?? meta.createdAt ?? 0),
        expiresAt: Date.now() + pttl,
      });
    });
    if (gone.length) await this.redis.zrem(this.allKey, ...gone);
    return sessions.sort((a, b) => b.createdAt - a.createdAt);
  }

  async revokeHash(tokenHash: string) {
    const userId = await this.redis.get(this.key(tokenHash));
    const multi = this.redis.multi().del(this.key(tokenHash)).del(this.metaKey(tokenHash)).zrem(this.allKey, tokenHash);
    if (userId) multi.srem(this.userKey(userId), tokenHash);
    await multi.exec();
    return userId !== null;
  }
}
