import { DICT_ITEM_RESOURCE, DICT_MESSAGES } from '@district/shared';
import { dictItemCreateSchema, dictItemUpdateSchema } from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { assertUnique } from '../../lib/resource/resource.service.js';
import { defineResource, type ResourceDef } from '../../lib/resource/resource.types.js';

/**
 * Dictionary items (字典配置). Configuring items is editing the dictionary, so every item write needs
 * 编辑字典 (PERM.dictEdit); reading needs 字典查询.
 */
export const dictItemResource: ResourceDef = defineResource(DICT_ITEM_RESOURCE, {
  table: 'sysDictItem',
  platformWrites: true,
  defaultSort: { field: 'sortOrder', order: 'asc' },
  createSchema: dictItemCreateSchema,
  updateSchema: dictItemUpdateSchema,
  async beforeWrite(row, existingId, ctx) {
    const dict = await ctx.db
      .selectFrom('sysDict')
      .select('id')
      .where('id', '=', String(row.dictId))
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!dict) throw new ApiError(400, DICT_MESSAGES.dictMissing);
    await assertUnique(dictItemResource, row, existingId, ctx);
  },
});
