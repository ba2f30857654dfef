import {
  ONLINE_API,
  ONLINE_COMPONENTS,
  ONLINE_LIMITS,
  ONLINE_MESSAGES,
  ONLINE_ROUTES,
  onlineReportPerm,
  PERM,
  type OnlineReportSystemTables,
} from '@district/shared';
import { onlineCreateMenuSchema, onlineReportSaveSchema } from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { streamXlsx } from '../../lib/resource/excel.js';
import { createOnlineMenu } from './online.menu.js';
import { REPORT_SYSTEM_TABLES, allowedSystemTables, saveAllowedSystemTables } from './report-tables.js';
import { reportService } from './report.service.js';
import { currentUser } from '../../lib/current-user.js';

const idQuery = z.object({ id: z.string().min(1, '参数 id 不能为空').max(32) }).loose();
const codeParam = z.object({ code: z.string().min(1).max(50) });
const systemTablesBody = z.strictObject({
  tables: z.array(z.string().max(64), { error: '请选择系统表' }).max(Object.keys(REPORT_SYSTEM_TABLES).length),
});

/**
 * 报表配置: online report definitions, their menu entries, and the report auto list's config, data and export.
 * Definitions are platform objects (every tenant shares them): only a platform administrator saves, deletes and
 * makes menus of them, and decides which system tables reports may read.
 */
export default async function onlineReportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx.db;
  const reports = reportService(app);

  // ---- online reports ----
  const rep = ONLINE_API.report;
  app.get(`${rep}/list`, { config: { auth: PERM.onlineReportList } }, async (request) =>
    ok(await reports.list(request.query as Record<string, unknown>), ''),
  );
  app.get(`${rep}/queryById`, { config: { auth: PERM.onlineReportList } }, async (request) =>
    ok(await reports.byId(parse(idQuery, request.query).id), ''),
  );
  app.post(`${rep}/add`, { config: { auth: PERM.onlineReportSql, platform: true } }, async (request) => {
    const input = parse(onlineReportSaveSchema, request.body);
    if (input.id) throw new ApiError(400, '不支持的参数：id');
    return ok(await reports.save(input, currentUser(request)), '添加成功！');
  });
  const editReport = async (request: FastifyRequest) => {
    const input = parse(onlineReportSaveSchema, request.body);
    if (!input.id) throw new ApiError(400, '参数 id 不能为空');
    return ok(await reports.save(input, currentUser(request)), '编辑成功！');
  };
  app.put(`${rep}/edit`, { config: { auth: PERM.onlineReportSql, platform: true } }, editReport);
  app.post(`${rep}/edit`, { config: { auth: PERM.onlineReportSql, platform: true } }, editReport);
  app.delete(`${rep}/delete`, { config: { auth: PERM.onlineReportSql, platform: true } }, async (request) => {
    await reports.remove(parse(idQuery, request.query).id);
    return ok(null, '删除成功！');
  });

  /** A report is shown to holders of 报表配置 or of its own button `online:report:{code}:list`. */
  const canView = (request: FastifyRequest, code: string) => {
    const perms = currentUser(request).session?.perms;
    if (!perms?.has(PERM.onlineReportList) && !perms?.has(onlineReportPerm(code))) {
      throw new ApiError(403, `没有权限，请联系管理员授权：缺少权限 ${onlineReportPerm(code)}`);
    }
  };

  const holds = (request: FastifyRequest, code: string) => {
    if (!currentUser(request).session?.perms.has(code)) {
      throw new ApiError(403, `没有权限，请联系管理员授权：缺少权限 ${code}`);
    }
  };
  // The system tables reports may read (every tenant's rows): a platform administrator's choice.
  const systemTables = async (): Promise<OnlineReportSystemTables> => ({
    allowed: await allowedSystemTables(db),
    available: Object.keys(REPORT_SYSTEM_TABLES),
  });
  app.get(ONLINE_API.reportSystemTables, { config: { auth: PERM.onlineReportList } }, async () =>
    ok(await systemTables(), ''),
  );
  app.put(
    ONLINE_API.reportSystemTables,
    { config: { auth: PERM.onlineReportSql, platform: true } },
    async (request) => {
      await saveAllowedSystemTables(db, parse(systemTablesBody, request.body).tables);
      return ok(await systemTables(), '保存成功！');
    },
  );

  app.post(ONLINE_API.reportMenu, { config: { auth: PERM.permissionAdd, platform: true } }, async (request) => {
    holds(request, PERM.onlineReportList);
    const input = parse(onlineCreateMenuSchema, request.body);
    const report = await reports.byId(input.id);
    const id = await createOnlineMenu(app, currentUser(request), {
      name: input.name || report.name,
      parentId: input.parentId || null,
      url: `${ONLINE_ROUTES.reportAutoList}/${report.code}`,
      component: ONLINE_COMPONENTS.reportAutoList,
      buttons: [{ code: onlineReportPerm(report.code), name: '查看' }],
    });
    return ok({ id }, ONLINE_MESSAGES.menuCreated);
  });
  const pageOf = (query: Record<string, unknown>) => {
    const column = typeof query.column === 'string' && query.column ? query.column : null;
    return {
      pageNo: Math.max(1, Math.floor(Number(query.pageNo) || 1)),
      pageSize: Math.min(1000, Math.max(1, Math.floor(Number(query.pageSize) || 20))),
      sort: column ? { field: column, order: query.order === 'asc' ? ('asc' as const) : ('desc' as const) } : null,
    };
  };
  app.get(`${ONLINE_API.reportConfig}/:code`, { config: { auth: 'user' } }, async (request) => {
    const { code } = parse(codeParam, request.params);
    canView(request, code);
    return ok(await reports.config(await reports.byCode(code)), '');
  });
  app.get(`${ONLINE_API.reportData}/:code`, { config: { auth: 'user' } }, async (request) => {
    const { code } = parse(codeParam, request.params);
    canView(request, code);
    const report = await reports.byCode(code);
    const query = request.query as Record<string, unknown>;
    return ok(await reports.rows(report, query, currentUser(request), pageOf(query)), '');
  });
  app.get(`${ONLINE_API.reportExport}/:code`, { config: { auth: 'user' } }, async (request, reply) => {
    const { code } = parse(codeParam, request.params);
    canView(request, code);
    const report = await reports.byCode(code);
    const query = request.query as Record<string, unknown>;
    const page = await reports.rows(report, query, currentUser(request), {
      ...pageOf(query),
      pageNo: 1,
      pageSize: ONLINE_LIMITS.reportMaxRows,
    });
    // Titled as the page shows them (a report saved without 列 before they were titled, too).
    const { columns: shown } = await reports.config(report);
    const columns = shown.filter((c) => !c.hidden).map((c) => ({ key: c.field, header: c.label }));
    async function* chunks() {
      yield page.records;
    }
    return streamXlsx(reply, report.name, columns, chunks());
  });
}
