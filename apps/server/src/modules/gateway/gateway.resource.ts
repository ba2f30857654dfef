import { GATEWAY_API, GATEWAY_MESSAGES as M, PERM } from '@district/shared';
import {
  gatewayCreateSchema,
  gatewayUpdateSchema,
  type GatewayCreateInput,
  type GatewayUpdateInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import type { ResourceDef } from '../../lib/resource/resource.types.js';
import '../job/ops-tables.js';
import { checkTarget, dropRoutePermissions, syncRoutePermission } from './gateway.service.js';

type RouteRow = { id: string; routeId: string; name: string };

/** Gateway routes (网关路由): the table the proxy reads on every call, so a change applies on every instance. */
export const gatewayResource: ResourceDef<GatewayCreateInput, GatewayUpdateInput> = {
  name: 'sys_gateway_route',
  title: '网关路由',
  table: 'sysGatewayRoute',
  path: GATEWAY_API.base,
  fields: {
    routeId: { type: 'string', title: '路由ID', filter: true, sort: true },
    name: { type: 'string', title: '路由名称', filter: true, sort: true },
    uri: { type: 'string', title: '目标地址' },
    predicates: { type: 'string', title: '路径断言' },
    filters: { type: 'string', title: '过滤器' },
    sortOrder: { type: 'int', title: '排序', sort: true },
    status: { type: 'int', title: '状态', filter: true, sort: true },
    createTime: { type: 'datetime', title: '创建时间', sort: true, excel: false },
  },
  permissions: {
    list: PERM.gatewayList,
    queryById: PERM.gatewayList,
    add: PERM.gatewayAdd,
    edit: PERM.gatewayEdit,
    delete: PERM.gatewayDelete,
    deleteBatch: PERM.gatewayDelete,
  },
  createSchema: gatewayCreateSchema,
  updateSchema: gatewayUpdateSchema,
  defaultSort: { field: 'sortOrder', order: 'asc' },
  async beforeWrite(row, existingId, ctx) {
    checkTarget(String(row.uri), ctx.request.server.ctx.config.gatewayAllowedHosts);
    row.status ??= 0;
    row.sortOrder ??= 0;
    const clash = await ctx.db
      .selectFrom('sysGatewayRoute')
      .select('id')
      .where('routeId', '=', String(row.routeId))
      .$if(existingId !== null, (q) => q.where('id', '<>', existingId!))
      .executeTakeFirst();
    if (clash) throw new ApiError(400, M.routeIdTaken);
  },
  // Each route brings its own call permission (gateway:route:<routeId>); sessions re-read their codes.
  async afterCreate(row, _body, ctx) {
    await syncRoutePermission(ctx.trx, row as RouteRow, ctx.user.username);
    await ctx.request.server.ctx.authCache.invalidate();
  },
  async afterUpdate(row, _body, ctx) {
    const route = await ctx.trx
      .selectFrom('sysGatewayRoute')
      .select(['id', 'routeId', 'name'])
      .where('id', '=', String(row.id))
      .executeTakeFirstOrThrow();
    await syncRoutePermission(ctx.trx, route, ctx.user.username);
    await ctx.request.server.ctx.authCache.invalidate();
  },
  async afterDelete(rows, ctx) {
    await dropRoutePermissions(
      ctx.trx,
      rows.map((r) => String(r.id)),
    );
    await ctx.request.server.ctx.authCache.invalidate();
  },
};
