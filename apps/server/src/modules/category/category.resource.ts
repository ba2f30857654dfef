import { CATEGORY_ADMIN_MESSAGES, CATEGORY_RESOURCE, CATEGORY_ROOT } from '@district/shared';
import { categoryCreateSchema, categoryUpdateSchema, type CategoryCreateInput } from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { defineResource, type Row } from '../../lib/resource/resource.types.js';
import { CategoryService, pendingOf } from './category.service.js';

/**
 * Categories (分类字典): a tree whose codes are generated on the server, three characters per level
 * (A01, A01A01, …). has_child is kept right by every insert and delete. Shared by every tenant (codes
 * are unique over the table).
 */
export const categoryResource = defineResource<CategoryCreateInput>(CATEGORY_RESOURCE, {
  table: 'sysCategory',
  platformWrites: true,
  defaultSort: { field: 'code', order: 'asc' },
  createSchema: categoryCreateSchema,
  updateSchema: categoryUpdateSchema,
  // add is a custom route: it retries when a concurrent add took the same code.
  skip: ['add'],

  async toRow(body, ctx) {
    const categories = new CategoryService(ctx.db);
    const pending = pendingOf(ctx.request);
    const pid = body.pid && body.pid !== CATEGORY_ROOT ? body.pid : CATEGORY_ROOT;
    const parentCode = await categories.parentCode(pid, pending);
    let code: string;
    if (body.code) {
      if (body.code.length !== parentCode.length + 3 || !body.code.startsWith(parentCode)) {
        throw new ApiError(400, CATEGORY_ADMIN_MESSAGES.codeFormat);
      }
      if (await categories.codeTaken(body.code, pending))
        throw new ApiError(400, CATEGORY_ADMIN_MESSAGES.codeTaken(body.code));
      code = body.code;
    } else {
      code = await categories.nextCode(pid, parentCode, pending);
    }
    const id = newId();
    pending.codeToId.set(code, id);
    pending.idToCode.set(id, code);
    return {
      id,
      pid,
      name: body.name,
      code,
      hasChild: '0',
      tenantId: null,
      depreciationYears: body.depreciationYears ?? null,
      residualRate: body.residualRate ?? null,
    };
  },

  async importRow(values, ctx) {
    const categories = new CategoryService(ctx.db);
    const code = typeof values.code === 'string' ? values.code.trim() : '';
    const parentCode = code ? code.slice(0, -3) : typeof values.parentCode === 'string' ? values.parentCode.trim() : '';
    const pid = await categories.idOfParentCode(parentCode, pendingOf(ctx.request));
    return { name: values.name as string, pid, ...(code ? { code } : {}) };
  },

  async afterCreate(row, _body, ctx) {
    if (row.pid === CATEGORY_ROOT) return;
    await ctx.trx.updateTable('sysCategory').set({ hasChild: '1' }).where('id', '=', String(row.pid)).execute();
  },

  async beforeDelete(rows, ctx) {
    const ids = rows.map((r) => String(r.id));
    const child = await ctx.trx
      .selectFrom('sysCategory')
      .select('pid')
      .where('pid', 'in', ids)
      .where('id', 'not in', ids)
      .executeTakeFirst();
    if (child) {
      const parent = rows.find((r) => r.id === child.pid);
      throw new ApiError(400, CATEGORY_ADMIN_MESSAGES.hasChildren(String(parent?.name ?? '')));
    }
  },

  async afterDelete(rows, ctx) {
    const parents = [...new Set(rows.map((r) => String(r.pid)))].filter((p) => p !== CATEGORY_ROOT);
    for (const pid of parents) {
      const left = await ctx.trx.selectFrom('sysCategory').select('id').where('pid', '=', pid).executeTakeFirst();
      if (!left) await ctx.trx.updateTable('sysCategory').set({ hasChild: '0' }).where('id', '=', pid).execute();
    }
  },

  async decorate(rows: Row[]) {
    for (const row of rows) {
      row.parentCode = typeof row.code === 'string' ? row.code.slice(0, -3) : '';
      row.hasChildren = row.hasChild === '1';
    }
  },
});
