import {
  fieldKey,
  ONLINE_ACTION_LABELS,
  ONLINE_API,
  ONLINE_COMPONENTS,
  ONLINE_ROUTES,
  onlineReportPerm,
  ONLINE_FORM_ACTIONS,
  ONLINE_LIMITS,
  ONLINE_MESSAGES,
  onlineFormPerm,
  PERM,
  type OnlineFormAction,
  type OnlineFormDef,
  type OnlinePageConfig,
} from '@district/shared';
import {
  onlineCopySchema,
  onlineCreateMenuSchema,
  onlineEnhanceSchema,
  onlineFormSaveSchema,
  onlineReportSaveSchema,
  onlineSyncSchema,
} from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { exportXls, importExcel, resourceContext } from '../../lib/resource/resource.routes.js';
import {
  createRecord,
  declared,
  decorateRows,
  deleteRecords,
  findScoped,
  listPage,
  scoped,
  updateRecord,
} from '../../lib/resource/resource.service.js';
import type { ResourceDef, Row } from '../../lib/resource/resource.types.js';
import { streamXlsx } from '../../lib/resource/excel.js';
import { formatDateTime } from '../../lib/time.js';
import { currentUser } from '../../plugins/guard.js';
import { formResource } from './form.resource.js';
import { FormService } from './form.service.js';
import { deletingSubRows, planSubRows, splitBody, writeSubRows, type SubRowsPlan } from './form.subrows.js';
import { synchronise } from './form.sync.js';
import { createOnlineMenu } from './online.menu.js';
import { onlineDb } from './online.tables.js';
import { OnlineReportService } from './report.service.js';
import { SANDBOX_CSP, SANDBOX_HTML } from './sandbox.html.js';

const idQuery = z.object({ id: z.string().min(1, '参数 id 不能为空').max(32) }).loose();
const idsQuery = z.object({ ids: z.string().min(1, '请选择要删除的数据').max(40_000) }).loose();
const tableParam = z.object({ table: z.string().min(1).max(64) });
const codeParam = z.object({ code: z.string().min(1).max(50) });

/**
 * 表单开发 and 报表配置: form definitions (save, copy, synchronise, versions, enhancements), the generated pages'
 * data (the resource pattern over a definition built at run time) and online reports.
 */
export default async function onlineRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect } = app.ctx.db;
  const forms = new FormService(db);
  const reports = new OnlineReportService(db, dialect, app.ctx.config.databaseUrl, {
    secrets: app.ctx.secrets,
    sqliteFolder: app.ctx.config.dataSourceSqliteDir,
  });

  // ---- form definitions ----
  const head = ONLINE_API.head;
  app.get(`${head}/list`, { config: { auth: PERM.onlineFormList } }, async (request) =>
    ok(await forms.list(request.query as Record<string, unknown>), ''),
  );
  app.get(`${head}/queryById`, { config: { auth: PERM.onlineFormList } }, async (request) =>
    ok(await forms.byId(parse(idQuery, request.query).id), ''),
  );
  app.post(`${head}/add`, { config: { auth: PERM.onlineFormEdit } }, async (request) => {
    const input = parse(onlineFormSaveSchema, request.body);
    if (input.id) throw new ApiError(400, '不支持的参数：id');
    return ok(await forms.save(input, currentUser(request)), '添加成功！');
  });
  const edit = async (request: FastifyRequest) => {
    const input = parse(onlineFormSaveSchema, request.body);
    if (!input.id) throw new ApiError(400, '参数 id 不能为空');
    return ok(await forms.save(input, currentUser(request)), '编辑成功！');
  };
  app.put(`${head}/edit`, { config: { auth: PERM.onlineFormEdit } }, edit);
  app.post(`${head}/edit`, { config: { auth: PERM.onlineFormEdit } }, edit);
  app.delete(`${head}/delete`, { config: { auth: PERM.onlineFormEdit } }, async (request) => {
    await forms.remove(parse(idQuery, request.query).id);
    resources.clear();
    return ok(null, '删除成功！');
  });
  app.post(`${head}/copy`, { config: { auth: PERM.onlineFormEdit } }, async (request) => {
    const { id, tableName } = parse(onlineCopySchema, request.body);
    return ok(await forms.copy(id, tableName, currentUser(request)), '复制成功！');
  });
  app.post(`${head}/sync`, { config: { auth: PERM.onlineFormSync } }, async (request) => {
    const { id, confirm } = parse(onlineSyncSchema, request.body);
    const def = await forms.byId(id);
    if (def.formKind === 'main') {
      for (const sub of def.subTables) {
        const subDef = await forms.byTable(sub.table);
        if (!subDef || subDef.syncedVersion === null) throw new ApiError(400, `请先同步附表 ${sub.table}`);
      }
    }
    const result = await synchronise(db, dialect, forms, def, currentUser(request), confirm === true);
    return ok(result, ONLINE_MESSAGES.syncDone);
  });
  app.get(`${head}/versions`, { config: { auth: PERM.onlineFormList } }, async (request) =>
    ok(await forms.versions(parse(idQuery, request.query).id), ''),
  );

  // ---- enhancements: JavaScript only, run in the browser's sandbox; at most 16 versions per form ----
  const enhanceQuery = z.object({ tableName: z.string().min(1).max(64) }).loose();
  app.get(`${head}/enhance`, { config: { auth: PERM.onlineFormList } }, async (request) => {
    const { tableName } = parse(enhanceQuery, request.query);
    return ok(
      await onlineDb(db)
        .selectFrom('onlCgformEnhance')
        .selectAll()
        .where('tableName', '=', tableName)
        .orderBy('version', 'desc')
        .execute(),
      '',
    );
  });
  app.post(`${head}/enhance`, { config: { auth: PERM.onlineFormEnhance } }, async (request) => {
    const { tableName, script } = parse(onlineEnhanceSchema, request.body);
    const form = await forms.byTable(tableName);
    if (!form) throw new ApiError(404, ONLINE_MESSAGES.formNotFound);
    const by = currentUser(request);
    await db.transaction().execute(async (trx) => {
      const odb = onlineDb(trx);
      const last = await odb
        .selectFrom('onlCgformEnhance')
        .select((eb) => eb.fn.max('version').as('v'))
        .where('tableName', '=', tableName)
        .executeTakeFirst();
      const version = Number(last?.v ?? 0) + 1;
      await odb
        .insertInto('onlCgformEnhance')
        .values({ id: newId(), tableName, version, script, createBy: by.username, createTime: formatDateTime() })
        .execute();
      await odb
        .deleteFrom('onlCgformEnhance')
        .where('tableName', '=', tableName)
        .where('version', '<=', version - ONLINE_LIMITS.enhanceVersions)
        .execute();
    });
    return ok(null, '保存成功！');
  });

  // The enhancement sandbox page: public (it holds no data), with its own locked-down CSP.
  app.get('/online/cgform/sandbox', { config: { auth: 'public' } }, async (_request, reply) =>
    reply
      .header('Content-Security-Policy', SANDBOX_CSP)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(SANDBOX_HTML),
  );

  // ---- the generated pages' data ----
  const resources = new Map<string, { version: number; def: ResourceDef }>();
  const resourceOf = async (table: string): Promise<{ form: OnlineFormDef; def: ResourceDef }> => {
    const form = await forms.byTable(table);
    if (!form) throw new ApiError(404, ONLINE_MESSAGES.formNotFound);
    if (form.syncedVersion === null) throw new ApiError(400, ONLINE_MESSAGES.notSynced);
    const cached = resources.get(table);
    if (cached && cached.version === form.syncedVersion) return { form, def: cached.def };
    // The pages serve the table as last synchronised, not unsynchronised edits of the definition.
    const fields = (await forms.syncedFields(form.id)) ?? form.fields;
    const def = formResource({ ...form, fields });
    resources.set(table, { version: form.syncedVersion, def });
    return { form, def };
  };
  const held = (request: FastifyRequest, table: string, action: OnlineFormAction) =>
    currentUser(request).session?.perms.has(onlineFormPerm(table, action)) ?? false;
  const need = (request: FastifyRequest, table: string, action: OnlineFormAction) => {
    if (!held(request, table, action)) {
      throw new ApiError(403, `没有权限，请联系管理员授权：缺少权限 ${onlineFormPerm(table, action)}`);
    }
  };
  const tableOf = (request: FastifyRequest) => parse(tableParam, request.params).table;

  app.get(`${ONLINE_API.pageConfig}/:table`, { config: { auth: 'user' } }, async (request) => {
    const table = tableOf(request);
    need(request, table, 'list');
    const { form } = await resourceOf(table);
    const fields = (await forms.syncedFields(form.id)) ?? form.fields;
    const subForms: OnlineFormDef[] = [];
    for (const sub of form.subTables) {
      const s = await forms.byTable(sub.table);
      if (s && s.syncedVersion !== null) subForms.push({ ...s, fields: (await forms.syncedFields(s.id)) ?? s.fields });
    }
    const enhance = await onlineDb(db)
      .selectFrom('onlCgformEnhance')
      .select('script')
      .where('tableName', '=', table)
      .orderBy('version', 'desc')
      .executeTakeFirst();
    const config: OnlinePageConfig = {
      form: { ...form, fields },
      subForms,
      actions: ONLINE_FORM_ACTIONS.filter((a) => held(request, table, a)),
      enhance: enhance?.script ?? null,
    };
    return ok(config, '');
  });

  const data = `${ONLINE_API.data}/:table`;
  const { default: multipart } = await import('@fastify/multipart');
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 20 } });
    scope.get(`${data}/list`, { config: { auth: 'user' } }, async (request) => {
      const table = tableOf(request);
      need(request, table, 'list');
      const { def } = await resourceOf(table);
      return ok(await listPage(def, resourceContext(app, request), app.ctx.kv, request.query as never), '');
    });
    scope.get(`${data}/queryById`, { config: { auth: 'user' } }, async (request) => {
      const table = tableOf(request);
      need(request, table, 'list');
      const { def } = await resourceOf(table);
      const ctx = resourceContext(app, request);
      const row = await findScoped(def, ctx, parse(idQuery, request.query).id);
      await decorateRows(def, [row], ctx, app.ctx.kv);
      return ok(row, '');
    });
    /*
     * A main form's record may come with its sub rows (each sub table's name → the complete list of its rows):
     * all are checked first, then written in the main record's transaction. The main form's own add/edit right
     * covers its sub rows.
     */
    const subPlans = async (
      form: OnlineFormDef,
      subs: Map<string, unknown[]>,
      mainId: string,
      existing: boolean,
      request: FastifyRequest,
    ): Promise<SubRowsPlan[]> => {
      const plans: SubRowsPlan[] = [];
      for (const link of form.subTables) {
        const rows = subs.get(link.table);
        if (!rows) continue;
        const sub = await resourceOf(link.table);
        plans.push(await planSubRows(link, sub, rows, mainId, existing, resourceContext(app, request)));
      }
      return plans;
    };
    scope.post(`${data}/add`, { config: { auth: 'user' } }, async (request) => {
      const table = tableOf(request);
      need(request, table, 'add');
      const { form, def } = await resourceOf(table);
      const { main, subs } = splitBody(form, request.body);
      const body = parse(def.createSchema!, main);
      if (!subs.size) {
        const row = await createRecord(def, body, resourceContext(app, request));
        return ok({ id: row.id }, '添加成功！');
      }
      const id = newId();
      const plans = await subPlans(form, subs, id, false, request);
      const withSubs: ResourceDef = {
        ...def,
        toRow: (b) => ({ ...declared(def, b), id }),
        afterCreate: (_row, _body, tx) => writeSubRows(plans, tx),
      };
      await createRecord(withSubs, body, resourceContext(app, request));
      return ok({ id }, '添加成功！');
    });
    const editData = async (request: FastifyRequest) => {
      const table = tableOf(request);
      need(request, table, 'edit');
      const { form, def } = await resourceOf(table);
      const { main, subs } = splitBody(form, request.body);
      const body = parse(def.updateSchema!, main);
      const ctx = resourceContext(app, request);
      if (!subs.size) {
        await updateRecord(def, body, ctx);
        return ok(null, '编辑成功！');
      }
      // The main record must be in the caller's scope before its sub rows are looked at.
      await findScoped(def, ctx, body.id);
      const plans = await subPlans(form, subs, body.id, true, request);
      await updateRecord({ ...def, afterUpdate: (_row, _body, tx) => writeSubRows(plans, tx) }, body, ctx);
      return ok(null, '编辑成功！');
    };
    // The sub rows of one main record, for its edit form: read with the main form's list right.
    scope.get(`${data}/subRows`, { config: { auth: 'user' } }, async (request) => {
      const table = tableOf(request);
      need(request, table, 'list');
      const { form, def } = await resourceOf(table);
      const ctx = resourceContext(app, request);
      const main = await findScoped(def, ctx, parse(idQuery, request.query).id);
      const out: Record<string, Row[]> = {};
      for (const link of form.subTables) {
        const sub = await resourceOf(link.table);
        const q = await scoped(sub.def, ctx);
        const rows = (await q
          // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a generated table's column
          .where(`${sub.def.table}.${fieldKey(link.foreignKey)}` as any, '=', String(main.id))
          .orderBy(`${sub.def.table}.createTime` as never)
          .orderBy(`${sub.def.table}.id` as never)
          .limit(ONLINE_LIMITS.subRowsMax)
          .execute()) as Row[];
        await decorateRows(sub.def, rows, ctx, app.ctx.kv);
        out[link.table] = rows;
      }
      return ok(out, '');
    });
    scope.put(`${data}/edit`, { config: { auth: 'user' } }, editData);
    scope.post(`${data}/edit`, { config: { auth: 'user' } }, editData);
    /** A main form's resource whose deletes take the sub rows along (sub forms no longer defined are skipped). */
    const deletable = async (table: string): Promise<ResourceDef> => {
      const { form, def } = await resourceOf(table);
      if (form.formKind !== 'main') return def;
      const subs = [];
      for (const link of form.subTables) {
        const sub = await resourceOf(link.table).catch(() => null);
        if (sub) subs.push({ link, def: sub.def });
      }
      return deletingSubRows(def, subs);
    };
    scope.delete(`${data}/delete`, { config: { auth: 'user' } }, async (request) => {
      const table = tableOf(request);
      need(request, table, 'delete');
      const def = await deletable(table);
      await deleteRecords(def, [parse(idQuery, request.query).id], resourceContext(app, request));
      return ok(null, '删除成功！');
    });
    scope.delete(`${data}/deleteBatch`, { config: { auth: 'user' } }, async (request) => {
      const table = tableOf(request);
      need(request, table, 'delete');
      const def = await deletable(table);
      const ids = [...new Set(parse(idsQuery, request.query).ids.split(',').filter(Boolean))];
      const n = await deleteRecords(def, ids, resourceContext(app, request));
      return ok(null, `批量删除成功！共 ${n} 条`);
    });
    scope.get(`${data}/exportXls`, { config: { auth: 'user' } }, async (request, reply) => {
      const table = tableOf(request);
      need(request, table, 'export');
      const { def } = await resourceOf(table);
      return exportXls(app, def, request, reply);
    });
    scope.post(`${data}/importExcel`, { config: { auth: 'user' } }, async (request, reply) => {
      const table = tableOf(request);
      need(request, table, 'import');
      const { def } = await resourceOf(table);
      return importExcel(app, def, request, reply);
    });
  });

  // ---- online reports ----
  const rep = ONLINE_API.report;
  app.get(`${rep}/list`, { config: { auth: PERM.onlineReportList } }, async (request) =>
    ok(await reports.list(request.query as Record<string, unknown>), ''),
  );
  app.get(`${rep}/queryById`, { config: { auth: PERM.onlineReportList } }, async (request) =>
    ok(await reports.byId(parse(idQuery, request.query).id), ''),
  );
  app.post(`${rep}/add`, { config: { auth: PERM.onlineReportSql } }, async (request) => {
    const input = parse(onlineReportSaveSchema, request.body);
    if (input.id) throw new ApiError(400, '不支持的参数：id');
    return ok(await reports.save(input, currentUser(request)), '添加成功！');
  });
  const editReport = async (request: FastifyRequest) => {
    const input = parse(onlineReportSaveSchema, request.body);
    if (!input.id) throw new ApiError(400, '参数 id 不能为空');
    return ok(await reports.save(input, currentUser(request)), '编辑成功！');
  };
  app.put(`${rep}/edit`, { config: { auth: PERM.onlineReportSql } }, editReport);
  app.post(`${rep}/edit`, { config: { auth: PERM.onlineReportSql } }, editReport);
  app.delete(`${rep}/delete`, { config: { auth: PERM.onlineReportSql } }, async (request) => {
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

  // ---- 生成菜单: menu entries of the online component kinds, so nobody types a component path ----
  const holds = (request: FastifyRequest, code: string) => {
    if (!currentUser(request).session?.perms.has(code)) {
      throw new ApiError(403, `没有权限，请联系管理员授权：缺少权限 ${code}`);
    }
  };
  app.post(ONLINE_API.formMenu, { config: { auth: PERM.permissionAdd } }, async (request) => {
    holds(request, PERM.onlineFormList);
    const input = parse(onlineCreateMenuSchema, request.body);
    const form = await forms.byId(input.id);
    if (form.formKind === 'sub') throw new ApiError(400, '附表没有自己的页面，请为主表生成菜单');
    const id = await createOnlineMenu(app, currentUser(request), {
      name: input.name || form.title,
      parentId: input.parentId || null,
      url: `${ONLINE_ROUTES.autoList}/${form.tableName}`,
      component: ONLINE_COMPONENTS.autoList,
      buttons: ONLINE_FORM_ACTIONS.map((a) => ({
        code: onlineFormPerm(form.tableName, a),
        name: ONLINE_ACTION_LABELS[a],
      })),
    });
    return ok({ id }, ONLINE_MESSAGES.menuCreated);
  });
  app.post(ONLINE_API.reportMenu, { config: { auth: PERM.permissionAdd } }, async (request) => {
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
    const { sqlText: _sql, ...config } = await reports.byCode(code);
    void _sql;
    return ok(config, '');
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
    const columns = report.columns.filter((c) => !c.hidden).map((c) => ({ key: c.field, header: c.label }));
    async function* chunks() {
      yield page.records;
    }
    return streamXlsx(reply, report.name, columns, chunks());
  });
}
