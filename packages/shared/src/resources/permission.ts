import {
  DATA_RULE_LIMITS,
  DATA_RULE_MESSAGES as D,
  MENU_URL_PATTERN,
  PERMISSION_LIMITS as L,
  PERMISSION_MESSAGES as M,
  PERMS_PATTERN,
} from '../permission-admin.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';

/**
 * 菜单 (sys_permission): menus and buttons of 菜单管理. Its routes are the module's own (tree lists, cascading
 * deletes), at the standard paths of this base; the authorisation code is unique among live entries.
 */
export const PERMISSION_RESOURCE = describeResource({
  name: 'sys_permission',
  title: '菜单',
  path: '/sys/permission',
  fields: {
    name: {
      title: '菜单名称',
      type: 'string',
      rules: [
        { required: true, message: M.nameRequired },
        { max: L.name, message: M.nameTooLong },
      ],
    },
    menuType: { title: '菜单类型', type: 'int', rules: [{ required: true, message: M.menuTypeRequired }] },
    parentId: { title: '上级菜单', type: 'string', rules: [{ required: true, message: M.parentRequired }] },
    url: {
      title: '菜单路径',
      type: 'string',
      rules: [
        { required: true, message: M.urlRequired },
        { pattern: MENU_URL_PATTERN, message: M.urlInvalid },
      ],
    },
    component: { title: '前端组件', type: 'string', rules: [{ required: true, message: M.componentRequired }] },
    componentName: { title: '组件名称', type: 'string' },
    redirect: { title: '默认跳转地址', type: 'string' },
    icon: { title: '菜单图标', type: 'string', rules: [{ max: L.icon, message: M.tooLong(L.icon) }] },
    perms: {
      title: '授权标识',
      type: 'string',
      rules: [
        { required: true, message: M.permsRequired },
        { pattern: PERMS_PATTERN, message: M.permsInvalid },
        { max: L.perms, message: M.permsTooLong },
      ],
    },
    permsType: { title: '授权策略', type: 'string' },
    status: { title: '状态', type: 'string' },
    sortNo: { title: '排序', type: 'int' },
    description: {
      title: '描述',
      type: 'string',
      rules: [{ max: L.description, message: M.tooLong(L.description) }],
    },
  },
  permissions: {
    list: PERM.permissionList,
    add: PERM.permissionAdd,
    edit: PERM.permissionEdit,
    delete: PERM.permissionDelete,
  },
  unique: [
    {
      index: 'uq_sys_permission_perms',
      fields: ['perms'],
      live: true,
      message: (v) => (v ? M.permsExists(v) : '授权标识已存在'),
    },
  ],
});

/**
 * 数据规则 (sys_permission_data_rule): a menu's data rules. Declared for its filters, writes and data log; its
 * routes keep the spec's own paths (PERMISSION_RULE_API), so the engine does not register it.
 */
export const DATA_RULE_RESOURCE = describeResource({
  name: 'sys_permission_data_rule',
  title: '数据规则',
  path: '/sys/permission',
  fields: {
    permissionId: { title: '菜单', type: 'string', filter: true },
    ruleName: {
      title: '规则名称',
      type: 'string',
      filter: true,
      sort: true,
      rules: [
        { required: true, message: D.nameRequired },
        { max: DATA_RULE_LIMITS.name, message: D.nameTooLong },
      ],
    },
    ruleColumn: { title: '规则字段', type: 'string', filter: true },
    ruleConditions: {
      title: '条件规则',
      type: 'string',
      filter: true,
      rules: [{ required: true, message: D.conditionRequired }],
    },
    ruleValue: { title: '规则值', type: 'string', filter: true },
    status: { title: '状态', type: 'string', filter: true, dict: 'valid_status' },
    createTime: { title: '创建时间', type: 'datetime', sort: true },
  },
  permissions: { list: PERM.permissionDataRule },
});
