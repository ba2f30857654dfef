import {
  GUEST_CREDENTIALS,
  MSG,
  PASSWORD_CHANGE_REQUIRED,
  ROLE,
  SECURITY_MESSAGES,
  USER_ACTIVITY_HEADER,
  type ApiResponse,
  type PasswordChangeRequired,
} from '@district/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser, ResolvedSession, RouteAuth } from '../context.js';
import type { RouteDoc } from '../lib/openapi.js';
import { ApiError } from '../lib/http.js';
import { userPermissionCodes } from '../lib/access/held-permissions.js';
import { cachedSecuritySettings } from '../lib/security-settings.js';
import { parseDateTime } from '../lib/time.js';

export interface DeclaredRoute {
  method: string;
  url: string;
  auth: RouteAuth;
  /** Only platform administrators (config.platform). */
  platform: boolean;
  /** For the OpenAPI description (config.doc). */
  doc?: RouteDoc;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with what it declared, for the guard's own tests and the docs. */
    routeTable: DeclaredRoute[];
  }
}

export const TOKEN_HEADER = 'x-access-token';
export const TENANT_HEADER = 'tenant-id';

export function readToken(request: FastifyRequest): string | null {
  const value = request.headers[TOKEN_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= 200 ? token : null;
}

async function resolveSession(app: FastifyInstance, token: string): Promise<ResolvedSession> {
  const { db } = app.ctx.db;
  const session = await app.ctx.tokens.resolve(token);
  if (!session) throw new ApiError(401, MSG.tokenExpired);
  const user = await db
    .selectFrom('sysUser')
    .select([
      'id',
      'username',
      'realname',
      'orgCode',
      'status',
      'delFlag',
      'loginTenantId',
      'passwordMustChange',
      'passwordTime',
    ])
    .where('id', '=', session.userId)
    .executeTakeFirst();
  if (!user || user.delFlag !== 0) {
    await app.ctx.tokens.revoke(token);
    throw new ApiError(401, MSG.tokenExpired);
  }
  if (user.status !== 1) {
    await app.ctx.tokens.revokeUser(user.id);
    throw new ApiError(401, MSG.accountFrozen);
  }
  const tenants = await db.selectFrom('sysUserTenant').select('tenantId').where('userId', '=', user.id).execute();
  // The guest's password ships in the web bundle, so its account (by name, or by holding the guest role)
  // is confined to the public display whatever it is granted.
  const marked = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('r.roleCode')
    .where('ur.userId', '=', user.id)
    .where('r.roleCode', 'in', [ROLE.guest, ROLE.platform])
    .execute();
  const holds = (code: string) => marked.some((r) => r.roleCode === code);
  const isGuest = user.username === GUEST_CREDENTIALS.username || holds(ROLE.guest);
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    orgCode: user.orgCode,
    loginTenantId: user.loginTenantId !== null ? Number(user.loginTenantId) : null,
    tenants: tenants.map((t) => Number(t.tenantId)),
    isGuest,
    // The guest is the public: whatever it is given, it never administers the platform.
    isPlatformAdmin: !isGuest && holds(ROLE.platform),
    perms: await userPermissionCodes(db, user.id),
    dataRules: new Map(),
    activeAt: session.activeAt,
    // The guest's password ships in the web bundle by design: nothing to change.
    mustChangePassword: isGuest ? null : user.passwordMustChange ? 'initial' : await expired(app, user.passwordTime),
  };
}

/** 'expired' when the password is older than 安全设置's period (its settings as of the auth cache's epoch). */
async function expired(app: FastifyInstance, passwordTime: string | null): Promise<'expired' | null> {
  const settings = await cachedSecuritySettings(app.ctx.db.db, await app.ctx.authCache.epoch());
  const days = settings.password.maxAgeDays;
  const setAt = passwordTime ? parseDateTime(passwordTime) : null;
  return days > 0 && setAt !== null && setAt + days * 86_400_000 <= Date.now() ? 'expired' : null;
}

/** How often a session's activity is written: often enough for the timeout, at most once a minute per session. */
const activityWriteMs = (idleMs: number) => Math.min(60_000, Math.floor(idleMs / 10));

/**
 * The idle timeout (issue 24): a session ends once no request that followed the user's own input (the web's
 * USER_ACTIVITY_HEADER) has come for 安全设置's idle time. Activity is kept in the token store (database or Redis), so
 * every instance ends a session alike; background calls carry no mark and never keep a session alive. The guest's
 * sessions (the public display, a wall screen) do not idle out.
 */
async function checkIdle(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  session: ResolvedSession,
  epoch: string,
  fresh: boolean,
): Promise<void> {
  if (session.isGuest) return;
  const { tokens, db } = app.ctx;
  const idleMs = (await cachedSecuritySettings(db.db, epoch)).idleMinutes * 60_000;
  const now = Date.now();
  if (now - session.activeAt > idleMs && !fresh) {
    // This instance's copy may be behind: another instance may have seen the user since.
    const stored = await tokens.resolve(token);
    if (!stored) throw new ApiError(401, MSG.tokenExpired);
    session.activeAt = Math.max(session.activeAt, stored.activeAt);
  }
  if (now - session.activeAt > idleMs) {
    await tokens.revoke(token);
    throw new ApiError(401, SECURITY_MESSAGES.sessionIdle);
  }
  const active = request.headers[USER_ACTIVITY_HEADER] === '1' && request.routeOptions.config.activity !== false;
  if (active && now - session.activeAt >= activityWriteMs(idleMs)) {
    if (!(await tokens.touch(token, now))) throw new ApiError(401, MSG.tokenExpired);
    session.activeAt = now;
  }
}

/** Resolves the caller from the token and the tenant header; throws 401/403 as the guard answers. */
async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser> {
  const token = readToken(request);
  if (!token) throw new ApiError(401, MSG.unauthorized);
  const cached = await app.ctx.authCache.get(token);
  let session = cached.value;
  const fresh = !session;
  if (!session) {
    session = await resolveSession(app, token);
    app.ctx.authCache.set(token, session, cached.epoch);
  }
  await checkIdle(app, request, token, session, cached.epoch, fresh);

  const memberOf = new Set(session.tenants);
  const rawTenant = request.headers[TENANT_HEADER];
  const headerTenant = Array.isArray(rawTenant) ? rawTenant[0] : rawTenant;
  let tenantId: number | null;
  // The web sends 0 when no tenant is chosen: that means "my default", never "all tenants".
  if (headerTenant !== undefined && headerTenant !== '' && headerTenant !== '0') {
    const requested = Number(headerTenant);
    if (!Number.isInteger(requested) || !memberOf.has(requested)) throw new ApiError(403, MSG.tenantForbidden);
    tenantId = requested;
  } else {
    const fallback = session.loginTenantId;
    tenantId = fallback !== null && memberOf.has(fallback) ? fallback : (session.tenants[0] ?? null);
  }
  return {
    id: session.id,
    username: session.username,
    realname: session.realname,
    orgCode: session.orgCode,
    tenantId,
    token,
    session,
  };
}

/**
 * The global permission guard. Every route declares `config.auth`; a route that does not makes
 * start-up fail, so nothing is ever reachable by omission.
 */
export default fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  const routeTable: DeclaredRoute[] = [];
  app.decorate('routeTable', routeTable);

  app.addHook('onRoute', (route) => {
    const auth = route.config?.auth;
    if (!auth) throw new Error(`路由 ${String(route.method)} ${route.url} 未声明权限（config.auth）`);
    const platform = route.config?.platform === true;
    const doc = route.config?.doc;
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, auth, platform, doc });
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const auth = request.routeOptions.config.auth;
    if (auth === 'public') return;
    const user = await authenticate(app, request);
    request.user = user;
    // A password that must be changed first (one an administrator chose, a published one, or one past its period):
    // every route but the change answers 403 with a reason the web recognises.
    const mustChange = user.session?.mustChangePassword;
    if (mustChange && request.routeOptions.config.passwordChange !== true) return refuseUntilChanged(reply, mustChange);
    if (auth === 'display') return;
    // Fail closed: a session without its resolved facts is treated as the guest.
    const session = user.session;
    if (!session || session.isGuest) throw new ApiError(403, MSG.forbidden);
    if (auth !== 'user') {
      const anyOf: readonly string[] = typeof auth === 'string' ? [auth] : (auth ?? []);
      if (!anyOf.some((code) => session.perms.has(code))) {
        throw new ApiError(403, `${MSG.forbidden}：缺少权限 ${anyOf.join(' 或 ')}`);
      }
    }
    if (request.routeOptions.config.platform === true && !session.isPlatformAdmin) {
      throw new ApiError(403, MSG.platformOnly);
    }
  });
});

/** The 403 of a session whose password must be changed first; `result.reason` is PASSWORD_CHANGE_REQUIRED. */
function refuseUntilChanged(reply: FastifyReply, cause: PasswordChangeRequired['cause']): FastifyReply {
  const body: ApiResponse<PasswordChangeRequired> = {
    success: false,
    message: cause === 'expired' ? SECURITY_MESSAGES.passwordChangeExpired : SECURITY_MESSAGES.passwordChangeInitial,
    code: 403,
    result: { reason: PASSWORD_CHANGE_REQUIRED, cause },
    timestamp: Date.now(),
  };
  return reply.code(403).send(body);
}
