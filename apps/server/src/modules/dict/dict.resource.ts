import { DICT_MESSAGES, DICT_RESOURCE } from '@district/shared';
import { dictCreateSchema, dictUpdateSchema } from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import { defineResource } from '../../lib/resource/resource.types.js';

/**
 * Dictionaries (数据字典). Deleting moves a dictionary to the recycle bin (del_flag 1); it leaves the bin
 * by restore or permanent deletion (dict-admin.routes.ts). Dictionaries are shared by every tenant.
 */
export const dictResource = defineResource(DICT_RESOURCE, {
  table: 'sysDict',
  platformWrites: true,
  softDelete: true,
  createSchema: dictCreateSchema,
  updateSchema: dictUpdateSchema,
  async beforeWrite(row, existingId, ctx) {
    if (row.dictCode === undefined) return;
    const code = String(row.dictCode);
    // The code is unique over the recycle bin too (the column is unique).
    const clash = await ctx.db
      .selectFrom('sysDict')
      .select('delFlag')
      .where('dictCode', '=', code)
      .$if(existingId !== null, (q) => q.where('id', '<>', existingId!))
      .executeTakeFirst();
    if (clash) {
      throw new ApiError(400, clash.delFlag ? DICT_MESSAGES.codeInRecycleBin(code) : DICT_MESSAGES.codeTaken(code));
    }
  },
});
