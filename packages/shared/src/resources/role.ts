import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';
import { ROLE_CODE_PATTERN, ROLE_LIMITS, ROLE_MESSAGES } from '../system-user.js';
import { lengthRules } from '../validation.js';

/** 角色 (sys_role): global roles (no tenant) and each tenant's own; the code is unique over every tenant. */
export const ROLE_RESOURCE = describeResource({
  name: 'sys_role',
  title: '角色',
  path: '/sys/role',
  exportName: '角色信息',
  fields: {
    roleName: {
      title: '角色名称',
      type: 'string',
      filter: true,
      sort: true,
      query: 'like',
      rules: [
        { required: true, message: ROLE_MESSAGES.roleNameRequired },
        ...lengthRules({ max: ROLE_LIMITS.roleName }),
      ],
    },
    roleCode: {
      title: '角色编码',
      type: 'string',
      filter: true,
      sort: true,
      query: 'like',
      rules: [
        { required: true, message: ROLE_MESSAGES.roleCodeRequired },
        { pattern: ROLE_CODE_PATTERN, message: ROLE_MESSAGES.roleCodeFormat },
      ],
    },
    description: {
      title: '描述',
      type: 'string',
      filter: true,
      list: 'longText',
      rules: lengthRules({ max: ROLE_LIMITS.description }),
    },
    createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true, excel: false, list: { width: 170 } },
  },
  permissions: {
    list: PERM.roleList,
    add: PERM.roleAdd,
    edit: PERM.roleEdit,
    delete: PERM.roleDelete,
    exportXls: PERM.roleExport,
    importExcel: PERM.roleImport,
  },
  unique: [
    {
      index: 'uq_sys_role_role_code',
      fields: ['roleCode'],
      message: (v) => (v ? ROLE_MESSAGES.roleCodeTaken(v) : '角色编码已存在'),
    },
  ],
});
