import { DEPART_MESSAGES as M, DEPART_RESOURCE, ORG_CATEGORY } from '@district/shared';
import {
  departCreateSchema,
  departUpdateSchema,
  type DepartCreateInput,
  type DepartUpdateInput,
} from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { findScoped } from '../../lib/resource/resource.service.js';
import { defineResource, type ResourceContext, type ResourceDef, type Row } from '../../lib/resource/resource.types.js';
import { allotCode, allotmentOf, assertDeletable, removeDepartLinks } from './depart.service.js';

const WRITABLE = [
  'departName',
  'departNameEn',
  'departNameAbbr',
  'departOrder',
  'description',
  'orgCategory',
  'orgType',
  'mobile',
  'fax',
  'address',
  'memo',
] as const;

function pick(body: Record<string, unknown>): Row {
  const row: Row = {};
  for (const f of WRITABLE) if (body[f] !== undefined) row[f] = body[f];
  return row;
}

/** The parent's code: a department in the caller's scope, or one allotted earlier in the same request (imports). */
async function parentCode(parentId: string, ctx: ResourceContext): Promise<string> {
  const pending = allotmentOf(ctx.request).idToCode.get(parentId);
  if (pending) return pending;
  try {
    const parent = await findScoped(departResource, ctx, parentId);
    return String(parent.orgCode);
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(400, M.parentNotFound);
    throw error;
  }
}

/**
 * Departments (sys_depart): soft delete, tenancy by column, data rules of /system/depart. Organisation
 * codes are allotted by the server (next free segment under the parent); the client's are ignored.
 */
export const departResource: ResourceDef<DepartCreateInput, DepartUpdateInput> = defineResource(DEPART_RESOURCE, {
  table: 'sysDepart',
  // add is a custom route: it retries on a code race.
  skip: ['add'],
  // The guard's cache forgets the deleted departments (their grants went with them) once the delete has committed.
  async afterCommit(change, ctx) {
    if (change.action === 'delete') await ctx.request.server.ctx.authCache.invalidate();
  },
  dataRuleMenu: '/system/depart',
  softDelete: true,
  tenancy: { kind: 'column' },
  defaultSort: { field: 'orgCode', order: 'asc' },
  createSchema: departCreateSchema,
  updateSchema: departUpdateSchema,

  async toRow(body, ctx) {
    const parentId = body.parentId ?? null;
    const prefix = parentId ? await parentCode(parentId, ctx) : '';
    const id = newId();
    const orgCode = await allotCode(ctx.db, ctx.request, prefix);
    const a = allotmentOf(ctx.request);
    a.idToCode.set(id, orgCode);
    if (body.orgCode) a.byFileCode.set(body.orgCode, id);
    return {
      id,
      ...pick(body),
      parentId,
      orgCode,
      orgCategory: body.orgCategory ?? (parentId ? ORG_CATEGORY.department : ORG_CATEGORY.company),
      orgType: parentId ? '2' : '1',
      departOrder: body.departOrder ?? 0,
      status: '1',
      delFlag: 0,
    };
  },
  toUpdate(body, before) {
    if (body.parentId !== undefined && (body.parentId ?? null) !== (before.parentId ?? null)) {
      throw new ApiError(400, M.parentFixed);
    }
    return pick(body);
  },
  async beforeDelete(rows, ctx) {
    await assertDeletable(
      ctx.trx,
      rows.map((r) => String(r.id)),
    );
  },
  async afterDelete(rows, ctx) {
    await removeDepartLinks(
      ctx.trx,
      rows.map((r) => String(r.id)),
    );
  },
  async decorate(rows, ctx) {
    const parentIds = [...new Set(rows.map((r) => r.parentId).filter(Boolean))] as string[];
    if (parentIds.length === 0) return;
    const parents = await ctx.db
      .selectFrom('sysDepart')
      .select(['id', 'orgCode'])
      .where('id', 'in', parentIds)
      .execute();
    const codes = new Map(parents.map((p) => [p.id, p.orgCode]));
    for (const r of rows) r.parentOrgCode = r.parentId ? (codes.get(String(r.parentId)) ?? '') : '';
  },
  async importRow(values, ctx) {
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) {
      if (k !== 'parentOrgCode' && v !== '' && v !== null && v !== undefined) body[k] = v;
    }
    const parent = String(values.parentOrgCode ?? '').trim();
    if (parent) {
      // A parent earlier in the same file, else an existing department of the caller's tenant.
      const pending = allotmentOf(ctx.request).byFileCode.get(parent);
      if (pending) {
        body.parentId = pending;
      } else {
        const existing = await ctx.db
          .selectFrom('sysDepart')
          .select('id')
          .where('orgCode', '=', parent)
          .where('delFlag', '=', 0)
          .$if(ctx.user.tenantId !== null, (q) => q.where('tenantId', '=', ctx.user.tenantId))
          .executeTakeFirst();
        if (!existing) throw new ApiError(400, M.parentNotFound);
        body.parentId = existing.id;
      }
    }
    if (body.departOrder !== undefined) body.departOrder = Number(body.departOrder);
    return body as DepartCreateInput;
  },
});
