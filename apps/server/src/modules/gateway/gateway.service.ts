import { GATEWAY_MESSAGES as M, gatewayRoutePerm } from '@district/shared';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../../context.js';
import type { Database, SysGatewayRoute } from '../../db/schema.js';
import { seedId } from '../../db/seeds/seed-id.js';
import { ApiError } from '../../lib/http.js';
import { isForbiddenAddressError, isForbiddenHost, resolveChecked } from '../../lib/net-guard.js';
import { formatDateTime } from '../../lib/time.js';

/**
 * A route's target must be http(s) on a host of GATEWAY_ALLOWED_HOSTS (an entry `host` allows any port of it,
 * `host:port` only that port), and never a metadata or link-local address, whatever the allowlist says. Checked
 * when a route is saved and again on every call (on the URL actually fetched), so shrinking the list takes effect
 * at once. Names are resolved separately: `checkTargetResolves` at save, the socket's guarded lookup at call time.
 */
export function checkTarget(uri: string, allowed: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new ApiError(400, M.uriInvalid);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new ApiError(400, M.uriInvalid);
  }
  const host = url.hostname.toLowerCase();
  if (isForbiddenHost(host)) throw new ApiError(400, M.addressForbidden);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (!allowed.some((entry) => entry === host || entry === `${host}:${port}`)) {
    throw new ApiError(400, M.hostNotAllowed);
  }
  return url;
}

/** Refuses a target whose name resolves to a forbidden address now; a name that does not resolve yet may be saved. */
export async function checkTargetResolves(target: URL): Promise<void> {
  try {
    await resolveChecked(target.hostname, 5000);
  } catch (error) {
    if (isForbiddenAddressError(error)) throw new ApiError(400, M.addressForbidden);
  }
}

/** What a path segment may hold besides %XX escapes: RFC 3986 pchar. No backslash, space, control, `#` or `?`. */
const PCHAR = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]*$/;
/** Escapes an upstream would decode into a path separator, a dot or a control character. */
const MEANINGFUL_ESCAPE = /%(2f|5c|2e|[01][0-9a-f]|7f)/i;
/** A query string as it may travel: visible ASCII, no fragment. */
const QUERY = /^[\x21-\x22\x24-\x7e]*$/;

/**
 * The part of the raw request target after `head` (`{apiBase}/gateway/{routeId}`), split into path and query,
 * refused unless the path means exactly what it says: no empty segments (`//`), no `.`/`..`, no backslash, no
 * escaped slash, backslash, dot or control character (also double-escaped). Read from the raw URL: URL parsing
 * would already have turned `\` into `/`, removed tabs and climbed `..`.
 */
export function proxiedPath(rawUrl: string, head: string): { path: string; search: string } {
  const q = rawUrl.indexOf('?');
  const rawPath = q < 0 ? rawUrl : rawUrl.slice(0, q);
  const search = q < 0 ? '' : rawUrl.slice(q);
  if (!rawPath.startsWith(`${head}/`)) throw new ApiError(404, M.notFound);
  const path = rawPath.slice(head.length);
  const segments = path.slice(1).split('/');
  segments.forEach((segment, i) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new ApiError(400, M.pathInvalid);
    }
    if (
      (segment === '' && i < segments.length - 1) ||
      !PCHAR.test(segment.replace(/%[0-9A-Fa-f]{2}/g, '')) ||
      MEANINGFUL_ESCAPE.test(segment) ||
      MEANINGFUL_ESCAPE.test(decoded) ||
      decoded === '.' ||
      decoded === '..'
    ) {
      throw new ApiError(400, M.pathInvalid);
    }
  });
  if (!QUERY.test(search.slice(1))) throw new ApiError(400, M.pathInvalid);
  return { path, search };
}

/**
 * The URL to fetch: the route's origin with its base path and the checked path set as they are (never a relative
 * reference resolved against the origin, which `//host/…` would replace). Anything URL parsing changed is refused.
 */
export function upstreamUrl(target: URL, path: string, search: string): URL {
  const base = target.pathname.replace(/\/$/, '');
  const url = new URL(target.origin);
  url.pathname = `${base}${path}`;
  url.search = search;
  if (url.origin !== target.origin || url.pathname !== `${base}${path}` || url.username || url.password) {
    throw new ApiError(400, M.pathInvalid);
  }
  return url;
}

/** A path pattern: `*` one segment, `**` any rest. */
export function matchesPattern(pattern: string, path: string): boolean {
  const escaped = pattern
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*');
  return new RegExp(`^${escaped}$`).test(path);
}

/** Drops the first `parts` segments (Spring Cloud Gateway's StripPrefix). */
export function stripPrefix(path: string, parts: number): string {
  if (parts <= 0) return path;
  const segments = path.split('/').filter((s, i) => i > 0 || s !== '');
  return `/${segments.slice(parts).join('/')}`;
}

export function parseList(text: string | null): unknown[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** The gateway menu's row (its buttons hang below it) and the button row of one route, stable per route row. */
const GATEWAY_MENU_ID = seedId('perm:monitor-gateway');
const routePermId = (rowId: string) => seedId(`perm:gateway-route:${rowId}`);

/**
 * Keeps one button permission per gateway route (`gateway:route:<routeId>`) under 网关路由, so 角色授权 can grant
 * the call of each route. The row is keyed by the route's row id: renaming the route id keeps its grants.
 */
export async function syncRoutePermission(
  db: Kysely<Database>,
  route: Pick<SysGatewayRoute, 'id' | 'routeId' | 'name'>,
  username: string,
): Promise<void> {
  const id = routePermId(route.id);
  const now = formatDateTime();
  const name = `调用网关路由：${route.name}`.slice(0, 100);
  const perms = gatewayRoutePerm(route.routeId);
  const found = await db.selectFrom('sysPermission').select('id').where('id', '=', id).executeTakeFirst();
  if (found) {
    await db
      .updateTable('sysPermission')
      .set({ name, perms, updateBy: username, updateTime: now })
      .where('id', '=', id)
      .execute();
    return;
  }
  const sortNo = await db
    .selectFrom('sysPermission')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parentId', '=', GATEWAY_MENU_ID)
    .executeTakeFirst();
  await db
    .insertInto('sysPermission')
    .values({
      id,
      parentId: GATEWAY_MENU_ID,
      name,
      url: null,
      component: null,
      componentName: null,
      redirect: null,
      menuType: 2,
      perms,
      permsType: '1',
      sortNo: Number(sortNo?.n ?? 0),
      alwaysShow: 0,
      icon: null,
      isRoute: 0,
      isLeaf: 1,
      keepAlive: 0,
      hidden: 0,
      hideTab: 0,
      description: `网关 /gateway/${route.routeId}/… 的调用权限（随路由生成）`,
      status: '1',
      delFlag: 0,
      ruleFlag: 0,
      internalOrExternal: 0,
      createBy: username,
      createTime: now,
      updateBy: null,
      updateTime: null,
    })
    .execute();
}

/** Drops the routes' permissions and every role's grant of them. */
export async function dropRoutePermissions(db: Kysely<Database>, rowIds: string[]): Promise<void> {
  if (rowIds.length === 0) return;
  const ids = rowIds.map(routePermId);
  await db.deleteFrom('sysRolePermission').where('permissionId', 'in', ids).execute();
  await db.deleteFrom('sysPermission').where('id', 'in', ids).execute();
}

/** Routes saved before per-route permissions existed get theirs (the gateway's plugin runs it at start-up). */
export async function ensureRoutePermissions(db: Kysely<Database>): Promise<void> {
  const routes = await db.selectFrom('sysGatewayRoute').select(['id', 'routeId', 'name']).execute();
  if (routes.length === 0) return;
  const have = new Set(
    (await db.selectFrom('sysPermission').select('id').where('parentId', '=', GATEWAY_MENU_ID).execute()).map(
      (r) => r.id,
    ),
  );
  for (const route of routes) {
    if (!have.has(routePermId(route.id))) await syncRoutePermission(db, route, 'system');
  }
}

/** Whether the caller may call this route: its generated permission, or the admin role (which sees all). */
export async function mayCallRoute(db: Kysely<Database>, user: AuthUser, routeId: string): Promise<boolean> {
  if (user.session?.perms.has(gatewayRoutePerm(routeId))) return true;
  const admin = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('r.id')
    .where('ur.userId', '=', user.id)
    .where('r.roleCode', '=', 'admin')
    .executeTakeFirst();
  return admin !== undefined;
}
