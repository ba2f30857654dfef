import { MSG } from '@district/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser, RouteAuth } from '../context.js';
import { ApiError } from '../lib/http.js';
import { userHasPermission } from '../modules/permission/permission.service.js';

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

/** Resolves the caller from the token and the tenant header; throws 401/403 as the guard answers. */
async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser> {
  const { db } = app.ctx.db;
  const token = readToken(request);
  if (!token) throw new ApiError(401, MSG.unauthorized);
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
  const memberOf = new Set(tenants.map((t) => Number(t.tenantId)));
  const rawTenant = request.headers[TENANT_HEADER];
  const headerTenant = Array.isArray(rawTenant) ? rawTenant[0] : rawTenant;
  let tenantId: number | null;
  // The web sends 0 when no tenant is chosen: that means "my default", never "all tenants".
  if (headerTenant !== undefined && headerTenant !== '' && headerTenant !== '0') {
    const requested = Number(headerTenant);
    if (!Number.isInteger(requested) || !memberOf.has(requested)) throw new ApiError(403, MSG.tenantForbidden);
    tenantId = requested;
  } else {
    const fallback = user.loginTenantId !== null ? Number(user.loginTenantId) : null;
    tenantId = fallback !== null && memberOf.has(fallback) ? fallback : (tenants[0]?.tenantId ?? null);
  }
  return { id: user.id, username: user.username, realname: user.realname, orgCode: user.orgCode, tenantId, token };
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
    if (auth === 'user') return;
    if (!auth || !(await userHasPermission(app.ctx.db.db, user.id, auth))) {
      throw new ApiError(403, `${MSG.forbidden}：缺少权限 ${auth}`);
    }
  });
});

/** The caller of a route that declared 'user' or a permission code. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new ApiError(401, MSG.unauthorized);
  return request.user;
}
