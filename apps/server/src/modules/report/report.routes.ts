import { POPUP_REPORT_API } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/http.js';
import { currentUser } from '../../plugins/guard.js';
import { ReportService } from './report.service.js';

/** Popup reports (widgets-spec §7): registered definitions only, chosen by code or config id. */
export default async function reportRoutes(app: FastifyInstance) {
  const reports = new ReportService(app.ctx.db.db, app.ctx.kv);

  app.get(`${POPUP_REPORT_API.columns}/:code`, { config: { auth: 'user' } }, async (request) => {
    const { code } = request.params as { code: string };
    return ok(await reports.columns(code), '查询成功');
  });

  app.get(`${POPUP_REPORT_API.queryInfo}/:configId`, { config: { auth: 'user' } }, async (request) => {
    const { configId } = request.params as { configId: string };
    return ok(reports.queryInfo(configId), '查询成功');
  });

  app.get(`${POPUP_REPORT_API.data}/:configId`, { config: { auth: 'user' } }, async (request) => {
    const { configId } = request.params as { configId: string };
    const query = request.query as Record<string, unknown>;
    return ok(await reports.data(configId, query, currentUser(request)), '查询成功');
  });
}
