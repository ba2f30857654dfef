import { DATA_RULE_COLUMN, DATA_RULE_CONDITIONS, DATA_RULE_VARIABLES } from './data-rule.js';

/**
 * Menu and permission administration (菜单管理) and permission data rules: the shapes, limits and
 * messages both the server's checks and the web's forms use. Plain data, no zod.
 */

/** sys_permission.menu_type: 0 top-level menu, 1 sub-menu, 2 button/permission. */
export const MENU_TYPE = { topMenu: 0, subMenu: 1, button: 2 } as const;
export type MenuType = (typeof MENU_TYPE)[keyof typeof MENU_TYPE];
export const MENU_TYPE_LABELS: Record<MenuType, string> = { 0: '一级菜单', 1: '子菜单', 2: '按钮/权限' };

/** Button perms_type: 1 shown only when granted, 2 disabled when not granted. */
export const PERMS_TYPE_LABELS = { '1': '可见/可访问(授权后可见/可访问)', '2': '可编辑(未授权时禁用)' } as const;
/** status: '1' in force (有效), '0' disabled (无效: nobody holds it, the administrator included). */
export const PERMISSION_STATUS_LABELS = { '1': '有效', '0': '无效' } as const;

/**
 * Pages that belong to every signed-in user rather than to a job (个人中心, 我的消息): a role created in 角色管理
 * is granted them at once, so its users are not left without their own profile and messages.
 */
export const PERSONAL_PAGES = ['/user/info', '/isps/userAnnouncement'] as const;

/** The component a top-level menu uses when it only groups sub-menus. */
export const ROUTE_VIEW_COMPONENT = 'layouts/RouteView';

/**
 * 菜单管理's calls beside the standard list/add/edit/delete/deleteBatch of PERMISSION_RESOURCE.path: the trees, the
 * lazy levels, a menu's data rules, and a department's own grants.
 */
export const PERMISSION_ADMIN_API = {
  queryTreeList: '/sys/permission/queryTreeList',
  getSystemMenuList: '/sys/permission/getSystemMenuList',
  getSystemSubmenu: '/sys/permission/getSystemSubmenu',
  getSystemSubmenuBatch: '/sys/permission/getSystemSubmenuBatch',
  getPermRuleListByPermId: '/sys/permission/getPermRuleListByPermId',
  queryPermissionRule: '/sys/permission/queryPermissionRule',
  addPermissionRule: '/sys/permission/addPermissionRule',
  editPermissionRule: '/sys/permission/editPermissionRule',
  deletePermissionRule: '/sys/permission/deletePermissionRule',
  queryDepartPermission: '/sys/permission/queryDepartPermission',
  saveDepartPermission: '/sys/permission/saveDepartPermission',
} as const;

export const PERMISSION_LIMITS = {
  name: 100,
  url: 255,
  component: 255,
  perms: 100,
  icon: 100,
  description: 255,
  sortNo: 99_999,
  /** ids per getSystemSubmenuBatch call */
  batchParents: 500,
} as const;

/** Permission codes: letters, digits and the separators `:` `_` `-` `.` (e.g. system:user:add). */
export const PERMS_PATTERN = /^[A-Za-z0-9:_.-]+$/;
/** A menu path is an app path (`/system/user`) or an external link. */
export const MENU_URL_PATTERN = /^(\/[^\s]*|https?:\/\/\S+)$/;

export const PERMISSION_MESSAGES = {
  menuTypeRequired: '请选择菜单类型',
  nameRequired: '请输入菜单名称',
  nameTooLong: `菜单名称最大长度${PERMISSION_LIMITS.name}位字符`,
  parentRequired: '请选择上级菜单',
  parentNotFound: '上级菜单不存在',
  parentIsButton: '按钮/权限下不能再添加下级',
  parentIsSelf: '上级菜单不能是自己或自己的下级',
  urlRequired: '请输入菜单路径',
  urlInvalid: '菜单路径须以 / 开头，外部链接须以 http:// 或 https:// 开头',
  componentRequired: '请输入前端组件',
  permsRequired: '请输入授权标识',
  permsInvalid: '授权标识只能包含字母、数字和 : _ - .',
  permsTooLong: `授权标识最大长度${PERMISSION_LIMITS.perms}位字符`,
  sortNoInvalid: `排序须为0到${PERMISSION_LIMITS.sortNo}之间的整数`,
  tooLong: (n: number) => `最大长度${n}位字符`,
  permsExists: (code: string) => `授权标识“${code}”已存在`,
  notFound: '菜单不存在或已删除',
  buttonWithChildren: '该菜单下还有下级，不能改为按钮/权限',
  builtinDelete: (name: string) => `“${name}”含有系统内置的权限，不能删除`,
  builtinPerms: '系统内置的授权标识不能修改',
  /** A disabled entry is held by nobody: disabling 编辑菜单 would leave nobody able to enable it again. */
  lockoutDisable: '“编辑菜单”权限不能设为无效，否则将无人能够恢复',
  deleteConfirm: '确定删除该菜单吗？其下级菜单和按钮会一并删除',
  departRequired: '请选择部门',
  departNotFound: '部门不存在',
  grantNotHeld: (names: string) => `不能授予您自己没有的权限：${names}`,
  grantUnknown: '授权的菜单不存在或已删除',
  tooManyIds: '一次提交的菜单过多',
} as const;

export const DATA_RULE_LIMITS = { name: 50, column: 50, value: 300 } as const;

export const DATA_RULE_MESSAGES = {
  permissionRequired: '请选择菜单',
  permissionNotMenu: '数据规则只能配置在菜单上',
  nameRequired: '请输入规则名称',
  nameTooLong: `规则名称最大长度${DATA_RULE_LIMITS.name}位字符`,
  columnRequired: '请输入规则字段',
  columnInvalid: '规则字段须以字母开头，只能包含字母、数字和下划线，最多50位',
  conditionRequired: '请选择条件规则',
  conditionInvalid: '不支持的条件规则',
  valueRequired: '请输入规则值',
  valueTooLong: `规则值最大长度${DATA_RULE_LIMITS.value}位字符`,
  unknownVariable: (name: string) => `不支持的系统变量：${name}`,
  notFound: '数据规则不存在或已删除',
} as const;

/** Checks a data rule's column; null when fine, else the message. */
export function checkDataRuleColumn(column: string | null | undefined): string | null {
  if (!column || !column.trim()) return DATA_RULE_MESSAGES.columnRequired;
  return DATA_RULE_COLUMN.test(column) ? null : DATA_RULE_MESSAGES.columnInvalid;
}

export function checkDataRuleCondition(condition: string | null | undefined): string | null {
  if (!condition) return DATA_RULE_MESSAGES.conditionRequired;
  return (DATA_RULE_CONDITIONS as readonly string[]).includes(condition) ? null : DATA_RULE_MESSAGES.conditionInvalid;
}

/** A rule value: at most 300 characters; `#{…}` must name one of DATA_RULE_VARIABLES. */
export function checkDataRuleValue(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value.trim() === '') return DATA_RULE_MESSAGES.valueRequired;
  if ([...value].length > DATA_RULE_LIMITS.value) return DATA_RULE_MESSAGES.valueTooLong;
  for (const match of value.matchAll(/#\{[^}]*\}?/g)) {
    if (!(match[0] in DATA_RULE_VARIABLES)) return DATA_RULE_MESSAGES.unknownVariable(match[0]);
  }
  return null;
}

/** A sys_permission row as the administration calls answer it. */
export interface PermissionRecord {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: MenuType;
  perms: string | null;
  permsType: string | null;
  sortNo: number;
  alwaysShow: number;
  icon: string | null;
  isRoute: number;
  isLeaf: number;
  keepAlive: number;
  hidden: number;
  hideTab: number;
  description: string | null;
  status: string;
  ruleFlag: number;
  internalOrExternal: number;
  createBy?: string | null;
  createTime?: string | null;
  updateBy?: string | null;
  updateTime?: string | null;
}

/** A row of the whole-tree list (`list`): children only when there are some. */
export interface PermissionTreeRow extends PermissionRecord {
  key: string;
  title: string;
  children?: PermissionTreeRow[];
}

/** A row of the lazy lists (getSystemMenuList, getSystemSubmenu, getSystemSubmenuBatch). */
export interface PermissionLazyRow extends PermissionRecord {
  key: string;
  title: string;
  hasChildren: boolean;
}

/* queryTreeList answers PermissionTreeResult (system-user.ts), the shape the role drawer uses too. */

export interface PermissionDataRuleRecord {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string | null;
  ruleConditions: string;
  ruleValue: string;
  status: string;
  createBy?: string | null;
  createTime?: string | null;
  updateBy?: string | null;
  updateTime?: string | null;
}

/** Body of saveDepartPermission: comma-separated ids, now and as the form loaded them. */
export interface SaveDepartPermissionInput {
  departId: string;
  permissionIds: string;
  lastpermissionIds: string;
}
