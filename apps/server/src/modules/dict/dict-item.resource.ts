import { DICT_MESSAGES, PERM } from '@district/shared';
import { dictItemCreateSchema, dictItemUpdateSchema } from '@district/shared/schemas';
import { ApiError } from '../../lib/http.js';
import type { ResourceDef } from '../../lib/resource/resource.types.js';

/**
 * Dictionary items (字典配置). Configuring items is editing the dictionary, so every item write needs
 * 编辑字典 (PERM.dictEdit); reading needs 字典查询.
 */
export const dictItemResource: ResourceDef = {
  name: 'sys_dict_item',
  title: '字典项',
  table: 'sysDictItem',
  path: '/sys/dictItem',
  fields: {
    dictId: { type: 'string', title: '字典', filter: true, excel: false },
    itemText: { type: 'string', title: '名称', filter: true, sort: true },
    itemValue: { type: 'string', title: '数据值', filter: true, sort: true },
    itemColor: { type: 'string', title: '颜色' },
    description: { type: 'string', title: '描述' },
    sortOrder: { type: 'int', title: '排序', sort: true, filter: true },
    status: { type: 'int', title: '状态', filter: true, sort: true, dict: 'valid_status' },
    createTime: { type: 'datetime', title: '创建时间', sort: true, excel: false },
  },
  permissions: {
    list: PERM.dictList,
    add: PERM.dictEdit,
    edit: PERM.dictEdit,
    delete: PERM.dictEdit,
  },
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
    const value = String(row.itemValue);
    const clash = await ctx.db
      .selectFrom('sysDictItem')
      .select('id')
      .where('dictId', '=', dict.id)
      .where('itemValue', '=', value)
      .$if(existingId !== null, (q) => q.where('id', '<>', existingId!))
      .executeTakeFirst();
    if (clash) throw new ApiError(400, DICT_MESSAGES.itemValueTaken(value));
  },
};
