import {
  onlineReportPerm,
  PERM,
  POPUP_REPORT,
  type DictItem,
  type OnlineReportDef,
  type PageResult,
  type PopupReportColumns,
  type PopupReportQueryItem,
  type PopupReportRow,
} from '@district/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/http.js';
import { onlineDb } from './online.tables.js';
import { reportService, toReport, type OnlineReportService } from './report.service.js';
import { DictService } from '../../lib/dict.service.js';
import { currentUser } from '../../lib/current-user.js';

/**
 * Online reports behind the popup calls of the widget library (`/online/cgreport/api/...`, widgets-spec §7): a
 * code the server's registry does not know is looked up among the online reports; the config id is the report's
 * id. Reading one needs the same right as its report page (报表配置 or `online:report:{code}:list`).
 */
export class OnlinePopupReports {
  private readonly reports: OnlineReportService;
  private readonly dicts: DictService;

  constructor(private readonly app: FastifyInstance) {
    const { db } = app.ctx.db;
    // The app's one report service: its limit on queries at once covers the popups too.
    this.reports = reportService(app);
    this.dicts = new DictService(db, app.ctx.kv);
  }

  private async find(by: 'code' | 'id', value: string): Promise<OnlineReportDef | null> {
    if (!/^[A-Za-z0-9_]{1,64}$/.test(value)) return null;
    const row = await onlineDb(this.app.ctx.db.db)
      .selectFrom('onlCgreportHead')
      .selectAll()
      .where(by, '=', value)
      .executeTakeFirst();
    return row ? toReport(row) : null;
  }

  private check(request: FastifyRequest, report: OnlineReportDef) {
    const perms = currentUser(request).session?.perms;
    if (!perms?.has(PERM.onlineReportList) && !perms?.has(onlineReportPerm(report.code))) {
      throw new ApiError(403, `没有权限，请联系管理员授权：缺少权限 ${onlineReportPerm(report.code)}`);
    }
  }

  async columns(request: FastifyRequest, code: string): Promise<PopupReportColumns | null> {
    const report = await this.find('code', code);
    if (!report) return null;
    this.check(request, report);
    const dictOptions: Record<string, DictItem[]> = {};
    for (const c of report.columns) if (c.dictCode) dictOptions[c.field] = await this.dicts.items(c.dictCode);
    return {
      cgRpConfigId: report.id,
      cgRpConfigName: report.name,
      columns: report.columns
        .filter((c) => !c.hidden)
        .map((c) => ({
          field: c.field,
          title: c.label,
          ...(c.dictCode ? { dictCode: c.dictCode } : {}),
          ...(c.sortable ? { sortable: true } : {}),
        })),
      dictOptions,
    };
  }

  async queryInfo(request: FastifyRequest, configId: string): Promise<PopupReportQueryItem[] | null> {
    const report = await this.find('id', configId);
    if (!report) return null;
    this.check(request, report);
    return report.queryFields.map((f) => ({
      field: f.field,
      title: f.label,
      mode: 'single' as const,
      ...(f.dictCode ? { dictCode: f.dictCode } : {}),
    }));
  }

  async data(
    request: FastifyRequest,
    configId: string,
    query: Record<string, unknown>,
  ): Promise<PageResult<PopupReportRow> | null> {
    const report = await this.find('id', configId);
    if (!report) return null;
    this.check(request, report);
    const column = typeof query.column === 'string' && query.column ? query.column : null;
    const page = await this.reports.rows(report, query, currentUser(request), {
      pageNo: Math.max(1, Math.floor(Number(query.pageNo) || 1)),
      pageSize: Math.min(1000, Math.max(1, Math.floor(Number(query.pageSize) || POPUP_REPORT.pageSize))),
      sort: column ? { field: column, order: query.order === 'desc' ? 'desc' : 'asc' } : null,
    });
    // Popup rows need an id: the report's own, else the row's position.
    const offset = (page.current - 1) * page.size;
    return {
      ...page,
      records: page.records.map((r, i) => ({ ...r, id: String(r.id ?? offset + i + 1) })),
    };
  }
}
