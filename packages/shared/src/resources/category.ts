import { CATEGORY_ADMIN_MESSAGES } from '../code-rule.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';
import { lengthRules } from '../validation.js';

/**
 * 分类字典 (sys_category): a tree whose codes the server generates, three characters per level (A01, A01A01, …);
 * shared by every tenant, so a code is unique over the table.
 */
export const CATEGORY_RESOURCE = describeResource({
  name: 'sys_category',
  title: '分类字典',
  path: '/sys/category',
  exportName: '分类字典',
  fields: {
    pid: { title: '父级节点', type: 'string', filter: true, excel: false },
    name: {
      title: '分类名称',
      type: 'string',
      filter: true,
      sort: true,
      query: 'like',
      rules: lengthRules({ required: true, requiredMessage: CATEGORY_ADMIN_MESSAGES.nameRequired, max: 100 }),
    },
    code: { title: '分类编码', type: 'string', filter: true, sort: true, query: 'like', list: { width: 200 } },
    // Computed (the code without its last segment): lets an exported tree be imported again.
    parentCode: { title: '上级分类编码', type: 'string' },
    hasChild: { title: '是否有子节点', type: 'string', filter: true, excel: false },
    // 折旧 (issue 26): null = the parent's; 0 = not depreciated (land). Residual rate in whole percent.
    depreciationYears: { title: '折旧年限（年）', type: 'int', excel: false },
    residualRate: { title: '残值率（%）', type: 'int', excel: false },
    createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true, excel: false, list: { width: 170 } },
  },
  permissions: {
    list: PERM.categoryList,
    add: PERM.categoryAdd,
    edit: PERM.categoryEdit,
    delete: PERM.categoryDelete,
    exportXls: PERM.categoryExport,
    importExcel: PERM.categoryImport,
  },
  unique: [
    {
      index: 'uq_sys_category_code',
      fields: ['code'],
      message: (v) => (v ? CATEGORY_ADMIN_MESSAGES.codeTaken(v) : '分类编码已存在'),
    },
  ],
});
