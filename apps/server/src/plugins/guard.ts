import { GUEST_CREDENTIALS, MSG } from '@district/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser, ResolvedSession, RouteAuth } from '../context.js';
import { ApiError } from '../lib/http.js';
import { ROLE } from '../db/seeds/reference.seed.js';
import { userPermissionCodes } from '../modules/permission/permission.service.js';

export interface DeclaredRoute {
  method: string;
  url: string;
  auth: RouteAuth;
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
    .select(['id', 'username', 'realname', 'orgCode', 'status', 'delFlag', 'loginTenantId'])
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
  const guestRole = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('r.id')
    .where('ur.userId', '=', user.id)
    .where('r.roleCode', '=', ROLE.guest)
    .executeTakeFirst();
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    orgCode: user.orgCode,
    loginTenantId: user.loginTenantId !== null ? Number(user.loginTenantId) : null,
    tenants: tenants.map((t) => Number(t.tenantId)),
    isGuest: user.username === GUEST_CREDENTIALS.username || guestRole !== undefined,
    perms: await userPermissionCodes(db, user.id),
    dataRules: new Map(),
  };
}

/** Resolves the caller from the token and the tenant header; throws 401/403 as the guard answers. */
async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser> {
  const token = readToken(request);
  if (!token) throw new ApiError(401, MSG.unauthorized);
  const cached = await app.ctx.authCache.get(token);
  let session = cached.value;
  if (!session) {
    session = await resolveSession(app, token);
    app.ctx.authCache.set(token, session, cached.epoch);
  }

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
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, auth });
  });

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const auth = request.routeOptions.config.auth;
    if (auth === 'public') return;
    const user = await authenticate(app, request);
    request.user = user;
    if (auth === 'display') return;
    // Fail closed: a session without its resolved facts is treated as the guest.
    const session = user.session;
    if (!session || session.isGuest) throw new ApiError(403, MSG.forbidden);
    if (auth === 'user') return;
    const anyOf: readonly string[] = typeof auth === 'string' ? [auth] : (auth ?? []);
    if (!anyOf.some((code) => session.perms.has(code))) {
      throw new ApiError(403, `${MSG.forbidden}：缺少权限 ${anyOf.join(' 或 ')}`);
    }
  });
});

/** The caller of a route that declared 'display', 'user' or a permission code. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new ApiError(401, MSG.unauthorized);
  return request.user;
}
