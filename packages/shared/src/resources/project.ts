import { PERM } from '../permissions.js';
import { PROJECT_API, PROJECT_DICT, PROJECT_MESSAGES } from '../project.js';
import { describeResource } from '../resource.js';
import { maxRule, requiredRule } from './text-rules.js';

/**
 * 项目列表 (district projects): money as decimal2, the cost rate computed per page, leader and department labelled
 * by the server. The code is the fill rule's and the status moves only through the status action.
 */
export const PROJECT_RESOURCE = describeResource({
  name: 'biz_project',
  title: '项目',
  path: PROJECT_API.base,
  exportName: '项目信息',
  fields: {
    code: { title: '项目编号', type: 'string', filter: true, sort: true, list: { valueType: 'code', width: 140 } },
    name: {
      title: '项目名称',
      type: 'string',
      filter: true,
      sort: true,
      excel: { width: 30 },
      list: { width: 180 },
      query: 'like',
      rules: [requiredRule(PROJECT_MESSAGES.nameRequired), maxRule('项目名称', 100)],
    },
    type: {
      title: '项目类型',
      type: 'string',
      filter: true,
      sort: true,
      dict: PROJECT_DICT.type,
      list: { width: 100 },
      query: 'dict',
      rules: [requiredRule(PROJECT_MESSAGES.typeRequired)],
    },
    leaderId: { title: '项目负责人', type: 'string', filter: true, list: { width: 100 } },
    departId: { title: '所属部门', type: 'string', filter: true, sort: true, list: { width: 130 }, query: 'depart' },
    budget: { title: '预算(元)', type: 'decimal2', filter: true, sort: true, list: { width: 140 } },
    actualCost: { title: '实际成本(元)', type: 'decimal2', filter: true, sort: true, list: { width: 150 } },
    costRate: { title: '成本占预算(%)', type: 'number', computed: true, excel: false },
    startDate: { title: '开始日期', type: 'date', filter: true, sort: true },
    endDate: { title: '结束日期', type: 'date', filter: true, sort: true },
    progress: { title: '进度(%)', type: 'int', filter: true, sort: true, list: { width: 150 } },
    status: {
      title: '项目状态',
      type: 'string',
      filter: true,
      sort: true,
      dict: PROJECT_DICT.status,
      list: { width: 90 },
      query: 'dict',
    },
    address: {
      title: '项目地址',
      type: 'string',
      filter: true,
      excel: { width: 36 },
      rules: [maxRule('项目地址', 255)],
    },
    longitude: { title: '经度', type: 'number' },
    latitude: { title: '纬度', type: 'number' },
    description: { title: '项目描述', type: 'string', excel: false },
    attachments: { title: '附件', type: 'string', excel: false },
    remark: { title: '备注', type: 'string', rules: [maxRule('备注', 500)] },
    version: { title: '版本', type: 'int', excel: false },
    sysOrgCode: { title: '所属机构编码', type: 'string', filter: true, excel: false },
    createBy: { title: '创建人', type: 'string', filter: true, excel: false },
    createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true, excel: false },
    updateTime: { title: '更新时间', type: 'datetime', sort: true, excel: false },
  },
  permissions: {
    list: PERM.projectList,
    add: PERM.projectAdd,
    edit: PERM.projectEdit,
    delete: PERM.projectDelete,
    exportXls: PERM.projectExport,
    importExcel: PERM.projectImport,
  },
  unique: [
    {
      index: 'uq_biz_project_code',
      fields: ['code'],
      message: (v) => (v ? PROJECT_MESSAGES.codeTaken(v) : '项目编号已存在'),
    },
  ],
});
