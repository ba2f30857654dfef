import { ASSET_API } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/http.js';
import { parseFilters, publicDetail, publicList, publicPoints, publicStats } from './public.service.js';

/** The public display: the guest and every signed-in user read published assets, public fields only. */
export default async function assetPublicRoutes(app: FastifyInstance) {
  const { db } = app.ctx.db;
  const display = { config: { auth: 'display' as const } };
  type Req = { Querystring: Record<string, unknown> };

  app.get<Req>(ASSET_API.publicPoints, display, async (request) => {
    return ok(await publicPoints(db, parseFilters(request.query)), '查询成功');
  });

  app.get(ASSET_API.publicStats, display, async () => ok(await publicStats(db), '查询成功'));

  app.get<Req>(ASSET_API.publicList, display, async (request) => ok(await publicList(db, request.query), '查询成功'));

  app.get<Req>(ASSET_API.publicDetail, display, async (request) => {
    return ok(await publicDetail(db, request.query.id), '查询成功');
  });
}
