import { POPUP_REPORT_API } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/http.js';
import { OnlinePopupReports } from '../online/online-popup.js';
import { findReportByCode, findReportByConfigId } from './report.registry.js';
import { ReportService } from './report.service.js';
import { currentUser } from '../../lib/current-user.js';

/** Popup reports (widgets-spec §7): registered definitions, then online reports, chosen by code or config id. */
export default async function reportRoutes(app: FastifyInstance) {
  const reports = new ReportService(app.ctx.db.db, app.ctx.kv);
  const online = new OnlinePopupReports(app);

  app.get(`${POPUP_REPORT_API.columns}/:code`, { config: { auth: 'user' } }, async (request) => {
    const { code } = request.params as { code: string };
    const fromOnline = findReportByCode(code) ? null : await online.columns(request, code);
    return ok(fromOnline ?? (await reports.columns(code)), '查询成功');
  });

  app.get(`${POPUP_REPORT_API.queryInfo}/:configId`, { config: { auth: 'user' } }, async (request) => {
    const { configId } = request.params as { configId: string };
    const fromOnline = findReportByConfigId(configId) ? null : await online.queryInfo(request, configId);
    return ok(fromOnline ?? reports.queryInfo(configId), '查询成功');
  });

  app.get(`${POPUP_REPORT_API.data}/:configId`, { config: { auth: 'user' } }, async (request) => {
    const { configId } = request.params as { configId: string };
    const query = request.query as Record<string, unknown>;
    const fromOnline = findReportByConfigId(configId) ? null : await online.data(request, configId, query);
    return ok(fromOnline ?? (await reports.data(configId, query, currentUser(request))), '查询成功');
  });
}
