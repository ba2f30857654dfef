import { DEPRECIATION_API, DEPRECIATION_MESSAGES, PERM } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import { ApiError, ok } from '../../lib/http.js';
import { streamXlsx } from '../../lib/resource/excel.js';
import { dataChanged } from '../../lib/resource/resource.service.js';
import { resourceContext } from '../../lib/resource/resource.routes.js';
import { assetResource } from '../asset/asset.resource.js';
import { assetSchedule, bookMonth, checkPeriod, depreciationReport } from './depreciation.service.js';

/** The report's Excel columns: names and yuan, as the page shows them. */
const EXPORT_COLUMNS = [
  { key: 'categoryName', header: '资产分类', width: 20 },
  { key: 'departName', header: '所属部门', width: 20 },
  { key: 'count', header: '资产数量', width: 12 },
  { key: 'amount', header: '本月折旧额（元）', width: 18 },
  { key: 'netAfter', header: '计提后净值（元）', width: 20 },
];

function queryText(raw: unknown, name: string): string {
  const value = ((raw ?? {}) as Record<string, unknown>)[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > 64) throw new ApiError(400, `参数 ${name} 有误`);
  return value.trim();
}

/** 折旧 (issue 26 part 2): book a month, an asset's schedule, the month's report and its export. */
export default async function depreciationRoutes(app: FastifyInstance): Promise<void> {
  app.post(DEPRECIATION_API.book, { config: { auth: PERM.assetDepreciationBook } }, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const period = checkPeriod(body.period);
    const ctx = resourceContext(app, request);
    // Booked for the tenant the caller acts in; one of no tenant has no assets to book.
    if (ctx.user.tenantId === null) throw new ApiError(400, '请先选择租户再计提折旧');
    const result = await bookMonth(app.ctx.db.db, app.ctx.db.dialect, ctx.user.tenantId, period);
    if (result.count > 0) await dataChanged(app.ctx.kv);
    return ok(result, DEPRECIATION_MESSAGES.booked(period, result.count, result.amount.toFixed(2)));
  });

  app.get(DEPRECIATION_API.schedule, { config: { auth: PERM.assetDepreciationList } }, async (request) => {
    const assetId = queryText(request.query, 'assetId');
    if (!assetId) throw new ApiError(400, DEPRECIATION_MESSAGES.assetRequired);
    return ok(await assetSchedule(assetResource, resourceContext(app, request), assetId), '');
  });

  app.get(DEPRECIATION_API.report, { config: { auth: PERM.assetDepreciationList } }, async (request) => {
    const period = checkPeriod(queryText(request.query, 'period'));
    return ok(await depreciationReport(assetResource, resourceContext(app, request), period), '');
  });

  app.get(DEPRECIATION_API.exportXls, { config: { auth: PERM.assetDepreciationList } }, async (request, reply) => {
    const period = checkPeriod(queryText(request.query, 'period'));
    const report = await depreciationReport(assetResource, resourceContext(app, request), period);
    const rows: Record<string, unknown>[] = [
      ...report.rows.map((r) => ({ ...r })),
      { categoryName: '合计', departName: '', ...report.total },
    ];
    async function* chunks() {
      yield rows;
    }
    return streamXlsx(reply, `折旧报表${period}`, EXPORT_COLUMNS, chunks());
  });
}
