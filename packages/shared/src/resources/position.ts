import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';
import { RULES } from '../validation.js';

/** 职务 (positions): the smallest complete resource, the example of docs/architecture.md. */
export const POSITION_RESOURCE = describeResource({
  name: 'sys_position',
  title: '职务',
  path: '/sys/position',
  exportName: '职务信息',
  fields: {
    name: {
      title: '职务名称',
      type: 'string',
      filter: true,
      sort: true,
      query: 'like',
      rules: [
        { required: true, message: '请输入职务名称' },
        { max: 100, message: '最大长度100位字符' },
      ],
    },
    code: {
      title: '职务编码',
      type: 'string',
      filter: true,
      sort: true,
      query: 'like',
      rules: [{ required: true, message: '请输入职务编码' }, ...RULES.code],
    },
    postRank: { title: '职级', type: 'string', filter: true, sort: true, dict: 'position_rank', query: 'dict' },
    companyId: { title: '公司', type: 'string', excel: false },
    createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true, excel: false, list: { width: 170 } },
  },
  permissions: {
    list: PERM.positionList,
    add: PERM.positionAdd,
    edit: PERM.positionEdit,
    delete: PERM.positionDelete,
    exportXls: PERM.positionExport,
    importExcel: PERM.positionImport,
  },
  unique: [
    {
      index: 'uq_sys_position_code',
      fields: ['code'],
      message: (v) => (v ? `职务编码“${v}”已存在` : '职务编码已存在'),
    },
  ],
});
