import { PERM, PRINT_API, PRINT_MESSAGES as M, pageSize, type Orientation, type PaperName } from '@district/shared';
import {
  printTemplateCreateSchema,
  printTemplateUpdateSchema,
  type PrintTemplateCreateInput,
  type PrintTemplateUpdateInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import type { ResourceContext, ResourceDef, Row } from '../../lib/resource/resource.types.js';
import { checkLayout } from './print.layout.js';
import { PRINT_SOURCES, sourceOf } from './print.registry.js';

/** The source's label for lists (a fixed registry, so no dictionary table). */
async function sourceTitles(_db: unknown, values: string[]): Promise<Map<string, string>> {
  return new Map(values.map((v) => [v, sourceOf(v)?.title ?? v]));
}

/**
 * The page a template describes: the named paper turned by its orientation, or a custom size (whose width
 * and height are taken as given).
 */
function pageOf(values: { paper: string; orientation: string; widthMm?: unknown; heightMm?: unknown }) {
  return pageSize(values.paper as PaperName, values.orientation as Orientation, {
    widthMm: Number(values.widthMm ?? 0),
    heightMm: Number(values.heightMm ?? 0),
  });
}

/** Code, name, paper and layout as stored, checked against the source registry and the page. */
function templateRow(values: Record<string, unknown>): Row {
  const source = sourceOf(String(values.source));
  if (!source) throw new ApiError(400, M.unknownSource(String(values.source)));
  if (values.paper === 'custom' && (values.widthMm == null || values.heightMm == null)) {
    throw new ApiError(400, M.customSize);
  }
  const page = pageOf(values as { paper: string; orientation: string });
  const layout = checkLayout(String(values.layout), source, page);
  return {
    code: values.code,
    name: values.name,
    source: source.key,
    paper: values.paper,
    orientation: values.orientation,
    widthMm: page.width,
    heightMm: page.height,
    layout: JSON.stringify(layout),
    remark: values.remark ?? null,
  };
}

async function codeTaken(ctx: ResourceContext, code: string, except: string | null): Promise<boolean> {
  let q = ctx.db
    .selectFrom('bizPrintTemplate')
    .select('id')
    .where('code', '=', code)
    .where((eb) =>
      ctx.user.tenantId === null
        ? eb('tenantId', 'is', null)
        : eb.or([eb('tenantId', '=', ctx.user.tenantId), eb('tenantId', 'is', null)]),
    );
  if (except) q = q.where('id', '!=', except);
  return !!(await q.executeTakeFirst());
}

/**
 * Print templates (打印设计). A tenant sees its own templates and the shipped ones (tenant_id null), which
 * are read-only: copied (as a new template) rather than edited, so one tenant's change never reaches another.
 */
export const printTemplateResource: ResourceDef<PrintTemplateCreateInput, PrintTemplateUpdateInput> = {
  name: 'biz_print_template',
  title: '打印模板',
  table: 'bizPrintTemplate',
  path: PRINT_API.template,
  fields: {
    code: { type: 'string', title: '模板编码', filter: true, sort: true },
    name: { type: 'string', title: '模板名称', filter: true, sort: true },
    source: { type: 'string', title: '数据源', filter: true, sort: true, dictTable: sourceTitles },
    paper: { type: 'string', title: '纸张', filter: true },
    orientation: { type: 'string', title: '方向' },
    widthMm: { type: 'number', title: '宽(mm)' },
    heightMm: { type: 'number', title: '高(mm)' },
    layout: { type: 'string', title: '布局', excel: false },
    remark: { type: 'string', title: '备注' },
    builtIn: { type: 'int', title: '系统内置', computed: true, excel: false },
    createBy: { type: 'string', title: '创建人', excel: false },
    createTime: { type: 'datetime', title: '创建时间', sort: true, excel: false },
    updateTime: { type: 'datetime', title: '更新时间', sort: true, excel: false },
  },
  permissions: {
    list: PERM.printTemplateList,
    add: PERM.printTemplateAdd,
    edit: PERM.printTemplateEdit,
    delete: PERM.printTemplateDelete,
  },
  tenancy: {
    kind: 'custom',
    apply: (q, tenantId) =>
      q.where((eb) =>
        eb.or([eb('bizPrintTemplate.tenantId', '=', tenantId), eb('bizPrintTemplate.tenantId', 'is', null)]),
      ),
  },
  defaultSort: { field: 'createTime', order: 'desc' },
  createSchema: printTemplateCreateSchema,
  updateSchema: printTemplateUpdateSchema as ResourceDef<
    PrintTemplateCreateInput,
    PrintTemplateUpdateInput
  >['updateSchema'],
  skip: ['exportXls', 'importExcel'],

  toRow(body, ctx) {
    return { ...templateRow(body), tenantId: ctx.user.tenantId };
  },

  toUpdate(body, before) {
    if (before.tenantId === null || before.tenantId === undefined) throw new ApiError(400, M.builtInFixed);
    if (body.source !== undefined && body.source !== before.source) throw new ApiError(400, M.sourceFixed);
    const merged: Record<string, unknown> = { ...before };
    for (const [k, v] of Object.entries(body)) if (v !== undefined && k !== 'id') merged[k] = v;
    return templateRow(merged);
  },

  async beforeWrite(row, existingId, ctx) {
    if (await codeTaken(ctx, String(row.code), existingId)) throw new ApiError(400, M.codeTaken(String(row.code)));
  },

  async beforeDelete(rows) {
    if (rows.some((r) => r.tenantId === null || r.tenantId === undefined)) throw new ApiError(400, M.builtInFixed);
  },

  async decorate(rows) {
    for (const r of rows) {
      r.builtIn = r.tenantId === null || r.tenantId === undefined ? 1 : 0;
    }
  },
};

/** The registered sources as a whitelist for the drawer's ?source= (never a table name). */
export const SOURCE_KEYS = Object.keys(PRINT_SOURCES);
