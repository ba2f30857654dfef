import { GATEWAY_ROUTE_RESOURCE } from '@district/shared';
import {
  gatewayCreateSchema,
  gatewayUpdateSchema,
  type GatewayCreateInput,
  type GatewayUpdateInput,
} from '@district/shared/schemas';
import { assertUnique } from '../../lib/resource/resource.service.js';
import { defineResource, type ResourceDef } from '../../lib/resource/resource.types.js';
import { checkTarget, checkTargetResolves, dropRoutePermissions, syncRoutePermission } from './gateway.service.js';

type RouteRow = { id: string; routeId: string; name: string };

/** Gateway routes (网关路由): the table the proxy reads on every call, so a change applies on every instance. */
export const gatewayResource: ResourceDef<GatewayCreateInput, GatewayUpdateInput> = defineResource<
  GatewayCreateInput,
  GatewayUpdateInput
>(GATEWAY_ROUTE_RESOURCE, {
  table: 'sysGatewayRoute',
  platformWrites: true,
  createSchema: gatewayCreateSchema,
  updateSchema: gatewayUpdateSchema,
  defaultSort: { field: 'sortOrder', order: 'asc' },
  async beforeWrite(row, existingId, ctx) {
    await checkTargetResolves(checkTarget(String(row.uri), ctx.request.server.ctx.config.gatewayAllowedHosts));
    row.status ??= 0;
    row.sortOrder ??= 0;
    await assertUnique(gatewayResource, row, existingId, ctx);
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
});
