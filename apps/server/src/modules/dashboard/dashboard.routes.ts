import { DASHBOARD_API } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/http.js';
import { resourceContext } from '../../lib/resource/resource.routes.js';
import { dashboardAnalysis } from './dashboard.service.js';

/**
 * 首页 (the analysis dashboard): one aggregate call for any signed-in user (never the guest); each section
 * is answered only with its list permission, within the caller's tenant and data rules.
 */
export default async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  app.get(DASHBOARD_API.analysis, { config: { auth: 'user' } }, async (request) =>
    ok(await dashboardAnalysis(resourceContext(app, request)), ''),
  );
}
