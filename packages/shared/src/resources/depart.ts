import { DEPART_LIMITS as L, DEPART_MESSAGES as M } from '../org.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';
import { ROLE_CODE_PATTERN } from '../system-user.js';
import { lengthRules } from '../validation.js';

/**
 * 部门 (sys_depart): a tree whose organisation codes the server allots (one segment per level); the parent's code
 * names it in an export and an import.
 */
export const DEPART_RESOURCE = describeResource({
  name: 'sys_depart',
  title: '部门',
  path: '/sys/sysDepart',
  exportName: '部门信息',
  fields: {
    departName: {
      title: '机构名称',
      type: 'string',
      filter: true,
      sort: true,
      excel: { width: 30 },
      rules: [{ required: true, message: M.departNameRequired }, ...lengthRules({ max: L.departName })],
    },
    orgCode: { title: '机构编码', type: 'string', filter: true, sort: true },
    // Filled by the server for the export; names the parent on import.
    parentOrgCode: { title: '上级机构编码', type: 'string' },
    orgCategory: {
      title: '机构类别',
      type: 'string',
      filter: true,
      sort: true,
      dict: 'org_category',
      rules: [{ required: true, message: M.orgCategoryRequired }],
    },
    departNameEn: { title: '英文名', type: 'string', filter: true, rules: lengthRules({ max: L.departNameEn }) },
    departNameAbbr: { title: '缩写', type: 'string', filter: true, rules: lengthRules({ max: L.departNameAbbr }) },
    departOrder: { title: '排序', type: 'int', filter: true, sort: true },
    mobile: { title: '手机号', type: 'string', filter: true, rules: lengthRules({ max: L.mobile }) },
    fax: { title: '传真', type: 'string', filter: true, rules: lengthRules({ max: L.fax }) },
    address: { title: '地址', type: 'string', filter: true, rules: lengthRules({ max: L.address }) },
    memo: { title: '备注', type: 'string', rules: lengthRules({ max: L.memo }) },
    description: { title: '描述', type: 'string', excel: false, rules: lengthRules({ max: L.description }) },
    parentId: { title: '上级部门', type: 'string', filter: true, excel: false },
    createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true, excel: false },
  },
  permissions: {
    list: PERM.departList,
    add: PERM.departAdd,
    edit: PERM.departEdit,
    delete: PERM.departDelete,
    exportXls: PERM.departExport,
    importExcel: PERM.departImport,
  },
  unique: [
    {
      index: 'uq_sys_depart_org_code',
      fields: ['orgCode'],
      message: (v) => (v ? `机构编码“${v}”已存在` : '机构编码已存在'),
    },
  ],
});

/** 部门角色 (sys_depart_role): a department's own roles; the code is unique within the department. */
export const DEPART_ROLE_RESOURCE = describeResource({
  name: 'sys_depart_role',
  title: '部门角色',
  path: '/sys/sysDepartRole',
  fields: {
    roleName: {
      title: '部门角色名称',
      type: 'string',
      filter: true,
      sort: true,
      rules: [{ required: true, message: M.roleNameRequired }, ...lengthRules({ max: L.roleName })],
    },
    roleCode: {
      title: '部门角色编码',
      type: 'string',
      filter: true,
      sort: true,
      rules: [
        { required: true, message: M.roleCodeRequired },
        { pattern: ROLE_CODE_PATTERN, message: M.roleCodeFormat },
      ],
    },
    description: { title: '描述', type: 'string', rules: lengthRules({ max: L.roleDescription }) },
    departId: { title: '部门', type: 'string', filter: true, excel: false },
    createTime: { title: '创建时间', type: 'datetime', filter: true, sort: true, excel: false },
  },
  permissions: {
    list: PERM.departRoles,
    add: PERM.departRoles,
    edit: PERM.departRoles,
    delete: PERM.departRoles,
  },
  unique: [
    {
      index: 'uq_sys_depart_role',
      fields: ['departId', 'roleCode'],
      message: (v) => (v ? M.roleCodeTaken(v) : '部门角色编码已存在'),
    },
  ],
});
