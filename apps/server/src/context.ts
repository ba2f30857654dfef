import type { PermissionCode } from '@district/shared';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import type { KvStore } from './lib/kv-store.js';
import type { TokenStore } from './lib/token-store.js';

/** What a route declares: open to anyone, to any signed-in user, or to holders of one permission code. */
export type RouteAuth = 'public' | 'user' | PermissionCode;

export interface AuthUser {
  id: string;
  username: string;
  realname: string;
  orgCode: string | null;
  /** The tenant this request acts in: the header's, if the user belongs to it, else the user's default. */
  tenantId: number | null;
  token: string;
}

export interface AppContext {
  config: AppConfig;
  db: Db;
  kv: KvStore;
  tokens: TokenStore;
  redis: Redis | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
