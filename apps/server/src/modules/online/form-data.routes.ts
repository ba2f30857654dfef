import {
  fieldKey,
  ONLINE_API,
  ONLINE_FORM_ACTIONS,
  ONLINE_LIMITS,
  onlineFormPerm,
  type OnlineFormAction,
  type OnlineFormDef,
  type OnlinePageConfig,
} from '@district/shared';
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
import type { FormService } from './form.service.js';
import type { FormResources } from './form-resources.js';
import { planSubRows, splitBody, writeSubRows, type SubRowsPlan } from './form.subrows.js';
import { onlineDb } from './online.tables.js';
import { currentUser } from '../../lib/current-user.js';

const idQuery = z.object({ id: z.string().min(1, '参数 id 不能为空').max(32) }).loose();
const idsQuery = z.object({ ids: z.string().min(1, '请选择要删除的数据').max(40_000) }).loose();
const tableParam = z.object({ table: z.string().min(1).max(64) });

/** The generated pages: their configuration and data (the resource pattern over a definition built at run time). */
export default async function formDataRoutes(
  app: FastifyInstance,
  { forms, resources }: { forms: FormService; resources: FormResources },
): Promise<void> {
  const { db } = app.ctx.db;

  // ---- the generated pages' data ----
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
    const { form } = await resources.resourceOf(table);
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
      const { def } = await resources.resourceOf(table);
      return ok(await listPage(def, resourceContext(app, request), app.ctx.kv, request.query as never), '');
    });
    scope.get(`${data}/queryById`, { config: { auth: 'user' } }, async (request) => {
      const table = tableOf(request);
      need(request, table, 'list');
      const { def } = await resources.resourceOf(table);
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
        const sub = await resources.resourceOf(link.table);
        plans.push(await planSubRows(link, sub, rows, mainId, existing, resourceContext(app, request)));
      }
      return plans;
    };
    scope.post(`${data}/add`, { config: { auth: 'user' } }, async (request) => {
      const table = tableOf(request);
      need(request, table, 'add');
      const { form, def } = await resources.resourceOf(table);
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
      const { form, def } = await resources.resourceOf(table);
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
      const { form, def } = await resources.resourceOf(table);
      const ctx = resourceContext(app, request);
      const main = await findScoped(def, ctx, parse(idQuery, request.query).id);
      const out: Record<string, Row[]> = {};
      for (const link of form.subTables) {
        const sub = await resources.resourceOf(link.table);
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
    scope.delete(`${data}/delete`, { config: { auth: 'user' } }, async (request) => {
      const table = tableOf(request);
      need(request, table, 'delete');
      const def = await resources.deletable(table);
      await deleteRecords(def, [parse(idQuery, request.query).id], resourceContext(app, request));
      return ok(null, '删除成功！');
    });
    scope.delete(`${data}/deleteBatch`, { config: { auth: 'user' } }, async (request) => {
      const table = tableOf(request);
      need(request, table, 'delete');
      const def = await resources.deletable(table);
      const ids = [...new Set(parse(idsQuery, request.query).ids.split(',').filter(Boolean))];
      const n = await deleteRecords(def, ids, resourceContext(app, request));
      return ok(null, `批量删除成功！共 ${n} 条`);
    });
    scope.get(`${data}/exportXls`, { config: { auth: 'user' } }, async (request, reply) => {
      const table = tableOf(request);
      need(request, table, 'export');
      const { def } = await resources.resourceOf(table);
      return exportXls(app, def, request, reply);
    });
    scope.post(`${data}/importExcel`, { config: { auth: 'user' } }, async (request, reply) => {
      const table = tableOf(request);
      need(request, table, 'import');
      const { def } = await resources.resourceOf(table);
      return importExcel(app, def, request, reply);
    });
  });
}
