import {
  PRINT_MESSAGES as M,
  PRINT_TEMPLATE_RESOURCE,
  fitLayout,
  pageSize,
  parseBinding,
  type Orientation,
  type PaperName,
  type PrintElement,
  type PrintFieldKind,
  type PrintLayout,
} from '@district/shared';
import {
  printTemplateCreateSchema,
  printTemplateUpdateSchema,
  type PrintTemplateCreateInput,
  type PrintTemplateUpdateInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { defineResource, type ResourceContext, type ResourceDef, type Row } from '../../lib/resource/resource.types.js';
import { checkLayout } from './print.layout.js';
import { PRINT_SOURCES, sourceOf, type PrintSourceDef } from './print.registry.js';

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

/**
 * The layout fitted onto a new page (the paper of a stored template changed): elements that would leave it
 * are narrowed and moved inside, bound tables recomputing their columns from their fields' kinds. A layout that
 * is not JSON is left for checkLayout to refuse.
 */
function fitToPage(json: string, source: PrintSourceDef, page: { width: number; height: number }): string {
  let layout: unknown;
  try {
    layout = JSON.parse(json);
  } catch {
    return json;
  }
  const ok =
    typeof layout === 'object' &&
    layout !== null &&
    Array.isArray((layout as PrintLayout).schemas) &&
    (layout as PrintLayout).schemas.every(
      (p) =>
        Array.isArray(p) &&
        p.every(
          (e) =>
            typeof e === 'object' &&
            e !== null &&
            typeof e.position?.x === 'number' &&
            typeof e.position.y === 'number' &&
            typeof e.width === 'number' &&
            typeof e.height === 'number',
        ),
    );
  if (!ok) return json;
  const kinds = (el: PrintElement) => {
    const b = parseBinding(el.name, true);
    const child = source.children.find((c) => c.key === b.field);
    const cols = b.columns?.map((k) => child?.fields.find((f) => f.key === k)?.kind);
    return cols?.every((k) => k !== undefined) ? (cols as PrintFieldKind[]) : null;
  };
  return JSON.stringify(fitLayout(layout as PrintLayout, page, (el) => (el.readOnly === true ? null : kinds(el))));
}

/**
 * Code, name, paper and layout as stored, checked against the source registry and the page. With `fit` (an edit
 * that changes the page of a stored layout), the layout is first fitted onto the new page rather than refused; a
 * layout sent with elements off its page is refused (the web fits a copy onto its paper before sending it).
 */
function templateRow(values: Record<string, unknown>, fit: boolean): Row {
  const source = sourceOf(String(values.source));
  if (!source) throw new ApiError(400, M.unknownSource(String(values.source)));
  if (values.paper === 'custom' && (values.widthMm == null || values.heightMm == null)) {
    throw new ApiError(400, M.customSize);
  }
  const page = pageOf(values as { paper: string; orientation: string });
  const json = fit ? fitToPage(String(values.layout), source, page) : String(values.layout);
  const layout = checkLayout(json, source, page);
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
 * Print templates (打印设计), declared in PRINT_TEMPLATE_RESOURCE. A tenant sees its own templates and the shipped
 * ones (tenant_id null), which are read-only: copied (as a new template) rather than edited, so one tenant's change
 * never reaches another.
 */
export const printTemplateResource: ResourceDef<PrintTemplateCreateInput, PrintTemplateUpdateInput> = defineResource<
  PrintTemplateCreateInput,
  PrintTemplateUpdateInput
>(PRINT_TEMPLATE_RESOURCE, {
  table: 'bizPrintTemplate',
  fields: { source: { dictTable: sourceTitles } },
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
    return { ...templateRow(body, false), tenantId: ctx.user.tenantId };
  },

  toUpdate(body, before) {
    if (before.tenantId === null || before.tenantId === undefined) throw new ApiError(400, M.builtInFixed);
    if (body.source !== undefined && body.source !== before.source) throw new ApiError(400, M.sourceFixed);
    const merged: Record<string, unknown> = { ...before };
    for (const [k, v] of Object.entries(body)) if (v !== undefined && k !== 'id') merged[k] = v;
    const page = pageOf(merged as { paper: string; orientation: string });
    const moved = page.width !== Number(before.widthMm) || page.height !== Number(before.heightMm);
    return templateRow(merged, moved);
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
});

/** The registered sources as a whitelist for the drawer's ?source= (never a table name). */
export const SOURCE_KEYS = Object.keys(PRINT_SOURCES);
