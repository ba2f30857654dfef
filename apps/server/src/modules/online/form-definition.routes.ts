import {
  ONLINE_ACTION_LABELS,
  ONLINE_API,
  ONLINE_COMPONENTS,
  ONLINE_ROUTES,
  ONLINE_FORM_ACTIONS,
  ONLINE_LIMITS,
  ONLINE_MESSAGES,
  onlineFormPerm,
  PERM,
} from '@district/shared';
import {
  onlineCopySchema,
  onlineCreateMenuSchema,
  onlineEnhanceSchema,
  onlineFormSaveSchema,
  onlineSyncSchema,
} from '@district/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, ok, parse } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import type { FormService } from './form.service.js';
import type { FormResources } from './form-resources.js';
import { synchronise } from './form.sync.js';
import { createOnlineMenu } from './online.menu.js';
import { onlineDb } from './online.tables.js';
import { SANDBOX_CSP, SANDBOX_HTML } from './sandbox.html.js';
import { currentUser } from '../../lib/current-user.js';

const idQuery = z.object({ id: z.string().min(1, '参数 id 不能为空').max(32) }).loose();

/**
 * 表单开发: form definitions (save, copy, synchronise, versions), their enhancement scripts and the sandbox page
 * they run in, and 生成菜单 for a form's page.
 */
export default async function formDefinitionRoutes(
  app: FastifyInstance,
  { forms, resources }: { forms: FormService; resources: FormResources },
): Promise<void> {
  const { db, dialect } = app.ctx.db;

  // ---- form definitions ----
  // Definitions, their tables and enhancement scripts are shared by every tenant (platform objects): only a
  // platform administrator changes them. The rows of the generated tables stay per tenant.
  const head = ONLINE_API.head;
  app.get(`${head}/list`, { config: { auth: PERM.onlineFormList } }, async (request) =>
    ok(await forms.list(request.query as Record<string, unknown>), ''),
  );
  app.get(`${head}/queryById`, { config: { auth: PERM.onlineFormList } }, async (request) =>
    ok(await forms.byId(parse(idQuery, request.query).id), ''),
  );
  app.post(`${head}/add`, { config: { auth: PERM.onlineFormEdit, platform: true } }, async (request) => {
    const input = parse(onlineFormSaveSchema, request.body);
    if (input.id) throw new ApiError(400, '不支持的参数：id');
    return ok(await forms.save(input, currentUser(request)), '添加成功！');
  });
  const edit = async (request: FastifyRequest) => {
    const input = parse(onlineFormSaveSchema, request.body);
    if (!input.id) throw new ApiError(400, '参数 id 不能为空');
    return ok(await forms.save(input, currentUser(request)), '编辑成功！');
  };
  app.put(`${head}/edit`, { config: { auth: PERM.onlineFormEdit, platform: true } }, edit);
  app.post(`${head}/edit`, { config: { auth: PERM.onlineFormEdit, platform: true } }, edit);
  app.delete(`${head}/delete`, { config: { auth: PERM.onlineFormEdit, platform: true } }, async (request) => {
    await forms.remove(parse(idQuery, request.query).id);
    resources.clear();
    return ok(null, '删除成功！');
  });
  app.post(`${head}/copy`, { config: { auth: PERM.onlineFormEdit, platform: true } }, async (request) => {
    const { id, tableName } = parse(onlineCopySchema, request.body);
    return ok(await forms.copy(id, tableName, currentUser(request)), '复制成功！');
  });
  app.post(`${head}/sync`, { config: { auth: PERM.onlineFormSync, platform: true } }, async (request) => {
    const { id, confirm } = parse(onlineSyncSchema, request.body);
    const def = await forms.byId(id);
    if (def.formKind === 'main') {
      for (const sub of def.subTables) {
        const subDef = await forms.byTable(sub.table);
        if (!subDef || subDef.syncedVersion === null) throw new ApiError(400, `请先同步附表 ${sub.table}`);
      }
    }
    const result = await synchronise(db, dialect, forms, def, currentUser(request), confirm === true, request.log);
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
  app.post(`${head}/enhance`, { config: { auth: PERM.onlineFormEnhance, platform: true } }, async (request) => {
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
  app.get(ONLINE_API.sandbox, { config: { auth: 'public' } }, async (_request, reply) =>
    reply
      .header('Content-Security-Policy', SANDBOX_CSP)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(SANDBOX_HTML),
  );

  // ---- 生成菜单: menu entries of the online component kinds, so nobody types a component path ----
  const holds = (request: FastifyRequest, code: string) => {
    if (!currentUser(request).session?.perms.has(code)) {
      throw new ApiError(403, `没有权限，请联系管理员授权：缺少权限 ${code}`);
    }
  };
  app.post(ONLINE_API.formMenu, { config: { auth: PERM.permissionAdd, platform: true } }, async (request) => {
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
}
