import type { PasswordChangeReason, PermissionCode } from '@district/shared';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import type { AuthCache } from './lib/auth-cache.js';
import type { KvStore } from './lib/kv-store.js';
import type { RouteDoc } from './lib/openapi.js';
import type { FieldCrypto } from './lib/field-crypto.js';
import type { SecretBox } from './lib/secret-box.js';
import type { SmsProvider } from './lib/sms/sms-provider.js';
import type { TokenStore } from './lib/token-store.js';

/**
 * What a route declares: open to anyone ('public'); the public display, i.e. any signed-in caller including
 * the guest account whose credentials ship in the web bundle ('display'); any signed-in user who is not the
 * guest ('user'); or holders of one permission code (never the guest).
 */
/** A permission code, or a list of codes of which the caller must hold any one (a page shared by two jobs). */
export type RouteAuth = 'public' | 'display' | 'user' | PermissionCode | readonly PermissionCode[];

export interface AuthUser {
  id: string;
  username: string;
  realname: string;
  orgCode: string | null;
  /** The tenant this request acts in: the header's, if the user belongs to it, else the user's default. */
  tenantId: number | null;
  token: string;
  /** The cached session this request resolved to (permission codes, data rules). */
  session?: ResolvedSession;
}

/** What a token resolves to, cached briefly by the guard (see AuthCache). */
export interface ResolvedSession {
  id: string;
  username: string;
  realname: string;
  orgCode: string | null;
  loginTenantId: number | null;
  tenants: number[];
  /** The guest account of the public display: reaches 'public' and 'display' routes only. */
  isGuest: boolean;
  /** Permission codes the user holds; a disabled entry (status '0') is held by nobody. */
  perms: Set<string>;
  /**
   * Holds the platform administrator role: may change platform objects, which every tenant shares (online form
   * definitions and their scripts, reports, data sources, gateway routes…). Tenant administrators never do.
   */
  isPlatformAdmin: boolean;
  /** Data rules per menu url, filled as lists are read. */
  dataRules: Map<string, unknown>;
  /** The session's last user activity (ms) as this instance last knew it: the idle timeout counts from it. */
  activeAt: number;
  /** Set while the password must be changed first: only routes with `config.passwordChange` answer. */
  mustChangePassword: PasswordChangeReason | null;
}

export interface AppContext {
  config: AppConfig;
  db: Db;
  kv: KvStore;
  tokens: TokenStore;
  redis: Redis | null;
  /** Call authCache.invalidate() after any change to sessions, users' status, roles, grants or data rules. */
  authCache: AuthCache<ResolvedSession>;
  /** Seals and opens secrets stored in the database (AES-256-GCM, key from SECRET_KEY). */
  secrets: SecretBox;
  /** Seals and opens personal data at rest (phones, e-mails, ID numbers; SM4 by default, keys from FIELD_KEYS). */
  fields: FieldCrypto;
  /** Text messages (SMS codes, SMS notices); tests may swap in a MemorySmsProvider. */
  sms: SmsProvider;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** The route changes (or runs) a platform object: besides `auth`, the caller must be a platform administrator. */
    platform?: boolean;
    /** Reachable while the caller must change their password first (the change itself, the session's idle state). */
    passwordChange?: boolean;
    /** false: a call of this route never counts as the user's activity for the idle timeout. */
    activity?: boolean;
    /** What the OpenAPI description says of the route beyond its declaration (summary, body and query schemas). */
    doc?: RouteDoc;
  }
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
