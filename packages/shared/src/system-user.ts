import { MSG } from './messages.js';
import { PASSWORD_RULE, type FieldRule } from './validation.js';

/*
 * Users and roles of system administration: messages, rules and answer shapes shared by the server's
 * user/role modules and their pages. Plain data (no zod), so the pages can use them directly.
 */

/**
 * 用户管理's calls beside the user resource's standard routes (USER_RESOURCE.path): its add is the resource's add URL
 * with a form of its own.
 */
export const USER_ADMIN_API = {
  frozenBatch: '/sys/user/frozenBatch',
  changPassword: '/sys/user/changPassword',
  checkOnlyUser: '/sys/user/checkOnlyUser',
  queryUserRole: '/sys/user/queryUserRole',
  userDepartList: '/sys/user/userDepartList',
  userPositionList: '/sys/user/userPositionList',
  userTenantList: '/sys/user/userTenantList',
  /** The user picker: the users of a department. */
  queryUserByDepId: '/sys/user/queryUserByDepId',
} as const;

export const USER_MESSAGES = {
  realnameRequired: '请输入用户姓名',
  passwordRequired: '请输入密码',
  passwordWeak: PASSWORD_RULE.message,
  confirmRequired: '请重新输入登录密码',
  mismatch: '两次输入的密码不一样！',
  /** checkOnlyUser and the add/edit uniqueness checks: the field is named. */
  taken: (label: string) => `该${label}不可用，系统中已存在！`,
  usernameFixed: '用户账号不能修改',
  birthdayFormat: '生日格式应为 YYYY-MM-DD',
  sexInvalid: '性别只能是男或女',
  statusInvalid: '状态只能是1（正常）或2（冻结）',
  freezeSelf: '不能冻结当前登录用户',
  freezeAdmin: '不能冻结系统管理员账号',
  deleteSelf: '不能删除当前登录用户',
  deleteAdmin: '不能删除系统管理员账号',
  frozen: '冻结成功！',
  unfrozen: '解冻成功！',
  passwordReset: '密码重置成功！该用户需使用新密码重新登录',
  selectUsers: '请选择用户',
  idsRequired: '请选择要操作的用户',
  checkFieldRequired: '请提供要校验的字段：username、phone、email 或 workNo',
  roleNotFound: '所选角色不存在',
  departNotFound: '所选部门不存在',
  positionNotFound: '所选职务不存在',
  tenantNotOwned: '只能把用户加入您所属的租户',
} as const;

/* The unique user fields (USER_UNIQUE_FIELDS) are the user resource's (resources/user.ts): their titles. */

/** The password rules of the add and reset-password forms. */
export const USER_PASSWORD_RULES: readonly FieldRule[] = [
  { required: true, message: USER_MESSAGES.passwordRequired },
  PASSWORD_RULE,
];

export const USER_LIMITS = { realname: 100, workNo: 50, email: 100, telephone: 45, avatar: 500 } as const;

/**
 * Account status (dict user_status). `pending`: registered while 注册需审核 is on and not yet approved; it cannot
 * log in like a frozen account, but is told why; approving (解冻/审核通过) sets it to normal.
 */
export const USER_STATUS = { normal: 1, frozen: 2, pending: 3 } as const;

/** Why an account that is not normal is refused at login: awaiting approval, else frozen. */
export function inactiveAccountMessage(status: number): string {
  return Number(status) === USER_STATUS.pending ? MSG.accountPending : MSG.accountFrozen;
}

/** 角色管理's calls beside the role resource's standard routes: options, the authorisation tree and data rules. */
export const ROLE_ADMIN_API = {
  queryall: '/sys/role/queryall',
  queryTreeList: '/sys/role/queryTreeList',
  queryRolePermission: '/sys/permission/queryRolePermission',
  saveRolePermission: '/sys/permission/saveRolePermission',
  /** POST; GET + '/{permissionId}/{roleId}' */
  datarule: '/sys/role/datarule',
} as const;

/** A role's users (角色管理 → 用户). */
export const ROLE_USER_API = {
  list: '/sys/user/userRoleList',
  add: '/sys/user/addSysUserRole',
  remove: '/sys/user/deleteUserRole',
  removeBatch: '/sys/user/deleteUserRoleBatch',
} as const;

export const ROLE_MESSAGES = {
  roleNameRequired: '请输入角色名称',
  roleCodeRequired: '请输入角色编码',
  roleCodeFormat: '角色编码以字母开头，只能包含字母、数字和下划线',
  roleCodeTaken: (code: string) => `角色编码“${code}”已存在`,
  adminCodeFixed: '系统管理员角色的编码不能修改',
  deleteAdmin: '系统管理员角色不能删除',
  deletePlatform: '平台管理员角色不能删除',
  platformCodeFixed: '平台管理员角色的编码不能修改',
  grantNotHeld: (names: string) => `不能授予您自己没有的权限：${names}`,
  permissionUnknown: '所选权限不存在',
  adminKeepsAuthorize: '系统管理员角色必须保留角色管理和角色授权权限',
  ruleNotOfPermission: '所选数据规则不属于该菜单',
  roleIdRequired: '请选择角色',
  permissionIdRequired: '请选择菜单',
  authorized: '授权成功！',
  ruleSaved: '数据规则保存成功！',
  usersAdded: '添加成功！',
  userRemoved: '移除成功！',
} as const;

export const ROLE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
export const ROLE_LIMITS = { roleName: 100, roleCode: 50, description: 255 } as const;

/** A row of the user list (GET /sys/user/list); password is never answered. */
export interface UserRecord {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  sex_dictText?: string;
  email: string | null;
  phone: string | null;
  workNo: string | null;
  telephone: string | null;
  orgCode: string | null;
  status: number;
  status_dictText?: string;
  createTime: string | null;
  /** Comma-separated ids and names of the user's departments. */
  departIds: string;
  orgCodeTxt: string;
}

/** A user of a department, for the user picker (GET /sys/user/queryUserByDepId). */
export interface DepartUserItem {
  id: string;
  username: string;
  realname: string;
  sex: number | null;
  phone: string | null;
  orgCodeTxt: string;
}

export interface RoleRecord {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  tenantId: number | null;
  createTime: string | null;
}

export interface RoleOption {
  id: string;
  roleName: string;
  roleCode: string;
}

/** A node of the authorisation tree (GET /sys/role/queryTreeList). */
export interface PermissionTreeNode {
  key: string;
  title: string;
  slotTitle?: string;
  /** 0 top-level menu, 1 sub menu, 2 button. */
  menuType: number;
  /** The permission code (buttons: online:x:list…); the grant tree ticks a menu's list right with the menu. */
  perms?: string;
  /** The menu has data rules that can be chosen per role. */
  ruleFlag: number;
  /** The caller does not hold this entry and so cannot grant it. */
  disableCheckbox?: boolean;
  isLeaf: boolean;
  children?: PermissionTreeNode[];
}

export interface PermissionTreeResult {
  treeList: PermissionTreeNode[];
  ids: string[];
}

export interface RoleDataRuleItem {
  id: string;
  ruleName: string;
  ruleColumn: string | null;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

export interface RoleDataRuleResult {
  datarule: RoleDataRuleItem[];
  /** Comma-separated ids of the rules the role has chosen. */
  drChecked: string;
}
