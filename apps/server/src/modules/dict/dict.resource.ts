import { DICT_MESSAGES, PERM } from '@district/shared';
import { dictCreateSchema, dictUpdateSchema } from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import type { ResourceDef } from '../../lib/resource/resource.types.js';

/**
 * Dictionaries (数据字典). Deleting moves a dictionary to the recycle bin (del_flag 1); it leaves the bin
 * by restore or permanent deletion (dict-admin.routes.ts). Dictionaries are shared by every tenant.
 */
export const dictResource: ResourceDef = {
  name: 'sys_dict',
  title: '数据字典',
  table: 'sysDict',
  path: '/sys/dict',
  fields: {
    dictName: { type: 'string', title: '字典名称', filter: true, sort: true },
    dictCode: { type: 'string', title: '字典编码', filter: true, sort: true },
    description: { type: 'string', title: '描述' },
    createTime: { type: 'datetime', title: '创建时间', filter: true, sort: true, excel: false },
  },
  permissions: {
    list: PERM.dictList,
    add: PERM.dictAdd,
    edit: PERM.dictEdit,
    delete: PERM.dictDelete,
    exportXls: PERM.dictExport,
    importExcel: PERM.dictImport,
  },
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
};
